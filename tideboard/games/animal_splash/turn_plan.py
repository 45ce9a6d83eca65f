"""Animal Splash's plan of the rest of a turn: the expert's ``Spec.decide`` (issue #21).

Once its card is taken, a turn is all the seat's: score groups, slide a card, move a
pearl, swap with the grid, in any order, then end (taking a mission or not).  The
search spread its visits over two dozen such moves whose rewards differ by less
than a point, so the one played was nearly a draw among them; and its evaluation
counted a group it could score twice (as its pearl and as pairs in the making),
so scoring lowered the estimate.  Here the rest of the turn is chosen whole:

1. the ends of the turn reachable from the view are enumerated, a beam of the best
   ``WIDTH`` positions (equal positions once) a step deeper each time, every one
   judged by :func:`settled` (the groups still open scored first, so a pearl counts
   once, and a group's pairs no longer count as groups in the making);
2. with a budget for it (``playouts``), the best ``CANDIDATES`` ends are each played
   on by greedy playouts over the same determinizations (paired: they differ only by
   the end of this turn), and judged by the search's reward of where they stop.

The move played is the first of the best end's path; the next call plans again from
where it led.  Only the seat's view is read (the piles are drawn by the
determinizations of the playouts).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from tideboard.engine.search import Budget, Policy, rewards
from tideboard.engine.states import evolve
from tideboard.games.animal_splash import rules, sampling, scoring
from tideboard.games.animal_splash.content import MISSIONS
from tideboard.games.animal_splash.moves import legal_actions
from tideboard.games.animal_splash.state import ACT, MOVE, Dive, End, State, Take
from tideboard.games.animal_splash.valuation import harvested, promise, prospects

WIDTH = 10  # positions kept at each step of the enumeration
DEPTH = 8  # steps of a turn's rest at most (score, slide, move a pearl, swap)
OXYGEN = 0.3  # what an oxygen token left is worth (greedy's price)
OPEN = 0.9  # a group left open at the end of a turn (scored next turn, if still there)
CANDIDATES = 6  # the ends played on when there is a budget for playouts
HORIZON = 16  # actions of a playout


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


def evaluate_settled(game: Any, state: State) -> list[float]:
    """Each seat's :func:`settled` worth, the end-scoring card's measure in it (a
    playout cut at its horizon is judged by these)."""
    return [settled(state, seat) - OXYGEN * state.oxygen[seat] for seat in range(state.players)]


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
    game: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    *,
    budget: Budget | None = None,
    deadline: float | None = None,
    rng: random.Random | None = None,
    policy: Policy | None = None,
    scale: float = 10.0,
) -> list[tuple[Any, float]] | None:
    """The rest of the seat's turn chosen whole (``Spec.decide``); before its card is
    taken, None (the search decides the dive and the take).  With a playout
    ``policy`` (and ``scale``, the search's clear margin), the best ends are played on."""
    if view.phase != ACT or view.current != seat:
        return None
    stop = None if deadline is None else deadline - 0.25 * (deadline - time.monotonic())
    ends = turn_ends(view, seat, stop)
    if not ends:
        return None
    if policy is not None and budget is not None and len(ends) > 1:
        ends = _played_on(
            game, view, seat, ends, (policy, scale), budget, deadline, rng or random.Random()
        )
    ranked: dict[Any, float] = {}
    for worth, path in ends:
        ranked.setdefault(path[0], worth)
    rest = [(a, min(ranked.values()) - 1.0) for a in legal if a not in ranked]
    return [(a, w) for a, w in ranked.items() if a in legal] + rest


def _played_on(
    game: Any,
    view: State,
    seat: int,
    ends: list[tuple[float, tuple]],
    playout: tuple[Policy, float],
    budget: Budget,
    deadline: float | None,
    rng: random.Random,
) -> list[tuple[float, tuple]]:
    """The best ends re-ranked by greedy playouts from them, paired over the same
    determinizations; the rest after them, as they were."""
    policy, scale = playout
    best = ends[:CANDIDATES]
    totals = [0.0] * len(best)
    rounds = 0
    while True:
        if budget.iterations is not None:
            if (rounds + 1) * len(best) > budget.iterations:
                break
        elif deadline is None or time.monotonic() >= deadline:
            break
        seed = rng.getrandbits(64)
        values = []
        for _, path in best:
            draw = random.Random(seed)
            state = sampling.determinize(view, seat, draw)
            for action in path:
                state = rules.apply(state, action)
            for _ in range(HORIZON):
                if game.is_over(state):
                    break
                mover = game.to_move(state)[0]
                legal = game.legal_for(state, mover)
                state = game.apply(state, policy(game, state, mover, legal, draw))
            values.append(rewards(game, state, scale, evaluate=evaluate_settled)[seat])
            if deadline is not None and time.monotonic() > deadline:
                break
        if len(values) < len(best):
            break  # (a round cut by the deadline is dropped: the ends stay paired)
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        rounds += 1
    if not rounds:
        return ends
    order = sorted(range(len(best)), key=lambda n: -totals[n])
    return [(totals[n] / rounds, best[n][1]) for n in order] + ends[CANDIDATES:]


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
    if view.phase == MOVE:
        return tuple(a for a in legal if isinstance(a, Dive)) or None
    if view.phase != ACT:
        return tuple(a for a in legal if isinstance(a, Take)) or None
    chosen: list[Any] = []
    for _, path in turn_ends(view, seat):
        if path[0] not in chosen:
            chosen.append(path[0])
        if len(chosen) == count:
            break
    greedy = favourite(game, view, seat, legal, random.Random(0))
    if greedy not in chosen:
        chosen.append(greedy)
    return tuple(chosen)
