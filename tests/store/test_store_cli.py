"""The store commands: games, export, resume, replay, and their errors.

The app is never opened: ``_app_launcher`` is replaced by a recorder.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.cli import store as cli
from tideboard.store import games as store_module
from tideboard.store import records
from tideboard.store.games import Store
from tideboard.store.records import Seat

sys.path.insert(0, os.path.dirname(__file__))
from helpers import finished, played, store_at_once, v1_save  # noqa: E402


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    return result


def failed(result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ")
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.stderr
    return result.stderr


def stored(match, seats=None, finish: bool = False) -> str:
    """The game in the user's store, written in one transaction (the appends
    and the finishing are tested in test_store.py)."""
    with Store.open() as store:
        return store_at_once(store, match, seats, finish)


@pytest.fixture
def launched(monkeypatch):
    calls = []

    def launcher():
        return lambda **kwargs: calls.append(kwargs) or 0

    monkeypatch.setattr(cli, "_app_launcher", launcher)
    return calls


# -- games ---------------------------------------------------------------------
def test_games_when_empty():
    result = run("games")
    assert result.exit_code == 0 and "No unfinished games" in result.stdout
    assert json.loads(run("games", "--json").stdout) == []


def test_games_lists_unfinished_and_all():
    open_id = stored(
        played("moonshell", moves=4, seed=918273), (Seat("Ann"), Seat("Bob", "greedy"))
    )
    done = finished(seed=3)
    done_id = stored(done, finish=True)
    with Store.open() as store:  # as the app records whose turn it is
        store.truncate(open_id, 4, turn="Ann to move")
    text = run("games").stdout
    assert open_id in text and "Moonshell" in text and "Bob (greedy bot)" in text
    assert "4 moves, Ann to move" in text
    assert done_id not in text
    everything = run("games", "--all").stdout
    assert done_id in everything and done.game.result_text(done.state) in everything
    assert "seed 3" in everything and "seed 918273" not in everything
    rows = {row["id"]: row for row in json.loads(run("games", "--all", "--json").stdout)}
    assert set(rows) == {open_id, done_id}
    row = rows[open_id]
    assert row["game"] == "moonshell" and row["finished"] is False and row["moves"] == 4
    assert row["players"] == [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "greedy"}]
    assert row["updated"] and row["turn"] == "Ann to move"
    assert "seed" not in row and "918273" not in json.dumps(row)  # hidden while unfinished
    assert rows[done_id]["seed"] == 3 and rows[done_id]["result"]["winners"]


def test_games_hides_the_seed_of_every_unfinished_game():
    """Even without hands to hide: Moonlighter's dice to come are in the seed."""
    gid = stored(played("moonlighter", moves=3, players=1, seed=55))
    [row] = json.loads(run("games", "--json").stdout)
    assert row["id"] == gid and "seed" not in row


def test_a_damaged_game_is_listed_as_damaged_and_the_rest_still_shows():
    good = stored(played(moves=2))
    bad = stored(played(moves=3, seed=9))
    from tideboard.files.paths import store_path

    with sqlite3.connect(store_path()) as db:
        db.execute("UPDATE games SET seats = 'not json' WHERE id = ?", (bad,))
    result = run("games")
    assert result.exit_code == 0
    assert good in result.stdout and f"{bad}" in result.stdout
    assert "damaged" in result.stdout and "damaged" in result.stderr
    rows = {row["id"]: row for row in json.loads(run("games", "--json").stdout)}
    assert rows[bad]["damaged"] is True and rows[good]["moves"] == 2


def test_resume_without_id_passes_over_a_damaged_game(launched):
    good = stored(played(moves=2))
    bad = stored(played(moves=3, seed=9))
    from tideboard.files.paths import store_path

    with sqlite3.connect(store_path()) as db:
        db.execute("UPDATE games SET seats = 'not json', updated = '9999' WHERE id = ?", (bad,))
    assert run("resume").exit_code == 0
    assert launched[0]["store_id"] == good


