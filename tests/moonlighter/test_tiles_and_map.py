"""The tile die, its exceptions, the tile supply and the growing map."""

from __future__ import annotations

import pytest

from tests.moonlighter.ml_helpers import build, fresh, greens, play
from tideboard.engine.core import IllegalAction
from tideboard.games.moonlighter.content import SUPPLY
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.rules import count_tiles, supply_left, tile_for_face


def test_rule_setup_one_white_room_five_hearts_white_pawn():
    s = fresh(7)
    assert [(r.pos, r.tile) for r in s.rooms] == [((0, 0), "white")]
    assert (s.pos, s.health, s.max_health, s.pawn, s.pool) == ((0, 0), 5, 5, "white", 25)
    assert (s.dungeon, s.lives, s.rolls, s.pending) == (1, 3, 0, "explore")
    assert GAME.legal_notation(s) == ["roll"]


@pytest.mark.parametrize(
    "face, tile",
    [
        (0, "white"),
        (1, "white"),
        (2, "white"),
        (3, "orange"),
        (4, "orange"),
        (5, "orange"),
        (6, "black"),
        (7, "blue"),
        (8, "blue"),
        (9, "yellow"),
    ],
)
def test_rule_tile_die_table(face, tile):
    s = play(build(dice=("tile", face)), "roll")
    assert s.pending == "place" and s.tile == tile
    assert s.last_rolls[0].die == "tile" and s.last_rolls[0].value == face
    assert s.rolls == 1


def test_rule_rolled_room_goes_on_the_chosen_side_and_player_steps_in():
    s = play(build(dice=("tile", 1)), "roll", "place w")
    assert s.room_at((-1, 0)).tile == "white" and s.pos == (-1, 0)
    assert s.pending == "explore"


def test_rule_white_room_nothing_happens():
    before = build(dice=("tile", 2))
    s = play(before, "roll", "place s")
    assert (s.health, s.pool, s.pawn, s.pending) == (before.health, before.pool, "white", "explore")
    assert GAME.legal_notation(s) == ["roll", "move n"]


def test_rule_place_only_on_an_open_side():
    s = play(build(rooms=[(1, 0, "white")], dice=("tile", 0)), "roll")
    assert "place e" not in GAME.legal_notation(s)
    with pytest.raises(IllegalAction, match="already a room to the east"):
        play(s, "place e")


def test_rule_roll_needs_an_open_side():
    rooms = [(1, 0, "white"), (-1, 0, "white"), (0, 1, "white"), (0, -1, "white")]
    s = build(rooms=rooms)
    assert "roll" not in GAME.legal_notation(s)
    with pytest.raises(IllegalAction, match="open side"):
        play(s, "roll")


def test_rule_must_place_before_anything_else():
    s = play(build(rooms=[(1, 0, "white")], dice=("tile", 0)), "roll")
    with pytest.raises(IllegalAction, match="place it before moving"):
        play(s, "move e")
    with pytest.raises(IllegalAction, match="place"):
        play(s, "roll")


def test_rule_free_movement_over_white_green_yellow_and_blue_rooms():
    rooms = [(1, 0, "orange", True), (2, 0, "yellow"), (3, 0, "blue"), (3, 1, "black", True)]
    s = play(build(rooms=rooms), "move e", "move e", "move e", "move s", "move n", "move w")
    assert s.pos == (2, 0) and s.pending == "explore" and s.rolls == 0


def test_rule_move_needs_a_room_there():
    with pytest.raises(IllegalAction, match="no room to the north"):
        play(build(), "move n")


def test_rule_boss_room_only_after_10_green_rooms():
    nine = build(rooms=greens(9), dice=("tile", 0))
    assert play(nine, "roll").tile == "white"
    ten = build(rooms=greens(10), dice=("tile", 0))
    assert play(ten, "roll").tile == "red"
    # 1 and 2 stay white rooms
    assert play(build(rooms=greens(10), dice=("tile", 1)), "roll").tile == "white"


def test_rule_blue_room_only_once_then_7_is_black_and_8_is_white():
    with_pool = [(1, 0, "blue")]
    assert play(build(rooms=with_pool, dice=("tile", 7)), "roll").tile == "black"
    assert play(build(rooms=with_pool, dice=("tile", 8)), "roll").tile == "white"


def test_rule_yellow_cap_3_then_9_is_white():
    two = [(1, 0, "yellow"), (2, 0, "yellow")]
    assert play(build(rooms=two, dice=("tile", 9)), "roll").tile == "yellow"
    three = two + [(3, 0, "yellow")]
    assert play(build(rooms=three, dice=("tile", 9)), "roll").tile == "white"


def test_rule_supply_limits_are_real_and_fall_back_to_white():
    assert SUPPLY == {"white": 50, "orange": 50, "yellow": 25, "blue": 5, "red": 5, "black": 35}
    blacks = [(i, 1, "black", True) for i in range(35)]
    s = build(rooms=blacks)
    assert supply_left(s, "black") == 0
    assert tile_for_face(s, 6)[0] == "white"
    assert play(build(rooms=blacks, dice=("tile", 6)), "roll").tile == "white"


def test_rule_no_tile_and_no_white_left_places_nothing():
    whites = [(i, 1, "white") for i in range(49)]  # with the start room: all 50
    oranges = [(i, 2, "orange", True) for i in range(50)]
    s = build(rooms=whites + oranges)
    assert supply_left(s, "white") == 0 and supply_left(s, "orange") == 0
    after = play(build(rooms=whites + oranges, dice=("tile", 4)), "roll")
    assert after.pending == "explore" and after.rolls == 1 and len(after.rooms) == len(s.rooms)
    assert "Nothing is placed" in after.events[0]


def test_rule_red_supply_counts_beaten_bosses_as_trophies():
    s = build(cleared=3, dungeon=4)
    assert supply_left(s, "red") == 2
    assert count_tiles(s, "white") == 1 and supply_left(s, "white") == 49
