"""Record files: a game as versioned JSON, written by ``tideboard export`` and
read by ``resume``/``replay`` and the autosave import.

Reading is strict: anything that is not exactly a record this version of
tideboard understands raises :class:`RecordError` naming the file and the
problem, and nothing is half-loaded.  Version 1 (the app's old
``autosave-GAME.json``) is upgraded on reading.  docs/saves.md documents the
format.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import attrs

from tideboard.engine.core import GameConfig, TideboardError, seat_label
from tideboard.engine.plurals import plural
from tideboard.files.paths import write_atomic  # noqa: F401  (re-exported)

FORMAT = "tideboard-record"
VERSION = 3  # 3: as 2; a version 1-2 record of a game below has the first ruleset
OLD_FORMAT = "tideboard-save"  # version 1: the app's autosave files
# Games whose rules changed with record version 3 (issue #20): their "ruleset"
# option is "1" for a game recorded before, so an old record replays as it was
# played (the store's migration 4 -> 5 does the same for stored games).
RULESET_1_GAMES = ("mermaid-rain", "animal-splash")

MAX_FILE_BYTES = 32 * 1024 * 1024  # 100,000 moves are about 1.5 MB
MAX_ACTIONS = 1_000_000
MAX_NOTATION = 200  # characters in one move
MAX_NAME = 40  # characters in a seat name
MAX_PLAYERS = 16
MAX_SEED = 2**256  # seeds are 0 <= seed < MAX_SEED

_KEYS_V2 = {
    "format",
    "version",
    "id",
    "game",
    "config",
    "seats",
    "actions",
    "created",
    "updated",
    "finished",
    "result",
}
_KEYS_V1 = {"format", "version", "game", "config", "actions", "bots"}
_CONFIG_KEYS = {"players", "variant", "solo", "seed", "options"}  # options: optional
MAX_OPTIONS = 32
_SEAT_KEYS = {"name", "bot"}
_ID = re.compile(r"[a-z0-9]{1,16}\Z")
_ASCII_DIGITS = re.compile(r"[0-9]{1,3}\Z")


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


@attrs.frozen
class Record:
    game: str
    config: GameConfig
    seats: tuple[Seat, ...]
    actions: tuple[str, ...] = ()
    created: str | None = None
    updated: str | None = None
    finished: bool = False
    result: Result | None = None
    id: str | None = None  # the store id it was exported from (informative)
    # A record whose moves end the game but that is not marked finished (a kill
    # between the last move and the end) loads as a finished game.

    @property
    def bots(self) -> dict[int, str]:
        """{0-based seat: bot level} as the app takes it."""
        return {seat: s.bot for seat, s in enumerate(self.seats) if s.bot is not None}


def seed_is_secret(finished: bool) -> bool:
    """Whether a game's seed must not be shown: while it is unfinished.  The
    seed and the moves give the whole state, the generator included, so they
    tell every hidden card and everything still to be drawn or rolled; every
    game here draws or rolls after its setup (``GameInfo.hidden_information``
    is about hot-seat hands only: Animal Splash's refills and Moonlighter's
    dice are unseen randomness too)."""
    return not finished


def default_seats(players: int, bots: dict[int, str] | None = None) -> tuple[Seat, ...]:
    bots = bots or {}
    return tuple(Seat(seat_label(seat), bots.get(seat)) for seat in range(players))


# -- writing -----------------------------------------------------------------
def to_json(record: Record) -> dict[str, Any]:
    config = record.config
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": record.id,
        "game": record.game,
        "config": _config_json(config),
        "seats": [{"name": s.name, "bot": s.bot} for s in record.seats],
        "actions": list(record.actions),
        "created": record.created,
        "updated": record.updated,
        "finished": record.finished,
        "result": record.result.to_json() if record.result else None,
    }


def _config_json(config: GameConfig) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": config.players,
        "variant": config.variant,
        "solo": config.solo,
        "seed": config.seed,
    }
    if config.options:  # (records of games without options look as they always did)
        data["options"] = config.option_dict
    return data


def dumps(record: Record) -> str:
    return json.dumps(to_json(record), indent=1, ensure_ascii=False) + "\n"


# -- reading -----------------------------------------------------------------
def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``max_bytes``; RecordError otherwise.
    A FIFO, a device or a folder is refused before it is opened, so nothing hangs."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{name}: not a regular file")
        # O_NONBLOCK: if the file was swapped for a FIFO since, open does not wait
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RecordError(f"cannot read {name}: {error.strerror or error}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError(f"{name}: not a regular file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise RecordError(f"cannot read {name}: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise RecordError(f"{name}: too large for a record (over {max_bytes:,} bytes)")
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{name}: not a UTF-8 text file") from None


def loads(text: str, source: str = "the record") -> Record:
    """Parse and validate a record (version 1, 2 or 3); RecordError naming ``source``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecordError:
        raise RecordError(f"{source}: not valid JSON (it holds NaN or Infinity)") from None
    except (ValueError, RecursionError, MemoryError, OverflowError) as error:
        reason = error if isinstance(error, ValueError) else "nested too deeply or too large"
        raise RecordError(f"{source}: not a tideboard record (bad JSON: {reason})") from None
    return parse(data, source)


