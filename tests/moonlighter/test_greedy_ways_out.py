"""Greedy's ways out of a fight (issue #21): a fight gone bad in an orange room is
left whenever there is somewhere to go, not only when the room behind has an
open side; where a death resets the run, fighting on would throw it away."""

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
