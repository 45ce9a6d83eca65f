"""The turn (rulebook "Turn" and "Actions"): the diver, taking a card, oxygen, the three
paid actions, the refill, and the order of turns and rounds."""

from __future__ import annotations

import pytest

from tests.animal_splash.as_helpers import card, cards, make_state, new_game, play
from tideboard.engine.core import IllegalAction
from tideboard.games.animal_splash.content import CARDS, CELL_NAMES, SPOTS, STARTS
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.moves import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import (
    ACT,
    EMPTY,
    MOVE,
    TAKE,
    UNPLACED,
    Dive,
    End,
    Slide,
    Take,
)

S = SPOTS.index


def moving(oxygen=0, divers=(0, 6), current=0):
    t = cards(2, animal="fish")
    return make_state(
        [(t[0],), (t[1],)], oxygen=(oxygen, oxygen), divers=divers, current=current, phase=MOVE
    )


def test_first_round_place_the_diver_on_any_free_spot_for_free():
    state = new_game(3, seed=1)
    seat = state.current
    assert {a.spot for a in GAME.legal_actions(state) if isinstance(a, Dive)} == set(range(12))
    after = play(state, "dive e2")
    assert after.divers[seat] == S("e2") and after.oxygen == state.oxygen
    assert after.phase == TAKE
    after = play(after, "take a2 left", "end")
    # the next player may not take the occupied spot
    assert S("e2") not in {a.spot for a in GAME.legal_actions(after) if isinstance(a, Dive)}
    with pytest.raises(IllegalAction, match="Another diver"):
        play(after, "dive e2")


def test_move_one_step_clockwise_gains_one_oxygen():
    after = play(moving(oxygen=0), "dive nb")
    assert after.divers[0] == S("nb") and after.oxygen[0] == 1


def test_move_two_steps_costs_nothing():
    after = play(moving(oxygen=0), "dive nc")
    assert after.oxygen[0] == 0


def test_each_step_beyond_two_costs_one_oxygen():
    assert play(moving(oxygen=3), "dive e1").oxygen[0] == 2
    assert play(moving(oxygen=3), "dive e3").oxygen[0] == 0
    # sb: six steps (the other diver on sc is skipped), so four cost oxygen
    with pytest.raises(IllegalAction, match=r"6 steps cost 4 oxygen .*; you have 3"):
        play(moving(oxygen=3), "dive sb")
    assert [dive_oxygen(k) for k in (1, 2, 3, 4, 5)] == [1, 0, -1, -2, -3]


def test_occupied_spots_are_skipped_and_cost_nothing():
    """The other diver on nb is skipped: nc is one step away, e1 two."""
    state = moving(oxygen=0, divers=(S("na"), S("nb")))
    steps = dive_steps(state)
    assert S("nb") not in steps and steps[S("nc")] == 1 and steps[S("e1")] == 2
    assert play(state, "dive nc").oxygen[0] == 1
    assert play(state, "dive e1").oxygen[0] == 0


def test_the_diver_must_move_and_never_stays_or_passes_its_own_spot():
    state = moving(oxygen=20)
    steps = dive_steps(state)
    assert S("na") not in steps and max(steps.values()) == 10  # 12 spots, 2 divers
    with pytest.raises(IllegalAction, match="must move"):
        play(state, "dive na")


def test_the_diver_moves_before_the_card_is_taken():
    state = moving()
    with pytest.raises(IllegalAction, match="Move your diver first"):
        play(state, "take a1 left")
    after = play(state, "dive nb")
    with pytest.raises(IllegalAction, match="moved this turn already"):
        play(after, "dive nc")


def test_take_one_of_the_three_cards_the_diver_faces():
    state = play(moving(), "dive nb")  # nb faces column b
    takes = {a for a in GAME.legal_actions(state) if isinstance(a, Take)}
    assert {CELL_NAMES[a.cell] for a in takes} == {"b1", "b2", "b3"}
    assert len(takes) == 6  # each to the left or the right end
    with pytest.raises(IllegalAction, match="faces b1, b2, b3"):
        play(state, "take a1 left")


