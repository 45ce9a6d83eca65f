"""Greedy spends a dungeon's hearts where they buy green rooms (issue #21: the
pool holds little more than the fights before the boss cost)."""

from __future__ import annotations

from tests.moonlighter.ml_helpers import build, greens
from tideboard.engine.bots import make_bot
from tideboard.games.moonlighter.game import GAME


def _greedy(state) -> str:
    bot = make_bot(GAME, "greedy", 1)
    return GAME.format_action(bot.choose(GAME, state, 0, GAME.legal_actions(state)))


def _orange_fight(**changes):
    return build(
        rooms=[(1, 0, "orange"), (-1, 0, "blue")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="fight",
        **changes,
    )


def test_the_green_pawn_halves_a_fights_cost_and_the_orange_saves_a_fifth():
    from tideboard.games.moonlighter.odds import fight_cost

    assert round(fight_cost(5, (2, 2), "white"), 2) == 1.97
    assert round(fight_cost(9, (2, 2), "green"), 2) == 1.0
    assert round(fight_cost(9, (2, 2), "orange"), 2) == 1.6
    assert fight_cost(0, (2, 2), "white") == 0.0


def test_greedy_leaves_an_orange_room_it_is_not_all_but_sure_to_win():
    # the orange pawn at full health wins 97.5% of the time: not enough for its hearts
    assert _greedy(_orange_fight(enemies=(2, 2), health=5, pawn="orange")) == "flee"
    # nor the green pawn with 5 hearts (99.5%); with 7 (99.99%) it does fight it
    assert _greedy(_orange_fight(enemies=(2, 2), health=5, pawn="green")) == "flee"
    green = _orange_fight(enemies=(2, 2), health=7, max_health=7, pawn="green")
    assert _greedy(green) == "attack"


def test_greedy_leaves_every_orange_room_once_the_boss_can_appear():
    state = build(
        rooms=greens(10, start_x=2) + [(1, 0, "orange"), (-1, 0, "blue")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="fight",
        enemies=(2, 2),
        health=9,
        max_health=9,
        pawn="green",
    )
    assert _greedy(state) == "flee"


def test_greedy_finishes_a_fight_begun_while_it_is_likely_won():
    # 93.5% with one enemy hurt: fleeing would waste the heart already lost
    assert _greedy(_orange_fight(enemies=(1, 2), health=4)) == "attack"
    # but not a fight gone bad
    assert _greedy(_orange_fight(enemies=(1, 2), health=2)) == "flee"


def test_greedy_keeps_the_orange_pawn_rather_than_the_pink_before_the_boss():
    # pink's two more hearts win more fights, but each still costs two hearts of
    # the pool; the orange pawn's cost 1.6
    state = build(
        rooms=[(1, 0, "yellow", False, "pink")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="loot",
        pawn="orange",
    )
    assert _greedy(state) == "keep"
