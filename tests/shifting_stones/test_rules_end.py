"""Shifting Stones end of game: the trigger, the last round, the bonus, winners."""

from __future__ import annotations

import pytest

from tests.shifting_stones.ss_helpers import cards_worth, filler, make_state
from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones import rules, scoring
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import END_TURN, SKIP, Score

TRIGGERS = [(2, 10), (3, 9), (4, 8), (5, 7)]
TABLE = "BOH/BOE/EES"  # card 11 (Bird, Boat) and card 14 (Horse over a stone) both match


def _table(players: int, seat: int, already: int, hand=(14, 11, 20, 30)):
    """``players`` seats; ``seat`` is to move holding ``hand`` and has scored
    ``already`` cards; every other seat holds four cards."""
    used = list(hand)
    scored_cards = filler(already, exclude=tuple(used))
    used += scored_cards
    hands, scored = [], []
    for s in range(players):
        if s == seat:
            hands.append(tuple(hand))
            scored.append(scored_cards)
        else:
            other = filler(4, exclude=tuple(used))
            used += other
            hands.append(other)
            scored.append(())
    deck = filler(20, exclude=tuple(used))
    return make_state(TABLE, hands, deck=deck, scored=scored, current=seat)


def _finish(state):
    """End the game the way the rules do: trigger, then the last seat ends its turn."""
    state = evolve(state, end_triggered=True, current=state.players - 1)
    state = rules.apply(state, END_TURN)
    assert state.over
    return state


def _final(players_cards):
    hands = [()] * len(players_cards)
    state = make_state(TABLE, hands, scored=players_cards)
    return state, _finish(state)


# -- the trigger ----------------------------------------------------------------


@pytest.mark.parametrize("players, trigger", TRIGGERS)
def test_rule_end_trigger_by_player_count(players, trigger):
    short = rules.apply(_table(players, 0, trigger - 2), Score(14))
    assert len(short.scored[0]) == trigger - 1 and not short.end_triggered
    reached = rules.apply(_table(players, 0, trigger - 1), Score(14))
    assert len(reached.scored[0]) == trigger and reached.end_triggered
    assert not reached.over and reached.current == 0  # the turn and the round go on


@pytest.mark.parametrize("players, trigger", TRIGGERS)
def test_rule_end_trigger_counts_scored_cards_of_any_seat(players, trigger):
    seat = players - 1  # the last seat, not the first player
    short = rules.apply(_table(players, seat, trigger - 2), Score(11))
    assert len(short.scored[seat]) == trigger - 1 and not short.end_triggered
    state = rules.apply(_table(players, seat, trigger - 1), Score(11))
    assert len(state.scored[seat]) == trigger and 11 in state.scored[seat]
    assert all(not state.scored[s] for s in range(players) if s != seat)
    assert state.end_triggered
    assert not state.over and state.current == seat  # its turn goes on


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_round_is_finished_after_trigger(players):
    trigger = dict(TRIGGERS)[players]
    for seat in range(players):
        state = rules.apply(_table(players, seat, trigger - 1), Score(14))
        assert state.end_triggered
        turns_after = []
        state = rules.apply(state, END_TURN)
        while not state.over:
            turns_after.append(state.current)
            state = rules.apply(state, SKIP if state.current % 2 else END_TURN)
        # every seat after the trigger gets its turn; play stops before seat 1's turn
        assert turns_after == list(range(seat + 1, players))
        assert GAME.to_move(state) == () and rules.legal_actions(state) == []


def test_rule_end_is_not_triggered_without_scoring():
    state = _table(2, 0, 9, hand=(20, 30, 40, 41))
    for _ in range(12):
        state = rules.apply(state, END_TURN)
    assert not state.end_triggered and not state.over


def test_rule_may_score_beyond_trigger():
    state = _table(2, 0, 9)
    state = rules.apply(state, Score(14))
    assert state.end_triggered
    state = rules.apply(state, Score(11))  # an eleventh card in the same turn
    assert len(state.scored[0]) == 11 and not state.over
    state = rules.apply(state, END_TURN)
    # the other seat plays its last turn and may score too
    matching = [c for c in state.hands[1] if CARD_BY_ID[c].matches(state.grid)]
    for card in matching:
        state = rules.apply(state, Score(card))
    state = rules.apply(state, END_TURN)
    assert state.over
    assert len(state.scored[0]) == 11 and len(state.scored[1]) == len(matching)
    # every card counts, the ones past the trigger too (plus the bonus)
    ones = [sum(CARD_BY_ID[c].points == 1 for c in cards) for cards in state.scored]
    expected = [
        sum(CARD_BY_ID[c].points for c in cards) + 3 * (n == max(ones) > 0)
        for cards, n in zip(state.scored, ones)
    ]
    assert list(GAME.scores(state)) == expected


# -- the bonus and the winner ---------------------------------------------------


def test_rule_one_point_card_bonus():
    ones = cards_worth(1, 3)
    five = cards_worth(5, 1)
    before, after = _final([ones, five])
    assert GAME.scores(before) == (3, 5)  # not yet: the bonus is part of the final tally
    assert GAME.scores(after) == (6, 5)
    assert scoring.bonus_seats(after) == (0,)
    assert GAME.winners(after) == (0,)  # the bonus decides this game


def test_rule_one_point_card_bonus_tie():
    ones = cards_worth(1, 5)
    two, three, five = cards_worth(2, 1), cards_worth(3, 1), cards_worth(5, 1)
    _, after = _final([ones[:2] + two, ones[2:4] + five, ones[4:] + three])
    # seats 1 and 2 tie with two 1-point cards each: each gets 3
    assert scoring.bonus_seats(after) == (0, 1)
    assert GAME.scores(after) == (2 + 2 + 3, 2 + 5 + 3, 1 + 3)


def test_rule_one_point_bonus_counts_cards_not_points():
    ones = cards_worth(1, 2)
    fives = cards_worth(5, 2)
    _, after = _final([ones, fives + cards_worth(1, 1, exclude=ones)])
    # seat 1 has two 1-point cards, seat 2 one: seat 1 gets the bonus
    assert GAME.scores(after) == (2 + 3, 10 + 1)


def test_rule_no_one_point_bonus_when_nobody_has_one():
    _, after = _final([cards_worth(2, 1) + cards_worth(3, 1), cards_worth(5, 1)])
    assert scoring.bonus_seats(after) == ()
    assert GAME.scores(after) == (5, 5)


def test_rule_shared_victory_on_tie():
    _, after = _final([cards_worth(2, 1) + cards_worth(3, 1), cards_worth(5, 1)])
    assert GAME.winners(after) == (0, 1)
    assert GAME.result_text(after) == "Player 1 and Player 2 share the victory."
    ones, twos = cards_worth(1, 3), cards_worth(2, 3)
    _, three_way = _final([(ones[s], twos[s]) for s in range(3)])
    assert GAME.scores(three_way) == (6, 6, 6) and GAME.winners(three_way) == (0, 1, 2)


def test_rule_most_points_wins():
    _, after = _final([cards_worth(2, 2), cards_worth(3, 1), cards_worth(5, 1)])
    assert GAME.scores(after) == (4, 3, 5)
    assert GAME.winners(after) == (2,)
    assert GAME.result_text(after) == "Player 3 wins."


def test_rule_no_moves_after_the_end():
    _, after = _final([cards_worth(2, 1), cards_worth(3, 1)])
    with pytest.raises(IllegalAction):
        rules.apply(after, END_TURN)
