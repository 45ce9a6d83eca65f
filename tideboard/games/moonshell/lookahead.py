"""Moonshell: the expert looks one turn further than greedy's plan (issue #21), in solo
and at a table of three or four.

Greedy's plan (``solo.py``) rates every end of the player's turn by the chest and by
what the pattern cards can still become (``outlook.py``).  The expert takes the
best few ends of the turn and plays each on: on samples of what the player cannot
see (the bag's order, the automaton's solo deck, the others' secrets, drawn from
the seat's view by ``sampling.determinize``; the same samples for every end, so
that they differ by the player's moves and not by luck) the turn is played to that
end, the automaton plays its turn (at a table: the others play theirs, as greedy
plays), and the player's next turn is planned as greedy plans it (in solo eight
ends since s14m, four before; at a table four: see ``benchmarks/README.md``).  An end's worth is
the mean rating of the best end of the next turn (or of the game, if it ended).
The first action of the best end is played.

Everything here checks a clock: when the deadline comes the answer is the best
found so far (the plan's ranking when no end was played on), never a late move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules, sampling, turns
from tideboard.games.moonshell.outlook import Outlook
from tideboard.games.moonshell.solo import OutOfTime, turn_ends
from tideboard.games.moonshell.state import Pass, State

ENDS = 8  # ends of the turn played on (the plan's best; 4 before s14m)
MIN_SAMPLES = 2  # samples an end needs before the look further counts
MAX_SAMPLES = 24  # samples enough (a time budget stops here if the deadline is later)


def look_further(
    rater_factory: Callable[[], Any],
    view: State,
    seat: int,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    samples: int | None = None,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    outlook: Callable[[State, int], Any] = Outlook,
    ends: int = ENDS,
) -> list[tuple[Any, float]] | None:
    """The player's ``legal`` moves ranked, best first: the plan's ranking (with its
    ratings), the first action of the end the look one turn further found best put
    first (with that end's worth), where it had the time (``samples`` samples an
    end, or as many as fit before ``deadline`` by ``clock``).  None: not even the
    plan was done in time."""
    rater = rater_factory()
    rater.outlook = outlook(view, seat)
    try:
        ranked, found = turn_ends(rater, view, seat, legal, deadline=deadline, clock=clock)
    except OutOfTime:
        return None
    finally:
        rater.outlook = None
    order = sorted(range(len(ranked)), key=lambda n: (-ranked[n][0], n))
    plan = [(ranked[n][1], ranked[n][0]) for n in order]
    best = sorted(found, key=lambda e: -e[0])[:ends]
    if len(best) < 2 or len({e[1][0] for e in best}) < 2:
        return plan  # (every good end begins alike: nothing to choose)
    worths: list[list[float]] = [[] for _ in best]
    drawn = 0
    try:
        while drawn < (MAX_SAMPLES if samples is None else samples):
            seed = rng.getrandbits(64)
            for n, (_, actions, _) in enumerate(best):
                real = sampling.determinize(view, seat, random.Random(seed))
                worths[n].append(
                    _next_turn(rater_factory, real, seat, actions, deadline, clock, outlook, seed)
                )
            drawn += 1
    except OutOfTime:
        pass
    if drawn < MIN_SAMPLES:
        return plan
    means = [sum(w[:drawn]) / drawn for w in worths]
    top = max(range(len(best)), key=lambda n: (means[n], -n))
    first = best[top][1][0]
    value = means[top]
    return [(first, value)] + [(a, v) for a, v in plan if a != first]


def _next_turn(
    rater_factory: Callable[[], Any],
    real: State,
    seat: int,
    actions: tuple,
    deadline: float | None,
    clock: Callable[[], float],
    outlook: Callable[[State, int], Any],
    seed: int = 0,
) -> float:
    """The rating of the best end of the player's next turn after ``actions`` end
    this one in ``real`` (the automaton's turn between, or at a table the others'
    turns, played as greedy plays them, its ties by ``seed``), or of the game's end."""
    state = evolve(real, actions_left=real.actions_left + 1)
    for action in actions:
        if isinstance(action, Pass):  # (the turn ends here)
            break
        state = rules.apply(state, action)
    state = turns.end_turn(evolve(state, actions_left=0))
    rater = rater_factory()
    rater.random = random.Random(seed)  # (the others' ties: the same for every end)
    while not state.over and state.current != seat:  # (at a table: the others, greedy)
        if deadline is not None and clock() >= deadline:
            raise OutOfTime
        mover = state.current
        other = rules.view(state, mover)
        state = rules.apply(state, rater.choose(None, other, mover, rules.legal_actions(other)))
    view = rules.view(state, seat)
    if view.over or view.current != seat:
        return rater.evaluate(view, seat, {})
    rater.outlook = outlook(view, seat)
    legal = rules.legal_actions(view)
    ranked, _ = turn_ends(
        rater, view, seat, legal, deadline=deadline, clock=clock, ends=False, partial=False
    )
    return max(v for v, _ in ranked)
