"""Computer players.

A bot sees only what its seat may see (the game's ``view``) plus the legal
actions, and picks one.  Bots hold their own generator so that a seeded
simulation is repeatable; they never touch the game's generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # (the search needs attrs, which the picker's first frame does without)
    from tideboard.engine.search import Budget, ExpertBot, Spec


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


class EasyBot:
    """The ``easy`` level: a game's greedy bot that now and then slips, as a
    beginner does.  Most moves are greedy's; with chance ``slip`` it plays greedy's
    second choice instead (what greedy picks once its first is ruled out): a
    plausible lesser move by greedy's own judgement, never a random one.  Where
    greedy finds nothing among the rest (it looks for a move of a kind it
    no longer has), it plays its first choice after all."""

    level = "easy"

    def __init__(self, greedy: Any, slip: float, seed: int | None = None) -> None:
        self.random = random.Random(seed)
        self.greedy = greedy
        self.greedy.random = self.random  # one generator: a seeded game repeats
        self.slip = slip

    def choose(self, game: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        legal = list(legal)
        first = self.greedy.choose(game, view, seat, legal)
        if len(legal) < 2 or self.random.random() >= self.slip:
            return first
        rest = [action for action in legal if action != first]
        try:
            second = self.greedy.choose(game, view, seat, rest)
        except (StopIteration, ValueError, IndexError, KeyError):
            return first  # (greedy wants a move of a kind only its first choice was)
        return second if second in rest else first


def easy_factory(greedy: Callable[..., Any], slip: float = 0.3) -> Callable[..., EasyBot]:
    """The ``easy`` level's factory for a game whose greedy bot ``greedy(seed)`` makes:
    greedy's move, or with chance ``slip`` its second choice (:class:`EasyBot`)."""

    def easy(seed: int | None = None) -> EasyBot:
        return EasyBot(greedy(seed), slip, seed)

    return easy


# The level a seat gets when nobody says (``tideboard play``, the picker).
DEFAULT_LEVEL = "greedy"


# The levels as players see them (the picker, the SSH new-table dialog, "Player 2
# (medium)"); scripts, saves and ``--bot`` keep the levels' own names.
LEVEL_NAMES = {"random": "random", "easy": "easy", "greedy": "medium", "expert": "expert"}


def level_name(level: str) -> str:
    """What a player sees for ``level``: "medium" for ``greedy``."""
    return LEVEL_NAMES.get(level, level)


def level_of(name: str) -> str:
    """The level a player's ``name`` for it stands for: ``greedy`` for "medium"."""
    return next((level for level, shown in LEVEL_NAMES.items() if shown == name), name)


def default_level(levels: Sequence[str]) -> str:
    """The level of a bot nobody chose: :data:`DEFAULT_LEVEL`, or the game's first."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]


def default_bots(game: Any, players: int) -> dict[int, str]:
    """The table a lone player expects: seat 1 (index 0) theirs, every other seat
    a bot of :data:`DEFAULT_LEVEL` (none if the game has no such bot)."""
    if DEFAULT_LEVEL not in game.bot_factories():
        return {}
    return {seat: DEFAULT_LEVEL for seat in range(1, players)}


# How long an ``expert`` thinks when its maker does not say (``play --think`` sets it).
_default_budget: Budget | None = None  # None: Budget(), one second a move


def set_default_budget(budget: Budget | None) -> None:
    """The budget of every ``expert`` bot made from now on without one of its own."""
    global _default_budget
    _default_budget = budget


def default_budget() -> Budget:
    from tideboard.engine.search import Budget

    return _default_budget or Budget()


def expert_factory(spec: Spec) -> Callable[..., ExpertBot]:
    """The ``expert`` level's factory for a game searched as ``spec`` says:
    ``factory(seed, budget=None)`` (None: :func:`default_budget`)."""

    def expert(seed: int | None = None, budget: Budget | None = None) -> ExpertBot:
        from tideboard.engine.search import ExpertBot

        chosen = budget or default_budget()
        return ExpertBot(seed, spec=spec, think=chosen.think, iterations=chosen.iterations)

    return expert


def bot_levels(greedy: Callable[..., Any], spec: Spec, slip: float) -> dict[str, Any]:
    """A game's ``bot_factories()``: every level, from its ``greedy`` bot class, its
    expert's search ``spec`` and how often its ``easy`` bot slips (``slip``)."""
    return {
        "random": RandomBot,
        "easy": easy_factory(greedy, slip),
        "greedy": greedy,
        "expert": expert_factory(spec),
    }


def make_bot(game: Any, level: str, seed: int | None = None, budget: Budget | None = None) -> Bot:
    """A bot of ``level`` for ``game``; ValueError naming the levels if unknown.
    ``budget`` is how long an ``expert`` thinks (other levels do not think)."""
    factories: dict[str, Callable[..., Bot]] = game.bot_factories()
    try:
        factory = factories[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}; choose from: {', '.join(factories)}"
        ) from None
    if level == "expert" and budget is not None:
        return factory(seed, budget=budget)
    return factory(seed)
