"""The store on disk is private (issue #18, point 8): it holds the seeds of
running games, from which a local user rebuilt another player's hand.  The
data folder is created 0700 and the store and its -wal/-shm/-journal files
0600 whatever the umask (the same Store.open serves the app, the CLI and
``tideboard serve``); existing ones are fixed where they are ours, and a
warning is printed where they are not."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.files import paths
from tideboard.store.games import Store

sys.path.insert(0, os.path.dirname(__file__))
from helpers import played  # noqa: E402

NAMES = ("tideboard.db", "tideboard.db-wal", "tideboard.db-shm")


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def write_games(store: Store, count: int = 3) -> None:
    match = played("moonshell", moves=4)
    for _ in range(count):
        gid = store.create("moonshell", match.config)
        store.append(gid, match.game.format_action(match.actions[0]), 0)


def test_a_new_store_is_private_under_umask_022(tmp_path, monkeypatch, umask_022):
    folder = tmp_path / "new" / "data"
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(folder))
    with Store.open() as store:
        write_games(store)
        with Store.open() as other:  # a second connection, as the server and the CLI
            write_games(other)
            assert mode(folder) == 0o700
            for name in NAMES:
                assert mode(folder / name) == 0o600, name
    assert run("games").exit_code == 0
    for path in folder.iterdir():
        assert mode(path) & 0o077 == 0, path


def test_a_store_at_a_given_path_is_private(tmp_path, umask_022):
    path = tmp_path / "elsewhere" / "games.db"
    with Store.open(path) as store:
        write_games(store)
        assert mode(path.parent) == 0o700
        for suffix in ("", "-wal", "-shm"):
            assert mode(path.with_name(path.name + suffix)) == 0o600


def world_readable_store(folder: Path) -> None:
    """A store as an older tideboard left it: 0644 files in a 0755 folder."""
    folder.mkdir(parents=True, exist_ok=True)
    with Store.open(folder / "tideboard.db") as store:
        write_games(store, 1)
        os.chmod(folder, 0o755)
        for name in NAMES:
            os.chmod(folder / name, 0o644)
    (folder / "tideboard.db-journal").write_bytes(b"")
    os.chmod(folder / "tideboard.db-journal", 0o644)


def test_an_existing_world_readable_store_is_made_private(tmp_path, monkeypatch, umask_022):
    folder = tmp_path / "data"
    world_readable_store(folder)
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(folder))
    result = run("games")
    assert result.exit_code == 0 and "Warning" not in result.stderr
    assert mode(folder / "tideboard.db") == 0o600
    assert mode(folder / "tideboard.db-journal") == 0o600
    assert mode(folder) == 0o755  # a folder named by TIDEBOARD_DATA_DIR may be shared


def test_the_platform_data_folder_is_made_private(tmp_path, monkeypatch, umask_022):
    import platformdirs

    folder = tmp_path / "share" / "tideboard"
    world_readable_store(folder)
    monkeypatch.delenv("TIDEBOARD_DATA_DIR")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(folder))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(folder))
    assert paths.store_path() == folder / "tideboard.db"
    with Store.open() as store:
        assert store.warnings == []
    assert mode(folder) == 0o700
    for name in NAMES:
        if (folder / name).exists():
            assert mode(folder / name) == 0o600


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="needs root to give the store to another user",
)
def test_a_store_tideboard_cannot_fix_is_warned_about(tmp_path, monkeypatch, umask_022):
    folder = tmp_path / "data"
    world_readable_store(folder)
    os.chown(folder / "tideboard.db", 65534, 65534)  # another user's (nobody's)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # run as a user, not root
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(folder))
    result = run("games")
    assert result.exit_code == 0
    assert "Warning: the game store" in result.stderr
    assert "can be read by other users" in result.stderr and "chmod 600" in result.stderr
    assert mode(folder / "tideboard.db") == 0o644  # not ours: left as it is


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result
