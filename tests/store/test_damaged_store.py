"""A store with damaged rows or a bad version (issue #18, point 13): real
damaged files, written with sqlite3 the way a disk error or another program
would leave them.  A damaged game is listed as damaged and the others still
show; nothing is changed; no traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import sys

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.cli import store as cli
from tideboard.files.paths import store_path
from tideboard.store.games import DamagedGame, GameSummary, Store, StoreError

sys.path.insert(0, os.path.dirname(__file__))
from helpers import played  # noqa: E402

NOT_UTF8 = bytes.fromhex("5bff7bfe")  # '[', an invalid byte, '{', an invalid byte


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def stored(match) -> str:
    with Store.open() as store:
        gid = store.create(match.game.info.id, match.config)
        for count, action in enumerate(match.actions):
            store.append(gid, match.game.format_action(action), count)
    return gid


def damage(sql: str, *args) -> None:
    with sqlite3.connect(store_path()) as db:
        db.execute(sql, args)
    db.close()


@pytest.fixture
def launched(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "_app_launcher", lambda: lambda **kwargs: calls.append(kwargs) or 0)
    return calls


@pytest.fixture
def one_bad(tmp_path):
    """Two games; the newer one's seats are not UTF-8."""
    good = stored(played(moves=2))
    bad = stored(played(moves=3, seed=9))
    damage("UPDATE games SET seats = CAST(? AS TEXT), updated = '9999' WHERE id = ?", NOT_UTF8, bad)
    return good, bad


def test_a_row_that_is_not_utf8_is_listed_as_damaged(one_bad):
    good, bad = one_bad
    for args in (("games",), ("games", "--all")):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert good in result.stdout and bad in result.stdout
        assert "damaged" in result.stdout and "damaged" in result.stderr
    rows = {row["id"]: row for row in json.loads(run("games", "--all", "--json").stdout)}
    assert rows[bad]["damaged"] is True and rows[bad]["players"] == []
    assert rows[good]["moves"] == 2 and "damaged" not in rows[good]
    with Store.open() as store:
        entries = store.entries(unfinished_only=False)
    assert [type(e) for e in entries] == [DamagedGame, GameSummary]


def test_resume_passes_over_a_row_that_is_not_utf8(one_bad, launched):
    good, bad = one_bad
    assert run("resume").exit_code == 0
    assert launched[0]["store_id"] == good
    result = run("resume", bad)
    assert result.exit_code == 2 and result.stderr.startswith("Error: ")
    assert "damaged" in result.stderr


def test_export_of_a_row_that_is_not_utf8(one_bad):
    good, bad = one_bad
    result = run("export", good, "--with-secrets")
    assert result.exit_code == 0 and json.loads(result.stdout)["id"] == good
    result = run("export", bad, "--with-secrets")
    assert result.exit_code == 2 and result.stderr.startswith("Error: ")
    assert "damaged" in result.stderr and bad in result.stderr


def test_a_move_that_is_not_utf8(launched):
    good = stored(played(moves=2))
    bad = stored(played(moves=3, seed=9))
    damage(
        "UPDATE actions SET notation = CAST(? AS TEXT) WHERE game_id = ? AND n = 1", NOT_UTF8, bad
    )
    result = run("export", bad, "--with-secrets")
    assert result.exit_code == 2 and "damaged" in result.stderr and bad in result.stderr
    result = run("resume", bad)
    assert result.exit_code == 2 and "damaged" in result.stderr
    assert run("export", good, "--with-secrets").exit_code == 0
    assert good in run("games").stdout


def test_other_text_columns_that_are_not_utf8(one_bad):
    good, bad = one_bad
    damage(
        "UPDATE games SET seats = '[]', game = CAST(? AS TEXT), turn = CAST(? AS TEXT) "
        "WHERE id = ?",
        NOT_UTF8,
        NOT_UTF8,
        bad,
    )
    result = run("games", "--json")
    assert result.exit_code == 0
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert rows[bad]["damaged"] is True and good in rows


@pytest.mark.parametrize("version", [-1, -4, -(2**31)])
def test_a_negative_user_version_is_not_a_tideboard_store(version):
    stored(played(moves=2))  # a real store, then its version is damaged
    damage(f"PRAGMA user_version = {version}")
    before = store_path().read_bytes()
    with pytest.raises(StoreError, match="not a tideboard game store"):
        Store.open()
    for args in (("games",), ("resume",), ("export", "abcdef")):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert "not a tideboard game store" in result.stderr
        assert "duplicate column" not in result.stderr
    assert store_path().read_bytes() == before  # nothing changed


def test_an_empty_database_with_a_negative_version(tmp_path):
    path = tmp_path / "empty.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = -2")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a tideboard game store"):
        Store.open(path)
