"""Shifting Stones solo: the 16-card mini deck, strikes, winning and losing."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.shifting_stones.ss_helpers import all_card_ids, cards_worth, filler, make_state, new_game
from tideboard.engine.core import IllegalAction
from tideboard.games.shifting_stones import rules, scoring
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import END_TURN, SKIP, Flip, Score

TABLE = "BOH/BOE/EES"  # cards 11 and 14 match


def _solo(hand=(14, 11, 20, 30), strikes=0, scored=(), deck=None, discard=()):
    used = tuple(hand) + tuple(scored) + tuple(discard)
    deck = filler(8, exclude=used) if deck is None else deck
    return make_state(
        TABLE, [hand], solo=True, deck=deck, discard=discard, scored=[scored], strikes=strikes
    )


@pytest.mark.parametrize("seed", range(10))
def test_solo_mini_deck_16_cards_8_ones_4_twos_3_threes_1_five(seed):
    state = new_game(solo=True, seed=seed)
    ids = all_card_ids(state)
    assert len(ids) == len(set(ids)) == 16
    assert Counter(CARD_BY_ID[c].points for c in ids) == {1: 8, 2: 4, 3: 3, 5: 1}
    assert state.players == 1 and len(state.hands) == 1
    assert len(state.hands[0]) == 4 and len(state.deck) == 12  # all other setup as usual
    assert Counter(f // 2 for f in state.grid) == {0: 1, 1: 2, 2: 3, 3: 3}


def test_solo_mini_deck_is_drawn_from_the_whole_deck():
    decks = {frozenset(all_card_ids(new_game(solo=True, seed=s))) for s in range(10)}
    assert len(decks) == 10
    assert len(frozenset().union(*decks)) > 40


def test_solo_strike_for_a_turn_ended_without_scoring():
    state = rules.apply(_solo(), END_TURN)
    assert state.strikes == 1 and not state.over and state.current == 0
    state = rules.apply(rules.apply(state, Flip(20, 0)), END_TURN)  # acting is not scoring
    assert state.strikes == 2


def test_solo_no_strike_for_a_turn_with_a_score():
    state = rules.apply(rules.apply(_solo(), Score(14)), END_TURN)
    assert state.strikes == 0
    # the next turn starts afresh: ending it without a score is a strike
    assert rules.apply(state, END_TURN).strikes == 1


def test_solo_skip_counts_as_a_turn_without_scoring():
    state = rules.apply(_solo(), SKIP)
    assert state.strikes == 1 and len(state.hands[0]) == 6
    with pytest.raises(IllegalAction):
        rules.apply(state, SKIP)  # and still not twice in a row


def test_solo_loss_at_four_strikes():
    state = rules.apply(_solo(strikes=2), END_TURN)
    assert state.strikes == 3 and not state.over
    state = rules.apply(state, END_TURN)
    assert state.strikes == 4 and state.over
    assert GAME.winners(state) == () and GAME.result_text(state).startswith("You lose")
    with pytest.raises(IllegalAction):
        rules.apply(state, END_TURN)


def test_solo_win_by_scoring_all_16():
    ones, twos, threes, five = (
        cards_worth(1, 8, exclude=(14,)),
        cards_worth(2, 4),
        cards_worth(3, 3),
        cards_worth(5, 1),
    )
    scored = ones[:7] + twos + threes + five  # 15 cards; card 14 (1 point) is the last
    state = _solo(hand=(14,), scored=scored, deck=(), strikes=3)
    after = rules.apply(state, Score(14))
    assert after.over and len(after.scored[0]) == 16 and after.strikes == 3
    assert GAME.winners(after) == (0,)
    assert GAME.result_text(after).startswith("You win")
    # no 1-point bonus in solo: the score is the cards' points
    assert GAME.scores(after) == (8 * 1 + 4 * 2 + 3 * 3 + 5,)
    assert scoring.bonus_seats(after) == ()


def test_solo_not_won_while_a_card_is_left():
    scored = filler(14, exclude=(14, 20))
    for leftover in ({"discard": (20,)}, {"deck": (20,)}, {"hand": (14, 20)}):
        hand = leftover.pop("hand", (14,))
        state = _solo(
            hand=hand,
            scored=scored,
            deck=leftover.get("deck", ()),
            discard=leftover.get("discard", ()),
        )
        after = rules.apply(state, Score(14))
        assert not after.over and GAME.winners(after) == ()


def test_solo_has_no_end_trigger():
    state = _solo(scored=filler(11, exclude=(14, 11, 20, 30)))
    state = rules.apply(rules.apply(state, Score(14)), Score(11))
    state = rules.apply(state, END_TURN)
    assert len(state.scored[0]) == 13 and not state.end_triggered and not state.over


def test_solo_turns_are_counted():
    state = _solo()
    for n in range(3):
        assert state.turn == n + 1
        state = rules.apply(state, END_TURN)
