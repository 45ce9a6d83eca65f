"""Moonshell bots: legal, private, and the greedy bot plays better than random."""

from __future__ import annotations

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.simulate import play_out, simulate
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import DECK_IDS, HIDDEN
from tideboard.games.moonshell.game import GAME


def test_bot_levels_are_random_easy_greedy_and_expert():
    assert set(GAME.bot_factories()) == {"random", "easy", "greedy", "expert"}


def test_greedy_beats_random_over_seeded_games():
    wins = {"greedy": 0, "random": 0}
    for seed in range(6):
        levels = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        bots = [make_bot(GAME, level, seed * 7 + seat) for seat, level in enumerate(levels)]
        state, _ = play_out(GAME, GAME.setup(GameConfig(players=2, seed=seed)), bots)
        assert GAME.is_over(state)
        for seat in GAME.winners(state):
            wins[levels[seat]] += 1
    assert wins["greedy"] >= 5 and wins["greedy"] > wins["random"]


def test_greedy_solo_scores_more_than_random():
    config = GameConfig(players=1, solo=True, seed=3)
    greedy = simulate(GAME, config, ["greedy"], 6)["seats"][0]["mean_score"]
    rand = simulate(GAME, config, ["random"], 6)["seats"][0]["mean_score"]
    assert greedy > rand + 5


def test_bots_choose_legal_actions_from_their_own_view():
    for level in ("random", "greedy"):
        for players in (1, 3):
            state = GAME.setup(GameConfig(players=players, solo=players == 1, seed=9))
            bot = make_bot(GAME, level, 1)
            for _ in range(120):
                if GAME.is_over(state):
                    break
                seat = GAME.to_move(state)[0]
                view = GAME.view(state, seat)
                assert all(c in ("", HIDDEN) for s, c in enumerate(view.secrets) if s != seat)
                legal = GAME.legal_actions(state)
                action = bot.choose(GAME, view, seat, legal)
                assert action in legal
                state = GAME.apply(state, action)


def test_greedy_bot_does_not_depend_on_hidden_information():
    """Same choice whatever the others' secrets and the bag order are."""
    state = GAME.setup(GameConfig(players=3, seed=21))
    while state.phase == "keep":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    unused = [c for c in DECK_IDS["secret"] if c not in state.secrets]
    other = evolve(
        state, secrets=(state.secrets[0], unused[0], unused[1]), bag=tuple(reversed(state.bag))
    )
    for seed in range(4):
        a = make_bot(GAME, "greedy", seed).choose(
            GAME, GAME.view(state, 0), 0, GAME.legal_actions(state)
        )
        b = make_bot(GAME, "greedy", seed).choose(
            GAME, GAME.view(other, 0), 0, GAME.legal_actions(other)
        )
        assert a == b


def test_greedy_collects_a_tile_that_completes_an_objective():
    from tests.moonshell.ms_helpers import make_state
    from tideboard.games.moonshell.state import Collect

    # the white on the right rock completes the array (three white in a row) in column 3
    state = make_state(
        2,
        rocks={0: "UR wA"},
        chests={0: ".. .. .. .. / .. .. .. .. / wC wD .. .."},
        secrets=("S10", "S10"),
        moonshells=(False, True),
    )
    action = make_bot(GAME, "greedy", 1).choose(
        GAME, GAME.view(state, 0), 0, GAME.legal_actions(state)
    )
    assert action == Collect(1, 2)
