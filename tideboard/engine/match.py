"""A game in progress: the set-up, the actions taken and every state since.

A match is what saves, replays, undo and the app's log rest on.  It is
immutable like the states it holds; ``play`` returns a new match.  A save is
only the game id, the configuration and the actions in notation, so a saved
game replays exactly from its seed.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

import attrs

from tideboard.engine.core import (GameConfig, IllegalAction, NotationError,
                                   TideboardError)
from tideboard.engine import registry

SAVE_FORMAT = "tideboard-save"
SAVE_VERSION = 1


class SaveError(TideboardError):
    """A save file that cannot be read back; the message says why."""


class _Step:
    """One state of a match and the move that led to it (a persistent list:
    every step points back to the one before, so play and undo share the
    history instead of copying it)."""

    __slots__ = ("state", "action", "line", "before", "size")

    def __init__(self, state: Any, action: Any, line: str, before: "_Step | None") -> None:
        self.state, self.action, self.line, self.before = state, action, line, before
        self.size = 1 if before is None else before.size + 1  # states up to this one


class History(Sequence):
    """A read-only sequence over a match's states, actions or log lines.

    Length and the last items (``[-1]``, ``[-2]``, ``[n:]`` for a recent n,
    ``reversed``) cost as many steps as they reach back; anything else walks
    the whole history once.  It compares equal to a tuple or list with the
    same items.
    """

    __slots__ = ("_tip", "_field", "_len")

    def __init__(self, tip: _Step, field: str) -> None:
        self._tip, self._field = tip, field
        self._len = tip.size if field == "state" else tip.size - 1

    def __len__(self) -> int:
        return self._len

    def _back(self, count: int) -> list[Any]:
        """The last ``count`` items, newest first."""
        out, step, field = [], self._tip, self._field
        for _ in range(count):
            out.append(getattr(step, field))
            step = step.before
        return out

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            start, stop, stride = index.indices(self._len)
            if stride != 1 or start >= stop:
                return tuple(self)[index]
            newest_first = self._back(self._len - start)
            return tuple(reversed(newest_first[self._len - stop:]))
        if not isinstance(index, int):
            raise TypeError(f"history indices must be integers, not {type(index).__name__}")
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        step = self._tip
        for _ in range(self._len - 1 - index):
            step = step.before
        return getattr(step, self._field)

    def __iter__(self) -> Iterator[Any]:
        return iter(reversed(self._back(self._len)))

    def __reversed__(self) -> Iterator[Any]:
        step, field = self._tip, self._field
        for _ in range(self._len):
            yield getattr(step, field)
            step = step.before

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (History, tuple, list)):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


class Match:
    """An immutable game in progress.  ``play`` and ``undo`` take O(1) time:
    matches share their history (see :class:`History`)."""

    __slots__ = ("game", "config", "_tip")

    def __init__(self, game: Any, config: GameConfig, states: Sequence[Any],
                 actions: Sequence[Any] = (), log: Sequence[str] = ()) -> None:
        if len(states) != len(actions) + 1 or len(log) not in (0, len(actions)):
            raise ValueError("a match has one state more than actions, and one log line "
                             "per action")
        lines = list(log) or [""] * len(actions)
        tip = _Step(states[0], None, "", None)
        for state, action, line in zip(list(states)[1:], actions, lines):
            tip = _Step(state, action, line, tip)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "_tip", tip)

    def __setattr__(self, name: str, value: Any) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    @classmethod
    def _at(cls, game: Any, config: GameConfig, tip: _Step) -> "Match":
        match = object.__new__(cls)
        object.__setattr__(match, "game", game)
        object.__setattr__(match, "config", config)
        object.__setattr__(match, "_tip", tip)
        return match

    @classmethod
    def start(cls, game: Any, config: GameConfig) -> "Match":
        game.info.check_config(config)
        return cls(game, config, (game.setup(config),))

    @property
    def state(self) -> Any:
        return self._tip.state

    @property
    def states(self) -> History:
        return History(self._tip, "state")

    @property
    def actions(self) -> History:
        return History(self._tip, "action")

    @property
    def log(self) -> History:
        return History(self._tip, "line")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self.config == other.config and self.states == other.states
                and self.actions == other.actions and self.log == other.log)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Match(config={self.config!r}, moves={len(self.actions)})"

    def play(self, action: Any) -> "Match":
        """Apply ``action``; IllegalAction leaves this match as it was."""
        before = self.state
        after = self.game.apply(before, action)
        line = self.game.describe(before, action, after)
        return Match._at(self.game, self.config, _Step(after, action, line, self._tip))

    def play_text(self, text: str) -> "Match":
        return self.play(self.game.parse_action(self.state, text))

    def undo(self, count: int = 1) -> "Match":
        count = min(count, self._tip.size - 1)
        if count <= 0:
            return self
        tip = self._tip
        for _ in range(count):
            tip = tip.before
        return Match._at(self.game, self.config, tip)

    # -- saves ------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.info.id,
            "config": attrs.asdict(self.config),
            "actions": [self.game.format_action(a) for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_save(), indent=1)

    @classmethod
    def from_save(cls, data: Any) -> "Match":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a tideboard save file")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {data.get('version')!r} is not supported "
                            f"(this tideboard reads version {SAVE_VERSION})")
        game = registry.load(str(data.get("game")))
        raw = data.get("config")
        try:
            config = GameConfig(players=int(raw["players"]), variant=str(raw["variant"]),
                                solo=bool(raw["solo"]), seed=int(raw["seed"]))
        except (TypeError, KeyError, ValueError):
            raise SaveError("the save's game settings are damaged") from None
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("the save's move list is damaged")
        match = cls.start(game, config)
        for number, text in enumerate(actions, 1):
            try:
                match = match.play_text(text)
            except (IllegalAction, NotationError) as error:
                raise SaveError(f"move {number} ({text!r}) does not replay: {error}") from None
        return match

    @classmethod
    def loads(cls, text: str) -> "Match":
        try:
            data = json.loads(text)
        except ValueError as error:
            raise SaveError(f"not a tideboard save file (bad JSON: {error})") from None
        return cls.from_save(data)
