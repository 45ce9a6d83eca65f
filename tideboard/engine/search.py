"""Information-set Monte Carlo tree search: the ``expert`` bots' thinking (issue #21).

The search plays from one seat's ``view`` only.  Each iteration:

1. **determinizes**: the game's ``sampling.determinize(view, seat, rng)`` draws a
   full state the seat cannot tell from the real one (the others' hidden cards
   from those it has not seen, the generator reseeded so the dice to come vary);
2. **selects** down one tree shared by all determinizations (single-observer
   ISMCTS, Cowling, Powley and Whitehouse 2012): a node's children are the
   actions taken from it, of whichever seat moved; only the children legal in
   this determinization are considered, by UCB1 with *availability* counts (how
   often a child could have been chosen, not how often its parent was visited);
   another seat's choice the seat cannot see when it is made (``Spec.tree``'s ``hidden``:
   choices made at once, shown together) is the playout policy's, not a node, and
   so is a choice below the root that its ``settled`` leaves to it (Animal Splash's
   steps after the take); its ``narrow`` keeps a node below the root to some of
   its legal moves (Animal Splash's dives before the dive, takes before the take);
3. **expands** one untried action (the playout policy's choice first, when it is
   untried: the cheap greedy move is usually the best first guess);
4. **plays out** with the game's fast default policy up to a horizon of actions;
5. **backs up** each seat's reward: finished, a win (shared wins split) plus a
   small margin term; cut at the horizon, the points margin alone (see
   :func:`rewards`).  Every node holds the reward of the seat that moved into it.

The move chosen is the root's most visited one (on a tie, the favourite's; with the
Spec's ``keep``, the favourite unless another's mean reward beats it by that much).  The budget is a time (``think``
seconds, :func:`time.monotonic` checked between iterations and after every
move of an iteration: an iteration cut by the deadline is dropped) or a number of ``iterations``
(then the same seed gives the same choice every time).  With one legal move there
is nothing to think about: it is answered at once.  A game whose ``Spec.routine``
knows where its rules of thumb are sure has a bot's move there answered at once too
(greedy's), and searches only the rest, among the moves it names.

Nothing here knows a game: a :class:`Spec` in each game's ``bots.py`` names its
determinization, playout policy and the size of a clear win in points
(``search_spec.py``: the Spec, the budget and the answer's types).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.search_spec import (
    EXPLORATION,
    PLAN_ALONE,
    PLAN_SHARE,
    Asked,
    Budget,
    Paced,
    Policy,
    Ranked,
    Result,
    Spec,
    Tree,
    Wording,
    bot_policy,
    plan_deadline,
)

# (the games, the thinking service and the hints take the contract's types from here too)
__all__ = [
    "EXPLORATION",
    "PLAN_ALONE",
    "PLAN_SHARE",
    "Asked",
    "Paced",
    "Budget",
    "ExpertBot",
    "Policy",
    "Ranked",
    "Result",
    "Spec",
    "Tree",
    "Wording",
    "bot_policy",
    "plan_deadline",
    "rewards",
    "search",
]

WIDEN = 1.0  # progressive widening (see _iterate)


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "points", "finished", "wins")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        # the root's children only (for hints): the searching seat's points summed
        # where the playouts ended, the finished playouts and the wins among them
        self.points = 0.0
        self.finished = 0
        self.wins = 0.0


class _OutOfTime(Exception):
    pass


def rewards(
    game: Any,
    state: Any,
    scale: float,
    solo_scale: float | None = None,
    evaluate: Callable[[Any, Any], Sequence[float]] | None = None,
    rank: float = 0.0,
) -> list[float]:
    """Each seat's reward for ``state``, from 0 to 1.

    Several seats: a finished game is worth ``0.75`` for a win (split on a shared
    one) plus up to ``0.25`` for the margin over the best other seat; an
    unfinished one (a playout cut at its horizon) the margin alone, as a chance
    of winning (with ``evaluate``: its estimate of the points to come instead of
    the points scored).  Three seats or more, with ``rank``: that share of the margin
    term is the mean of the margins over each other seat (``Spec.rank``).  One seat (a
    solo game; Moonshell's automaton scores but never chooses): half for the win, half
    for the score against ``solo_scale``.
    """
    over = game.is_over(state)
    scores = game.scores(state) if over or evaluate is None else evaluate(game, state)
    winners = game.winners(state) if over else ()
    solo = getattr(state, "solo", False) or len(scores) == 1
    if solo:
        score = scores[0] / (solo_scale or scale)
        value = 0.5 * (0 in winners) + 0.5 * min(1.0, max(0.0, score))
        return [value] * len(scores)
    soft = rank if len(scores) > 2 else 0.0
    out = []
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        margin = 0.5 + 0.5 * math.tanh((score - best_other) / scale)
        if soft:
            each = sum(0.5 + 0.5 * math.tanh((score - s) / scale) for s in scores) - 0.5
            margin = (1.0 - soft) * margin + soft * each / (len(scores) - 1)
        if over:
            win = 1.0 / len(winners) if seat in winners else 0.0
            out.append(0.75 * win + 0.25 * margin)
        else:
            out.append(margin)
    return out


def search(
    game: Any,
    view: Any,
    seat: int,
    legal: Sequence[Any],
    spec: Spec,
    rng: random.Random,
    budget: Budget,
    *,
    play: bool = False,
) -> Result:
    """Search from ``seat``'s ``view`` and rank its ``legal`` moves (``play``: for a
    bot's move, where the game's ``Spec.routine`` may answer without a search)."""
    start = time.monotonic()
    legal = list(legal)
    if play and spec.routine is not None:
        # (asked of a forced move too: the rules of thumb's bot may draw there)
        move = spec.routine(game, view, seat, legal, rng)
        if isinstance(move, tuple):  # the moves worth searching among
            legal, move = list(move), (move[0] if len(move) == 1 else None)
        if move is not None or len(legal) == 1:
            move = legal[0] if move is None else move
            rest = tuple(Ranked(action, 0, 0.0) for action in legal if action != move)
            return Result((Ranked(move, 0, 0.0), *rest), 0, time.monotonic() - start)
        fork = random.Random()
        fork.setstate(rng.getstate())
        rng = fork
    elif spec.routine is not None:  # a hint: among the moves the bot would search
        fork = random.Random()
        fork.setstate(rng.getstate())
        narrowed = spec.routine(game, view, seat, legal, fork)
        if isinstance(narrowed, tuple) and len(narrowed) > 1:
            legal = list(narrowed)
    if len(legal) == 1:
        return Result((Ranked(legal[0], 0, 0.0),), 0, 0.0)
    if spec.decide is not None:
        asked = Asked(budget, plan_deadline(start, budget), rng, spec)
        planned = spec.decide(game, view, seat, legal, asked)
        if planned is not None:
            moves = tuple(
                m if isinstance(m, Ranked) else Ranked(m[0], 1, 0.0, m[1]) for m in planned
            )
            iterations = sum(m.visits for m in planned if isinstance(m, Ranked))
            return Result(moves, iterations, time.monotonic() - start)
    deadline = None if budget.iterations is not None else start + budget.think
    root = _Node()
    favourite = None
    if spec.prior is not None and spec.bias > 0:
        favourite = spec.prior(game, view, seat, legal, rng)
        root.children[favourite] = _Node()
    iterations = 0
    while True:
        if budget.iterations is not None:
            if iterations >= budget.iterations:
                break
        elif time.monotonic() >= deadline:  # type: ignore[operator]
            break
        try:
            _iterate(game, view, seat, legal, spec, rng, root, deadline, favourite)
        except _OutOfTime:
            break
        iterations += 1
    index = {action: n for n, action in enumerate(legal)}
    ranked = sorted(
        (_ranked(action, node) for action, node in root.children.items() if action in index),
        key=lambda r: (-r.visits, r.action != favourite, -r.value, index[r.action]),
    )
    if spec.keep > 0 and ranked and ranked[0].action != favourite:
        kept = next((r for r in ranked if r.action == favourite and r.visits), None)
        if kept is not None and ranked[0].value < kept.value + spec.keep:
            ranked.remove(kept)
            ranked.insert(0, kept)
    tried = {r.action for r in ranked}
    ranked += [Ranked(action, 0, 0.0) for action in legal if action not in tried]
    return Result(tuple(ranked), iterations, time.monotonic() - start)


def _ranked(action: Any, node: _Node) -> Ranked:
    if not node.visits:
        return Ranked(action, 0, 0.0)
    wins = node.wins / node.finished if node.finished else 0.0
    visits = node.visits
    return Ranked(action, visits, node.total / visits, node.points / visits, node.finished, wins)


def _iterate(
    game: Any,
    view: Any,
    seat: int,
    legal: list[Any],
    spec: Spec,
    rng: random.Random,
    root: _Node,
    deadline: float | None,
    favourite: Any = None,
) -> None:
    state = spec.determinize(view, seat, rng)
    policy = spec.policy
    explore = spec.exploration
    node = root
    path: list[tuple[_Node, int]] = []
    expanded = False
    hidden, settled, depth = spec.tree.hidden, spec.tree.settled, spec.tree.depth
    horizon = spec.playout_horizon(view)
    while not expanded and not game.is_over(state):
        if depth is not None and len(path) >= depth:
            break
        mover = game.to_move(state)[0]
        if policy is not None and (
            (hidden is not None and mover != seat and hidden(state, mover))
            or (settled is not None and node is not root and settled(state, mover))
        ):
            # a choice the seat cannot see when it is made, or one the rules of
            # thumb settle: the policy's, no node
            actions = game.legal_for(state, mover)
            state = game.apply(state, policy(game, state, mover, actions, rng))
            if deadline is not None and time.monotonic() > deadline:
                raise _OutOfTime
            continue
        if node is root:
            actions = legal
        else:
            actions = game.legal_for(state, mover)
            if spec.tree.narrow is not None:
                actions = spec.tree.narrow(state, actions)
        children = node.children
        tried = [a for a in actions if a in children and children[a].visits]
        # progressive widening: a node visited n times has up to 1 + WIDEN * n**0.5
        # children, the playout policy's choice first, so that the few iterations a
        # move gets go to the likely moves when there are dozens
        if len(tried) < len(actions) and (
            not tried or len(tried) < 1 + WIDEN * math.sqrt(node.visits)
        ):
            action = None
            if node is root and favourite is not None and not root.children[favourite].visits:
                action = favourite
            elif policy is not None:
                guess = policy(game, state, mover, actions, rng)
                if guess not in children:
                    action = guess
            if action is None:
                untried = [a for a in actions if a not in children]
                action = untried[rng.randrange(len(untried))]
            child = children.get(action) or _Node()
            children[action] = child
            for a in tried:
                children[a].avail += 1
            expanded = True
        else:
            best_value = -1.0
            action = child = None
            for a in tried:
                c = children[a]
                c.avail += 1
                value = c.total / c.visits + explore * math.sqrt(math.log(c.avail) / c.visits)
                if a == favourite and node is root:
                    value += spec.bias / (c.visits + 1)
                if value > best_value:
                    best_value, action, child = value, a, c
        state = game.apply(state, action)
        if deadline is not None and time.monotonic() > deadline:
            raise _OutOfTime
        path.append((child, mover))  # type: ignore[arg-type]
        node = child  # type: ignore[assignment]
    steps = 0
    while steps < horizon and not game.is_over(state):
        mover = game.to_move(state)[0]
        actions = game.legal_for(state, mover)
        if policy is None:
            action = actions[rng.randrange(len(actions))]
        else:
            action = policy(game, state, mover, actions, rng)
        state = game.apply(state, action)
        steps += 1
        if deadline is not None and time.monotonic() > deadline:
            raise _OutOfTime  # (a look at the clock costs far less than a move)
    if deadline is not None and time.monotonic() > deadline:
        raise _OutOfTime
    values = rewards(
        game, state, spec.scale, spec.solo_scale or spec.scale, spec.evaluate, spec.rank
    )
    _note_outcome(game, state, seat, spec, path[0][0])
    root.visits += 1
    for child, mover in path:
        child.visits += 1
        child.total += values[mover]


def _note_outcome(game: Any, state: Any, seat: int, spec: Spec, first: _Node) -> None:
    """The seat's points where a playout ended (and whether it won, if the game
    ended), on the root's child it went through (for hints)."""
    over = game.is_over(state)
    if spec.wording.points is not None:
        scores = spec.wording.points(game, state)
    elif over or spec.evaluate is None:
        scores = game.scores(state)
    else:
        scores = spec.evaluate(game, state)
    first.points += scores[seat]
    if over:
        first.finished += 1
        winners = game.winners(state)
        if seat in winners:
            first.wins += 1.0 / len(winners)


class ExpertBot:
    """The ``expert`` level: :func:`search` from the seat's view within a budget."""

    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        spec: Spec,
        think: float | None = None,
        iterations: int | None = None,
    ) -> None:
        self.random = random.Random(seed)
        self.spec = spec
        self.budget = Budget(1.0 if think is None else think, iterations)
        self.last: Result | None = None  # the last search (for hints and benchmarks)

    def choose(self, game: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
        self.last = search(game, view, seat, legal, self.spec, self.random, self.budget, play=True)
        return self.last.best
