"""Moonlighter's expert at a critical fight (``bots.critical``): attack or flee judged
by paired playouts with common random numbers (its ``Spec.decide``).

A fight decides what the dungeon costs: a green room won against the hearts it
took, a black room spared or not, a death (which outside the boss room restarts the
run).  A playout of 30 greedy actions judged by a heuristic could not tell these
apart on the campaign's scale (the two moves differed by a few thousandths of
reward).  So for each sample, a determinization of the seat's view with its own
dice, both moves are played, each followed by greedy to the end of the dungeon's
attempt (the boss beaten, a death, or the campaign's end), and each end judged by the
chance greedy wins the campaign from there (``campaign_value``: from the dungeon
reached and the lives left, by greedy's rates of clearing and dying a dungeon).  The
two playouts of a sample share their dice: each die (tile, attack, loot) draws from
a stream of its own (``DiceStreams``), so the rooms to come are the same whatever the
fight cost in attack rolls, and the difference per sample is mostly the move's.
Greedy's move is left only when the other's mean difference is ``LEAVE_Z`` standard
errors above zero; the judge stops early, keeping greedy's move, once the other
cannot plausibly get there (``futile``: at greedy's critical fights it used a third of
the samples and left greedy's move at the same fights as the full judge).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import attrs

from tideboard.engine.core import IllegalAction
from tideboard.engine.rng import Rng
from tideboard.engine.search_spec import PLAN_ALONE, Asked, Ranked
from tideboard.engine.states import evolve
from tideboard.games.moonlighter import rules
from tideboard.games.moonlighter.content import ATTACK_DIE, DUNGEONS, LOOT_DIE
from tideboard.games.moonlighter.state import ATTACK, FIGHT, FLEE, State

# Greedy's rates a dungeon's attempt (400 greedy campaigns, seeds 1001-1400): cleared,
# died against the boss (the dungeon starts again), died in an ordinary room (the run
# restarts in dungeon 1); the rest of the attempts ended at the moonset.
RATES = {
    1: (0.549, 0.158, 0.293),
    2: (0.651, 0.213, 0.136),
    3: (0.569, 0.278, 0.153),
    4: (0.608, 0.300, 0.092),
    5: (0.596, 0.326, 0.078),
}
PAIR_COST = 16  # search iterations a sample stands for (two playouts of ~300 actions: 13-15 ms)
MIN_PAIRS = 8  # fewer samples than this in the budget: greedy's move
LEAVE_Z = 2.0  # standard errors by which the other move must beat greedy's
PLAYOUT_CAP = 3000  # actions at most a playout (a dungeon's attempt is ~300)
# The futility bound (a sequential test that stops only to keep greedy's move, so it
# never leaves greedy's move where the full judge would not): from ``FUTILE_FROM``
# samples on, the judge stops once the other move's chance of ending ``LEAVE_Z``
# standard errors up, at the samples planned, is under ``FUTILE_CHANCE`` both if its
# mean gain so far holds and if the rest gain nothing on average (``futile``).
FUTILE_FROM = 12
FUTILE_CHANCE = 0.01


@lru_cache(maxsize=64)
def campaign_value(dungeon: int, lives: int) -> float:
    """The chance greedy wins the campaign from the start of ``dungeon`` with
    ``lives`` deaths left (``RATES``; the moonset left out)."""
    if dungeon > DUNGEONS:
        return 1.0
    if lives <= 0:
        return 0.0
    clear, boss, ordinary = RATES[dungeon]
    return (
        clear * campaign_value(dungeon + 1, lives)
        + boss * campaign_value(dungeon, lives - 1)
        + ordinary * campaign_value(1, lives - 1)
    )


@attrs.frozen
class DiceStreams(Rng):
    """A generator whose dice each draw from a stream of their own: the attack die
    from ``position``, the tile die from ``tile``, the loot die from ``loot``."""

    tile: int = 0
    loot: int = 0

    @classmethod
    def seeded(cls, seed: int) -> DiceStreams:
        a, b, c = (Rng.from_seed(seed * 3 + k).position for k in range(3))
        return cls(a, b, c)

    def roll(self, sides: int) -> tuple[int, Rng]:
        if sides == ATTACK_DIE:
            value, rng = Rng(self.position).roll(sides)
            return value, attrs.evolve(self, position=rng.position)
        if sides == LOOT_DIE:
            value, rng = Rng(self.loot).roll(sides)
            return value, attrs.evolve(self, loot=rng.position)
        value, rng = Rng(self.tile).roll(sides)
        return value, attrs.evolve(self, tile=rng.position)


class _OutOfTime(Exception):
    pass


Greedy = Callable[[int], Any]  # a greedy bot from a seed, with ``pick(state)`` and ``random``
Progress = Callable[[Any, State], Sequence[float]]  # ``bots.dungeons_done``


def playout(
    state: State,
    move: Any,
    seed: int,
    greedy: Greedy,
    progress: Progress,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[float, float]:
    """``move`` then greedy (seeded with ``seed``) to the end of the dungeon's attempt:
    the end judged by :func:`campaign_value` (a won campaign 1, a lost one 0) and the
    run's ``progress`` there, in dungeons."""
    bot = greedy(seed)
    start = (state.dungeon, state.lives, state.run)
    state = rules.apply(state, move)
    for _ in range(PLAYOUT_CAP):
        if state.over or (state.dungeon, state.lives, state.run) != start:
            break
        if deadline is not None and clock() >= deadline:
            raise _OutOfTime
        action = bot.pick(state)
        try:
            state = rules.apply(state, action)
        except IllegalAction:  # (greedy's rules always answer; a guard all the same)
            state = rules.apply(state, bot.random.choice(rules.legal_actions(state)))
    if state.over:
        value = 1.0 if state.won else 0.0
    else:
        value = campaign_value(state.dungeon, state.lives)
    return value, progress(None, state)[0]


