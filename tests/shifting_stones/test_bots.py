"""Shifting Stones bots: legal, private, and the greedy bot plays better."""

from __future__ import annotations

import random

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.simulate import play_out, simulate
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import HIDDEN


def test_bot_levels_are_random_easy_greedy_and_expert():
    assert set(GAME.bot_factories()) == {"random", "easy", "greedy", "expert"}


def test_greedy_beats_random_over_seeded_games():
    wins = {"greedy": 0, "random": 0}
    for seed in range(8):
        levels = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        bots = [make_bot(GAME, level, seed * 7 + seat) for seat, level in enumerate(levels)]
        state, _ = play_out(GAME, GAME.setup(GameConfig(players=2, seed=seed)), bots)
        assert GAME.is_over(state)
        for seat in GAME.winners(state):
            wins[levels[seat]] += 1
    assert wins["greedy"] >= 7 and wins["greedy"] > wins["random"]


def test_bots_choose_legal_actions_from_their_own_view():
    for level in ("random", "greedy"):
        for players in (1, 3):
            state = GAME.setup(GameConfig(players=players, solo=players == 1, seed=9))
            bot = make_bot(GAME, level, 1)
            for _ in range(150):
                if GAME.is_over(state):
                    break
                seat = state.current
                view = GAME.view(state, seat)
                assert all(c == HIDDEN for c in view.deck)
                legal = GAME.legal_actions(state)
                action = bot.choose(GAME, view, seat, legal)
                assert action in legal
                state = GAME.apply(state, action)


def test_greedy_bot_does_not_depend_on_hidden_cards():
    """The greedy bot's choice is the same whatever the other hands and deck hold."""
    state = GAME.setup(GameConfig(players=3, seed=21))
    other = evolve(
        state,
        hands=(state.hands[0], state.hands[2], state.hands[1]),
        deck=tuple(reversed(state.deck)),
    )
    for seed in range(5):
        a = make_bot(GAME, "greedy", seed).choose(
            GAME, GAME.view(state, 0), 0, GAME.legal_actions(state)
        )
        b = make_bot(GAME, "greedy", seed).choose(
            GAME, GAME.view(other, 0), 0, GAME.legal_actions(other)
        )
        assert a == b


def test_simulation_reports_wins_and_means():
    report = simulate(GAME, GameConfig(players=2, seed=3), ["greedy", "random"], 4)
    assert report["games"] == 4 and report["unfinished"] == 0
    assert sum(row["wins"] for row in report["seats"]) >= 4
    assert report["seats"][0]["mean_score"] > report["seats"][1]["mean_score"]


def test_the_bots_fast_match_agrees_with_the_rules():
    """Card.matches_code on a grid's code (the greedy planner's hot path) answers
    what Card.matches does, for every card on many grids."""
    from tideboard.games.shifting_stones.content import CARDS, grid_code

    rng = random.Random(5)
    for _ in range(300):
        grid = tuple(rng.randrange(8) for _ in range(9))
        code = grid_code(grid)
        for card in CARDS:
            assert card.matches_code(code) == card.matches(grid)
