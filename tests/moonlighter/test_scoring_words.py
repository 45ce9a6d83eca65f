"""Moonlighter's end says how its score is counted (issue #20: it said "Score 0")."""

from __future__ import annotations

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import ROLL_LIMIT
from tideboard.games.moonlighter.scoring import result_text, score_formula

GAME = registry.load("moonlighter")


def test_a_lost_campaign_says_its_score_counts_the_dungeons_of_the_best_run():
    state = evolve(GAME.setup(GameConfig(players=1, seed=2)), best=2, lives=0, rolls=40)
    assert score_formula(state) == "1000 x 2 dungeons cleared in the best run"
    assert "Score 2000 (1000 x 2 dungeons cleared in the best run)." in result_text(state)


def test_a_won_campaign_adds_its_unused_tile_rolls():
    state = evolve(GAME.setup(GameConfig(players=1, seed=2)), best=5, won=True, rolls=300)
    unused = ROLL_LIMIT - 300
    assert GAME.scores(state) == (5000 + unused,)
    assert (
        f"Score {5000 + unused} (1000 x 5 dungeons cleared in the best run + {unused} unused tile rolls)."
        in result_text(state)
    )
