"""Shifting Stones solo: the bots plan the whole turn (``solo.py``, issue #21)."""

from __future__ import annotations

from tests.shifting_stones.ss_helpers import cards_worth, filler, make_state
from tideboard.engine.bots import make_bot
from tideboard.engine.search import Budget
from tideboard.games.shifting_stones import endgame
from tideboard.games.shifting_stones.bots import GreedyBot
from tideboard.games.shifting_stones.content import CARD_BY_ID, grid_code
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import EndTurn, Skip

TABLE = "BOH/BOE/EES"  # card 11 matches; card 13 matches after one flip, not now


def _play_turns(state, turns: int):
    """Greedy plays ``turns`` turns (or to the end); the actions it took."""
    bot = GreedyBot(5)
    taken = []
    while not GAME.is_over(state) and turns:
        legal = GAME.legal_for(state, 0)
        action = bot.choose(GAME, GAME.view(state, 0), 0, legal)
        taken.append(action)
        state = GAME.apply(state, action)
        turns -= isinstance(action, (EndTurn, Skip))
    return state, taken


def test_the_last_two_cards_one_scored_the_other_paid_to_make_itself_match():
    """Two cards left, one matching now and one a flip away: score the first, pay
    the other for the flip that makes it match, score it next turn: a win.  (Greedy
    before scored the first and ended the turn, the last card never matching.)"""
    assert CARD_BY_ID[11].matches(make_state(TABLE, [()]).grid)
    assert not CARD_BY_ID[13].matches(make_state(TABLE, [()]).grid)
    scored = filler(14, exclude=(11, 13))
    state = make_state(TABLE, [(11, 13)], solo=True, scored=[scored], strikes=1)
    end, _ = _play_turns(state, 2)
    assert GAME.is_over(end) and GAME.winners(end) == (0,) and end.strikes == 1


def test_a_card_three_moves_away_is_scored_this_turn():
    """No card of the hand is within two shifts or flips of the grid, one is within
    three, paid with the other three: the turn scores it (greedy looked two moves
    ahead, found nothing and took a strike)."""
    hand = (23, 47, 71, 48)
    state = make_state(TABLE, [hand], solo=True, deck=filler(8, exclude=hand))
    end, taken = _play_turns(state, 1)
    assert end.strikes == 0 and len(end.scored[0]) == 1
    assert sum(not isinstance(a, EndTurn) for a in taken) == 4  # three moves, one score


def test_wins_in_two_needs_a_score_and_the_grid_left_showing_the_rest():
    grid = grid_code(make_state(TABLE, [()]).grid)
    # score 11, pay 13 for its flip: 13 shows, the next turn scores it
    assert endgame.wins_in_two(grid, (11, 13)) and endgame.wins(grid, (11, 13))
    # 13 alone: paying for its own flip scores nothing this turn (a strike)
    assert not endgame.wins_in_two(grid, (13,)) and not endgame.wins(grid, (13,))


def _finish(state, bot):
    while not GAME.is_over(state):
        legal = GAME.legal_for(state, 0)
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), 0, legal))
    return state


def test_the_expert_searches_the_endgame_to_a_win_greedy_misses():
    """Three cards left, all in hand: the expert's favourite (greedy with the exact
    search of the turns to the end, ``endgame.wins``) finds the order and the moves that
    score them all; greedy's check of two turns ahead finds no such line and loses."""
    scored = (29, 14, 39, 3, 56, 50, 40, 59, 23, 43, 41, 20, 12)
    state = make_state("BSE/HBH/OTE", [(60, 13, 21)], solo=True, scored=[scored])
    assert GAME.winners(_finish(state, GreedyBot(1))) == ()
    expert = make_bot(GAME, "expert", 1, Budget(iterations=1))
    end = _finish(state, expert)
    assert GAME.winners(end) == (0,)


def test_with_no_line_without_a_strike_the_expert_plans_one_with_a_strike_turn():
    """Two cards left (each worth 1) and no line scores both without a strike: the
    expert's favourite plays for a line that takes a strike turn to move the stones
    and then wins (``endgame.wins_after_strikes``, checked on the plans of this turn);
    without that check it loses."""
    grid = grid_code(make_state("HFM/HET/EBH", [()]).grid)
    assert not endgame.wins(grid, (25, 60))
    # the rest of a mini deck: 8 one-point cards, 4 two, 3 three, 1 five
    scored = sum((cards_worth(p, n, (25, 60)) for p, n in ((1, 6), (2, 4), (3, 3), (5, 1))), ())
    state = make_state("HFM/HET/EBH", [(60, 25)], solo=True, scored=[scored])
    end = _finish(state, make_bot(GAME, "expert", 1, Budget(iterations=1)))
    assert GAME.winners(end) == (0,) and end.strikes > 0


