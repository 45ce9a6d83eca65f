"""Moonshell solo: greedy plans its whole turn (issue #21).

Against the automaton the game is short: it collects two tiles a turn, so its
chest is full (and the game over) after about six turns, and a turn of pull,
collect, collect is all it takes to keep up.  One action at a time greedy pulled
the column whose two tiles looked best on the rocks and then dropped each where
it paid most at once; rating the turn's end instead (every sequence of its
actions left, the tiles still on the rocks worth ``LATER_SHARE`` of what they
would add) it pulls for the pair that fits the chest together and stacks them in
the order the objectives want.  The tiles a pull brings are the ones on the
board (the bag's only refill the far end), so the plan sees them all.  Where the
turn ends is rated with an eye on the turns after it: which pattern cards the chest
can still complete together, by the tiles left and the turns left (``outlook.py``).
The expert in solo judges by this plan too (``bots.solo_plan``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.state import PLAY, Pass, State


def plans_turn(view: State, seat: int) -> bool:
    """Whether greedy plans this move as part of its whole turn: the solo game's
    player, during play."""
    return bool(view.solo) and view.phase == PLAY and view.current == seat and not view.over


def best_action(rater: Any, view: State, seat: int, legal: Sequence[Any], tie: Any) -> Any:
    """The first action of the best sequence of the turn's actions left, by
    ``rater.evaluate`` of where the turn ends (``tie`` breaks ties)."""
    rated = rate_actions(rater, view, seat, legal)
    top = max(v for v, _ in rated)
    return tie([a for v, a in rated if v >= top - 1e-9])


def rate_actions(rater: Any, view: State, seat: int, legal: Sequence[Any]) -> list:
    """(the rating of the best end of the turn after it, action) for each of ``legal``."""
    return turn_ends(rater, view, seat, legal, ends=False)[0]


class OutOfTime(Exception):
    """The deadline came before the plan was done."""


def ranked_by_turn_end(
    rater: Any,
    look: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    rng: Any = None,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[tuple[Any, float]]:
    """``legal`` ranked by the best end of the turn after each, best first, each with
    its rating (``rater``: a greedy bot, its outlook ``look`` while it plans: the
    solo game's or the table's).  Equal ratings in ``rng``'s order (else
    ``legal``'s).  With a ``deadline`` (by ``clock``) what was planned by then; not
    even one action rated, the moves as they come."""
    rater.outlook = look
    try:
        rated, _ = turn_ends(rater, view, seat, legal, deadline=deadline, clock=clock, ends=False)
    except OutOfTime:
        return [(action, 0.0) for action in legal]
    finally:
        rater.outlook = None
    ties = [rng.random() if rng is not None else 0.0 for _ in rated]
    order = sorted(range(len(rated)), key=lambda n: (-rated[n][0], ties[n], n))
    return [(rated[n][1], rated[n][0]) for n in order]


def turn_ends(
    rater: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    ends: bool = True,
    partial: bool = True,
) -> tuple[list, list]:
    """Every end of the turn from ``view``: (the rating of the best end after each of
    ``legal``, action) in ``legal``'s order, and with ``ends`` each end reached
    (its rating, the actions to it, the state there).

    With a ``deadline`` (by ``clock``) the plan stops in time: each action is first
    rated by the turn ending right after it, then planned to the turn's end, the
    likeliest first; an action the deadline cut keeps its first rating (and raises
    :class:`OutOfTime` only if not even those were done; not ``partial``: if the
    plan was not done)."""
    cache: dict = {}
    seen: dict[State, float] = {}
    found: dict[State, tuple[float, tuple]] = {}  # an end: (its rating, the actions to it)
    # one action more than the turn has, so that ``apply`` never ends the turn
    # (the automaton would move, and its solo deck is hidden): the end is rated
    # with no action left
    start = evolve(view, actions_left=view.actions_left + 1)

    def ended(state: State, path: tuple) -> float:
        if deadline is not None and clock() >= deadline:
            raise OutOfTime
        rating = rater.evaluate(evolve(state, actions_left=0), seat, cache)
        if ends and state not in found:
            found[state] = (rating, path)
        return rating

    def then(state: State, action: Any, path: tuple) -> float:
        """The best end of the turn after ``action`` (a pass ends it at once)."""
        path += (action,)
        if isinstance(action, Pass):
            return ended(state, path)
        return value(rules.apply(state, action), path)

    def value(state: State, path: tuple) -> float:
        if state.actions_left <= 1 or state.over:
            return ended(state, path)
        if state not in seen:
            seen[state] = max(
                (then(state, action, path) for action in rules.legal_actions(state)),
                default=float("-inf"),
            )
        return seen[state]

    if deadline is None or not partial:
        return [(then(start, action, ()), action) for action in legal], _ends(found)
    first = []
    for action in legal:  # (the turn ended right after it)
        after = start if isinstance(action, Pass) else rules.apply(start, action)
        first.append(ended(after, (action,)))
    rated = list(first)
    try:
        for n in sorted(range(len(legal)), key=lambda n: -first[n]):
            rated[n] = then(start, legal[n], ())
    except OutOfTime:
        pass
    return list(zip(rated, legal, strict=True)), _ends(found)


def _ends(found: dict) -> list:
    return [(rating, path, state) for state, (rating, path) in found.items()]
