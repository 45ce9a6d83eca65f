"""Notation round trips, the seat prefix, and bots in every seat."""

from __future__ import annotations

import pytest

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig, NotationError
from tideboard.engine.registry import GAMES
from tideboard.games.mermaid_rain.state import Move, Place, Show
from tideboard.sim import play_out
from tests.mermaid_rain.mr_helpers import GAME, cell, fresh


def test_every_legal_action_survives_format_and_parse():
    state = fresh(4)
    for action in GAME.legal_actions(state):
        assert GAME.parse_action(state, GAME.format_action(action)) == action


@pytest.mark.parametrize("text, action", [
    ("p1 show dg", Show(0, (0, 1))), ("P3 SHOW GD", Show(2, (0, 1))), ("p2 show m", Show(1, (3,))),
    ("p1 move d2 t", Move(0, cell("d2"), (2,))), ("p1 move d2 gd", Move(0, cell("d2"), (0, 1))),
    ("p1 place 3 c2 c1", Place(0, 3, (cell("c1"), cell("c2")))),
])
def test_parse_reads_seat_verb_and_arguments(text, action):
    assert GAME.parse_action(fresh(4), text) == action


@pytest.mark.parametrize("text", ["", "show dg", "p7 show dg", "p1 dance", "p1 show x",
                                  "p1 move z9 d", "p1 move d2 ddd", "p1 place 3 c1 c1",
                                  "p1 keep d", "p1 draw hex", "p0 end"])
def test_bad_notation_says_what_is_wrong(text):
    with pytest.raises(NotationError) as error:
        GAME.parse_action(fresh(4), text)
    assert str(error.value)


def test_bot_levels_match_the_registry():
    assert tuple(GAME.bot_factories()) == GAMES["mermaid-rain"].bot_levels


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_and_greedy_bots_finish_games_in_any_seat(players):
    levels = ["greedy", "random"] * 3
    bots = [make_bot(GAME, levels[s], seed=s) for s in range(players)]
    state, actions = play_out(GAME, GAME.setup(GameConfig(players=players, seed=3)), bots)
    assert GAME.is_over(state) and actions > 50


def test_greedy_beats_random_on_average():
    totals = {"greedy": 0, "random": 0}
    for seed in range(6):
        bots = [make_bot(GAME, lvl, seed=seed * 7 + s)
                for s, lvl in enumerate(["greedy", "random", "greedy", "random"])]
        state, _ = play_out(GAME, GAME.setup(GameConfig(players=4, seed=seed)), bots)
        scores = GAME.scores(state)
        totals["greedy"] += scores[0] + scores[2]
        totals["random"] += scores[1] + scores[3]
    assert totals["greedy"] > totals["random"]
