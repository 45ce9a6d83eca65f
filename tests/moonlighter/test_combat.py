"""Fights: the attack die, orange and black rooms, the boss, the pool, death."""

from __future__ import annotations

import pytest

from tests.moonlighter.ml_helpers import build, greens, play
from tideboard.engine.core import IllegalAction
from tideboard.games.moonlighter.game import GAME


def orange_fight(*dice, **changes):
    """Standing in a freshly placed orange room east of the start room."""
    s = build(dice=("tile", 3) + tuple(dice), **changes)
    return play(s, "roll", "place e")


def test_rule_orange_room_two_enemies_of_two_hearts():
    s = orange_fight()
    assert s.pending == "fight" and s.enemies == (2, 2)
    assert GAME.legal_notation(s) == ["attack", "flee"]


@pytest.mark.parametrize(
    "face, enemies, health",
    [
        (1, (2, 2), 5),  # nothing happens
        (2, (1, 2), 5),  # hit
        (3, (1, 2), 5),
        (4, (1, 2), 5),
        (5, (2, 2), 4),  # the enemy hits
        (6, (1, 2), 4),  # both hit
    ],
)
def test_rule_attack_die_faces(face, enemies, health):
    s = play(orange_fight("attack", face), "attack")
    assert (s.enemies, s.health) == (enemies, health)
    assert s.last_rolls[0].die == "attack" and s.last_rolls[0].value == face


def test_rule_hits_go_to_the_first_enemy_then_the_second():
    s = play(orange_fight("attack", 2, "attack", 3, "attack", 4), "attack", "attack", "attack")
    assert s.enemies == (0, 1)


def test_rule_cleared_room_turns_green():
    s = play(
        orange_fight("attack", 2, "attack", 2, "attack", 2, "attack", 2),
        "attack",
        "attack",
        "attack",
        "attack",
    )
    assert s.pending == "explore" and s.enemies == ()
    room = s.room_at((1, 0))
    assert room.cleared and room.colour == "green" and room.tile == "orange"
    assert "move w" in GAME.legal_notation(s)


def test_rule_orange_room_may_flee_and_the_enemies_heal():
    s = play(orange_fight("attack", 2, "attack", 3), "attack", "attack", "flee")
    assert s.pos == (0, 0) and s.pending == "explore" and s.enemies == ()
    assert s.room_at((1, 0)).colour == "orange"
    back = play(s, "move e")
    assert back.pending == "fight" and back.enemies == (2, 2)


def test_rule_no_moving_or_rolling_during_a_fight():
    s = orange_fight()
    with pytest.raises(IllegalAction, match="attack or flee"):
        play(s, "move w")
    with pytest.raises(IllegalAction, match="attack or flee"):
        play(s, "roll")


def test_rule_black_room_locked_until_cleared():
    s = play(build(dice=("tile", 6)), "roll", "place n")
    assert s.pending == "fight" and s.enemies == (2, 2)
    assert GAME.legal_notation(s) == ["attack"]
    with pytest.raises(IllegalAction, match="locked"):
        play(s, "flee")


def test_rule_boss_room_fight_boss_hearts_and_no_escape():
    s = play(build(rooms=greens(10), dice=("tile", 0)), "roll", "place n")
    assert s.pending == "fight" and s.boss == 5 and s.fighting_boss
    assert GAME.legal_notation(s) == ["attack"]
    with pytest.raises(IllegalAction, match="no way out"):
        play(s, "flee")


def test_rule_boss_one_hurts_the_player():
    s = build(rooms=greens(10), dice=("tile", 0, "attack", 1))
    s = play(s, "roll", "place n", "attack")
    assert (s.health, s.boss) == (4, 5)
    assert s.last_rolls[0].meaning == "the boss hits you"


def test_rule_both_hit_at_once_and_death_wins_a_trade():
    # the last enemy heart and the last player heart fall on the same 6
    s = play(
        build(
            rooms=[(1, 0, "orange")],
            pos=(1, 0),
            pending="fight",
            enemies=(0, 1),
            health=1,
            lives=2,
            dice=("attack", 6),
        ),
        "attack",
    )
    assert s.lives == 1 and s.run == 2 and len(s.rooms) == 1  # died: the game reset


def test_rule_healing_pool_refills_to_full_and_counts_down():
    s = build(rooms=[(1, 0, "blue")], health=2)
    s = play(s, "move e")
    assert (s.health, s.pool) == (5, 22)


def test_rule_healing_pool_is_shared_and_limited():
    s = build(rooms=[(1, 0, "blue")], health=1, pool=3)
    s = play(s, "move e")
    assert (s.health, s.pool) == (4, 0)
    s = play(s, "move w", "move e")
    assert (s.health, s.pool) == (4, 0)
    assert "dry" in s.events[-1]


def test_rule_placing_the_pool_heals_at_once():
    s = play(build(health=3, dice=("tile", 8)), "roll", "place s")
    assert (s.health, s.pool) == (5, 23)


def test_rule_death_resets_the_game():
    s = build(
        rooms=[(1, 0, "orange")] + greens(3, 2),
        pos=(1, 0),
        pending="fight",
        enemies=(2, 2),
        health=1,
        pawn="orange",
        max_health=6,
        dungeon=2,
        cleared=1,
        best=1,
        pool=12,
        dice=("attack", 5),
    )
    s = play(s, "attack")
    assert (s.dungeon, s.cleared, s.best, s.run, s.lives) == (1, 0, 1, 2, 2)
    assert (s.health, s.max_health, s.pawn, s.pool) == (5, 5, "white", 25)
    assert [(r.pos, r.tile) for r in s.rooms] == [((0, 0), "white")]
    assert not s.over and "resets" in s.events[-1]


def test_rule_death_in_boss_room_restarts_the_dungeon_with_tiles_reset():
    s = build(
        rooms=greens(15) + [(0, 1, "red")],
        pos=(0, 1),
        pending="fight",
        boss=4,
        health=1,
        pawn="red",
        dungeon=2,
        cleared=1,
        best=1,
        max_health=6,
        pool=3,
        dice=("attack", 5),
    )
    s = play(s, "attack")
    assert (s.dungeon, s.cleared, s.run, s.lives, s.pawn) == (2, 1, 1, 2, "red")
    assert (s.health, s.max_health, s.pool) == (6, 6, 35)
    assert len(s.rooms) == 1 and s.pending == "explore"
    assert "starts again" in s.events[-1]
