"""How a game is kept in the store's tables: a new game's rows, the columns of the
``games`` table and a row read back as a :class:`GameSummary`, the timestamps.
``games.py`` (the :class:`Store`) and ``autosaves.py`` both write and read through them."""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import attrs

from tideboard.engine.core import GameConfig
from tideboard.store.db import BadText
from tideboard.store.records import Result, Seat

# the games table's columns, in the order decode_row reads them
COLUMNS = (
    "id, game, players, variant, solo, seed, seats, moves, created, updated, "
    "finished, result, turn, options"
)

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to type
ID_LENGTH = 6


@attrs.frozen
class GameSummary:
    """A game as ``tideboard games`` and the picker's Continue list show it."""

    id: str
    game: str
    config: GameConfig
    seats: tuple[Seat, ...]
    moves: int
    created: str
    updated: str
    finished: bool
    result: Result | None
    turn: str | None = None  # e.g. "Ann to move"; None when over or unknown

    @property
    def bots(self) -> dict[int, str]:
        return {seat: s.bot for seat, s in enumerate(self.seats) if s.bot is not None}


@attrs.frozen
class DamagedGame:
    """A game whose row in the store cannot be read (listed, never loaded)."""

    id: str
    game: str
    updated: str
    error: str
    finished: bool = False


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def insert_game(
    db: sqlite3.Connection,
    game_id: str,
    config: GameConfig,
    seats: Sequence[Seat],
    actions: Sequence[str],
    finished: bool,
    result: Result | None,
    created: str | None,
    turn: str | None = None,
) -> str:
    """Insert a new game inside an open write transaction; its new id."""
    while True:
        new_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
        if not db.execute("SELECT 1 FROM games WHERE id = ?", (new_id,)).fetchone():
            break
    stamp = now()
    db.execute(
        "INSERT INTO games (id, game, players, variant, solo, seed, seats, moves,"
        " created, updated, finished, result, turn, options)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            new_id,
            game_id,
            config.players,
            config.variant,
            int(config.solo),
            str(config.seed),
            json.dumps([{"name": s.name, "bot": s.bot} for s in seats]),
            len(actions),
            created or stamp,
            stamp,
            int(finished),
            json.dumps(result.to_json()) if result else None,
            turn,
            json.dumps(config.option_dict),
        ),
    )
    db.executemany(
        "INSERT INTO actions (game_id, n, notation) VALUES (?,?,?)",
        ((new_id, n, text) for n, text in enumerate(actions)),
    )
    return new_id


def decode_row(row: Sequence[Any]) -> GameSummary:
    if any(isinstance(value, BadText) for value in row):
        raise ValueError("text that is not UTF-8")
    (
        gid,
        game,
        players,
        variant,
        solo,
        seed,
        seats,
        moves,
        created,
        updated,
        finished,
        result,
        turn,
        options,
    ) = row
    seat_rows = json.loads(seats)
    res = None
    if result:
        raw = json.loads(result)
        res = Result(tuple(w - 1 for w in raw["winners"]), tuple(raw["scores"]), raw["text"])
    return GameSummary(
        gid,
        game,
        GameConfig(
            players=players,
            variant=variant,
            solo=bool(solo),
            seed=int(seed),
            options=_decode_options(options),
        ),
        tuple(Seat(s["name"], s["bot"]) for s in seat_rows),
        moves,
        created,
        updated,
        bool(finished),
        res,
        turn,
    )


def _decode_options(text: Any) -> tuple[tuple[str, str], ...]:
    raw = json.loads(text or "{}")
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise ValueError("options")
    return tuple(raw.items())
