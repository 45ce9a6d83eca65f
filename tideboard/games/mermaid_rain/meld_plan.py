"""The Mermaid Rain expert's meld: the final meld chosen once, as one move.

A meld is built in steps (two cards, then one at a time, then the Mermaid card),
all of them hidden until everyone has chosen.  Searched step by step, the tree
split each meld into its steps and judged a first pair by whatever its later
steps happened to try; so the expert chooses among whole melds instead
(``Spec.decide``): the melds its hand can still build (those greedy weighs:
``bots.weigh_melds``), the few greedy values most and greedy's own target
this round (the game's ``bots`` hands them in: ``plan``'s keywords).  Each iteration draws a determinization, picks a meld by UCB1 (greedy's
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

from tideboard.engine.search import Asked, Ranked, rewards
from tideboard.games.mermaid_rain.content import MELD_NAMES, MERMAID
from tideboard.games.mermaid_rain.melds import meld_rank
from tideboard.games.mermaid_rain.state import MELD, Show, State

SHORTLIST = 6  # melds weighed besides greedy's own target
# greedy's target's bias in the melds' UCB (as the tree's favourite's: ``bias / (visits
# + 1)`` added); None: the search's ``Spec.bias``
BIAS: float | None = None


def _candidates(view: State, seat: int, greedy: Any, weigh: Any) -> list[tuple[int, int, int]]:
    """Greedy's target first, then the melds greedy values most (its lean aside):
    ``weigh(view, seat)`` gives greedy's weighing of each meld."""
    weighed = weigh(view, seat)
    ranked = sorted(weighed, key=lambda c: -(c[0] + c[1] - c[2]))
    out = [greedy.meld_target(view, seat)]
    for *_, target in ranked:
        if target not in out:
            out.append(target)
        if len(out) > SHORTLIST:
            break
    return out


_BUILDERS: dict[type, type] = {}  # greedy's class -> the class below, made once


def _builder(rng: random.Random, greedy: type) -> Any:
    """A bot of the ``greedy`` class building the meld it is given (``target``),
    drawing from ``rng``."""
    if greedy not in _BUILDERS:

        class Builder(greedy):
            target: tuple = (0, 0, 0)

            def meld_target(self, view: State, seat: int) -> tuple[int, int, int]:
                return self.target

        _BUILDERS[greedy] = Builder
    bot = _BUILDERS[greedy]()
    bot.random = rng
    return bot


def _step(bot: Any, view: State, seat: int, legal: Sequence[Any], target: tuple) -> Any:
    """The step towards ``target`` greedy would show."""
    bot.target = target
    return bot.show_step(view, seat, legal)


def plan(
    game: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    asked: Asked,
    *,
    greedy: type,
    weigh: Any,
) -> list[Ranked] | None:
    """The expert's meld step, ranked (``Spec.decide``, searched with ``asked``'s
    budget, deadline, generator and Spec, the game's expert; its ``greedy`` bot's
    class and its weighing of melds, ``weigh(view, seat)``): the steps in the order
    of the melds they begin, the meld chosen most often first; each with the
    iterations of every meld it begins, their mean reward, the points where they
    ended and the wins of those that finished the game; None outside the meld phase
    (or asked for no search: no budget, generator or Spec)."""
    if view.phase != MELD or type(legal[0]) is not Show:
        return None
    budget, deadline, rng, spec = asked.budget, asked.deadline, asked.rng, asked.spec
    if budget is None or rng is None or spec is None:
        return None
    bias = spec.bias if BIAS is None else BIAS
    rules_of_thumb = greedy()
    rules_of_thumb.random = rng
    targets = _candidates(view, seat, rules_of_thumb, weigh)
    builder = _builder(rng, greedy)
    first = [_step(builder, view, seat, legal, t) for t in targets]
    visits = [0] * len(targets)
    totals = [0.0] * len(targets)
    points = [0.0] * len(targets)
    finished = [0] * len(targets)
    wins = [0.0] * len(targets)
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
                    + (bias / (visits[i] + 1) if i == 0 else 0.0)
                ),
            )
        outcome = _play(game, view, seat, targets[pick], first[pick], spec, rng, deadline, greedy)
        if outcome is None:
            break  # out of time: the iteration is dropped
        reward, score, won = outcome
        visits[pick] += 1
        totals[pick] += reward
        points[pick] += score
        if won is not None:
            finished[pick] += 1
            wins[pick] += won
        done += 1
    order = sorted(
        range(len(targets)),
        key=lambda i: (-visits[i], i != 0, -(totals[i] / visits[i]) if visits[i] else 0.0, i),
    )
    out: list[Ranked] = []
    for i in order:  # each step's figures over every meld it begins
        if any(first[i] == m.action for m in out):
            continue
        same = [j for j in range(len(targets)) if first[j] == first[i]]
        n, ended = sum(visits[j] for j in same), sum(finished[j] for j in same)
        out.append(
            Ranked(
                first[i],
                n,
                sum(totals[j] for j in same) / n,
                sum(points[j] for j in same) / n,
                ended,
                sum(wins[j] for j in same) / ended if ended else 0.0,
                aim(first[i], targets[i]),  # (``order``: the one it began most often)
            )
            if n
            else Ranked(first[i], 0, 0.0)
        )
    # the step played first; the others by their melds' iterations together (in the
    # melds' order a step began a meld tried less than the melds another step began)
    out[1:] = sorted(out[1:], key=lambda m: -m.visits)
    out += [Ranked(action, 0, 0.0) for action in legal if all(action != m.action for m in out)]
    return out


def aim(step: Show, target: tuple) -> str:
    """What a meld step works towards, for its hint: "aiming at a Mermaid Squall"
    (the meld ``target``, cards per kind, it begins or adds to); "" for the
    Mermaid card, which stops the meld where it stands."""
    if MERMAID in step.cards:
        return ""
    name = MELD_NAMES[meld_rank(target)]
    if not name:
        return ""
    article = "an" if name[0] in "AEIOU" else "a"
    return f"aiming at {article} {name}"


def _play(
    game: Any,
    view: State,
    seat: int,
    target: tuple,
    first: Any,
    spec: Any,
    rng: random.Random,
    deadline: float | None,
    greedy: type,
) -> tuple[float, float, float | None] | None:
    """One iteration for ``target``: (the seat's reward, its points where it ended,
    its share of the win if the game ended, else None), None if the deadline passed."""
    state = spec.determinize(view, seat, rng)
    state = game.apply(state, first)
    builder = _builder(rng, greedy)
    policy = spec.policy
    steps, horizon = 1, spec.playout_horizon(view)
    while steps < horizon and not game.is_over(state):
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
    values = rewards(
        game, state, spec.scale, spec.solo_scale or spec.scale, spec.evaluate, spec.rank
    )
    if not game.is_over(state):
        return values[seat], spec.evaluate(game, state)[seat], None
    winners = game.winners(state)
    won = 1.0 / len(winners) if seat in winners else 0.0
    return values[seat], game.scores(state)[seat], won