def test_first_run_imports_old_autosaves(isolated_saves):
    isolated_saves.mkdir(parents=True)
    save = isolated_saves / "autosave-moonshell.json"
    save.write_text(json.dumps(v1_save(played("moonshell", moves=3))))
    bad = isolated_saves / "autosave-moonlighter.json"
    bad.write_text(
        '{"format": "tideboard-save", "version": 1, "game": "moonlighter", '
        '"config": {"players": 1e400}}'
    )
    result = run("games", "--json")
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)) == 1
    assert "imported" in result.stderr and "skipped a damaged save" in result.stderr
    assert str(bad) in result.stderr
    assert save.exists() and bad.exists()
    again = run("games")
    assert again.stderr == ""  # imported once


# -- export --------------------------------------------------------------------
def test_export_of_a_finished_game_includes_the_seed(tmp_path):
    match = finished(seed=6)
    gid = stored(match, finish=True)
    result = run("export", gid)
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["config"]["seed"] == 6 and data["finished"] is True and data["id"] == gid
    record = records.parse(data)
    assert records.replay(record).state == match.state


def test_export_of_an_unfinished_hidden_game_needs_with_secrets(tmp_path):
    gid = stored(played("moonshell", moves=5, seed=424242))
    refused = run("export", gid)
    failed(refused, "--with-secrets")
    assert "424242" not in refused.output
    allowed = run("export", gid, "--with-secrets")
    assert allowed.exit_code == 0 and "Warning" in allowed.stderr
    assert json.loads(allowed.stdout)["config"]["seed"] == 424242


def test_export_to_a_file_and_resume_it_as_a_new_game(tmp_path, launched):
    match = played("moonshell", moves=6, seed=9)
    gid = stored(match)
    out = tmp_path / "game.json"
    result = run("export", gid, "-o", str(out), "--with-secrets")
    assert result.exit_code == 0 and out.is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json", "data"]  # no temp left
    failed(run("export", gid, "-o", str(out), "--with-secrets"), "exists", "--force")
    assert run("export", gid, "-o", str(out), "--with-secrets", "--force").exit_code == 0
    before = out.read_bytes()
    resumed = run("resume", str(out))
    assert resumed.exit_code == 0, resumed.output
    new_id = launched[0]["store_id"]
    assert new_id != gid and launched[0]["replay"] is False
    assert launched[0]["match"].state == match.state
    assert out.read_bytes() == before
    with Store.open() as store:
        assert {s.id for s in store.list()} == {gid, new_id}  # the original is untouched
        assert store.get(gid).actions == store.get(new_id).actions


@pytest.mark.parametrize("target", ["nowhere/x.json", "/dev/full"])
def test_export_to_an_unwritable_place(tmp_path, target):
    gid = stored(finished(seed=1), finish=True)
    path = str(tmp_path / target) if not target.startswith("/") else target
    failed(run("export", gid, "-o", path, "--force"), path)


# -- resume and replay --------------------------------------------------------------
def test_resume_without_id_takes_the_newest_unfinished(launched):
    stored(played("moonlighter", moves=2, players=1))
    newest = stored(played("moonshell", moves=3), (Seat("A"), Seat("B", "random")))
    stored(finished(seed=8), finish=True)
    assert run("resume").exit_code == 0
    call = launched[0]
    assert call["store_id"] == newest and call["bots"] == {1: "random"}
    assert len(call["match"].actions) == 3


def test_resume_by_id_in_any_case(launched):
    gid = stored(played(moves=4))
    assert run("resume", gid.upper()).exit_code == 0
    assert launched[0]["store_id"] == gid


def test_resume_refuses_a_finished_game(launched):
    gid = stored(finished(seed=4), finish=True)
    failed(run("resume", gid), "finished", "replay")
    assert launched == []


def test_resume_with_nothing_to_resume():
    failed(run("resume"), "no unfinished game")


