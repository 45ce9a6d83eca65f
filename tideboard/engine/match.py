"""A game in progress: the set-up, the actions taken and every state since.

A match is what saves, replays, undo and the app's log rest on.  It is
immutable like the states it holds; ``play`` returns a new match.  A save is
only the game id, the configuration and the actions in notation, so a saved
game replays exactly from its seed.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from tideboard.engine.core import (GameConfig, IllegalAction, NotationError,
                                   TideboardError)
from tideboard.engine import registry

SAVE_FORMAT = "tideboard-save"
SAVE_VERSION = 1


class SaveError(TideboardError):
    """A save file that cannot be read back; the message says why."""


@attrs.frozen
class Match:
    game: Any = attrs.field(eq=False, repr=False)
    config: GameConfig
    states: tuple[Any, ...]
    actions: tuple[Any, ...] = ()
    log: tuple[str, ...] = ()

    @classmethod
    def start(cls, game: Any, config: GameConfig) -> "Match":
        game.info.check_config(config)
        return cls(game, config, (game.setup(config),))

    @property
    def state(self) -> Any:
        return self.states[-1]

    def play(self, action: Any) -> "Match":
        """Apply ``action``; IllegalAction leaves this match as it was."""
        before = self.state
        after = self.game.apply(before, action)
        line = self.game.describe(before, action, after)
        return attrs.evolve(self, states=self.states + (after,),
                            actions=self.actions + (action,),
                            log=self.log + (line,))

    def play_text(self, text: str) -> "Match":
        return self.play(self.game.parse_action(self.state, text))

    def undo(self, count: int = 1) -> "Match":
        count = min(count, len(self.actions))
        if count == 0:
            return self
        return attrs.evolve(self, states=self.states[:-count],
                            actions=self.actions[:-count], log=self.log[:-count])

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
