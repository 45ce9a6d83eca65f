"""The game store: every game played on this machine, in one SQLite database.

One row per game in ``games`` and one row per move in ``actions``, so playing
a move is one INSERT in one transaction and a kill at any instant leaves the
last committed move.  The database runs in WAL mode with ``synchronous=FULL``
(each commit is fsynced: a power cut cannot lose a move the player saw
applied) and a busy timeout, so several processes (the app, the CLI, the SSH
server's connections) can write different games at once.

The app uses :class:`tideboard.store.writer.GameWriter` (one ``sync(match)``
after every move, undo and the end); underneath, the calls are::

    store = Store.open()                       # the user's store
    gid = store.create("moonshell", config, seats)
    store.append(gid, "pull 3", expected_count=0)   # after each applied move
    store.truncate(gid, 4, expected_count=5)        # undo one move
    store.finish(gid, Result.of(game, state))       # at the end
    match, bots = store.load_match(gid)             # resume / replay

Errors meant for the user are :class:`StoreError` (a :class:`TideboardError`).
"""

from __future__ import annotations

import builtins  # the list type, in the class whose list() method hides it
import json
import os
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tideboard.engine.core import GameConfig
from tideboard.store.autosaves import import_autosaves
from tideboard.store.background import WriteThread
from tideboard.store.db import (
    BadText,
    Database,
    StaleError,
    StoreError,
    safe_repr,
    store_error,
    text_factory,
)
from tideboard.store.ratings import rate_finished
from tideboard.store.record_fields import MAX_NOTATION
from tideboard.store.records import Record, Result, Seat, default_seats, turn_text
from tideboard.store.rows import COLUMNS, DamagedGame, GameSummary, decode_row, insert_game, now
from tideboard.store.schema import MIGRATIONS, SCHEMA_VERSION
from tideboard.store.schema import statements as _statements

BUSY_TIMEOUT = 10.0  # seconds a writer waits for another one
_ID = re.compile(r"[a-z0-9]{1,16}\Z")


def normalize_id(text: str) -> str | None:
    """A typed game id in its stored form, or None if it cannot be one."""
    text = text.strip().lower()
    return text if _ID.match(text) else None


