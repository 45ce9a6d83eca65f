"""Shifting Stones turn actions: shift, flip, score, end, skip, and the deck."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tests.shifting_stones.ss_helpers import (
    BOX,
    all_card_ids,
    brute_matches,
    filler,
    grid,
    make_state,
)
from tideboard.engine.core import IllegalAction
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones import rules
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS, CELL_NAMES, make_card
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import END_TURN, SKIP, EndTurn, Flip, Score, Shift, Skip

MIXED = "SFB/HOH/ETE"  # a table where most neighbours differ


def _adjacent(a: int, b: int) -> bool:
    """Side by side on the 3x3 grid, worked out from the cell names."""
    (ca, ra), (cb, rb) = CELL_NAMES[a], CELL_NAMES[b]
    dc, dr = abs(ord(ca) - ord(cb)), abs(int(ra) - int(rb))
    return dc + dr == 1


def _two_seats(grid_text=MIXED, hand0=(11, 14, 20, 30), hand1=(40, 41, 42, 43), **kw):
    used = tuple(hand0) + tuple(hand1) + tuple(kw.get("discard", ()))
    kw.setdefault("deck", filler(10, exclude=used))
    return make_state(grid_text, [hand0, hand1], **kw)


# -- cells and notation -------------------------------------------------------


def test_rule_cells_a1_to_c3_row_1_at_the_top():
    assert CELL_NAMES == ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
    state = _two_seats("SFB/HOH/ETE")
    stones = GAME.to_json(state)["stones"]
    assert (stones["a1"], stones["c1"], stones["b2"], stones["c3"]) == (
        "Sun",
        "Bird",
        "Boat",
        "Seed",
    )


# -- shift --------------------------------------------------------------------


def test_rule_shift_swaps_two_orthogonal_neighbours():
    state = _two_seats()
    pairs = [(a, b) for a, b in itertools.permutations(range(9), 2) if _adjacent(a, b)]
    assert len(pairs) == 24  # twelve neighbour pairs, either way round
    for a, b in pairs:
        after = rules.apply(state, Shift(20, a, b))
        expected = list(state.grid)
        expected[a], expected[b] = expected[b], expected[a]
        assert after.grid == tuple(expected)
        assert after.current == 0 and not after.over  # the turn goes on


def test_rule_shift_by_notation_moves_the_named_stones():
    state = _two_seats("SFB/HOH/ETE")
    after = GAME.apply(state, GAME.parse_action(state, "shift 20 a1 a2"))
    assert after.grid == grid("HFB/SOH/ETE")
    after = GAME.apply(after, GAME.parse_action(after, "shift 30 c3 b3"))
    assert after.grid == grid("HFB/SOH/EET")


def test_rule_no_diagonal_shift():
    state = _two_seats()
    refused = [(a, b) for a in range(9) for b in range(9) if not _adjacent(a, b)]
    assert (0, 4) in refused and (2, 3) in refused and (0, 2) in refused and (4, 4) in refused
    for a, b in refused:
        with pytest.raises(IllegalAction):
            rules.apply(state, Shift(20, a, b))
    shifts = {(x.a, x.b) for x in rules.legal_actions(state) if isinstance(x, Shift)}
    assert shifts and all(_adjacent(a, b) for a, b in shifts)
    assert len(shifts) == 12
    with pytest.raises(IllegalAction, match="diagonal"):
        GAME.apply(state, GAME.parse_action(state, "shift 20 a1 b2"))


def test_rule_shift_off_the_grid_is_illegal_not_a_crash():
    state = _two_seats()
    for a, b in [(9, 12), (-1, 0), (8, 9), (100, 101)]:
        with pytest.raises(IllegalAction):
            rules.apply(state, Shift(20, a, b))
    for cell in (-1, 9, 40):
        with pytest.raises(IllegalAction):
            rules.apply(state, Flip(20, cell))


# -- flip ---------------------------------------------------------------------


def test_rule_flip_turns_stone_to_other_side():
    other = {"S": "M", "M": "S", "F": "B", "B": "F", "H": "O", "O": "H", "E": "T", "T": "E"}
    for text in ("SFB/HOH/ETE", "MBF/OHO/TET"):
        state = _two_seats(text)
        letters = text.replace("/", "")
        for cell in range(9):
            after = rules.apply(state, Flip(20, cell))
            expected = letters[:cell] + other[letters[cell]] + letters[cell + 1 :]
            assert after.grid == grid("/".join(expected[i : i + 3] for i in (0, 3, 6)))
            back = rules.apply(after, Flip(30, cell))
            assert back.grid == state.grid


def test_rule_shift_and_flip_cost_a_discard():
    state = _two_seats()
    for action in (Shift(20, 0, 1), Flip(20, 4)):
        after = rules.apply(state, action)
        assert after.hands[0] == (11, 14, 30)
        assert after.discard == state.discard + (20,)  # face up on top of the pile
        assert after.hands[1] == state.hands[1] and after.deck == state.deck
    # the next discard goes on top
    twice = rules.apply(rules.apply(state, Flip(20, 4)), Shift(30, 0, 1))
    assert twice.discard[-2:] == (20, 30) and twice.hands[0] == (11, 14)


def test_rule_shift_and_flip_need_a_card_from_your_own_hand():
    state = _two_seats()
    for action in (Shift(40, 0, 1), Flip(40, 0), Shift(72, 0, 1), Flip(0, 0)):
        with pytest.raises(IllegalAction, match="not in your hand"):
            rules.apply(state, action)
    empty = evolve(state, hands=((), state.hands[1]))
    assert all(isinstance(a, (EndTurn, Skip)) for a in rules.legal_actions(empty))


# -- scoring ------------------------------------------------------------------


def test_rule_score_needs_symbols_and_orientation():
    """The card is laid on the grid as it is printed (never turned): every
    stone must show the card's symbol in the card's place."""
    rnd = random.Random(11)
    stones = [p for p, n in BOX.items() for _ in range(n)]
    seen = Counter()
    for _ in range(300):
        rnd.shuffle(stones)
        faces = tuple(p * 2 + rnd.randrange(2) for p in stones)
        for card in CARDS:
            expected = brute_matches(card.rows, faces)
            assert card.matches(faces) == expected, (card.id, faces)
            seen[expected] += 1
    assert seen[True] > 500 and seen[False] > 500


def test_rule_example_no_right_symbols_wrong_orientation():
    # Card 11 shows Bird with Boat to its right.  Here Bird sits above Boat.
    assert CARD_BY_ID[11].rows == ("BO",)
    state = _two_seats("BHE/OHE/FTS")
    assert not CARD_BY_ID[11].matches(state.grid)
    assert Score(11) not in rules.legal_actions(state)
    with pytest.raises(IllegalAction, match="does not match"):
        rules.apply(state, Score(11))
    # The same two stones the other way round do not match either...
    assert not CARD_BY_ID[11].matches(grid("OHE/BHE/FTS"))
    assert not CARD_BY_ID[11].matches(grid("OBE/HHE/FTS"))
    # ...but set side by side as printed, they do.
    fixed = rules.apply(rules.apply(state, Shift(20, 3, 4)), Shift(30, 0, 3))
    assert fixed.grid == grid("HHE/BOE/FTS")
    assert rules.apply(fixed, Score(11)).scored[0] == (11,)


def test_rule_card_scores_once_even_with_two_matches():
    # The rulebook's "YES" example: a 1-point card found twice on the grid.
    table = "BOH/BOE/EES"
    assert CARD_BY_ID[11].points == 1
    state = _two_seats(table)
    card = CARD_BY_ID[11]
    hits = [p for p in card.placements if all(state.grid[c] == f for c, f in p)]
    assert len(hits) == 2
    after = rules.apply(state, Score(11))
    assert after.scored[0] == (11,) and GAME.scores(after) == (1, 0)
    assert Score(11) not in rules.legal_actions(after)
    with pytest.raises(IllegalAction):
        rules.apply(after, Score(11))


def test_rule_grey_square_needs_any_tile():
    # Card 1: a grey square above a Boat.  The grey square may hold any stone
    # but must hold one, so the Boat cannot be in the top row.
    card = CARD_BY_ID[1]
    assert card.rows == ("*", "O")
    for text, where in [
        ("OHH/EEE/FBS", "top"),
        ("HHE/OEE/FBS", "middle"),
        ("HHE/EEF/OBS", "bottom"),
        ("HHE/BEE/FOS", "middle under Bird"),
        ("HHE/SEE/FBO", "bottom under Sun"),
    ]:
        assert card.matches(grid(text)) == (where != "top"), where
    # every kind of stone will do on the grey square
    for above in "SFHE":
        layout = {"S": "SHH/OEE/FBE", "F": "FHH/OEE/SBE", "H": "HSE/OEE/FBH", "E": "EHH/OSE/FBE"}[
            above
        ]
        assert card.matches(grid(layout)), above


def test_rule_example_top_row_but_not_bottom_row():
    # A card with a grey row under its symbols can be made with the top or
    # middle row, never with the bottom row (nothing lies below it).
    two_rows = make_card(900, 2, ("HO", "**"))
    assert two_rows.matches(grid("HOE/FBE/SHE"))
    assert two_rows.matches(grid("FBE/HOE/SHE"))
    assert not two_rows.matches(grid("FBE/SHE/HOE"))
    # the same with a card from the deck: Horse over a grey square
    assert CARD_BY_ID[14].rows == ("H", "*")
    assert CARD_BY_ID[14].matches(grid("HOO/EEE/FBS"))
    assert not CARD_BY_ID[14].matches(grid("OOE/ETS/HFB"))
    state = _two_seats("OOE/ETS/HFB", hand0=(14, 20, 30, 11))
    with pytest.raises(IllegalAction):
        rules.apply(state, Score(14))
    moved = rules.apply(state, Shift(20, 3, 6))  # a2 <-> a3: the Horse moves up
    assert rules.apply(moved, Score(14)).scored[0] == (14,)


def test_rule_example_full_grid_orange_in_centre():
    # A full-grid card with only the orange Fish set, in the centre.
    centre = make_card(901, 1, ("***", "*F*", "***"))
    yes = grid("HOH/EFE/TBS")
    assert centre.matches(yes)
    for cell in range(9):
        if cell == 4:
            continue
        faces = list(yes)
        faces[4], faces[cell] = faces[cell], faces[4]  # the Fish anywhere else
        assert not centre.matches(tuple(faces)), CELL_NAMES[cell]


def test_rule_full_grid_card_fixes_positions():
    card = CARD_BY_ID[72]
    assert card.rows == ("*H*", "*O*", "*M*") and len(card.placements) == 1
    assert card.matches(grid("EHE/FOB/TMO"))
    # the same column of three stones one column to the left does not count
    assert not card.matches(grid("HEE/OFB/MTO"))
    # while a plain column-of-three card would match it anywhere
    column = make_card(902, 1, ("H", "O", "M"))
    assert column.matches(grid("HEE/OFB/MTO")) and column.matches(grid("EHE/FOB/TMO"))
    # a full-grid card with grey corners still fixes the set stones
    assert CARD_BY_ID[35].rows == ("*S*", "*F*", "***")
    assert CARD_BY_ID[35].matches(grid("HSH/OFE/TBE"))
    assert not CARD_BY_ID[35].matches(grid("SHH/FOE/TBE"))


def test_rule_score_only_from_your_own_hand_on_your_turn():
    state = _two_seats("BOH/BOE/EES", hand0=(20, 30, 40, 41), hand1=(11, 14, 42, 43))
    assert CARD_BY_ID[11].matches(state.grid)
    with pytest.raises(IllegalAction, match="not in your hand"):
        rules.apply(state, Score(11))
    their_turn = rules.apply(state, END_TURN)
    assert rules.apply(their_turn, Score(11)).scored == ((), (11,))


def test_rule_scored_cards_not_in_hand():
    state = _two_seats("BOH/BOE/EES", hand0=(11, 14, 20, 30))
    after = rules.apply(rules.apply(state, Score(11)), Score(14))
    assert after.hands[0] == (20, 30) and after.scored[0] == (11, 14)
    assert after.discard == state.discard  # scored cards are kept, not discarded
    # they are not cards to act with
    for action in (Flip(11, 0), Shift(14, 0, 1)):
        with pytest.raises(IllegalAction):
            rules.apply(after, action)
    # and they do not count toward the hand of four
    refilled = rules.apply(after, END_TURN)
    assert len(refilled.hands[0]) == 4 and refilled.scored[0] == (11, 14)
    # points stay even when the grid changes afterwards
    later = rules.apply(refilled, Flip(40, 0))
    assert GAME.scores(later)[0] == CARD_BY_ID[11].points + CARD_BY_ID[14].points


# -- a whole turn -------------------------------------------------------------


def test_rule_any_number_of_actions_in_any_order():
    state = _two_seats("BOH/BOE/EES", hand0=(11, 14, 20, 30, 31, 32))
    steps = [Flip(20, 8), Score(14), Shift(30, 0, 1), Score(11), Flip(31, 8), Shift(32, 4, 5)]
    for action in steps:
        assert action in rules.legal_actions(state)
        state = rules.apply(state, action)
        assert state.current == 0 and not state.over
    assert state.scored[0] == (14, 11) and state.discard == (20, 30, 31, 32)
    assert state.hands[0] == () and state.grid == grid("OBH/BEO/EES")
    # with no cards left there is nothing to discard or score: only end remains
    assert rules.legal_actions(state) == [END_TURN]
    assert rules.apply(state, END_TURN).current == 1


def test_rule_end_turn_at_any_time():
    state = _two_seats()
    assert END_TURN in rules.legal_actions(state)
    after = rules.apply(state, END_TURN)
    assert after.current == 1 and after.hands[0] == state.hands[0]  # nothing drawn: 4 held


def test_rule_refill_to_four_at_end_of_turn():
    state = _two_seats(hand0=(20,))
    top = state.deck[-3:]
    after = rules.apply(state, END_TURN)
    assert len(after.hands[0]) == 4
    assert set(after.hands[0]) == {20, *top}  # drawn from the top of the face-down deck
    assert after.deck == state.deck[:-3]
    assert after.hands[1] == state.hands[1]
    assert after.current == 1 and not after.acted


def test_rule_hand_above_four_is_not_trimmed():
    for size in (5, 6):
        hand0 = filler(size, exclude=(40, 41, 42, 43))
        state = _two_seats(hand0=hand0)
        after = rules.apply(state, END_TURN)
        assert after.hands[0] == hand0 and after.deck == state.deck and after.discard == ()


def test_rule_turn_passes_to_the_left():
    hands = [tuple(range(1 + 4 * s, 5 + 4 * s)) for s in range(4)]
    state = make_state(MIXED, hands, deck=tuple(range(17, 40)))
    order = []
    for _ in range(9):
        order.append(state.current)
        state = rules.apply(state, END_TURN)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0]


# -- skip ---------------------------------------------------------------------


def test_rule_skip_draws_two_instead_of_acting():
    state = _two_seats()
    top2 = state.deck[-2:]
    after = rules.apply(state, SKIP)
    assert len(after.hands[0]) == 6 and set(after.hands[0]) == set(state.hands[0]) | set(top2)
    assert after.deck == state.deck[:-2]
    assert after.grid == state.grid and after.scored == state.scored
    assert after.current == 1  # skipping ends the turn, with no refill on top of the two


def test_rule_skip_only_instead_of_other_actions():
    state = _two_seats("BOH/BOE/EES")
    for first in (Flip(20, 0), Shift(20, 0, 1), Score(11)):
        acted = rules.apply(state, first)
        assert SKIP not in rules.legal_actions(acted)
        with pytest.raises(IllegalAction, match="before doing anything"):
            rules.apply(acted, SKIP)


def test_rule_no_skip_twice_in_a_row():
    state = _two_seats()
    state = rules.apply(state, SKIP)  # seat 1 skips
    state = rules.apply(state, END_TURN)  # seat 2 plays
    assert state.current == 0
    assert SKIP not in rules.legal_actions(state)
    with pytest.raises(IllegalAction, match="twice in a row"):
        rules.apply(state, SKIP)
    # a turn played normally in between makes skipping allowed again
    state = rules.apply(rules.apply(state, END_TURN), END_TURN)
    assert SKIP in rules.legal_actions(state)
    assert rules.apply(state, SKIP).skipped_last[0]
    # one seat's skip does not stop the next seat from skipping
    other = rules.apply(_two_seats(), SKIP)
    assert SKIP in rules.legal_actions(other)


# -- the deck -----------------------------------------------------------------


def test_rule_deck_reshuffles_discard_when_empty():
    discard = (50, 51, 52, 53, 54)
    state = _two_seats(hand0=(20,), deck=(60,), discard=discard)
    before = sorted(all_card_ids(state))
    after = rules.apply(state, END_TURN)
    assert len(after.hands[0]) == 4 and 60 in after.hands[0]
    assert after.discard == ()  # the pile became the new deck...
    assert len(after.deck) == 3 and set(after.deck) < set(discard)  # ...and was drawn from
    assert set(after.hands[0]) - {20, 60} <= set(discard)
    assert sorted(all_card_ids(after)) == before


def test_rule_deck_reshuffle_is_a_shuffle():
    discard = tuple(range(30, 50))
    orders = set()
    for position in range(6):
        state = _two_seats(hand0=(20, 21, 22), deck=(), discard=discard)
        state = evolve(state, rng=Rng(position * 977))
        orders.add(rules.apply(state, END_TURN).deck)
    assert len(orders) > 1  # the new deck's order depends on the generator


def test_rule_skip_also_reshuffles_when_the_deck_runs_out():
    state = _two_seats(deck=(60,), discard=(50, 51, 52))
    after = rules.apply(state, SKIP)
    assert len(after.hands[0]) == 6 and 60 in after.hands[0]
    assert len(after.deck) == 2 and after.discard == ()


def test_rule_fewer_cards_drawn_when_deck_and_discard_are_empty():
    state = _two_seats(hand0=(20,), deck=(60,), discard=())
    after = rules.apply(state, END_TURN)
    assert sorted(after.hands[0]) == [20, 60] and after.deck == () and after.current == 1
    skipped = rules.apply(after, SKIP)
    assert skipped.hands[1] == state.hands[1] and skipped.current == 0


# -- consistency of the move list ------------------------------------------------


def _universe():
    for card in CARDS:
        for a, b in itertools.product(range(9), repeat=2):
            yield Shift(card.id, a, b)
        for cell in range(9):
            yield Flip(card.id, cell)
        yield Score(card.id)
    yield END_TURN
    yield SKIP


@pytest.mark.parametrize(
    "table, hand0, acted",
    [
        ("BOH/BOE/EES", (11, 14, 20, 30), False),
        ("SFB/HOH/ETE", (11, 14, 72, 35), True),
        ("EHE/FOB/TMO", (72, 1, 2), False),
    ],
)
def test_rule_legal_moves_are_exactly_the_moves_that_apply(table, hand0, acted):
    state = _two_seats(table, hand0=hand0, acted=acted)
    legal = set(rules.legal_actions(state))
    for action in _universe():
        try:
            rules.apply(state, action)
            ok = True
        except IllegalAction:
            ok = False
        assert ok == (action in legal), action


def test_rule_game_over_rejects_every_action():
    state = evolve(_two_seats("BOH/BOE/EES"), over=True)
    assert rules.legal_actions(state) == [] and GAME.to_move(state) == ()
    for action in (Score(11), Flip(20, 0), Shift(20, 0, 1), END_TURN, SKIP):
        with pytest.raises(IllegalAction, match="over"):
            rules.apply(state, action)


def test_rule_illegal_action_leaves_the_state_as_it_was():
    state = _two_seats("BHE/OHE/FTS")
    copy = evolve(state)
    for action in (Score(11), Shift(20, 0, 4), Flip(99, 0)):
        with pytest.raises(IllegalAction):
            rules.apply(state, action)
    assert state == copy
