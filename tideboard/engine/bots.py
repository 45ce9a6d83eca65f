"""Computer players.

A bot sees only what its seat may see (the game's ``view``) plus the legal
actions, and picks one.  Bots hold their own generator so that a seeded
simulation is repeatable; they never touch the game's generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    level: str

    def choose(self, game: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        """One of ``legal`` for ``seat``, given that seat's ``view``."""


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        return self.random.choice(list(legal))


# The level a seat gets when nobody says (``tideboard play``, the picker).
DEFAULT_LEVEL = "greedy"


def default_level(levels: Sequence[str]) -> str:
    """The level of a bot nobody chose: :data:`DEFAULT_LEVEL`, or the game's first."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]


def default_bots(game: Any, players: int) -> dict[int, str]:
    """The table a lone player expects: seat 1 (index 0) theirs, every other seat
    a bot of :data:`DEFAULT_LEVEL` (none if the game has no such bot)."""
    if DEFAULT_LEVEL not in game.bot_factories():
        return {}
    return {seat: DEFAULT_LEVEL for seat in range(1, players)}


def make_bot(game: Any, level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``game``; ValueError naming the levels if unknown."""
    factories: dict[str, Callable[[int | None], Bot]] = game.bot_factories()
    try:
        return factories[level](seed)
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}; choose from: {', '.join(factories)}"
        ) from None