@attrs.frozen
class Sample:
    """One sample's two playouts: each move's value and progress (``playout``)."""

    first: tuple[float, float]
    second: tuple[float, float]

    @property
    def gain(self) -> float:
        """How much the second move's value beats the first's."""
        return self.second[0] - self.first[0]


def paired(
    view: State,
    moves: tuple[Any, Any],
    rng: random.Random,
    greedy: Greedy,
    progress: Progress,
    samples: int | None,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    stop_futile: bool = False,
) -> list[Sample]:
    """Both moves' playouts over the same samples (``samples`` of them, or as many
    as the ``deadline`` allows), each sample's dice and greedy's draws shared; with
    ``stop_futile``, fewer once the second move cannot plausibly be left for
    (:func:`futile`, the samples planned: ``samples``, or by the deadline as many
    as those so far took time each)."""
    out: list[Sample] = []
    began = clock()
    while samples is None or len(out) < samples:
        if stop_futile and len(out) >= FUTILE_FROM:
            planned = samples
            if planned is None and deadline is not None:
                now = clock()
                each = (now - began) / len(out)
                planned = len(out) + int(max(0.0, deadline - now) / each) if each > 0 else None
            if planned is not None and futile(out, planned):
                break
        seed = rng.getrandbits(62)
        state = evolve(view, rng=DiceStreams.seeded(seed))
        try:
            a = playout(state, moves[0], seed, greedy, progress, deadline, clock)
            b = playout(state, moves[1], seed, greedy, progress, deadline, clock)
        except _OutOfTime:
            break
        out.append(Sample(a, b))
    return out


def verdict(samples: Sequence[Sample]) -> tuple[float, float]:
    """The second move's mean gain over the first and its standard error."""
    n = len(samples)
    if n < 2:
        return 0.0, 0.0
    gains = [s.gain for s in samples]
    mean = statistics.fmean(gains)
    return mean, statistics.stdev(gains, mean) / math.sqrt(n)


def reach_chance(samples: Sequence[Sample], planned: int) -> float:
    """The chance that the other move ends ``LEAVE_Z`` standard errors above greedy's
    once ``planned`` samples are in, from those so far: the larger of that chance if
    its mean gain so far holds and if the rest gain nothing on average (the spread of
    the gains taken as so far; with none, whether the mean is above zero)."""
    n = len(samples)
    if n >= planned:
        return 1.0 if leaves(samples) else 0.0
    mean, error = verdict(samples)
    if error <= 0.0:
        return 1.0 if mean > 0.0 else 0.0
    z = mean / error
    share = n / planned
    rest = math.sqrt(1.0 - share)
    trend = z / math.sqrt(share)  # the final z if the mean holds
    still = z * math.sqrt(share)  # ... if the rest gain nothing on average
    return max(_above(LEAVE_Z, trend, rest), _above(LEAVE_Z, still, rest))


def _above(bound: float, mean: float, spread: float) -> float:
    """P(X > bound) for X normal with this mean and spread (as P(X < 2 mean - bound):
    the tail read where the cumulative is small, without 1 - cdf's rounding)."""
    return statistics.NormalDist(mean, spread).cdf(2.0 * mean - bound)


def futile(samples: Sequence[Sample], planned: int) -> bool:
    """Whether the judge may stop and keep greedy's move: ``FUTILE_FROM`` samples
    or more of ``planned``, and the other move all but sure not to reach ``LEAVE_Z``
    (:func:`reach_chance` under ``FUTILE_CHANCE``)."""
    n = len(samples)
    return FUTILE_FROM <= n < planned and reach_chance(samples, planned) < FUTILE_CHANCE


def leaves(samples: Sequence[Sample]) -> bool:
    """Whether the second move is clearly better: ``MIN_PAIRS`` samples or more, and
    its mean gain ``LEAVE_Z`` standard errors above zero."""
    mean, error = verdict(samples)
    return len(samples) >= MIN_PAIRS and mean > LEAVE_Z * error


def fight_judge(greedy: Greedy, progress: Progress) -> Callable[..., list[Ranked] | None]:
    """The expert's ``Spec.decide`` over ``greedy`` bots (``bots.GreedyBot``)."""

    def decide(
        game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked = PLAN_ALONE
    ) -> list[Ranked] | None:
        """At a fight where attack and flee are the moves searched, greedy's move
        unless the other's paired playouts beat it by ``LEAVE_Z`` standard errors
        (and ``MIN_PAIRS`` samples or more); None elsewhere (the search decides).
        A move's points are the run's dungeons where its playouts ended, its wins
        greedy's chance to win the campaign from there."""
        if view.pending != FIGHT or set(legal) != {ATTACK, FLEE}:
            return None
        budget, rng = asked.budget, asked.rng
        if rng is None or budget is None:
            return None
        mine = greedy(0).pick(view)
        other = FLEE if mine == ATTACK else ATTACK
        count = None if budget.iterations is None else max(1, budget.iterations // PAIR_COST)
        clock = asked.paced()  # (no action begun that would likely end past the deadline)
        samples = paired(
            view,
            (mine, other),
            rng,
            greedy,
            progress,
            count,
            asked.deadline,
            clock,
            stop_futile=True,
        )
        n = len(samples)

        def ranked(move: Any, ends: list[tuple[float, float]]) -> Ranked:
            value = sum(e[0] for e in ends) / n if n else 0.0
            points = sum(e[1] for e in ends) / n if n else 0.0
            return Ranked(move, n, value, points, n, value)

        moves = [
            ranked(mine, [s.first for s in samples]),
            ranked(other, [s.second for s in samples]),
        ]
        return moves[::-1] if leaves(samples) else moves

    return decide