def test_replay_by_id_and_file(tmp_path, launched):
    match = finished(seed=12)
    gid = stored(match, finish=True)
    assert run("replay", gid).exit_code == 0
    path = tmp_path / "r.json"
    assert run("export", gid, "-o", str(path)).exit_code == 0
    assert run("replay", str(path)).exit_code == 0
    assert [c["replay"] for c in launched] == [True, True]
    assert launched[0]["match"].state == launched[1]["match"].state == match.state
    assert launched[1]["store_id"] is None  # a replayed file is not imported
    with Store.open() as store:
        assert len(store.list(unfinished_only=False)) == 1


def test_replay_needs_a_target():
    assert run("replay").exit_code == 2


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_damaged_record_file(tmp_path, command, launched):
    path = tmp_path / "bad.json"
    data = v1_save(played("moonshell", moves=2))
    data["actions"].append("pull \u00b2")
    path.write_text(json.dumps(data))
    failed(run(command, str(path)), str(path), "move 3")
    failed(run(command, str(tmp_path)), "not a regular file")
    assert launched == []
    with Store.open() as store:
        assert store.list() == []  # nothing half-imported


@pytest.mark.parametrize(
    "weird",
    ["zzzzzz", "\u00b2", "a" * 5000, "../../etc/passwd", "-", "", " ", "1" * 5000, "x.json"],
)
@pytest.mark.parametrize("command", ["resume", "replay", "export"])
def test_weird_ids(command, weird, launched):
    stored(played(moves=1))
    result = run(command, "--", weird)
    assert result.exit_code == 2 and result.stderr.startswith("Error: ")
    assert launched == []


def test_stored_moves_that_no_longer_replay(launched):
    with Store.open() as store:
        gid = store.create("shifting-stones", played(moves=0).config)
        store.append(gid, "flip 99 z9", 0)
    failed(run("resume", gid), f"game {gid}", "move 1")


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_crash_in_the_app_never_exits_0(monkeypatch, command):
    """run_app returns the app's return code; resume and replay exit with it."""
    gid = stored(played(moves=2))
    monkeypatch.setattr(cli, "_app_launcher", lambda: lambda **kwargs: 1)
    result = run(command, gid)
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_resume_and_replay_open_the_app_with_the_loaded_game():
    """The launcher is the app's run_app, which takes the loaded game."""
    import inspect

    from tideboard.ui.app import run_app

    assert cli._app_launcher() is run_app
    params = inspect.signature(run_app).parameters
    assert {"match", "bots", "store_id", "store_path", "replay"} <= params.keys()


# -- a store that cannot be used ------------------------------------------------------
@pytest.mark.parametrize(
    "command", [["games"], ["resume"], ["export", "abcdef"], ["replay", "abcdef"]]
)
def test_garbage_store_file(isolated_saves, command):
    isolated_saves.mkdir(parents=True)
    db = isolated_saves / "tideboard.db"
    db.write_bytes(b"garbage" * 1000)
    failed(run(*command), str(db), "move it away")
    assert db.read_bytes() == b"garbage" * 1000


def test_data_dir_that_cannot_be_made(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(blocker / "data"))
    failed(run("games"), "cannot create the folder")


def test_locked_store(isolated_saves, monkeypatch, tmp_path, launched):
    """A writer holding the store past the busy timeout: reading still works
    (WAL), writing says the store is busy and changes nothing."""
    gid = stored(played(moves=1))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(v1_save(played(moves=2))))
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)
    blocker = sqlite3.connect(isolated_saves / "tideboard.db", isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        assert run("games").exit_code == 0
        failed(run("resume", str(path)), "busy", "try again")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert launched == []
    assert [row["id"] for row in json.loads(run("games", "--json").stdout)] == [gid]


def test_help_does_not_import_textual():
    import subprocess

    code = (
        "import sys; from tideboard.cli import main\n"
        "for c in ('games', 'export', 'resume', 'replay'):\n"
        "    try: main([c, '--help'])\n"
        "    except SystemExit: pass\n"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().endswith("False")