def test_the_plans_move_ruled_out_greedy_still_picks_a_move_among_the_rest():
    """The easy level's slip asks greedy again without its first choice: in solo the
    rules of thumb then choose among the rest (the plan's fallback used to be ending
    the turn, a strike with a card to score)."""
    hand = (11, 13, 20, 30)
    state = make_state(TABLE, [hand], solo=True, deck=filler(8, exclude=hand))
    legal = GAME.legal_for(state, 0)
    first = GreedyBot(1).choose(GAME, GAME.view(state, 0), 0, legal)
    rest = [a for a in legal if a != first]
    second = GreedyBot(1).choose(GAME, GAME.view(state, 0), 0, rest)
    assert second in rest and not isinstance(second, EndTurn)


def test_together_knows_which_cards_the_grid_can_show_at_once():
    # 28 (TEF/*TO, a full grid) needs a Fish; 19 (FM/BE) a Fish and a Bird: three
    # of the two Fish/Bird stones
    assert not endgame.together(28, 19) and not endgame.together(19, 28)
    # 3 (FES, a row) fits in the middle row under 30 (O*F/***/*OO)
    assert endgame.together(3, 30)
    # two cards fixing the same cell differently (the Sun and the Moon: one stone)
    assert not endgame.together(16, 15)  # S/F/E and MF


def test_with_every_card_left_known_the_turn_leaves_cards_that_can_show_together():
    """Four cards left, all in hand.  Scoring the two easy ones (29 HO and 1 */O, both
    showing) left 16 (S/F/E) and 28 (TEF/*TO): cards the grid never shows at once,
    and the game was lost.  The turn scores 16 instead and keeps cards that pair."""
    hand = (29, 16, 1, 28)
    assert not endgame.together(16, 28)
    mix = ((1, 6), (2, 3), (3, 3))
    scored = sum((cards_worth(p, n, hand) for p, n in mix), ())
    state = make_state("BET/HMF/HOE", [hand], solo=True, scored=[scored])
    end, _ = _play_turns(state, 1)
    left = end.hands[0] + end.discard
    assert end.strikes == 0 and len(left) == 3
    assert all(endgame.together(a, b) for n, a in enumerate(left) for b in left[n + 1 :])


def test_near_knows_which_cards_the_grid_shows_one_move_apart():
    # 2 (TBS, a row) and 3 (FES, a row) never show at once (one Sun stone), but TBS on
    # the top row with F and E under T and B shows FES once the Sun shifts down
    assert not endgame.together(2, 3)
    assert endgame.near(2, 3) and endgame.near(3, 2)
    assert endgame.near(3, 30)  # together is near too (no move)
    # 28 (TEF/*TO) and 72 (*H*/*O*/*M): b1 and b2 differ, more than a move apart
    assert not endgame.near(28, 72) and not endgame.near(72, 28)


def test_before_the_deck_is_through_the_turn_keeps_the_known_cards_that_pair():
    """Seven cards left, one still in the deck (unknown).  Of the cards known, 18 (S/O)
    shows with none of 67 (MO), 28 (TEF/*TO) and 48 (*E*/*ST); the turn used to score
    the two easy ones (39 *E and 70 F/E) and keep 18.  Now the share of the known
    pairs counts from twelve cards left: the turn scores 18 and keeps 39 and 70."""
    hand, discard = (39, 18, 70, 67), (28, 48)
    assert not any(endgame.together(18, c) for c in (67, 28, 48))
    deck = filler(1, exclude=hand + discard)
    scored = filler(9, exclude=hand + discard + deck)
    state = make_state(
        "HHB/BES/HTT", [hand], solo=True, deck=deck, discard=discard, scored=[scored]
    )
    end, _ = _play_turns(state, 1)
    assert end.strikes == 0
    assert 18 in end.scored[0] and {39, 70} & set(end.scored[0]) == set()
