"""Beating bosses, the next dungeon, and how a campaign ends and scores."""

from __future__ import annotations

import pytest

from tests.moonlighter.ml_helpers import build, greens, play
from tideboard.engine.core import IllegalAction
from tideboard.games.moonlighter.content import ROLL_LIMIT
from tideboard.games.moonlighter.game import GAME


def boss(dungeon=1, **changes):
    need = 10 + 5 * (dungeon - 1)
    base = dict(
        rooms=greens(need) + [(0, 1, "red")],
        pos=(0, 1),
        pending="fight",
        boss=1,
        dungeon=dungeon,
        cleared=dungeon - 1,
        best=dungeon - 1,
        dice=("attack", 2),
    )
    base.update(changes)
    return build(**base)


def test_rule_beating_the_boss_starts_the_next_dungeon_with_its_changes():
    s = play(boss(1, pawn="orange", health=2, pool=4), "attack")
    assert (s.dungeon, s.cleared, s.best) == (2, 1, 1)
    assert s.pawn == "orange"  # pawn kept
    assert (s.health, s.max_health) == (6, 6)  # max health +1, refilled
    assert s.pool == 35  # pool reset and +10
    assert len(s.rooms) == 1 and s.pos == (0, 0)  # a fresh map
    assert "Dungeon 2 begins" in s.events[-1]


def test_rule_later_dungeons_boss_hearts_and_green_rooms_grow():
    s = play(build(rooms=greens(14), dungeon=2, dice=("tile", 0)), "roll")
    assert s.tile == "white"  # 14 green rooms are not enough in dungeon 2
    s = play(build(rooms=greens(15), dungeon=2, dice=("tile", 0)), "roll", "place n")
    assert s.boss == 8  # 5 + 3


def test_rule_pink_pawn_carries_into_the_next_dungeon():
    s = play(boss(2, pawn="pink", max_health=8, health=3), "attack")
    assert (s.dungeon, s.pawn, s.health, s.max_health) == (3, "pink", 9, 9)


def test_rule_campaign_won_after_the_fifth_boss():
    s = play(boss(5, health=3), "attack")
    assert s.over and s.won and s.best == 5
    assert GAME.winners(s) == (0,)
    assert GAME.scores(s) == (5000 + ROLL_LIMIT - s.rolls,)
    assert GAME.legal_actions(s) == []
    assert GAME.to_move(s) == ()
    assert "Campaign won" in GAME.result_text(s)
    with pytest.raises(IllegalAction, match="over"):
        play(s, "roll")


def test_rule_last_life_ends_the_campaign():
    s = build(
        rooms=[(1, 0, "orange")],
        pos=(1, 0),
        pending="fight",
        enemies=(2, 2),
        health=1,
        lives=1,
        best=2,
        dice=("attack", 5),
    )
    s = play(s, "attack")
    assert s.over and not s.won and s.lives == 0 and s.health == 0
    assert GAME.winners(s) == () and GAME.scores(s) == (2000,)
    assert s.room_at((1, 0)) is not None  # the map stays where you fell
    assert "no lives left" in GAME.result_text(s)


def test_rule_roll_limit_ends_the_campaign():
    s = play(build(rolls=ROLL_LIMIT - 1, dice=("tile", 1)), "roll")
    assert not s.over and s.pending == "place"  # the last room is still played out
    s = play(s, "place n")
    assert s.over and "moon sets" in s.events[-1]
    assert "roll limit" in GAME.result_text(s)


def test_rule_score_is_dungeons_of_the_best_run_then_rolls_left():
    assert GAME.scores(build(best=3, cleared=1)) == (3000,)
    assert GAME.scores(build(best=5, won=True, over=True, rolls=400)) == (5600,)


def test_a_won_campaign_keeps_every_supply_count_in_the_box():
    """After the last boss fell, supply_left.red was -1 (issue 7, item 9):
    the red tile left on the map and the cleared count both counted it."""
    from tideboard.engine.bots import make_bot
    from tideboard.engine.core import GameConfig
    from tideboard.games.moonlighter.content import SUPPLY
    from tideboard.games.moonlighter.game import GAME
    from tideboard.games.moonlighter.rules import supply_left

    state = GAME.setup(GameConfig(players=1, seed=15))
    bot = make_bot(GAME, "greedy", 15)  # seed 15 with the greedy bot wins the campaign
    steps = 0
    while not GAME.is_over(state):
        state = GAME.apply(
            state, bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state))
        )
        steps += 1
        for tile, total in SUPPLY.items():
            assert 0 <= supply_left(state, tile) <= total, (steps, tile)
    assert state.won, "the bot no longer wins with this seed: pick another winning seed"
    shown = GAME.to_json(state)["supply_left"]
    assert all(0 <= left <= SUPPLY[tile] for tile, left in shown.items()), shown
