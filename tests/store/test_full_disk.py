"""A full disk (issue #18, point 12): when COMMIT fails with "database or disk
is full" SQLite has already rolled back; the store reports that (not "cannot
rollback - no transaction is active"), the writer keeps the game and saves
what is missing once there is room, and the CLI exits 2 with a message.

Each test runs on a real small filesystem (tmpfs, where mounting is allowed)
and with the fault injected at the store's commit (tests/store/full_disk.py).
"""

from __future__ import annotations

import os
import random
import sys

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.cli import store as cli_store
from tideboard.files.paths import store_path
from tideboard.store import records
from tideboard.store.games import Store, StoreError
from tideboard.store.writer import GameWriter

sys.path.insert(0, os.path.dirname(__file__))
from full_disk import disk  # noqa: E402,F401  (the fixture)
from helpers import played  # noqa: E402

GAME = "shifting-stones"


def more(match, count: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(count):
        match = match.play(rng.choice(list(match.game.legal_actions(match.state))))
    return match


def play_until_refused(writer: GameWriter, match, limit: int = 60):
    """Moves, each synced, until a save is refused (a full disk must refuse
    one long before ``limit`` moves)."""
    for number in range(limit):
        match = more(match, 1, seed=number)
        message = writer.sync(match)  # must never raise
        if message is not None:
            return match, message
    pytest.fail(f"{limit} moves were saved on a full disk")


def test_a_full_disk_is_reported_and_the_missing_moves_saved_later(disk):
    store = Store.open()
    try:
        match = played(GAME, moves=2)
        writer = GameWriter.new(store, match)
        disk.full()
        match, message = play_until_refused(writer, match)
        assert "full" in message and "no transaction" not in message
        saved = len(writer.saved)
        assert saved < len(match.actions)
        match = more(match, 3, seed=99)  # the game goes on; each save is refused
        assert writer.sync(match) is not None
        assert store.load_match(writer.id)[0].actions == match.actions[:saved]
        disk.free()
        assert writer.sync(match) is None  # the next save catches up
        assert store.load_match(writer.id)[0].state == match.state
    finally:
        store.close()


def test_an_undo_on_a_full_disk(disk):
    store = Store.open()
    try:
        match = played(GAME, moves=6)
        writer = GameWriter.new(store, match)
        disk.full()
        match = match.undo(2)
        while writer.sync(match) is None:  # (the tmpfs may have room for one write)
            match = more(match, 1)
        disk.free()
        assert writer.sync(match) is None
        assert store.load_match(writer.id)[0].actions == match.actions
    finally:
        store.close()


def test_a_write_that_failed_yet_reached_the_disk_is_caught_up(tmp_path):
    """A COMMIT reported failed that did reach the disk: the writer's count is
    behind the store's; the next sync sees its own moves there and goes on."""
    with Store.open(tmp_path / "s.db") as store:
        match = played(GAME, moves=2)
        writer = GameWriter.new(store, match)
        match = more(match, 2)
        store.append(writer.id, match.game.format_action(match.actions[2]), 2)
        assert writer.sync(match) is None
        assert store.load_match(writer.id)[0].actions == match.actions
        other = played(GAME, moves=2)
        elsewhere = GameWriter(store, writer.id, other.actions)  # a stale, different one
        assert "elsewhere" in elsewhere.sync(more(other, 1, seed=5))


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def launched(monkeypatch):
    calls = []
    monkeypatch.setattr(
        cli_store, "_app_launcher", lambda: lambda **kwargs: calls.append(kwargs) or 0
    )
    return calls


def test_resume_file_on_a_full_disk_exits_2(disk, tmp_path, launched):
    match = played(GAME, moves=150)
    assert not match.game.is_over(match.state)
    record = records.Record(
        GAME,
        match.config,
        records.default_seats(2),
        tuple(match.game.format_action(a) for a in match.actions),
    )
    path = tmp_path / "game.json"
    path.write_text(records.dumps(record))
    with Store.open() as store:  # the store exists, with one game
        store.create(GAME, match.config)
    disk.full()
    result = run("resume", str(path))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ") and "full" in result.stderr
    assert "no transaction" not in result.stderr
    assert launched == []  # the app is not opened on a game that is not stored
    disk.free()
    with Store.open() as store:
        assert len(store.list()) == 1  # nothing half-imported
    assert run("resume", str(path)).exit_code == 0 and len(launched) == 1


def test_play_and_resume_exit_2_when_the_app_leaves_a_game_not_saved(monkeypatch):
    """The app keeps playing on a full disk; when it ends with moves not saved,
    the command says so and exits 2."""
    from tideboard.ui import app as app_module
    from tideboard.ui.shared import saving

    def app_that_could_not_save(**kwargs):
        saving.UNSAVED[-1] = (
            "game abc123 is not completely saved: its last 2 moves are "
            "missing (Could not save the game: the disk is full)"
        )
        return 0

    monkeypatch.setattr(app_module, "run_app", app_that_could_not_save)
    monkeypatch.setattr(saving, "UNSAVED", {})
    result = run("play", GAME)
    assert result.exit_code == 2
    assert "Error: game abc123 is not completely saved" in result.stderr
    assert "tideboard resume" in result.stderr
    monkeypatch.setattr(saving, "UNSAVED", {})
    with Store.open() as store:
        gid = store.create(GAME, played(GAME, moves=0).config)
    result = run("resume", gid)
    assert result.exit_code == 2 and "not completely saved" in result.stderr
    monkeypatch.setattr(saving, "UNSAVED", {})
    monkeypatch.setattr(app_module, "run_app", lambda **kwargs: 0)
    assert run("play", GAME).exit_code == 0


def test_store_errors_name_a_full_disk():
    import sqlite3

    from tideboard.store.db import store_error

    error = store_error(store_path(), sqlite3.OperationalError("database or disk is full"))
    assert isinstance(error, StoreError) and "is full; free some space" in str(error)
