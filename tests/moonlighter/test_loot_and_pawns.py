"""Chest rooms, the loot die and the eight pawns."""

from __future__ import annotations

import pytest

from tests.moonlighter.ml_helpers import build, greens, play
from tideboard.engine.core import IllegalAction
from tideboard.games.moonlighter.content import LOOT_PAWNS
from tideboard.games.moonlighter.game import GAME


def chest(loot_face, **changes):
    """A freshly placed chest room east of the start room, loot die rolled."""
    return play(build(dice=("tile", 9, "loot", loot_face), **changes), "roll", "place e")


def fight(pawn, *dice, enemies=(2, 2), health=5, **changes):
    return build(
        rooms=[(1, 0, "orange")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="fight",
        enemies=enemies,
        health=health,
        pawn=pawn,
        dice=dice,
        **changes,
    )


def boss_fight(pawn, *dice, boss=5, health=5, **changes):
    return build(
        rooms=greens(10) + [(0, 1, "red")],
        pos=(0, 1),
        pending="fight",
        boss=boss,
        health=health,
        pawn=pawn,
        dice=dice,
        **changes,
    )


@pytest.mark.parametrize("face, pawn", list(enumerate(LOOT_PAWNS, 1)))
def test_rule_loot_die_faces(face, pawn):
    s = chest(face)
    assert s.pending == "loot" and s.room.pawn == pawn
    assert s.last_rolls[-1].die == "loot" and s.last_rolls[-1].value == face
    assert GAME.legal_notation(s) == ["switch", "keep"]


def test_rule_loot_die_7_is_the_pink_pawn():
    assert chest(7).room.pawn == "pink"


def test_rule_switch_leaves_the_old_pawn_in_the_chest_room():
    s = play(chest(2), "switch")
    assert s.pawn == "orange" and s.room.pawn == "white" and s.pending == "explore"
    # ... and the player can come back and switch back later
    s = play(s, "move w", "move e", "switch")
    assert s.pawn == "white" and s.room.pawn == "orange"


def test_rule_keep_leaves_the_looted_pawn_in_the_chest_room():
    s = play(chest(8), "keep")
    assert s.pawn == "white" and s.room.pawn == "black" and s.pending == "explore"
    assert "switch" in GAME.legal_notation(s)
    s = play(s, "move w")
    assert "switch" not in GAME.legal_notation(s)
    with pytest.raises(IllegalAction, match="no pawn lying here"):
        play(s, "switch")


def test_rule_loot_choice_comes_first():
    s = chest(3)
    for text in ("roll", "move w", "attack"):
        with pytest.raises(IllegalAction):
            play(s, text)


def test_rule_chest_is_looted_only_once():
    s = play(chest(4), "keep", "move w", "move e")  # no loot die on the way back in
    assert s.pending == "explore" and s.last_rolls == ()


def test_rule_loot_of_a_pawn_already_out_is_an_empty_chest():
    s = chest(5, pawn="blue")
    assert s.pending == "explore" and s.room.pawn is None
    assert "already out" in s.last_rolls[-1].meaning
    s = build(rooms=[(-1, 0, "yellow", False, "blue")], dice=("tile", 9, "loot", 5))
    s = play(s, "roll", "place e")
    assert s.room.pawn is None and "another chest room" in s.events[-1]


def test_pawn_red_doubles_damage_on_boss():
    s = play(boss_fight("red", "attack", 2), "attack")
    assert s.boss == 3
    plain = play(boss_fight("white", "attack", 2), "attack")
    assert plain.boss == 4


def test_pawn_red_does_nothing_against_ordinary_enemies():
    s = play(fight("red", "attack", 3), "attack")
    assert s.enemies == (1, 2)


def test_pawn_orange_one_is_a_hit():
    s = play(fight("orange", "attack", 1), "attack")
    assert s.enemies == (1, 2) and s.health == 5
    white = play(fight("white", "attack", 1), "attack")
    assert white.enemies == (2, 2)


def test_pawn_orange_against_the_boss_one_is_a_trade():
    s = play(boss_fight("orange", "attack", 1), "attack")
    assert (s.boss, s.health) == (4, 4)


def test_pawn_yellow_raises_the_chest_cap_to_4():
    three = [(1, 0, "yellow"), (2, 0, "yellow"), (3, 0, "yellow")]
    assert play(build(rooms=three, pawn="yellow", dice=("tile", 9)), "roll").tile == "yellow"
    four = three + [(4, 0, "yellow")]
    assert play(build(rooms=four, pawn="yellow", dice=("tile", 9)), "roll").tile == "white"
    assert play(build(rooms=three, pawn="white", dice=("tile", 9)), "roll").tile == "white"


def test_pawn_green_killing_blow_clears_the_room():
    s = play(fight("green", "attack", 2, "attack", 2), "attack", "attack")
    assert s.pending == "explore" and s.room.cleared
    white = play(fight("white", "attack", 2, "attack", 2), "attack", "attack")
    assert white.enemies == (0, 2) and white.pending == "fight"


def test_pawn_blue_double_damage_dealt_and_taken():
    s = play(fight("blue", "attack", 3), "attack")
    assert s.enemies == (0, 2)
    s = play(fight("blue", "attack", 5), "attack")
    assert s.health == 3
    s = play(fight("blue", "attack", 6), "attack")
    assert (s.enemies, s.health) == ((0, 2), 3)


def test_pawn_blue_not_against_the_boss():
    s = play(boss_fight("blue", "attack", 6), "attack")
    assert (s.boss, s.health) == (4, 4)


def test_pawn_purple_three_makes_a_chest_room():
    assert play(build(pawn="purple", dice=("tile", 3)), "roll").tile == "yellow"
    assert play(build(pawn="purple", dice=("tile", 4)), "roll").tile == "orange"
    full = [(1, 0, "yellow"), (2, 0, "yellow"), (3, 0, "yellow")]
    assert play(build(rooms=full, pawn="purple", dice=("tile", 3)), "roll").tile == "white"


def test_pawn_pink_max_health_7_and_the_give_back_worked_example():
    # "3 of 5 hearts, collect pink: 5 of 7; lose pink: back to 3 of 5"
    s = play(chest(7, health=3), "switch")
    assert (s.pawn, s.health, s.max_health) == ("pink", 5, 7)
    s = play(s, "switch")
    assert (s.pawn, s.health, s.max_health) == ("white", 3, 5)


def test_pawn_pink_at_full_health_and_give_back_never_kills():
    s = play(chest(7), "switch")
    assert (s.health, s.max_health) == (7, 7)
    low = build(
        rooms=[(1, 0, "yellow", False, "white")], pos=(1, 0), pawn="pink", health=2, max_health=7
    )
    s = play(low, "switch")
    assert (s.pawn, s.health, s.max_health) == ("white", 1, 5)


def test_pawn_pink_heals_to_7_at_the_pool():
    s = play(build(rooms=[(1, 0, "blue")], pawn="pink", health=2, max_health=7), "move e")
    assert (s.health, s.pool) == (7, 20)


def test_pawn_black_ignores_the_lock():
    s = play(build(pawn="black", dice=("tile", 6)), "roll", "place n")
    assert s.pending == "fight" and GAME.legal_notation(s) == ["attack", "flee"]
    s = play(s, "flee")
    assert s.pos == (0, 0) and s.room_at((0, -1)).colour == "black"
