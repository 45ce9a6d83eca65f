"""A full disk for the store's tests (issue #18, point 12), two ways:

- ``tmpfs``: a real small filesystem (``mount -t tmpfs -o size=256k``, which
  needs root) filled with a filler file, so SQLite itself reports
  "database or disk is full"; skipped where mounting is not permitted;
- ``fault``: the store's connection fails COMMIT the way SQLite does on a full
  disk (the transaction already rolled back, then "database or disk is full").

``disk.full()`` fills it, ``disk.free()`` makes room again; ``disk.folder`` is
the data folder (``TIDEBOARD_DATA_DIR``).  A mounted filesystem is always
unmounted in the teardown.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tideboard.store.games import Store

SIZE = "256k"


class FullDiskConnection:
    """An sqlite3 connection whose COMMIT fails as on a full disk while
    ``disk.is_full``: SQLite rolls the transaction back, then reports the error."""

    def __init__(self, db: sqlite3.Connection, disk: Disk) -> None:
        self._db, self._disk, self._writing = db, disk, False

    def execute(self, sql: str, *args):
        word = sql.strip().upper()
        if word == "BEGIN IMMEDIATE":  # the store's write transactions (reads write nothing)
            self._writing = True
        elif word in ("COMMIT", "ROLLBACK"):
            writing, self._writing = self._writing, False
            if word == "COMMIT" and writing and self._disk.is_full:
                self._db.execute("ROLLBACK")  # what SQLite has done when it reports
                raise sqlite3.OperationalError("database or disk is full")
        return self._db.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self._db, name)


class Disk:
    def __init__(self, kind: str, folder: Path) -> None:
        self.kind, self.folder, self.is_full = kind, folder, False
        self.filler = folder / "filler"

    def full(self, leave: int = 0) -> None:
        """Fill the disk, leaving about ``leave`` bytes free (tmpfs)."""
        self.is_full = True
        if self.kind != "tmpfs":
            return
        info = os.statvfs(self.folder)
        todo = max(info.f_bavail * info.f_frsize - leave, 0)
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for size in (65536, 4096, 512, 1):
                while todo >= size:
                    try:
                        todo -= os.write(fd, b"x" * size)
                    except OSError:  # full: try a smaller piece
                        break
        finally:
            os.close(fd)

    def free(self) -> None:
        self.is_full = False
        if self.filler.exists():
            self.filler.unlink()


def _mount(folder: Path) -> bool:
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("mount"):
        return False
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={SIZE},mode=0700", "tmpfs", str(folder)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _unmount(folder: Path) -> None:
    for command in (["umount", str(folder)], ["umount", "-l", str(folder)]):
        try:
            if subprocess.run(command, capture_output=True, timeout=10).returncode == 0:
                return
        except (OSError, subprocess.TimeoutExpired):
            pass


@pytest.fixture(params=["tmpfs", "fault"])
def disk(request, tmp_path, monkeypatch):
    folder = tmp_path / "small"
    folder.mkdir()
    if request.param == "tmpfs":
        if not _mount(folder):
            pytest.skip(
                "mounting a small filesystem is not permitted here (the 'fault' "
                "variant of this test covers it)"
            )
        request.addfinalizer(lambda: _unmount(folder))
    the_disk = Disk(request.param, folder)
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(folder))
    if request.param == "fault":
        real_open = Store.open

        def faulty_open(*args, **kwargs):
            store = real_open(*args, **kwargs)
            store.db.connection = FullDiskConnection(store.db.connection, the_disk)
            return store

        monkeypatch.setattr(Store, "open", faulty_open)
    return the_disk
