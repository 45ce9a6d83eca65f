"""The game store's SQLite connection (``tideboard.store.games`` builds on it): its
errors in words a player understands, write transactions that survive a full
disk, text that is not UTF-8 read as damage instead of failing the whole read.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from tideboard.engine.core import TideboardError


class StoreError(TideboardError):
    """The store cannot do what was asked; the message says why and what to do."""


class StaleError(StoreError):
    """The game on disk has a different number of moves than the writer expected
    (another writer got there first); nothing was changed."""


class Database:
    """The store's one SQLite connection, shared by threads: a read or a write
    transaction holds it alone (``lock``).  Errors come out as :class:`StoreError`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self.lock = threading.RLock()

    def write(self) -> Transaction:
        """A write transaction (BEGIN IMMEDIATE: the write lock is taken at once,
        so a check and the write that depends on it cannot be split)."""
        return Transaction(self)

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one query."""
        with self.lock:
            try:
                return self.connection.execute(sql, args).fetchall()
            except sqlite3.Error as error:
                raise store_error(self.path, error) from None

    def close(self) -> None:
        with self.lock:
            self.connection.close()


class Transaction:
    """One write transaction on a database (see :meth:`Database.write`)."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def __enter__(self) -> sqlite3.Connection:
        database = self.database
        database.lock.acquire()
        try:
            database.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            database.lock.release()
            raise store_error(database.path, error) from None
        return database.connection

    def __exit__(self, kind: Any, error: Any, tb: Any) -> Literal[False]:
        database = self.database
        db = database.connection
        try:
            if kind is None:
                try:
                    db.execute("COMMIT")
                except sqlite3.Error as failure:
                    # A full disk (or an I/O error) has already rolled the
                    # transaction back: a second ROLLBACK would raise "no
                    # transaction is active" over the real reason.
                    _rollback(db)
                    raise store_error(database.path, failure) from None
            else:
                _rollback(db)
                if isinstance(error, sqlite3.Error):
                    raise store_error(database.path, error) from None
        finally:
            database.lock.release()
        return False


def _rollback(db: sqlite3.Connection) -> None:
    """End the transaction if SQLite has not ended it already; never raises (the
    error being reported is the one that matters)."""
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


class BadText(str):
    """A text value in the store that is not valid UTF-8 (a damaged row), read
    with replacement characters so it can be named, never trusted as data."""

    __slots__ = ()


def text_factory(raw: bytes) -> str:
    """The connection's text factory: sqlite3's own raises for a value that is
    not UTF-8, which would make one damaged row break every listing."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return BadText(raw.decode("utf-8", "replace"))


def safe_repr(text: Any) -> str:
    """``text`` quoted for a message, cut to 30 characters (it may come from a damaged
    row or a user's typing)."""
    shown = repr(text)
    return shown if len(shown) <= 30 else shown[:27] + "..."


def store_error(path: Path, error: sqlite3.Error) -> StoreError:
    """SQLite's ``error`` on the store at ``path`` in words a player understands."""
    message = str(error)
    if isinstance(error, sqlite3.OperationalError) and "locked" in message:
        return StoreError(
            f"the game store {path} is busy (another tideboard is writing "
            "to it); try again in a moment"
        )
    if isinstance(error, sqlite3.DatabaseError) and (
        "not a database" in message or "malformed" in message
    ):
        return StoreError(
            f"{path} is not a tideboard game store (or it is damaged); "
            "move it away and tideboard will start a new one"
        )
    if "disk is full" in message:
        return StoreError(
            f"the disk holding the game store {path} is full; free some space and try again"
        )
    if "disk I/O error" in message:
        return StoreError(
            f"the game store {path} could not be written (a disk I/O "
            "error: is the disk full?); free some space or check the disk, "
            "and try again"
        )
    if "readonly" in message or "read-only" in message:
        return StoreError(f"cannot write to the game store {path}: it is read-only")
    if "unable to open" in message:
        return StoreError(
            f"cannot open the game store {path}: check that its folder exists and is writable"
        )
    return StoreError(f"the game store {path} failed: {message}")
