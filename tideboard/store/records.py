"""Record files: a game as versioned JSON, written by ``tideboard export`` and
read by ``resume``/``replay`` and the autosave import.

Reading is strict: anything that is not exactly a record this version of
tideboard understands raises :class:`RecordError` naming the file and the
problem, and nothing is half-loaded.  Version 1 (the app's old
``autosave-GAME.json``) is upgraded on reading; each field is read by
``record_fields.py``.  docs/saves.md documents the format.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from typing import Any

import attrs

from tideboard.engine.core import GameConfig, TideboardError, seat_label
from tideboard.files.paths import write_atomic  # noqa: F401  (re-exported)
from tideboard.store.record_fields import (
    ASCII_DIGITS,
    GAME_ID,
    RecordError,
    Result,
    Seat,
    actions_of,
    config_of,
    game_id,
    only_keys,
    plain,
    quoted,
    result_of,
    seats_of,
    time_of,
)

FORMAT = "tideboard-record"
VERSION = 3  # 3: as 2; a version 1-2 record of a game below has the first ruleset
OLD_FORMAT = "tideboard-save"  # version 1: the app's autosave files
# Games whose rules changed with record version 3 (issue #20): their "ruleset"
# option is "1" for a game recorded before, so an old record replays as it was
# played (the store's migration 4 -> 5 does the same for stored games).
RULESET_1_GAMES = ("mermaid-rain", "animal-splash")

MAX_FILE_BYTES = 32 * 1024 * 1024  # 100,000 moves are about 1.5 MB

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
                f"save version {quoted(version)} is not supported "
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
    only_keys(data, _KEYS_V2, "the record")
    game = game_id(data.get("game"))
    config = config_of(data.get("config"))
    if version < 3:
        config = first_ruleset(game, config)
    seats = seats_of(data.get("seats"), config.players)
    actions = actions_of(data.get("actions"))
    finished = data.get("finished")
    if type(finished) is not bool:
        raise RecordError('"finished" must be true or false')
    result = result_of(data.get("result"), config.players)
    if finished and result is None:
        raise RecordError("a finished game's record has no result")
    if not finished and result is not None:
        raise RecordError("an unfinished game's record has a result")
    record_id = data.get("id")
    if record_id is not None and not (isinstance(record_id, str) and GAME_ID.match(record_id)):
        raise RecordError('"id" is not a game id')
    return Record(
        game,
        config,
        seats,
        actions,
        time_of(data.get("created"), "created"),
        time_of(data.get("updated"), "updated"),
        finished,
        result,
        record_id,
    )


def _parse_v1(data: dict[str, Any]) -> Record:
    """Upgrade a version-1 autosave: seats are named "Player N", bot seats come
    from ``bots`` ({"2": "greedy"}), no times, never finished (the app deleted
    the autosave of a finished game)."""
    only_keys(data, _KEYS_V1, "the save")
    game = game_id(data.get("game"))
    config = first_ruleset(game, config_of(data.get("config")))
    actions = actions_of(data.get("actions"))
    raw = data.get("bots", {})
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError('"bots" must map seat numbers to bot levels')
    bots: dict[int, str] = {}
    for key, level in raw.items():
        if not ASCII_DIGITS.match(key) or not 1 <= int(key) <= config.players:
            raise RecordError(f'"bots" names seat {quoted(key)}; seats are 1-{config.players}')
        if not isinstance(level, str) or not plain(level, 40):
            raise RecordError(f'"bots" seat {key}: {quoted(level)} is not a bot level')
        bots[int(key) - 1] = level
    return Record(game, config, default_seats(config.players, bots), actions)


def first_ruleset(game: str, config: GameConfig) -> GameConfig:
    """``config`` of a game recorded before record version 3: the games whose rules
    changed then keep the ruleset they were played with (unless it is named)."""
    if game not in RULESET_1_GAMES or "ruleset" in config.option_dict:
        return config
    return config.evolve(options=(*config.options, ("ruleset", "1")))


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
                    f"seat {number}'s bot level {quoted(seat.bot)} is unknown; "
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