def test_take_adds_the_card_at_the_left_or_right_end_and_leaves_a_hole():
    state = play(moving(oxygen=2), "dive e2")  # row 2
    cid = state.grid[4]
    left = play(state, "take b2 left")
    assert left.tableaus[0] == (cid,) + state.tableaus[0] and left.grid[4] == EMPTY
    right = play(state, "take b2 right")
    assert right.tableaus[0] == state.tableaus[0] + (cid,)
    assert left.phase == ACT
    with pytest.raises(IllegalAction, match="taken your card"):
        play(left, "take a2 left")


def test_a_taken_crab_brings_its_oxygen_token():
    crab, other = card(animal="crab"), card(animal="fish")
    grid = (crab, other) + cards(7, animal="turtle")
    state = make_state(
        [(card(animal="octopus"),), (card(animal="seahorse"),)],
        grid=grid,
        phase=TAKE,
        divers=(S("e1"), S("sa")),
        oxygen=(0, 0),
    )
    assert play(state, "take a1 left").oxygen[0] == 1
    assert play(state, "take b1 left").oxygen[0] == 0


def test_end_refills_the_empty_spot_from_the_draw_pile_and_passes_the_turn():
    state = play(moving(), "dive nb", "take b1 right")
    after = play(state, "end")
    drawn = after.grid[1]
    assert drawn in state.deck and sorted(after.deck + (drawn,)) == sorted(state.deck)
    assert after.current == 1 and after.phase == MOVE and after.taken == EMPTY
    with pytest.raises(IllegalAction, match="Take a card first"):
        play(moving(), "end")


def test_slide_a_card_within_the_tableau_costs_one_oxygen():
    t = cards(3, animal="fish")
    state = make_state([t, cards(1, animal="crab")], oxygen=(1, 0))
    after = play(state, "slide 3 1")
    assert after.tableaus[0] == (t[2], t[0], t[1]) and after.oxygen[0] == 0
    assert play(state, "slide 1 3").tableaus[0] == (t[1], t[2], t[0])
    with pytest.raises(IllegalAction, match="costs 1 oxygen; you have 0"):
        play(after, "slide 1 2")
    assert not [a for a in GAME.legal_actions(after) if isinstance(a, Slide)]


def test_move_a_pearl_one_step_costs_two_oxygen():
    t = cards(3, animal="fish")
    state = make_state([t, cards(1, animal="crab")], oxygen=(4, 0), pearls=[(0, 1, 0)])
    down = play(state, "pearl 2a 2p")  # up/down: the other area of the card
    assert down.pearls[0] == {t[1] * 2 + 1} and down.oxygen[0] == 2
    side = play(state, "pearl 2a 3a")  # left/right: same area of the neighbour
    assert side.pearls[0] == {t[2] * 2}
    with pytest.raises(IllegalAction, match="one step"):
        play(state, "pearl 2a 3p")  # the vertical position stays when moving sideways
    with pytest.raises(IllegalAction, match="no pearl"):
        play(state, "pearl 1a 2a")


def test_never_two_pearls_on_one_area():
    t = cards(3, animal="fish")
    state = make_state([t, cards(1, animal="crab")], oxygen=(4, 0), pearls=[(0, 0, 0), (0, 1, 0)])
    with pytest.raises(IllegalAction, match="one pearl per area"):
        play(state, "pearl 1a 2a")