def _no_constant(name: str) -> Any:
    raise RecordError(name)


def parse(data: Any, source: str = "the record") -> Record:
    """Validate decoded JSON (version 1, 2 or 3) into a :class:`Record`."""
    try:
        return _parse(data)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
    except (RecursionError, MemoryError, OverflowError, ValueError, TypeError):
        raise RecordError(f"{source}: the record is damaged") from None


def _parse(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("not a tideboard record (not a JSON object)")
    fmt, version = data.get("format"), data.get("version")
    if fmt == OLD_FORMAT:
        if type(version) is not int or version != 1:
            raise RecordError(
                f"save version {_show(version)} is not supported "
                f"(this tideboard reads version 1 saves)"
            )
        return _parse_v1(data)
    if fmt != FORMAT:
        raise RecordError('not a tideboard record (no "format": "tideboard-record")')
    if type(version) is not int:
        raise RecordError("the record has no version number")
    if version > VERSION:
        raise RecordError(
            f"record version {version} was written by a newer tideboard; "
            f"this one reads versions 1-{VERSION}: update tideboard"
        )
    if version not in (2, VERSION):
        raise RecordError(f"record version {version} is not supported")
    _only_keys(data, _KEYS_V2, "the record")
    game = _game_id(data.get("game"))
    config = _config(data.get("config"))
    if version < 3:
        config = first_ruleset(game, config)
    seats = _seats(data.get("seats"), config.players)
    actions = _actions(data.get("actions"))
    finished = data.get("finished")
    if type(finished) is not bool:
        raise RecordError('"finished" must be true or false')
    result = _result(data.get("result"), config.players)
    if finished and result is None:
        raise RecordError("a finished game's record has no result")
    if not finished and result is not None:
        raise RecordError("an unfinished game's record has a result")
    record_id = data.get("id")
    if record_id is not None and not (isinstance(record_id, str) and _ID.match(record_id)):
        raise RecordError('"id" is not a game id')
    return Record(
        game,
        config,
        seats,
        actions,
        _time(data.get("created"), "created"),
        _time(data.get("updated"), "updated"),
        finished,
        result,
        record_id,
    )


def _parse_v1(data: dict[str, Any]) -> Record:
    """Upgrade a version-1 autosave: seats are named "Player N", bot seats come
    from ``bots`` ({"2": "greedy"}), no times, never finished (the app deleted
    the autosave of a finished game)."""
    _only_keys(data, _KEYS_V1, "the save")
    game = _game_id(data.get("game"))
    config = first_ruleset(game, _config(data.get("config")))
    actions = _actions(data.get("actions"))
    raw = data.get("bots", {})
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError('"bots" must map seat numbers to bot levels')
    bots: dict[int, str] = {}
    for key, level in raw.items():
        if not _ASCII_DIGITS.match(key) or not 1 <= int(key) <= config.players:
            raise RecordError(f'"bots" names seat {_show(key)}; seats are 1-{config.players}')
        if not isinstance(level, str) or not _plain(level, 40):
            raise RecordError(f'"bots" seat {key}: {_show(level)} is not a bot level')
        bots[int(key) - 1] = level
    return Record(game, config, default_seats(config.players, bots), actions)


def first_ruleset(game: str, config: GameConfig) -> GameConfig:
    """``config`` of a game recorded before record version 3: the games whose rules
    changed then keep the ruleset they were played with (unless it is named)."""
    if game not in RULESET_1_GAMES or "ruleset" in config.option_dict:
        return config
    return config.evolve(options=(*config.options, ("ruleset", "1")))


def _only_keys(data: dict[str, Any], allowed: set[str], what: str) -> None:
    missing = sorted((allowed - {"id", "bots", "options"}) - data.keys())
    if missing:
        raise RecordError(f"{what} lacks {', '.join(missing)}")
    extra = sorted(str(k) for k in data.keys() - allowed)
    if extra:
        raise RecordError(f"{what} has unknown fields: {', '.join(_show(k) for k in extra[:5])}")


def _show(value: Any) -> str:
    """A short, safe rendering of a bad value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (ValueError, TypeError, RecursionError, OverflowError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(text: str, limit: int) -> bool:
    return 0 < len(text) <= limit and text.isprintable()


def _game_id(value: Any) -> str:
    from tideboard.engine import registry

    if not isinstance(value, str) or value not in registry.GAMES:
        raise RecordError(f"unknown game {_show(value)}")
    if not registry.is_available(value):
        raise RecordError(f"{registry.GAMES[value].name} cannot be played by this tideboard")
    return value


def _int(value: Any, name: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise RecordError(f'"{name}" must be a whole number, not {_show(value)}')
    if not low <= value <= high:
        shown = f"{low}-{high}" if high < 10**12 else f"{low} or more, under 2**256"
        raise RecordError(f'"{name}" {_show(value)} is out of range ({shown})')
    return value


def _config(raw: Any) -> GameConfig:
    if not isinstance(raw, dict):
        raise RecordError('"config" must be an object')
    _only_keys(raw, _CONFIG_KEYS, '"config"')
    players = _int(raw["players"], "players", 1, MAX_PLAYERS)
    seed = _int(raw["seed"], "seed", 0, MAX_SEED - 1)
    variant = raw["variant"]
    if not isinstance(variant, str) or not _plain(variant, 40):
        raise RecordError(f'"variant" {_show(variant)} is not a variant name')
    solo = raw["solo"]
    if type(solo) is not bool:
        raise RecordError(f'"solo" must be true or false, not {_show(solo)}')
    return GameConfig(
        players=players,
        variant=variant,
        solo=solo,
        seed=seed,
        options=_options(raw.get("options", {})),
    )


def _options(raw: Any) -> tuple[tuple[str, str], ...]:
    """The rules options: an object of short names and values (a record without
    them, written before options existed, has none); the game checks them."""
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise RecordError('"options" must be an object of option names and values')
    for name, value in raw.items():
        if not _plain(name, 40) or not isinstance(value, str) or not _plain(value, 40):
            raise RecordError(f"option {_show(name)}: {_show(value)} is not an option value")
    return tuple(raw.items())


def _seats(raw: Any, players: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f'"seats" must list {plural(players, "seat")}')
    seats = []
    for number, seat in enumerate(raw, 1):
        if not isinstance(seat, dict):
            raise RecordError(f"seat {number} must be an object")
        _only_keys(seat, _SEAT_KEYS, f"seat {number}")
        name, bot = seat["name"], seat["bot"]
        if not isinstance(name, str) or not _plain(name, MAX_NAME):
            raise RecordError(
                f"seat {number}'s name {_show(name)} is not a name "
                f"(1-{MAX_NAME} printable characters)"
            )
        if bot is not None and not (isinstance(bot, str) and _plain(bot, 40)):
            raise RecordError(f"seat {number}'s bot {_show(bot)} is not a bot level")
        seats.append(Seat(name, bot))
    return tuple(seats)


def _actions(raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise RecordError('"actions" must be a list of moves')
    if len(raw) > MAX_ACTIONS:
        raise RecordError(f"more than {MAX_ACTIONS:,} moves")
    for number, text in enumerate(raw, 1):
        if not isinstance(text, str) or not _plain(text, MAX_NOTATION):
            raise RecordError(f"move {number} {_show(text)} is not a move in notation")
    return tuple(raw)


def _result(raw: Any, players: int) -> Result | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RecordError('"result" must be an object or null')
    _only_keys(raw, {"winners", "scores", "text"}, '"result"')
    winners, scores, text = raw["winners"], raw["scores"], raw["text"]
    if not isinstance(winners, list) or len(winners) > players:
        raise RecordError('"result"."winners" must list seats')
    seats = tuple(_int(w, "winners", 1, players) - 1 for w in winners)
    if not isinstance(scores, list) or len(scores) != players:
        raise RecordError(f'"result"."scores" must list {plural(players, "score")}')
    points = tuple(_int(s, "scores", -(10**9), 10**9) for s in scores)
    if not isinstance(text, str) or len(text) > 500:
        raise RecordError('"result"."text" must be a line of text')
    return Result(seats, points, text)


def _time(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise RecordError(f'"{name}" must be a date and time')
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f'"{name}" {_show(value)} is not a date and time') from None
    return value


# -- replaying ---------------------------------------------------------------
def replay(record: Record, source: str = "the record") -> Any:
    """The record's game replayed from its seed: a
    :class:`tideboard.engine.match.Match`.  RecordError if a bot level, the
    settings or any move does not fit the game, or if the game's rules fail on
    it (whatever they raise), so a broken record never half-loads."""
    from tideboard.engine import registry
    from tideboard.engine.core import IllegalAction, NotationError
    from tideboard.engine.match import Match

    try:
        game = registry.load(record.game)
        levels = game.bot_factories()
        for number, seat in enumerate(record.seats, 1):
            if seat.bot is not None and seat.bot not in levels:
                raise RecordError(
                    f"seat {number}'s bot level {_show(seat.bot)} is unknown; "
                    f"{game.info.name} has: {', '.join(levels)}"
                )
        try:
            match = Match.start(game, record.config)
        except TideboardError as error:
            raise RecordError(f"the game settings do not fit: {error}") from None
        for number, text in enumerate(record.actions, 1):
            if game.is_over(match.state):
                raise RecordError(f"move {number} ({text!r}) comes after the game ended")
            try:
                match = match.play_text(text)
            except (IllegalAction, NotationError) as error:
                raise RecordError(f"move {number} ({text!r}) does not replay: {error}") from None
            except RecordError:
                raise
            except Exception as error:  # a rules bug must not become a traceback
                raise RecordError(
                    f"move {number} ({text!r}) does not replay ({type(error).__name__})"
                ) from None
        over = game.is_over(match.state)
        if record.finished and not over:
            raise RecordError("the record says the game is finished, but its moves do not end it")
        return match
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
    except TideboardError as error:
        raise RecordError(f"{source}: {error}") from None
    except RecursionError:
        raise RecordError(f"{source}: the record does not replay") from None
    except MemoryError:
        raise RecordError(f"{source}: the record is too large to replay") from None
    except Exception as error:
        raise RecordError(
            f"{source}: the record does not replay ({type(error).__name__})"
        ) from None


def read(path: str | os.PathLike[str], expected_game: str | None = None) -> tuple[Record, Any]:
    """Read, validate and replay a record file: (record, match).  With
    ``expected_game``, a file holding another game is refused."""
    name = os.fspath(path)
    record = loads(read_text(name), name)
    if expected_game is not None and record.game != expected_game:
        raise RecordError(f"{name}: holds a {record.game} game, not {expected_game}")
    return record, replay(record, name)


def turn_text(match: Any, seats: Sequence[Seat] = ()) -> str | None:
    """Who is to move, for listings ("Ann to move"); None once the game is over."""
    game = match.game
    if game.is_over(match.state):
        return None
    if match.config.solo:
        return "your turn"
    names = [seats[s].name if s < len(seats) else seat_label(s) for s in game.to_move(match.state)]
    return f"{' and '.join(names)} to move" if names else None
