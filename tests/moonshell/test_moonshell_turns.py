"""Moonshell turns: rotate, pull, collect, the bag and the end of the game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.moonshell.ms_helpers import make_state, play
from tideboard.engine.core import GameConfig, IllegalAction, NotationError
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import EMPTY, MOONSHELL, URCHIN, tile_from_code
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.rules import ocean_rows, seat_rocks
from tideboard.games.moonshell.state import PASS, ROTATE, Collect, Pull

T = tile_from_code
# A distinct-enough ocean: north row first.
OCEAN = "wC pD uA oS wD / pA uS oC wA pS / uC oD wS pC uD / oA wC pD uA oS / wD pA uS oC wA"


def cell(state, r, c):
    return state.ocean[r * 5 + c]


def test_rule_three_actions_per_turn_then_the_next_player_clockwise():
    state = make_state(3)
    state = play(state, "rotate", "rotate")
    assert state.current == 0 and state.actions_left == 1
    state = play(state, "rotate")
    assert state.current == 1 and state.actions_left == 3 and state.turn == 2
    state = play(state, "rotate", "rotate", "rotate", "rotate", "rotate", "rotate")
    assert state.current == 0 and state.round == 2


def test_rule_the_same_action_may_be_taken_several_times():
    state = make_state(2, rocks={0: "wC pD"})
    state = play(state, "collect left 1", "rotate", "rotate")
    assert state.current == 1 and state.chests[0][0] == (T("wC"),)
    state = make_state(2, rocks={0: "wC pD"})
    state = play(state, "collect left 1", "collect right 1")  # collect twice
    assert state.chests[0][0] == (T("wC"), T("pD"))


def test_rule_rotate_turns_every_tile_and_the_rocks_counter_clockwise_on_the_even_side():
    state = make_state(4, ocean_text=OCEAN, rocks={0: "oD uC", 1: "wS .."})
    after = play(state, "rotate")
    for r in range(5):
        for c in range(5):
            assert cell(after, 4 - c, r) == cell(state, r, c)
    assert cell(after, 0, 0) == cell(state, 0, 4)  # north-east corner to north-west
    assert cell(after, 4, 0) == cell(state, 0, 0)  # north-west to south-west
    # Player 1's rocks (south) travel to the east side, Player 2's (west) come south
    assert seat_rocks(after, 3) == (T("oD"), T("uC"))
    assert seat_rocks(after, 0) == (T("wS"), EMPTY)


def test_rule_rotate_follows_the_tides_token_clockwise_on_the_odd_side():
    state = make_state(2, ocean_text=OCEAN, rocks={0: "oD uC"})
    state = evolve(state, tides_odd=not state.tides_odd)  # the token turned over
    assert state.direction == "clockwise"
    after = play(state, "rotate")
    for r in range(5):
        for c in range(5):
            assert cell(after, c, 4 - r) == cell(state, r, c)
    # south rocks go west (the side of no one at two players)
    assert after.rocks[2:4] == (T("oD"), T("uC"))


def test_rule_four_rotations_bring_the_board_back():
    state = make_state(2, ocean_text=OCEAN, rocks={1: "oD uC"})
    after = play(state, "rotate", "rotate", "rotate", "rotate")
    assert after.ocean == state.ocean and after.rocks == state.rocks


def test_rule_pull_needs_both_rocks_in_front_empty():
    for rocks in ("wC ..", ".. wC", "wC pD"):
        state = make_state(2, rocks={0: rocks})
        assert not any(isinstance(a, Pull) for a in GAME.legal_actions(state))
        with pytest.raises(IllegalAction, match="both rock spaces"):
            play(state, "pull 1")
    # rocks on another side do not matter
    state = make_state(2, rocks={1: "wC pD"})
    assert Pull(0) in GAME.legal_actions(state)


def test_rule_pull_example_nearest_tile_to_the_farthest_rock_and_the_column_slides_forward():
    """The rulebook's example: the second column; the white clamshell nearest to
    the player goes to the farthest rock, the purple sand dollar to the other, the
    rest shift toward the player and new tiles fill from the bag, nearest first."""
    text = OCEAN.split("/")
    rows = [r.split() for r in text]
    column = ["oS", "pA", "oC", "uD", "wC"]  # north to south: wC is nearest Player 1
    for r in range(5):
        rows[r][1] = column[r]
    state = make_state(2, ocean_text="/".join(" ".join(r) for r in rows), bag="UR pS wA")
    after = play(state, "pull 2")
    assert seat_rocks(after, 0) == (T("uD"), T("wC"))  # column 2 is left: far rock is right
    # the rest slid two spaces toward Player 1 (south)...
    assert [cell(after, r, 1) for r in (4, 3, 2)] == [T("oC"), T("pA"), T("oS")]
    # ...and the bag refilled from the nearest empty space: wA first (drawn from the end)
    assert cell(after, 1, 1) == T("wA") and cell(after, 0, 1) == T("pS")
    assert after.bag == (URCHIN,)
    # other columns did not move
    assert all(cell(after, r, c) == cell(state, r, c) for r in range(5) for c in (0, 2, 3, 4))


@pytest.mark.parametrize("column, far", [(1, 1), (2, 1), (4, 0), (5, 0)])
def test_rule_pull_farthest_rock_is_filled_first(column, far):
    state = make_state(2, ocean_text=OCEAN, bag="wC wC")
    nearest = cell(state, 4, column - 1)
    second = cell(state, 3, column - 1)
    rocks = seat_rocks(play(state, f"pull {column}"), 0)
    assert rocks[far] == nearest and rocks[1 - far] == second


def test_rule_pull_centre_column_player_chooses_which_rock_fills_first():
    state = make_state(2, ocean_text=OCEAN, bag="wC wC")
    nearest, second = cell(state, 4, 2), cell(state, 3, 2)
    assert seat_rocks(play(state, "pull 3 left"), 0) == (nearest, second)
    assert seat_rocks(play(state, "pull 3 right"), 0) == (second, nearest)
    with pytest.raises(IllegalAction, match="pull 3 left"):
        play(state, "pull 3")
    with pytest.raises(IllegalAction, match="Only the centre column"):
        play(state, "pull 1 left")
    legal = GAME.legal_actions(state)
    assert Pull(2, 0) in legal and Pull(2, 1) in legal and Pull(2) not in legal


def test_rule_pull_is_made_from_the_pulling_players_side():
    """Player 2 sits north: their column 1 is the east-most column, nearest tile in row 1."""
    state = make_state(2, ocean_text=OCEAN, bag="wC wC", current=1)
    nearest, second = cell(state, 0, 4), cell(state, 1, 4)
    after = play(state, "pull 1")
    assert seat_rocks(after, 1) == (second, nearest)
    assert seat_rocks(after, 0) == (EMPTY, EMPTY)
    assert ocean_rows(after, 1)[-1][0] == cell(state, 2, 4)  # slid toward Player 2


def test_rule_collect_needs_a_tile_on_your_own_rock():
    state = make_state(2, rocks={1: "wC pD"})
    assert not any(isinstance(a, Collect) and a.source != 2 for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="no tile on your left rock"):
        play(state, "collect left 1")


def test_rule_collect_example_tile_sinks_to_the_lowest_open_space():
    """The rulebook's example: a white clamshell may go in any of the four columns
    and sinks to the lowest open space."""
    base = make_state(2, rocks={0: "wC .."}, chests={0: ".. .. .. .. / pD .. .. .. / oA uS .. .."})
    for column, height in ((1, 3), (2, 2), (3, 1), (4, 1)):
        after = play(base, f"collect left {column}")
        assert after.chests[0][column - 1][-1] == T("wC")
        assert len(after.chests[0][column - 1]) == height
        assert seat_rocks(after, 0) == (EMPTY, EMPTY)


def test_rule_collect_into_a_full_chest_column_is_illegal():
    state = make_state(2, rocks={0: "wC .."}, chests={0: "pD .. .. .. / pD .. .. .. / pD .. .. .."})
    assert Collect(0, 0) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="Column 1 of your treasure chest is full"):
        play(state, "collect left 1")


def test_rule_moonshell_example_placed_as_a_collect_action_and_sinks():
    """The rulebook's example: the moonshell goes in the middle-left column and
    falls to the first open space; it uses one of the three actions."""
    state = make_state(2, chests={0: ".. .. .. .. / .. .. .. .. / pD wS .. .."})
    after = play(state, "moonshell 2")
    assert after.chests[0][1] == (T("wS"), MOONSHELL)
    assert after.moonshells[0] is False and after.actions_left == 2
    assert not any(isinstance(a, Collect) and a.source == 2 for a in GAME.legal_actions(after))
    with pytest.raises(IllegalAction, match="already in your treasure chest"):
        play(after, "moonshell 3")


def test_rule_when_the_bag_runs_empty_the_urchins_go_into_the_bag():
    state = make_state(3, ocean_text=OCEAN, bag="pS", urchins_aside=24)
    after = play(state, "pull 1")
    assert after.urchins_aside == 0
    assert cell(after, 1, 0) == T("pS")  # the last seashell, nearest space first
    assert cell(after, 0, 0) == URCHIN  # then an urchin from the bag
    assert len(after.bag) == 23


def test_rule_bag_and_urchins_exhausted_leaves_spaces_empty():
    state = make_state(2, ocean_text=OCEAN)
    after = play(state, "pull 1")
    assert cell(after, 0, 0) == EMPTY and cell(after, 1, 0) == EMPTY
    assert [cell(after, r, 0) for r in (4, 3, 2)] == [cell(state, r, 0) for r in (2, 1, 0)]
    empty = make_state(
        2,
        ocean_text=".. pD uA oS wD / .. uS oC wA pS / .. oD wS pC uD / "
        ".. wC pD uA oS / .. pA uS oC wA",
    )
    assert Pull(0) not in GAME.legal_actions(empty)
    with pytest.raises(IllegalAction, match="Column 1 is empty"):
        play(empty, "pull 1")
    partly = make_state(
        2,
        ocean_text=".. pD uA oS wD / .. uS oC wA pS / .. oD wS pC uD / "
        ".. wC pD uA oS / wD pA uS oC wA",
    )
    assert seat_rocks(play(partly, "pull 1"), 0) == (EMPTY, T("wD"))


def test_rule_turn_example_pull_centre_collect_auger_then_rotate():
    """The rulebook's turn example: pull 2 from the centre column, collect the
    purple auger into the leftmost chest column, rotate counter-clockwise (even)."""
    rows = [r.split() for r in OCEAN.split("/")]
    rows[4][2], rows[3][2] = "uA", "wC"
    state = make_state(2, ocean_text="/".join(" ".join(r) for r in rows), bag="oS pD")
    state = play(state, "pull 3 left")
    assert seat_rocks(state, 0) == (T("uA"), T("wC"))
    state = play(state, "collect left 1")
    assert state.chests[0][0] == (T("uA"),)
    before = state
    state = play(state, "rotate")
    assert cell(state, 4, 4) == cell(before, 0, 4)  # counter-clockwise
    assert state.rocks[6:8] == (EMPTY, T("wC"))  # the clamshell rode to the east side
    assert state.current == 1 and state.actions_left == 3


def test_rule_pass_only_once_your_chest_is_full():
    state = make_state(2)
    assert PASS not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="only pass once your treasure chest is full"):
        play(state, "pass")


FULL11 = "wC wC wC .. / pD pD pD pD / uA uA uA uA"


def test_rule_full_chest_triggers_the_end_and_the_round_is_completed():
    state = make_state(4, current=1, rocks={1: "oS oS"}, chests={1: FULL11})
    state = play(state, "collect left 4")
    assert state.end_trigger == 1 and not state.over
    assert PASS in GAME.legal_actions(state)
    assert not any(isinstance(a, Collect) for a in GAME.legal_actions(state))
    state = play(state, "rotate", "pass")  # may finish the actions or pass
    assert state.current == 2
    state = play(state, "rotate", "rotate", "rotate")
    assert state.current == 3 and not state.over
    state = play(state, "rotate", "rotate", "rotate")
    assert state.over and GAME.to_move(state) == () and GAME.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, ROTATE)


def test_rule_end_triggered_by_the_last_player_ends_after_their_turn():
    state = make_state(3, current=2, rocks={2: "oS .."}, chests={2: FULL11})
    state = play(state, "collect left 4", "pass")
    assert state.over and state.round == 1


def test_rule_only_the_first_full_chest_is_the_trigger():
    state = make_state(2, current=0, rocks={0: "oS ..", 1: "oC .."}, chests={0: FULL11, 1: FULL11})
    state = play(state, "collect left 4", "pass", "collect left 4")
    assert state.end_trigger == 0 and not state.over
    state = play(state, "pass")
    assert state.over


def test_undoable_only_for_actions_that_reveal_nothing_within_the_turn():
    state = make_state(2, rocks={0: "wC .."}, bag="wC wC")
    after = play(state, "collect left 1")
    assert GAME.undoable(state, Collect(0, 0), after)
    after2 = play(after, "rotate")
    assert GAME.undoable(after, ROTATE, after2)
    fresh = make_state(2, bag="wC wC")
    assert not GAME.undoable(fresh, Pull(0), play(fresh, "pull 1"))
    last = play(fresh, "rotate", "rotate")
    assert not GAME.undoable(last, ROTATE, play(last, "rotate"))  # the turn passed


WORDS = [
    "pull",
    "collect",
    "moonshell",
    "m",
    "c",
    "take",
    "keep",
    "rotate",
    "pass",
    "left",
    "right",
    "l",
    "r",
    "moon",
    "1",
    "2",
    "3",
    "5",
    "9",
    "0",
    "3l",
    "l2",
    "S3",
    "²",
    "٣",
    "７",
    "1²",
    "9" * 5000,
    "#",
    ",",
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=4), st.text(max_size=6), st.integers(0, 3))
def test_any_text_parses_to_what_apply_accepts_iff_listed(words, noise, seed):
    """Text of words, Unicode digits, huge numbers and any characters: parse gives an
    action or a NotationError, never another exception, and the action applies
    exactly when legal_actions lists it."""
    state = GAME.setup(GameConfig(players=2, seed=seed))
    texts = [" ".join(words), " ".join(words) + noise, noise]
    for s in (state, play(state, f"keep {state.offers[0][0]}", f"keep {state.offers[1][0]}")):
        legal = set(GAME.legal_actions(s))
        for text in texts:
            try:
                action = GAME.parse_action(s, text)
            except NotationError as error:
                assert str(error) and len(str(error)) < 400
                continue
            try:
                GAME.apply(s, action)
                accepted = True
            except IllegalAction as error:
                assert str(error)
                accepted = False
            assert accepted == (action in legal), (text, action)


@pytest.mark.parametrize(
    "text",
    [
        "pull ²",
        "m ²",
        "moonshell ٣",
        "collect left ７",
        "pull " + "9" * 5000,
        "c l" + "2" * 5000,
        "keep ²",
    ],
)
def test_notation_numbers_are_ascii_and_bounded(text):
    with pytest.raises(NotationError):
        GAME.parse_action(GAME.setup(GameConfig(players=2, seed=1)), text)


@pytest.mark.parametrize(
    "action",
    [Pull(7), Pull(-1), Pull(2, 5), Collect(0, 9), Collect(5, 0), Collect(2, -1), Collect(1, 4)],
)
def test_out_of_range_actions_are_illegal_not_crashes(action):
    state = make_state(2, rocks={0: "wC pD"})
    if isinstance(action, Pull):
        state = make_state(2)
    with pytest.raises(IllegalAction):
        GAME.apply(state, action)
