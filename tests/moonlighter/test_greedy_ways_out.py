"""Greedy's ways out of a fight (issue #21). A fight gone bad in an orange room is
left whenever there is somewhere to go, not only when the room behind has an
open side (a death outside the boss room restarts the run). Once the dungeon's
chest rooms are out, an orange room is fought for its green room at good odds:
each one won spares a black room, which has no way out. The black pawn's open
doors make it worth taking, and its black rooms are fought like a fight begun."""

from __future__ import annotations

from tests.moonlighter.ml_helpers import build
from tideboard.engine.bots import make_bot
from tideboard.games.moonlighter.game import GAME


def _greedy(state) -> str:
    bot = make_bot(GAME, "greedy", 1)
    return GAME.format_action(bot.choose(GAME, state, 0, GAME.legal_actions(state)))


def test_greedy_flees_to_a_room_behind_with_no_open_side_when_rooms_beyond_have_one():
    # the start room (0, 0) is boxed in: the fight east, white rooms north, west and
    # south; the west room has open sides, so fleeing leads somewhere to roll from
    state = build(
        rooms=[(1, 0, "orange"), (0, -1, "white"), (-1, 0, "white"), (0, 1, "white")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="fight",
        enemies=(2, 2),
        health=2,
    )
    assert _greedy(state) == "flee"


def _fresh_orange(chests: int, **changes):
    # an orange room east of the start, the pool west, ``chests`` chest rooms south
    rooms = [(1, 0, "orange"), (-1, 0, "blue")]
    rooms += [(0, y, "yellow") for y in range(1, chests + 1)]
    return build(
        rooms=rooms, pos=(1, 0), came_from=(0, 0), pending="fight", enemies=(2, 2), **changes
    )


def test_greedy_fights_an_orange_room_at_good_odds_once_the_chest_rooms_are_out():
    # the white pawn at full health wins 94.7%: worth a green room once no roll
    # can find another pawn
    assert _greedy(_fresh_orange(3, health=5)) == "attack"
    # while chest rooms may still come, the rolls are worth more: it flees
    assert _greedy(_fresh_orange(2, health=5)) == "flee"
    # ... unless the red pawn for the boss is found already
    assert _greedy(_fresh_orange(1, health=5, pawn="red")) == "attack"
    # not at worse odds, nor with the pool dry
    assert _greedy(_fresh_orange(3, health=4)) == "flee"
    assert _greedy(_fresh_orange(3, health=5, pool=0)) == "flee"


def test_greedy_fights_a_black_room_with_the_black_pawn_until_it_turns_bad():
    black = dict(rooms=[(1, 0, "black"), (-1, 0, "blue")], pos=(1, 0), came_from=(0, 0))
    fresh = build(pending="fight", enemies=(2, 2), health=5, pawn="black", **black)
    assert _greedy(fresh) == "attack"
    gone_bad = build(pending="fight", enemies=(1, 2), health=2, pawn="black", **black)
    assert _greedy(gone_bad) == "flee"


def test_greedy_takes_the_black_pawn_before_the_boss_can_appear():
    state = build(
        rooms=[(1, 0, "yellow", False, "black")], pos=(1, 0), came_from=(0, 0), pending="loot"
    )
    assert _greedy(state) == "switch"
