"""Issue 22, clocks: a table's clock (``table_clocks``) goes with the table when
it is closed before it starts, and a store that kept such clocks loses them
when it is opened (schema 9)."""

from __future__ import annotations

import sqlite3

import attrs

from tideboard.serve import storage
from tideboard.serve.clock_store import save_clock
from tideboard.serve.storage import TableRow
from tideboard.store.games import SCHEMA_VERSION, Store


def waiting_table(store, table_id: str) -> TableRow:
    row = TableRow(
        table_id,
        "shifting-stones",
        "ana",
        2,
        "standard",
        (("ana", None), (None, None)),
        None,
        storage.now(),
    )
    storage.save_table(store, row)
    save_clock(store, table_id, "rt:300+20", None)
    return row


def clocks(store) -> list[str]:
    return [row[0] for row in store.db.read("SELECT table_id FROM table_clocks ORDER BY table_id")]


def test_closing_a_table_deletes_its_clock_and_keeps_the_others(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as store:
        closed = waiting_table(store, "aaaa")
        waiting_table(store, "bbbb")
        storage.save_table(store, closed)  # (saved again, still open: kept)
        assert clocks(store) == ["aaaa", "bbbb"]
        storage.save_table(store, attrs.evolve(closed, closed=True))  # (Room.close)
        assert clocks(store) == ["bbbb"]


def test_an_older_store_loses_the_clocks_of_its_closed_tables(tmp_path):
    path = tmp_path / "old.db"
    with Store.open(path, import_autosaves=False) as store:
        waiting_table(store, "aaaa")
        waiting_table(store, "bbbb")
    db = sqlite3.connect(path)  # a store of schema 8, where closing left the clock behind
    db.executescript(
        "DROP TRIGGER table_clocks_closed; DROP TRIGGER table_clocks_closed_update;"
        " UPDATE tables SET closed = 1 WHERE id = 'aaaa'; PRAGMA user_version = 8;"
    )
    assert [r[0] for r in db.execute("SELECT table_id FROM table_clocks ORDER BY 1")] == [
        "aaaa",
        "bbbb",
    ]
    db.close()
    with Store.open(path, import_autosaves=False) as store:
        assert store.db.read("PRAGMA user_version")[0][0] == SCHEMA_VERSION
        assert clocks(store) == ["bbbb"]