def test_swap_with_the_grid_costs_three_oxygen_and_pearls_stay_on_their_cards():
    t = cards(2, animal="fish")
    grid = cards(9, animal="turtle")
    state = make_state(
        [t, cards(1, animal="crab")],
        grid=grid,
        oxygen=(3, 0),
        pearls=[(0, 0, 0)],
        grid_pearls=[(4, 1)],
    )
    after = play(state, "swap 1 b2")
    assert after.tableaus[0] == (grid[4], t[1]) and after.grid[4] == t[0]
    assert after.oxygen[0] == 0
    # the pearl went into the grid with its card, and the grid card's pearl came along
    assert after.pearls[0] == {grid[4] * 2 + 1} and after.pearls[2] == {t[0] * 2}
    assert after.pearls_on(t[0]) == (True, False)
    with pytest.raises(IllegalAction, match="costs 3 oxygen; you have 0"):
        play(after, "swap 1 a1")


def test_paid_actions_may_be_used_at_any_step_of_the_turn_as_often_as_affordable():
    seat_cards = cards(2, animal="octopus")
    state = make_state(
        [seat_cards, cards(1, animal="crab")], oxygen=(5, 0), divers=(0, 6), phase=MOVE
    )
    before_dive = play(state, "slide 2 1", "slide 2 1")
    assert before_dive.phase == MOVE and before_dive.oxygen[0] == 3
    before_take = play(before_dive, "dive nb", "swap 1 a1")
    assert before_take.phase == TAKE and before_take.oxygen[0] == 3 + 1 - 3  # +1: one step


def test_the_empty_spot_cannot_be_swapped_with():
    state = make_state(
        [cards(2, animal="fish"), cards(1, animal="crab")], oxygen=(9, 0), divers=(0, 6), phase=MOVE
    )
    state = play(state, "dive nb", "take b1 left")
    with pytest.raises(IllegalAction, match="empty until the end of the turn"):
        play(state, "swap 1 b1")


def test_turn_order_runs_from_the_start_player_and_rounds_count_up():
    state = new_game(3, seed=4)
    first = state.first
    seen = []
    for _ in range(4):
        seen.append(state.current)
        dive = next(a for a in GAME.legal_actions(state) if isinstance(a, Dive))
        state = GAME.apply(state, dive)
        take = next(a for a in GAME.legal_actions(state) if isinstance(a, Take))
        state = GAME.apply(GAME.apply(state, take), End())
    assert seen == [first, (first + 1) % 3, (first + 2) % 3, first]
    assert state.round == 2


@pytest.mark.parametrize("players, cards_each", [(2, 9), (3, 8), (4, 7), (5, 6)])
def test_the_game_ends_when_everyone_has_the_card_count_for_the_table(players, cards_each):
    state = new_game(players, seed=players)
    while not state.over:
        legal = GAME.legal_actions(state)
        kinds = (Dive, Take, End)
        state = GAME.apply(state, next(a for a in legal if isinstance(a, kinds)))
    assert [len(t) for t in state.tableaus] == [cards_each] * players
    assert GAME.legal_actions(state) == [] and GAME.to_move(state) == ()
    assert all(d != UNPLACED for d in state.divers)


def test_start_cards_count_in_the_tableau():
    state = new_game(2, seed=2)
    assert CARDS[state.tableaus[0][0]] in STARTS


def test_a_start_card_taken_from_the_grid_pays_its_oxygen_again():
    """Turn, step 3: "if oxygen tokens are depicted on these cards, take tokens from
    the supply". A start card swapped into the grid is a card like any other, so
    whoever takes it later takes the oxygen it shows: 1, or 3 for start card 8. A
    card that comes in by a swap brings none (issue #20; the rules page says so)."""
    eight = next(c.id for c in STARTS if c.number == 8)
    grid = (eight,) + cards(8, animal="turtle")
    state = make_state(
        [(card(animal="octopus"),), (card(animal="seahorse"),)],
        grid=grid,
        phase=TAKE,
        divers=(S("e1"), S("sa")),
        oxygen=(0, 3),
    )
    assert play(state, "take a1 left").oxygen[0] == 3
    # swapped in by the other seat, it brings nothing
    swapping = make_state(
        [(card(animal="octopus"),), (card(animal="seahorse"),)], grid=grid, current=1, oxygen=(0, 3)
    )
    assert play(swapping, "swap 1 a1").oxygen[1] == 0
