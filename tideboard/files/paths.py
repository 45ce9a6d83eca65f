"""Where tideboard keeps its files, and how it writes them (no Textual here).

The folders are the platform's user data and config folders
(``platformdirs``), or both ``$TIDEBOARD_DATA_DIR`` when set (the tests use that).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

STORE_FILE = "tideboard.db"
# The store and the files SQLite keeps beside it (they hold the same data).
STORE_SIDE_FILES = ("-wal", "-shm", "-journal")
PRIVATE_DIR = 0o700  # the data folder: only its owner may list or enter it
PRIVATE_FILE = 0o600  # the store: it holds the seeds of running games


def data_dir() -> Path:
    return _user_dir("user_data_dir")


def config_dir() -> Path:
    """Where the settings file lives."""
    return _user_dir("user_config_dir")


def _user_dir(kind: str) -> Path:
    override = os.environ.get("TIDEBOARD_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(getattr(platformdirs, kind)("tideboard", appauthor=False))


def store_path() -> Path:
    """The game store's SQLite database."""
    return data_dir() / STORE_FILE


def private_folder(folder: Path, fix: bool) -> list[str]:
    """Create ``folder`` (and its parents) with the data folder's mode, 0700;
    an existing one is made 0700 when ``fix`` (the platform's tideboard folder)
    and it is ours, else left as it is.  Warnings for the player; OSError if
    it cannot be created."""
    existed = folder.is_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    if not existed or fix:
        return _make_private(folder, PRIVATE_DIR, "game store folder")
    return []


def private_store_files(store: Path) -> list[str]:
    """Create the store file 0600 if it is missing (SQLite gives its -wal, -shm
    and -journal files the store's mode), and make the existing store files
    ours 0600.  Warnings for those other users can still read."""
    try:
        os.close(
            os.open(store, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), PRIVATE_FILE)
        )
    except OSError:
        pass  # the store's own open reports what is wrong
    warnings = []
    for name in ("",) + STORE_SIDE_FILES:
        warnings += _make_private(store.with_name(store.name + name), PRIVATE_FILE, "game store")
    return warnings


def _make_private(path: Path, mode: int, what: str) -> list[str]:
    try:
        info = os.lstat(path)
    except OSError:
        return []
    if stat.S_ISLNK(info.st_mode) or not info.st_mode & 0o077:
        return []
    if info.st_uid == os.geteuid():
        try:
            os.chmod(path, mode)
            return []
        except OSError:
            pass
    return [
        f"the {what} {path} can be read by other users of this computer (mode "
        f"{stat.S_IMODE(info.st_mode):o}), and it holds the seeds of running games, "
        f"which reveal every hand; tideboard cannot change that (it is not yours): "
        f"run 'chmod {mode:o} {path}' as its owner"
    ]


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` so that ``path`` holds either its old content or all of
    the new one, even after a power cut: a temporary file in the same folder,
    fsynced, renamed over ``path``, then the folder fsynced.  OSError on failure
    (the temporary file is removed)."""
    target = Path(path)
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(folder)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
