"""Hints at a server table (issue #21): off unless the table's creator allowed
them; a hint used is told to the table, its content only to the player who asked."""

from __future__ import annotations

import pytest

from tests.serve.lobby_helpers import at_table, fixed_ids, lobby_app, new_room
from tests.ui.helpers import hinted, settle
from tideboard.engine.bots import set_default_budget
from tideboard.engine.search import Budget
from tideboard.serve import storage
from tideboard.serve.new_table import NewTableScreen
from tideboard.serve.table_screen import RemoteTable
from tideboard.serve.tables import Room
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.overviews import BlocksScreen
from tideboard.ui.shared.status import StatusLine


@pytest.fixture(autouse=True)
def quick_budget():
    set_default_budget(Budget(iterations=20))
    yield
    set_default_budget(None)


def status(screen) -> str:
    return screen.query_one(StatusLine).shown[0]


def test_the_hints_flag_is_stored_with_the_table_and_kept_by_a_restart(tmp_path):
    room = new_room(tmp_path)
    allowed = room.create("ana", "moonshell", 2, "dive", options={"events": "on"}, hints=True)
    plain = room.create("bob", "shifting-stones", 2)
    started = room.create("carol", "shifting-stones", 2, bots={1: "greedy"}, hints=True)
    assert started.started  # (its row saved again when it started)
    rows = {row.id: row for row in storage.load_tables(room.store)}
    assert rows[allowed.id].hints and rows[started.id].hints and not rows[plain.id].hints
    assert not rows[allowed.id].closed
    assert rows[allowed.id].options == (("events", "on"),)  # (not a rules option)
    again = Room(room.store, bot_delay=0)
    again.load()
    assert again.tables[allowed.id].hints and not again.tables[plain.id].hints
    assert again.tables[started.id].hints and again.tables[started.id].started
    assert again.tables[allowed.id].rules() == "dive, events on, hints"
    assert plain.rules() == ""


async def test_the_new_table_dialog_has_a_hints_row_off_by_default_and_h_works_then(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # a new Shifting Stones table
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen)
        assert dialog.rows()[-3] == ("hints", None, "Hints", "off")  # (then "Who may sit", "Clock")
        await pilot.press("j", "l")  # seat 2: a medium bot
        await pilot.press("j", "j", "l")  # (past "Bots play at") hints: allowed
        assert dialog.rows()[-3][3] == "allowed"
        await pilot.press("enter")
        await settle(pilot)
        table = room.tables["t001"]
        assert table.hints and table.started
        screen = app.screen
        assert isinstance(screen.control, RemoteTable)
        await pilot.press("h")
        await hinted(pilot, screen)
        assert isinstance(app.screen, BlocksScreen)
        words = screen.hints.last[0].words
        assert f"Hint: {words}" in screen.query_one(GameLog).entries  # ana's own log
        assert table.chat[-1] == "ana used a hint."  # what the table reads
        assert not any(h.words in line for h in screen.hints.last for line in table.chat)


async def test_h_at_a_table_without_hints_says_so(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, bots={1: "greedy"})
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        assert isinstance(screen.control, RemoteTable)
        await pilot.press("h")
        await settle(pilot)
        assert status(screen) == "No hints at this table: its creator did not allow them."
        assert screen.hints.last == [] and not screen.hints.thinking
        assert "ana used a hint." not in table.chat
