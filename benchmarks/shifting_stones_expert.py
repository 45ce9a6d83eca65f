"""Shifting Stones' expert, paired: versions of it played on the same games (issue #21).

    python benchmarks/shifting_stones_expert.py [--players 2] [--games N] [--seed S]
        [--start K] [--think-iterations N] [--save FILE] [--against FILE ...]
        [--variants current greedy scale=8 ...]

``expert_variants.py shifting-stones`` (the games, the variants and what is printed:
``paired.py``) with this game's own variants (``VARIANTS``) and the seat's points by
source: its card points, the cards it scored, its 1-point cards and the bonus it got
(3, or 0), the game's turns (all seats together), and from the seat's own turns
(``Recorder``): its turns, those it skipped, those that scored nothing without a
skip (``idle``), the stones it moved, and the points the other seat scored on its
next turn with cards the grid left showed before it moved (``gifts``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import paired

from tideboard.engine.search import Spec
from tideboard.games.shifting_stones import bots, duel, scoring
from tideboard.games.shifting_stones.content import CARD_BY_ID, ONE_POINT_BONUS
from tideboard.games.shifting_stones.state import Flip, Score, Shift, Skip

# Each variant: the expert's Spec as it would be.
VARIANTS: dict[str, Callable[[], Spec | None]] = {}


class Recorder:
    """The seat's bot, its own turns counted from its views (two players)."""

    last: Recorder | None = None  # the game's (games are played one at a time)

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.counts = dict.fromkeys(("own", "skips", "idle", "moved", "gifts"), 0)
        self.turn = 0  # the turn number of the seat's turn under way
        self.scored = False
        self.left: list[int] = []  # the grid as the seat left it
        self.theirs: tuple[int, ...] = ()  # the other seat's scored cards then
        Recorder.last = self

    def choose(self, game: Any, view: Any, seat: int, legal: Any) -> Any:
        if view.turn != self.turn:
            self._turn_begins(view, seat)
        action = self.bot.choose(game, view, seat, legal)
        if isinstance(action, Skip):
            self.counts["skips"] += 1
            self.scored = True  # (not idle)
        elif isinstance(action, Score):
            self.scored = True
        if isinstance(action, Shift):
            self.left[action.a], self.left[action.b] = self.left[action.b], self.left[action.a]
            self.counts["moved"] += 1
        elif isinstance(action, Flip):
            self.left[action.cell] ^= 1
            self.counts["moved"] += 1
        return action

    def _turn_begins(self, view: Any, seat: int) -> None:
        other = view.scored[1 - seat]
        new = other[len(self.theirs) :]
        if self.turn:
            self.counts["idle"] += not self.scored
            left = tuple(self.left)
            self.counts["gifts"] += sum(
                CARD_BY_ID[c].points for c in new if CARD_BY_ID[c].matches(left)
            )
        self.turn = view.turn
        self.counts["own"] += 1
        self.scored = False
        self.left = list(view.grid)
        self.theirs = other

    def close(self) -> dict[str, float]:
        self.counts["idle"] += bool(self.turn) and not self.scored
        return dict(self.counts)


def recorded(seat_bot: paired.Seat) -> paired.Seat:
    return lambda seed, iterations: Recorder(seat_bot(seed, iterations))


def parts(state: Any, seat: int) -> dict[str, float]:
    own = Recorder.last.close() if Recorder.last is not None else {}
    return {
        "points": scoring.card_points(state, seat),
        "cards": len(state.scored[seat]),
        "ones": scoring.one_point_counts(state)[seat],
        "bonus": ONE_POINT_BONUS * (seat in scoring.bonus_seats(state)),
        "turns": state.turn,
        **own,
    }


def custom(name: str) -> paired.Seat | None:
    """``plan``: the turn plan alone (``duel.PlanBot``), no search; ``plan:FIELD=VALUE,...``
    with its ``duel.Weights`` changed (a tuple's values split by ``/``)."""
    base, _, changes = name.partition(":")
    if base != "plan":
        return None
    weights = duel.WEIGHTS
    for change in filter(None, changes.split(",")):
        field, _, value = change.partition("=")
        now = getattr(weights, field)
        if isinstance(now, tuple):
            new: Any = tuple(float(v) for v in value.split("/")) + (0.0,) * 10
        elif isinstance(now, bool):
            new = value.lower() in ("1", "true", "yes")
        else:
            new = type(now)(value)
        weights = attrs.evolve(weights, **{field: new})
    return lambda seed, iterations: duel.PlanBot(seed, weights)


class Recorded(paired.Variants):
    def seat(self, name: str) -> paired.Seat:
        return recorded(super().seat(name))


if __name__ == "__main__":
    paired.main(
        __doc__,
        "shifting-stones",
        lambda game: Recorded(game, bots.EXPERT, VARIANTS, custom=custom),
        parts,
        iterations=900,
    )
