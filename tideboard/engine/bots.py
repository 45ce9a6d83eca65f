"""Computer players.

A bot sees only what its seat may see (the game's ``view``) plus the legal
actions, and picks one.  Bots hold their own generator so that a seeded
simulation is repeatable; they never touch the game's generator.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence


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


class ScoredBot:
    """One-ply search: apply each legal action to the view, keep the best.

    ``evaluate(game, state, seat)`` rates a position for ``seat``.  Ties are
    broken at random so that bot games vary with the seed.
    """

    level = "greedy"

    def __init__(self, evaluate: Callable[[Any, Any, int], float],
                 seed: int | None = None) -> None:
        self.evaluate = evaluate
        self.random = random.Random(seed)

    def choose(self, game: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            value = self.evaluate(game, game.apply(view, action), seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.random.choice(best)


def make_bot(game: Any, level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``game``; ValueError naming the levels if unknown."""
    factories: dict[str, Callable[[int | None], Bot]] = game.bot_factories()
    try:
        return factories[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from: "
                         f"{', '.join(factories)}") from None
