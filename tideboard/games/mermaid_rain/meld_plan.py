"""The Mermaid Rain expert's meld: the final meld chosen once, as one move.

A meld is built in steps (two cards, then one at a time, then the Mermaid card),
all of them hidden until everyone has chosen.  Searched step by step, the tree
split each meld into its steps and judged a first pair by whatever its later
steps happened to try; so the expert chooses among whole melds instead
(``Spec.decide``): the melds its hand can still build (those greedy weighs:
``bots._meld_candidates``), the few greedy values most and greedy's own target
this round.  Each iteration draws a determinization, picks a meld by UCB1 (greedy's
favoured as the tree favours greedy's move), plays the meld phase with the seat
building that meld step by step as greedy builds its target and the others as the
playouts play, then plays on as a playout does and judges the end as the search
does (``search.rewards``).  The step played is the first step of the meld chosen
most often.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from tideboard.engine.search import Budget, rewards
from tideboard.games.mermaid_rain.state import MELD, Show, State

SHORTLIST = 6  # melds weighed besides greedy's own target


def _candidates(view: State, seat: int, greedy: Any) -> list[tuple[int, int, int]]:
    """Greedy's target first, then the melds greedy values most (its lean aside)."""
    from tideboard.games.mermaid_rain.bots import _meld_candidates, treasure_spaces

    hand, meld = view.hands[seat], view.melds[seat]
    weighed = _meld_candidates(hand, meld, bool(treasure_spaces(view)), bool(view.pool))
    ranked = sorted(weighed, key=lambda c: -(c[0] + c[1] - c[2]))
    out = [greedy.meld_target(view, seat)]
    for *_, target in ranked:
        if target not in out:
            out.append(target)
        if len(out) > SHORTLIST:
            break
    return out


def _builder(rng: random.Random) -> Any:
    """A greedy bot building the meld it is given (``target``), drawing from ``rng``."""
    from tideboard.games.mermaid_rain.bots import GreedyBot

    class Builder(GreedyBot):
        target: tuple = (0, 0, 0)

        def meld_target(self, view: State, seat: int) -> tuple[int, int, int]:
            return self.target

    bot = Builder()
    bot.random = rng
    return bot


def _step(bot: Any, view: State, seat: int, legal: Sequence[Any], target: tuple) -> Any:
    """The step towards ``target`` greedy would show."""
    bot.target = target
    return bot._show(view, seat, legal)


def plan(
    game: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    *,
    budget: Budget,
    deadline: float | None,
    rng: random.Random,
) -> list[tuple[Any, float]] | None:
    """The expert's meld step, ranked (``Spec.decide``); None outside the meld phase."""
    if view.phase != MELD or type(legal[0]) is not Show:
        return None
    from tideboard.games.mermaid_rain.bots import EXPERT, GreedyBot

    spec = EXPERT
    greedy = GreedyBot()
    greedy.random = rng
    targets = _candidates(view, seat, greedy)
    builder = _builder(rng)
    first = [_step(builder, view, seat, legal, t) for t in targets]
    visits = [0] * len(targets)
    totals = [0.0] * len(targets)
    points = [0.0] * len(targets)
    done = 0
    limit = budget.iterations
    while (limit is None or done < limit) and (deadline is None or time.monotonic() < deadline):
        if done < len(targets):
            pick = done
        else:
            log = math.log(done)
            pick = max(
                range(len(targets)),
                key=lambda i: (
                    totals[i] / visits[i]
                    + spec.exploration * math.sqrt(log / visits[i])
                    + (spec.bias / (visits[i] + 1) if i == 0 else 0.0)
                ),
            )
        outcome = _play(game, view, seat, targets[pick], first[pick], spec, rng, deadline)
        if outcome is None:
            break  # out of time: the iteration is dropped
        reward, score = outcome
        visits[pick] += 1
        totals[pick] += reward
        points[pick] += score
        done += 1
    order = sorted(
        range(len(targets)),
        key=lambda i: (-visits[i], i != 0, -(totals[i] / visits[i]) if visits[i] else 0.0, i),
    )
    out: list[tuple[Any, float]] = []
    for i in order:
        if all(first[i] != action for action, _ in out):
            out.append((first[i], points[i] / visits[i] if visits[i] else 0.0))
    out += [(action, 0.0) for action in legal if all(action != a for a, _ in out)]
    return out


def _play(
    game: Any,
    view: State,
    seat: int,
    target: tuple,
    first: Any,
    spec: Any,
    rng: random.Random,
    deadline: float | None,
) -> tuple[float, float] | None:
    """One iteration for ``target``: (the seat's reward, its points where it ended),
    None if the deadline passed."""
    state = spec.determinize(view, seat, rng)
    state = game.apply(state, first)
    builder = _builder(rng)
    policy = spec.policy
    steps = 1
    while steps < spec.horizon and not game.is_over(state):
        mover = game.to_move(state)[0]
        actions = game.legal_for(state, mover)
        if mover == seat and state.phase == MELD and state.round == view.round:
            action = _step(builder, state, seat, actions, target)
        else:
            action = policy(game, state, mover, actions, rng)
        state = game.apply(state, action)
        steps += 1
        if deadline is not None and time.monotonic() > deadline:
            return None
    values = rewards(game, state, spec.scale, spec.solo_scale or spec.scale, spec.evaluate)
    scores = spec.evaluate(game, state) if not game.is_over(state) else game.scores(state)
    return values[seat], scores[seat]