class Store:
    """A connection to the game store.  Thread-safe; one per process is enough."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.db = Database(connection, path)  # reads and write transactions
        self.path = path
        self.writes = WriteThread()  # the writes asked from a loop (store/background.py)
        self.import_notes: list[Any] = []  # autosaves.ImportNote
        # store files other users can read that tideboard could not make private
        self.warnings: list[str] = []

    # -- opening ------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        timeout: float | None = None,
        import_autosaves: bool | None = None,
    ) -> Store:
        """Open (creating if needed) the store at ``path``, by default the
        user's (``tideboard.files.paths.store_path()``).  The user's store imports the
        data folder's old autosave files the first time it sees each one
        (``import_notes`` says what happened).  StoreError if the folder cannot
        be created, the file is not a tideboard store, it was made by a newer
        tideboard, or it stays locked longer than ``timeout`` seconds."""
        from tideboard.files import paths

        default = path is None
        timeout = BUSY_TIMEOUT if timeout is None else timeout
        target = paths.store_path() if path is None else Path(path)
        try:
            # the platform's tideboard folder is ours to fix; a folder named in
            # TIDEBOARD_DATA_DIR or a path given may be shared: left as it is
            warnings = paths.private_folder(
                target.parent, fix=default and not os.environ.get("TIDEBOARD_DATA_DIR")
            )
        except OSError as error:
            raise StoreError(
                f"cannot create the folder {target.parent} for the game "
                f"store: {error.strerror or error}"
            ) from None
        if target.exists() and not target.is_file():
            raise StoreError(
                f"{target} is not a file; move it away so tideboard can keep its game store there"
            )
        warnings += paths.private_store_files(target)  # 0600: it holds live seeds
        try:
            connection = sqlite3.connect(
                target, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise store_error(target, error) from None
        connection.text_factory = text_factory  # a row that is not UTF-8 is damaged, not fatal
        store = cls(connection, target)
        store.warnings = warnings
        try:
            store._setup(timeout)
            if import_autosaves or (import_autosaves is None and default):
                store.import_notes = store.import_autosaves(target.parent)
        except BaseException:
            connection.close()
            raise
        return store

    def _setup(self, timeout: float) -> None:
        db = self.db.connection
        try:
            db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(
                    f"{self.path}: the game store cannot use write-ahead "
                    f"logging here (journal mode {mode})"
                )
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if not isinstance(version, int) or version < 0:
                # tideboard only ever counts up from 0: another program's file
                raise StoreError(
                    f"{self.path} is an SQLite database but not a tideboard "
                    f"game store (store version {version}); move it away "
                    "and tideboard will start a new one"
                )
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer tideboard (store "
                    f"version {version}, this one knows {SCHEMA_VERSION}); "
                    "update tideboard"
                )
            if version < SCHEMA_VERSION:
                self._migrate()
        except sqlite3.Error as error:
            raise store_error(self.path, error) from None

    def _migrate(self) -> None:
        with self.db.write() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise StoreError(
                    f"{self.path} is an SQLite database but not a tideboard "
                    "game store; move it away"
                )
            while version < SCHEMA_VERSION:
                for statement in _statements(MIGRATIONS[version]):
                    db.execute(statement)
                version += 1
                db.execute(f"PRAGMA user_version = {version}")

    def close(self) -> None:
        """Close the store once every write asked of its writer thread is done."""
        self.writes.close()
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- writing -----------------------------------------------------------
    def create(
        self,
        game_id: str,
        config: GameConfig,
        seats: Sequence[Seat] | None = None,
        actions: Sequence[str] = (),
        *,
        finished: bool = False,
        result: Result | None = None,
        created: str | None = None,
        turn: str | None = None,
    ) -> str:
        """Store a new game and return its new id; never touches another game."""
        from tideboard.engine import registry

        if game_id not in registry.GAMES:
            raise StoreError(f"unknown game {game_id!r}")
        seats = tuple(seats) if seats is not None else default_seats(config.players)
        if len(seats) != config.players:
            raise StoreError(
                f"{config.players} players need {config.players} seats, got {len(seats)}"
            )
        with self.db.write() as db:
            return insert_game(db, game_id, config, seats, actions, finished, result, created, turn)

    def append(
        self, game_id: str, notation: str, expected_count: int, turn: str | None = None
    ) -> int:
        """Add one move (atomically) and return the new move count.  StaleError
        if the game on disk does not have exactly ``expected_count`` moves.
        ``turn`` ("Ann to move", see :func:`turn_text`) is shown by listings."""
        if not isinstance(notation, str) or not 0 < len(notation) <= MAX_NOTATION:
            raise StoreError(f"{notation!r} is not a move in notation")
        with self.db.write() as db:
            self._check(db, game_id, expected_count)
            db.execute(
                "INSERT INTO actions (game_id, n, notation) VALUES (?,?,?)",
                (game_id, expected_count, notation),
            )
            db.execute(
                "UPDATE games SET moves = ?, updated = ?, turn = ? WHERE id = ?",
                (expected_count + 1, now(), turn, game_id),
            )
        return expected_count + 1

    def truncate(
        self, game_id: str, count: int, expected_count: int | None = None, turn: str | None = None
    ) -> None:
        """Keep only the first ``count`` moves (undo)."""
        if count < 0:
            raise StoreError("cannot keep fewer than 0 moves")
        with self.db.write() as db:
            moves = self._check(db, game_id, expected_count)
            if count > moves:
                raise StoreError(f"game {game_id} has only {moves} moves")
            db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, count))
            db.execute(
                "UPDATE games SET moves = ?, updated = ?, turn = ? WHERE id = ?",
                (count, now(), turn, game_id),
            )

    def finish(self, game_id: str, result: Result, expected_count: int | None = None) -> None:
        """Mark the game finished with ``result``; its record may show the seed now.
        A served table's game is rated in the same transaction (store/ratings.py)."""
        with self.db.write() as db:
            self._check(db, game_id, expected_count)
            db.execute(
                "UPDATE games SET finished = 1, result = ?, updated = ?, turn = NULL WHERE id = ?",
                (json.dumps(result.to_json()), now(), game_id),
            )
            rate_finished(db, game_id, result)  # a served table's rating, if rated (issue #22)

    def _check(self, db: sqlite3.Connection, game_id: str, expected: int | None) -> int:
        row = db.execute("SELECT moves, finished FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game with id {game_id!r} in the store")
        moves, finished = row
        if finished:
            raise StoreError(f"game {game_id} is finished; its moves cannot change")
        if expected is not None and moves != expected:
            raise StaleError(
                f"game {game_id} has {moves} moves in the store, not "
                f"{expected}: it was played elsewhere meanwhile"
            )
        return moves

    # -- reading -----------------------------------------------------------
    def _summary(self, row: Sequence[Any]) -> GameSummary:
        try:
            return decode_row(row)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            raise StoreError(
                f"game {safe_repr(row[0])} in the store {self.path} is damaged"
            ) from None

    def summary(self, game_id: str) -> GameSummary:
        key = normalize_id(game_id) if isinstance(game_id, str) else None
        rows = self.db.read(f"SELECT {COLUMNS} FROM games WHERE id = ?", (key,)) if key else []
        if not rows:
            raise StoreError(
                f"no game with id {safe_repr(game_id)} in the store "
                "('tideboard games --all' lists them)"
            )
        return self._summary(rows[0])

    def delete(self, game_id: str) -> None:
        """Delete a stored game and its moves.  StoreError (nothing changed) if
        there is no such game, or if it was played at a served table (its record
        belongs to the table's history)."""
        key = normalize_id(game_id) if isinstance(game_id, str) else None
        with self.db.write() as db:
            if key is None or not db.execute("SELECT 1 FROM games WHERE id = ?", (key,)).fetchone():
                raise StoreError(
                    f"There is no game {game_id!r} in the store; 'tideboard games --all' "
                    "lists them."
                )
            if db.execute("SELECT 1 FROM tables WHERE game_id = ?", (key,)).fetchone():
                raise StoreError(
                    f"Game {key} was played at a table of 'tideboard serve'; it is kept "
                    "with the table's history."
                )
            db.execute("DELETE FROM actions WHERE game_id = ?", (key,))
            db.execute("DELETE FROM games WHERE id = ?", (key,))

    def exists(self, game_id: str) -> bool:
        key = normalize_id(game_id) if isinstance(game_id, str) else None
        return bool(key and self.db.read("SELECT 1 FROM games WHERE id = ?", (key,)))

    def list(self, unfinished_only: bool = True) -> list[GameSummary]:
        """Games, most recently played first."""
        where = "WHERE finished = 0 " if unfinished_only else ""
        rows = self.db.read(f"SELECT {COLUMNS} FROM games {where}ORDER BY updated DESC, rowid DESC")
        return [self._summary(row) for row in rows]

    def entries(self, unfinished_only: bool = True) -> builtins.list[GameSummary | DamagedGame]:
        """Like :meth:`list`, but a damaged game is listed as a :class:`DamagedGame`
        instead of failing the whole listing."""
        where = "WHERE finished = 0 " if unfinished_only else ""
        rows = self.db.read(f"SELECT {COLUMNS} FROM games {where}ORDER BY updated DESC, rowid DESC")
        out: builtins.list[GameSummary | DamagedGame] = []
        for row in rows:
            try:
                out.append(self._summary(row))
            except StoreError as error:
                out.append(
                    DamagedGame(
                        str(row[0]),
                        str(row[1]),
                        str(row[9]),
                        str(error),
                        bool(row[10]) if isinstance(row[10], int) else False,
                    )
                )
        return out

    def newest_unfinished(self) -> GameSummary | None:
        """The most recently played unfinished game that is not damaged."""
        return next((e for e in self.entries() if isinstance(e, GameSummary)), None)

    def actions(self, game_id: str) -> tuple[str, ...]:
        rows = self.db.read("SELECT notation FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        moves = tuple(row[0] for row in rows)
        for number, text in enumerate(moves, 1):
            if isinstance(text, BadText):
                raise StoreError(
                    f"game {safe_repr(game_id)} in the store {self.path} is "
                    f"damaged (move {number} is not UTF-8 text)"
                )
        return moves

    def get(self, game_id: str) -> Record:
        """The whole record of a game (a consistent snapshot)."""
        with self.db.lock:
            try:
                self.db.connection.execute("BEGIN")
                try:
                    summary = self.summary(game_id)
                    actions = self.actions(summary.id)
                finally:
                    self.db.connection.execute("COMMIT")
            except sqlite3.Error as error:
                raise store_error(self.path, error) from None
        return Record(
            summary.game,
            summary.config,
            summary.seats,
            actions,
            summary.created,
            summary.updated,
            summary.finished,
            summary.result,
            summary.id,
        )

    def load_match(self, game_id: str) -> tuple[Any, dict[int, str]]:
        """(Match, {seat: bot level}) replayed from the seed; RecordError if the
        stored moves no longer replay (e.g. after a rules change)."""
        from tideboard.store.records import replay

        record = self.get(game_id)
        assert record.id is not None  # get() gives the stored id
        match = replay(record, f"game {record.id}")
        if not record.finished and match.game.is_over(match.state):
            # killed between the last move and finish(): finish it now
            try:
                self.finish(
                    record.id,
                    Result.of(match.game, match.state),
                    expected_count=len(record.actions),
                )
            except StoreError:
                pass  # read-only or busy: it still loads as over
        return match, record.bots

    def import_record(self, record: Record, match: Any = None) -> str:
        """Store a record read from a file as a NEW game; returns its id."""
        finished = record.finished
        result = record.result
        if match is not None and match.game.is_over(match.state):
            finished = True
            result = Result.of(match.game, match.state)
        return self.create(
            record.game,
            record.config,
            record.seats,
            record.actions,
            finished=finished,
            result=result,
            created=record.created,
            turn=turn_text(match, record.seats) if match is not None else None,
        )

    # -- the old autosave files -------------------------------------------
    def import_autosaves(self, folder: str | os.PathLike[str]) -> builtins.list[Any]:
        """Import the old ``autosave-*.json`` files in ``folder`` as games (see
        :func:`tideboard.store.autosaves.import_autosaves`)."""
        return import_autosaves(folder, self.db.read, self.db.write)
