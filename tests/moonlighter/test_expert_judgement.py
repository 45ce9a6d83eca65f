"""The expert's judgement of a playout cut at its horizon (issue #21): it must still
tell positions apart late in a campaign, and count the hearts that decide whether
the dungeon is survived (the healing pool's as well as the health)."""

from __future__ import annotations

from tests.moonlighter.ml_helpers import build, greens
from tideboard.engine.search import rewards
from tideboard.games.moonlighter import bots
from tideboard.games.moonlighter.game import GAME


def _reward(state) -> float:
    spec = bots.EXPERT
    return rewards(GAME, state, spec.scale, spec.solo_scale or spec.scale, spec.evaluate)[0]


def test_late_dungeons_are_not_all_alike_to_the_search():
    """In dungeon 4 (three cleared) a playout that kept its health and lives is worth
    more than one that lost them: the reward did not saturate (at a scale of 5,000
    every cut playout from dungeon 4 on was worth the same)."""
    late = {"dungeon": 4, "cleared": 3, "best": 3, "max_health": 8, "pool": 20}
    for better, worse in (
        ({"health": 8, "lives": 3}, {"health": 2, "lives": 3}),
        ({"health": 8, "lives": 3}, {"health": 8, "lives": 2}),
    ):
        high = build(rooms=greens(8), **late, **better)
        low = build(rooms=greens(8), **late, **worse)
        assert 0.0 < _reward(low) < _reward(high) < 1.0


def test_the_pools_hearts_count():
    """The same dungeon with the pool drained by a playout's fights is worse off."""
    full = build(rooms=greens(4), pool=20, health=5)
    dry = build(rooms=greens(4), pool=4, health=5)
    assert bots.EXPERT.evaluate(GAME, dry)[0] < bots.EXPERT.evaluate(GAME, full)[0]
