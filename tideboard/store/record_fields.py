"""The fields of a record file, read strictly: each reader takes decoded JSON
and returns the value, or raises :class:`RecordError` saying which field is wrong
and why (``records.py`` puts the file's name in front).  The limits keep a
hostile file from costing much to reject."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

import attrs

from tideboard.engine.core import GameConfig, TideboardError
from tideboard.engine.plurals import plural

MAX_ACTIONS = 1_000_000
MAX_NOTATION = 200  # characters in one move
MAX_NAME = 40  # characters in a seat name
MAX_PLAYERS = 16
MAX_SEED = 2**256  # seeds are 0 <= seed < MAX_SEED
CONFIG_KEYS = {"players", "variant", "solo", "seed", "options"}  # options: optional
MAX_OPTIONS = 32
SEAT_KEYS = {"name", "bot"}
GAME_ID = re.compile(r"[a-z0-9]{1,16}\Z")
ASCII_DIGITS = re.compile(r"[0-9]{1,3}\Z")


class RecordError(TideboardError):
    """A record that cannot be used; the message names the file and why."""


@attrs.frozen
class Seat:
    name: str
    bot: str | None = None  # a bot level, or None for a person


@attrs.frozen
class Result:
    winners: tuple[int, ...]  # seats, 0-based as in the engine
    scores: tuple[int, ...]
    text: str

    @classmethod
    def of(cls, game: Any, state: Any) -> Result:
        return cls(tuple(game.winners(state)), tuple(game.scores(state)), game.result_text(state))

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": [seat + 1 for seat in self.winners],
            "scores": list(self.scores),
            "text": self.text,
        }


def only_keys(data: dict[str, Any], allowed: set[str], what: str) -> None:
    missing = sorted((allowed - {"id", "bots", "options"}) - data.keys())
    if missing:
        raise RecordError(f"{what} lacks {', '.join(missing)}")
    extra = sorted(str(k) for k in data.keys() - allowed)
    if extra:
        raise RecordError(f"{what} has unknown fields: {', '.join(quoted(k) for k in extra[:5])}")


def quoted(value: Any) -> str:
    """A short, safe rendering of a bad value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (ValueError, TypeError, RecursionError, OverflowError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def plain(text: str, limit: int) -> bool:
    return 0 < len(text) <= limit and text.isprintable()


def game_id(value: Any) -> str:
    from tideboard.engine import registry

    if not isinstance(value, str) or value not in registry.GAMES:
        raise RecordError(f"unknown game {quoted(value)}")
    if not registry.is_available(value):
        raise RecordError(f"{registry.GAMES[value].name} cannot be played by this tideboard")
    return value


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise RecordError(f'"{name}" must be a whole number, not {quoted(value)}')
    if not low <= value <= high:
        shown = f"{low}-{high}" if high < 10**12 else f"{low} or more, under 2**256"
        raise RecordError(f'"{name}" {quoted(value)} is out of range ({shown})')
    return value


def config_of(raw: Any) -> GameConfig:
    if not isinstance(raw, dict):
        raise RecordError('"config" must be an object')
    only_keys(raw, CONFIG_KEYS, '"config"')
    players = whole_number(raw["players"], "players", 1, MAX_PLAYERS)
    seed = whole_number(raw["seed"], "seed", 0, MAX_SEED - 1)
    variant = raw["variant"]
    if not isinstance(variant, str) or not plain(variant, 40):
        raise RecordError(f'"variant" {quoted(variant)} is not a variant name')
    solo = raw["solo"]
    if type(solo) is not bool:
        raise RecordError(f'"solo" must be true or false, not {quoted(solo)}')
    return GameConfig(
        players=players,
        variant=variant,
        solo=solo,
        seed=seed,
        options=options_of(raw.get("options", {})),
    )


def options_of(raw: Any) -> tuple[tuple[str, str], ...]:
    """The rules options: an object of short names and values (a record without
    them, written before options existed, has none); the game checks them."""
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise RecordError('"options" must be an object of option names and values')
    for name, value in raw.items():
        if not plain(name, 40) or not isinstance(value, str) or not plain(value, 40):
            raise RecordError(f"option {quoted(name)}: {quoted(value)} is not an option value")
    return tuple(raw.items())


def seats_of(raw: Any, players: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f'"seats" must list {plural(players, "seat")}')
    seats = []
    for number, seat in enumerate(raw, 1):
        if not isinstance(seat, dict):
            raise RecordError(f"seat {number} must be an object")
        only_keys(seat, SEAT_KEYS, f"seat {number}")
        name, bot = seat["name"], seat["bot"]
        if not isinstance(name, str) or not plain(name, MAX_NAME):
            raise RecordError(
                f"seat {number}'s name {quoted(name)} is not a name "
                f"(1-{MAX_NAME} printable characters)"
            )
        if bot is not None and not (isinstance(bot, str) and plain(bot, 40)):
            raise RecordError(f"seat {number}'s bot {quoted(bot)} is not a bot level")
        seats.append(Seat(name, bot))
    return tuple(seats)


def actions_of(raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise RecordError('"actions" must be a list of moves')
    if len(raw) > MAX_ACTIONS:
        raise RecordError(f"more than {MAX_ACTIONS:,} moves")
    for number, text in enumerate(raw, 1):
        if not isinstance(text, str) or not plain(text, MAX_NOTATION):
            raise RecordError(f"move {number} {quoted(text)} is not a move in notation")
    return tuple(raw)


def result_of(raw: Any, players: int) -> Result | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RecordError('"result" must be an object or null')
    only_keys(raw, {"winners", "scores", "text"}, '"result"')
    winners, scores, text = raw["winners"], raw["scores"], raw["text"]
    if not isinstance(winners, list) or len(winners) > players:
        raise RecordError('"result"."winners" must list seats')
    seats = tuple(whole_number(w, "winners", 1, players) - 1 for w in winners)
    if not isinstance(scores, list) or len(scores) != players:
        raise RecordError(f'"result"."scores" must list {plural(players, "score")}')
    points = tuple(whole_number(s, "scores", -(10**9), 10**9) for s in scores)
    if not isinstance(text, str) or len(text) > 500:
        raise RecordError('"result"."text" must be a line of text')
    return Result(seats, points, text)


def time_of(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise RecordError(f'"{name}" must be a date and time')
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f'"{name}" {quoted(value)} is not a date and time') from None
    return value
