"""The search's reward for a playout (``engine.search.rewards``): with several
opponents, ``Spec.crowd_scale``, ``Spec.field`` and ``Spec.rank`` keep a gradient far
behind the leader; with two seats they change nothing (issue #21)."""

from __future__ import annotations

import itertools
import random

import attrs

from tideboard.engine.search import Spec, rewards


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


def test_the_two_seat_reward_is_the_same_whatever_the_crowd_fields_say():
    rng = random.Random(5)
    for _ in range(200):
        points = (rng.randint(0, 40), rng.randint(0, 40))
        for over, scale in itertools.product((False, True), (6.0, 10.0)):
            state = (points, over)
            plain = rewards(GAME, state, scale)
            for crowd_scale, field, rank in ((0.0, 0.5, 0.0), (30.0, 0.0, 0.5), (25.0, 1.0, 1.0)):
                assert (
                    rewards(GAME, state, scale, crowd_scale=crowd_scale, field=field, rank=rank)
                    == plain
                )


def test_far_behind_the_leader_the_field_still_tells_moves_apart():
    """Seat 0 is 30 points behind the leader at a scale of 6: over the best other
    alone, 8 points gained on the two others (or lost) are worth next to nothing;
    with half the margin over the others' mean they are worth twenty times more."""
    behind = ((0, 30, 10, 10), False)
    gained = ((8, 30, 10, 10), False)
    assert rewards(GAME, gained, 6.0)[0] - rewards(GAME, behind, 6.0)[0] < 0.001
    field = rewards(GAME, gained, 6.0, field=0.5)[0] - rewards(GAME, behind, 6.0, field=0.5)[0]
    assert field > 0.02
    wide = rewards(GAME, gained, 6.0, crowd_scale=30.0)[0]
    assert wide - rewards(GAME, behind, 6.0, crowd_scale=30.0)[0] > 0.05
    # passing the two others: the soft rank (half the margin term)
    passed = ((12, 30, 10, 10), False)
    soft = rewards(GAME, passed, 6.0, rank=0.5)[0] - rewards(GAME, behind, 6.0, rank=0.5)[0]
    assert soft > 0.1 > rewards(GAME, passed, 6.0)[0] - rewards(GAME, behind, 6.0)[0]
    # a finished game: the win still dominates, the field only orders the losers
    won = rewards(GAME, ((40, 30, 10, 10), True), 6.0, field=0.5)[0]
    lost = rewards(GAME, ((8, 30, 10, 10), True), 6.0, field=0.5)[0]
    assert won > 0.75 > lost > rewards(GAME, ((0, 30, 10, 10), True), 6.0, field=0.5)[0]


def test_the_crowd_fields_default_to_the_reward_as_it_was():
    spec = Spec(lambda view, seat, rng: view)
    assert spec.crowd_scale == 0.0 and spec.field == 0.0 and spec.rank == 0.0
    state = ((3, 30, 10, 10), False)
    assert rewards(GAME, state, 6.0, crowd_scale=spec.crowd_scale, field=spec.field) == rewards(
        GAME, state, 6.0
    )
