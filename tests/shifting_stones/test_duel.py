"""Shifting Stones at a table: the plan of a whole turn (``duel.py``), the expert's
move there (issue #21, s18p)."""

from __future__ import annotations

import random

from tideboard.engine.bots import make_bot
from tideboard.engine.search import Budget
from tideboard.games.shifting_stones import duel, sampling
from tideboard.games.shifting_stones.content import CARD_BY_ID, grid_code
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.grids import wrong_stones
from tideboard.games.shifting_stones.state import SKIP, Flip, Score

from .ss_helpers import make_state, new_game

# Bird-Horse-Sun over Horse-Horse-Seed: a flip of b1 makes card 11 (Bird, Boat), a
# flip of b2 card 29 (Horse, Boat); cards 12 and 58 (full grids) are far off
TWO_FLIPS = "BHS/HHE/FET"


def test_one_turn_scores_two_cards_paying_with_the_far_ones():
    state = make_state(TWO_FLIPS, [(11, 29, 12, 58), (1, 2, 3, 4)])
    worth, points, first, scored, move = duel.plans(state, 0)[0]
    assert points == 2 and sorted(scored) == [11, 29]
    assert first in (Flip(12, 1), Flip(58, 1), Flip(12, 4), Flip(58, 4))


def test_a_card_the_grid_shows_is_scored_first():
    state = make_state(TWO_FLIPS, [(11, 29, 12, 58), (1, 2, 3, 4)])
    state = GAME.apply(state, Flip(12, 1))
    assert duel.plans(state, 0)[0][2] == Score(11)


def test_a_skip_where_no_plan_scores():
    state = make_state(TWO_FLIPS, [(12, 58, 28, 62), (1, 2, 3, 4)], deck=tuple(range(13, 20)))
    code = grid_code(state.grid)
    assert all(wrong_stones(CARD_BY_ID[c].masks, code) > 3 for c in state.hands[0])
    moves = duel.ranked(state, 0, GAME.legal_actions(state))
    assert moves[0].action == SKIP


def test_the_expert_at_a_table_plays_the_plan_and_reads_only_its_view():
    rng = random.Random(2)
    for seed in range(4):
        state = new_game(players=2, seed=seed)
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state)
        view = GAME.view(state, seat)
        other = sampling.determinize(view, seat, rng)
        assert other != state
        expected = duel.ranked(view, seat, legal)
        assert duel.ranked(GAME.view(other, seat), seat, legal) == expected
        expert = make_bot(GAME, "expert", seed, Budget(iterations=900))
        assert expert.choose(GAME, view, seat, legal) == expected[0].action
        assert expert.last.moves[: len(expected)] == tuple(expected)


def test_a_hint_says_the_rest_of_the_turn_it_aims_at():
    """Found trying it as a player: the first hint of seed 11 read "swap c2 Seed <>
    c3 Boat (discard 35), to score cards 31 and 32: scores 3 this turn", but after
    the swap only card 32 matched, and nothing said how to score 31 (a flip more,
    paid with card 55). The hint now gives the rest of the turn (``Wording.then``),
    and played on from the view it scores the cards the hint aims at."""
    from tideboard.engine import hints
    from tideboard.engine.core import GameConfig
    from tideboard.engine.search import search
    from tideboard.games.shifting_stones import bots

    state = GAME.setup(GameConfig(players=2, seed=11))
    view, legal = GAME.view(state, 0), GAME.legal_for(state, 0)
    found = search(GAME, view, 0, legal, bots.EXPERT, random.Random(1), Budget(iterations=10))
    first = hints.hints(GAME, view, 0, found)[0]
    assert "to score cards 31 and 32" in first.words
    assert first.then and first.then[-1] == "score card 31 for 2 points"
    rest = bots.hint_then(view, first.action)
    played = GAME.apply(view, first.action)
    for action in rest:
        played = GAME.apply(played, action)
    assert {31, 32} <= set(played.scored[0])
    assert bots.hint_then(make_state(TWO_FLIPS, [(11, 29, 12, 58)], solo=True), SKIP) == ()
