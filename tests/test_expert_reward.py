"""The search's reward for a playout (``engine.search.rewards``): with several
opponents, ``Spec.rank`` keeps a gradient far behind the leader; with two seats it
changes nothing (issue #21)."""

from __future__ import annotations

import itertools
import random

import attrs

from tideboard.engine.search import rewards


@attrs.frozen
class _Scored:
    """A game that is only its points: a state is (points per seat, over)."""

    def is_over(self, state):
        return state[1]

    def scores(self, state):
        return state[0]

    def winners(self, state):
        points = state[0]
        return tuple(s for s, p in enumerate(points) if p == max(points))


GAME = _Scored()


def test_the_two_seat_reward_is_the_same_whatever_the_rank_share():
    rng = random.Random(5)
    for _ in range(200):
        points = (rng.randint(0, 40), rng.randint(0, 40))
        for over, scale, rank in itertools.product((False, True), (6.0, 10.0), (0.5, 1.0)):
            state = (points, over)
            assert rewards(GAME, state, scale, rank=rank) == rewards(GAME, state, scale)


def test_far_behind_the_leader_the_soft_rank_still_tells_moves_apart():
    """Seat 0 is 30 points behind the leader at a scale of 6: over the best other
    alone, passing the two others is worth next to nothing; with half the margin
    term a soft rank it is worth a clear difference."""
    behind = ((0, 30, 10, 10), False)
    passed = ((12, 30, 10, 10), False)
    assert rewards(GAME, passed, 6.0)[0] - rewards(GAME, behind, 6.0)[0] < 0.005
    assert rewards(GAME, passed, 6.0, rank=0.5)[0] - rewards(GAME, behind, 6.0, rank=0.5)[0] > 0.1
    # a finished game: the win still dominates, the soft rank orders the losers
    won = rewards(GAME, ((40, 30, 10, 10), True), 6.0, rank=0.5)[0]
    lost = rewards(GAME, ((12, 30, 10, 10), True), 6.0, rank=0.5)[0]
    assert won > 0.75 > lost > rewards(GAME, ((0, 30, 10, 10), True), 6.0, rank=0.5)[0] + 0.02
    # every seat's reward stays within 0..1
    for state in (behind, passed, ((40, 30, 10, 10), True)):
        assert all(0.0 <= r <= 1.0 for r in rewards(GAME, state, 6.0, rank=1.0))
