"""Animal Splash: the moves the expert searches among, and its plan of the rest of a
turn (issue #21).

Its search used to look at every legal move.  Before the dive and before the take the
rules allow the paid actions too (slide a card, move a pearl, swap with the grid),
and those took most of the visits: at 450 iterations 263 of a dive's root went to
slides, 338 of another's to swaps, the dives sharing the rest.  Once its card is
taken, the turn's last steps (score, slide, move a pearl, swap, end, a mission) spread
the visits over two dozen moves whose rewards differ by less than a point.

:func:`focus` (the expert's ``Spec.routine``) keeps the search at its root to the dives
before the dive, the takes before the take (paying can wait for the take: greedy never
pays before it), and after the take to the first steps of the best ends of the turn
and greedy's move.  The ends (:func:`turn_ends`) are enumerated by a beam, the best
``WIDTH`` positions (equal positions once) a step deeper each time, every one judged
by :func:`settled`: the groups still open scored first, so a group counts once (as
its pearl, not also as pairs in the making, which made scoring look like a loss).

:func:`plan`, the rest of the turn played as the best end's path without a search
(a ``Spec.decide``), was measured and not kept.  Only the seat's view is read.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from tideboard.engine.search import PLAN_ALONE, Asked, Policy
from tideboard.engine.states import evolve
from tideboard.games.animal_splash import rules, scoring
from tideboard.games.animal_splash.content import MISSIONS
from tideboard.games.animal_splash.moves import legal_actions
from tideboard.games.animal_splash.state import ACT, MOVE, Dive, End, State, Take
from tideboard.games.animal_splash.valuation import harvested, promise, prospects

WIDTH = 10  # positions kept at each step of the enumeration
DEPTH = 8  # steps of a turn's rest at most (score, slide, move a pearl, swap)
FOCUS_SECONDS = 0.3  # the enumeration's longest for the routine (a move has a second)
OXYGEN = 0.3  # what an oxygen token left is worth (greedy's price)
OPEN = 0.9  # a group left open at the end of a turn (scored next turn, if still there)


def settled(state: State, seat: int) -> float:
    """What ``seat``'s position is worth at the end of its turn: its points, the
    groups still open scored first (so a group counts once), then greedy's
    prospects of the tableau so scored, and the oxygen left."""
    tableau = state.tableaus[seat]
    count, pearls = harvested(tableau, state.pearls[seat])
    best_mission, mine = prospects(state, seat, tableau, pearls)
    return (
        len(state.pearls[seat])
        + scoring.mission_points(state, seat)
        + OPEN * count
        + promise(tableau, pearls)
        + best_mission
        + 0.3 * mine
        + OXYGEN * state.oxygen[seat]
    )


def _ended(state: State, seat: int, mission: int) -> State:
    """The position as ``End(mission)`` leaves it for the seat's worth (without the
    refill, which the view cannot draw)."""
    if not mission:
        return state
    held = tuple(h + (mission,) if s == seat else h for s, h in enumerate(state.held))
    shown = tuple(m for m in state.open_missions if m != mission)
    return evolve(state, held=held, open_missions=shown)


def _key(state: State, seat: int) -> tuple:
    return (
        state.tableaus[seat],
        state.pearls[seat],
        state.oxygen[seat],
        state.grid,
        state.pearls[state.players],
    )


def turn_ends(view: State, seat: int, deadline: float | None = None) -> list[tuple[float, tuple]]:
    """The ends of the seat's turn from ``view`` (in its ``ACT`` step), best first:
    (worth, the actions to it, the last an ``End``)."""
    seen = {_key(view, seat)}
    frontier: list[tuple[State, tuple]] = [(view, ())]
    ends: list[tuple[float, tuple]] = []
    for depth in range(DEPTH + 1):
        grown: list[tuple[float, State, tuple]] = []
        for state, path in frontier:
            for action in legal_actions(state):
                if isinstance(action, End):
                    worth = settled(_ended(state, seat, action.mission), seat)
                    if action.mission:
                        worth += MISSIONS[action.mission].points
                    ends.append((worth - 1e-6 * len(path), path + (action,)))
                    continue
                if depth == DEPTH:
                    continue
                after = rules.apply(state, action)
                key = _key(after, seat)
                if key in seen:
                    continue
                seen.add(key)
                grown.append((settled(after, seat), after, path + (action,)))
            if deadline is not None and time.monotonic() > deadline:
                break
        if not grown or (deadline is not None and time.monotonic() > deadline):
            break
        grown.sort(key=lambda g: -g[0])
        frontier = [(state, path) for _, state, path in grown[:WIDTH]]
    ends.sort(key=lambda e: -e[0])
    return ends


def plan(
    game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked = PLAN_ALONE
) -> list[tuple[Any, float]] | None:
    """The rest of the seat's turn chosen whole by its settled worth (a ``Spec.decide``
    measured and not kept: the search among :func:`focus`'s moves did better); before
    its card is taken, None (the search decides the dive and the take)."""
    if view.phase != ACT or view.current != seat:
        return None
    deadline = asked.deadline
    stop = None if deadline is None else deadline - 0.25 * (deadline - asked.clock())
    ends = turn_ends(view, seat, stop)
    if not ends:
        return None
    ranked: dict[Any, float] = {}
    for worth, path in ends:
        ranked.setdefault(path[0], worth)
    rest = [(a, min(ranked.values()) - 1.0) for a in legal if a not in ranked]
    return [(a, w) for a, w in ranked.items() if a in legal] + rest


def after_take(state: State, mover: int) -> bool:
    """A step of a turn after its card is taken (scoring, paid actions, the end): the
    playouts' below the search's root (``Tree.settled``)."""
    return state.phase == ACT


def steps_first(state: State, actions: list[Any]) -> list[Any]:
    """Before the take, the dives or the takes alone (the paid actions the rules allow
    then too can wait for the take: greedy never pays before it); the moves the
    search's tree holds below its root (``Tree.narrow``), and at its root before the
    take (:func:`focus`)."""
    if state.phase == MOVE:
        return [a for a in actions if isinstance(a, Dive)] or actions
    if state.phase != ACT:
        return [a for a in actions if isinstance(a, Take)] or actions
    return actions


def focus(
    game: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    favourite: Policy,
    count: int = 4,
) -> tuple[Any, ...] | None:
    """The moves worth searching among once the card is taken (``Spec.routine``): the
    first moves of the best ``count`` ends of the turn, and the ``favourite``'s
    (greedy's; drawing from a generator of its own, so the bot's is untouched); None
    before the take, the dives or the takes alone (paying before the take can wait
    for it)."""
    if view.current != seat:
        return None
    if view.phase != ACT:
        return tuple(steps_first(view, list(legal)))
    chosen: list[Any] = []
    for _, path in turn_ends(view, seat, time.monotonic() + FOCUS_SECONDS):
        if path[0] not in chosen:
            chosen.append(path[0])
        if len(chosen) == count:
            break
    greedy = favourite(game, view, seat, legal, random.Random(0))
    if greedy not in chosen:
        chosen.append(greedy)
    # in the legal moves' order: greedy (the search's favourite, choosing among these)
    # breaks its ties by that order, so it makes the move it would among them all
    return tuple(a for a in legal if a in chosen)
