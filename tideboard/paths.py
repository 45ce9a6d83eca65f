"""Where tideboard keeps its files, and how it writes them (no Textual here).

The folders are the platform's user data and config folders
(``platformdirs``), or both ``$TIDEBOARD_DATA_DIR`` when set (the tests use that).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

STORE_FILE = "tideboard.db"


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
