"""Importing the app's old autosave files into the game store.

Each ``autosave-GAME.json`` is imported once (by path, modification time and
size) and left as it is; damaged ones are skipped and noted.  While the app
still writes autosaves, a newer version of a file whose moves continue the
game imported from it before adds the new moves to that game instead of
storing a copy.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from tideboard.store.records import Record, RecordError, Result, read, turn_text
from tideboard.store.rows import COLUMNS, decode_row, insert_game, now


@attrs.frozen
class ImportNote:
    """What the autosave import did with one file."""

    path: str
    game_id: str | None  # the store id, or None when skipped
    error: str | None = None
    continued: bool = False  # the file continued a game imported from it before


def import_autosaves(
    folder: str | os.PathLike[str], read_rows: Callable[..., list], write: Callable[[], Any]
) -> list[ImportNote]:
    """Import ``autosave-*.json`` files from ``folder`` as new games, each
    file once (by path, modification time and size), leaving the files as
    they are.  Damaged ones are skipped, noted, and not tried again until
    they change.  ``read_rows(sql, args)`` and ``write()`` (a write transaction
    giving the connection) are the store's (``Store.import_autosaves``)."""
    notes: list[ImportNote] = []
    try:
        paths = sorted(Path(folder).glob("autosave-*.json"))
    except OSError:
        return notes
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        key = (str(path.resolve()), info.st_mtime_ns, info.st_size)
        if read_rows("SELECT 1 FROM imports WHERE path = ? AND mtime_ns = ? AND size = ?", key):
            continue
        expected = path.name.removeprefix("autosave-").removesuffix(".json")
        record = match = error = None
        try:
            record, match = read(path, expected_game=expected)
        except RecordError as failure:
            error = str(failure)
        with write() as db:
            if db.execute(
                "SELECT 1 FROM imports WHERE path = ? AND mtime_ns = ? AND size = ?", key
            ).fetchone():
                continue  # another process imported it meanwhile
            new_id, continued = None, False
            if record is not None:
                new_id = _continue_in(db, key[0], record, match)
                continued = new_id is not None
                if new_id is None:
                    new_id = _create_in(db, record, match)
            db.execute(
                "INSERT INTO imports (path, mtime_ns, size, game_id, error, "
                "imported) VALUES (?,?,?,?,?,?)",
                key + (new_id, error, now()),
            )
        notes.append(ImportNote(str(path), new_id, error, continued))
    return notes


def _continue_in(db: sqlite3.Connection, path: str, record: Record, match: Any) -> str | None:
    """When the game last imported from ``path`` is unfinished, has the same
    settings and its moves begin the file's moves (the app kept playing and
    saving), add the new moves to it and return its id; else None."""
    row = db.execute(
        "SELECT game_id FROM imports WHERE path = ? AND game_id IS NOT NULL "
        "ORDER BY imported DESC LIMIT 1",
        (path,),
    ).fetchone()
    if row is None:
        return None
    gid = row[0]
    found = db.execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (gid,)).fetchone()
    if found is None:
        return None
    try:
        old = decode_row(found)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    if (
        old.finished
        or old.game != record.game
        or old.config != record.config
        or old.seats != record.seats
        or old.moves > len(record.actions)
    ):
        return None
    stored = tuple(
        r[0]
        for r in db.execute("SELECT notation FROM actions WHERE game_id = ? ORDER BY n", (gid,))
    )
    if stored != record.actions[: old.moves]:
        return None
    db.executemany(
        "INSERT INTO actions (game_id, n, notation) VALUES (?,?,?)",
        ((gid, n, record.actions[n]) for n in range(old.moves, len(record.actions))),
    )
    over = match.game.is_over(match.state)
    result = Result.of(match.game, match.state) if over else None
    db.execute(
        "UPDATE games SET moves = ?, updated = ?, finished = ?, result = ?, turn = ? WHERE id = ?",
        (
            len(record.actions),
            now(),
            int(over),
            json.dumps(result.to_json()) if result else None,
            turn_text(match, record.seats),
            gid,
        ),
    )
    return gid


def _create_in(db: sqlite3.Connection, record: Record, match: Any) -> str:
    over = match.game.is_over(match.state)
    result = Result.of(match.game, match.state) if over else None
    return insert_game(
        db,
        record.game,
        record.config,
        record.seats,
        record.actions,
        over,
        result,
        record.created,
        turn_text(match, record.seats),
    )
