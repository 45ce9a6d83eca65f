"""Moonshell: the action that ends your turn waits for Enter (issue #20, point 16).

The third action (or a pass) shows the board after it with "End of your turn:
Enter hands over, u takes back ..."; nothing passes to the bots or the next
hot-seat player before Enter.  u (or Esc) takes it back, and then the earlier
actions of the turn one by one, as long as none revealed something: a pull drew
from the bag, so it stays (and says so).
"""

from __future__ import annotations

import pytest

from tests.ui.helpers import burst, hand_over, settle
from tests.ui.test_moonshell_ui import keep_first_secret, ms_app, status, text_of, wait_for
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.state import PLAY, Pull, Rotate
from tideboard.ui.moonshell import OceanBoard
from tideboard.ui.shared.modals import PrivacyScreen


@pytest.fixture(autouse=True)
def short_guard(monkeypatch):
    monkeypatch.setattr(PrivacyScreen, "GUARD", 0.0)


def rotated(state, times: int):
    for _ in range(times):
        state = rules.rotate(state)
    return state


async def test_the_third_action_waits_for_enter_and_the_bots_wait_too():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start, made = screen.match.state, len(screen.match.actions)
        await pilot.press("r", "r", "r")
        await settle(pilot, 6)  # (the bots have no delay: they would have moved)
        # the third rotation is on the board, and nothing else happened
        assert screen.match.state.turn == start.turn and len(screen.match.actions) == made + 2
        assert screen.state.ocean == rotated(start, 3).ocean
        assert screen.query_one(OceanBoard).ocean == rotated(start, 3).ocean
        assert screen.state.actions_left == 0
        assert (
            "End of your turn: Enter hands over to Player 2 (medium), u takes back the "
            "rotation." in status(screen)
        )
        # the turn's keys say so too, and change nothing
        await pilot.press("c")
        assert "End of your turn" in status(screen) and screen.control.held is not None
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.turn == start.turn + 2)
        mine = screen.match.actions[made : made + 3]
        assert mine == (Rotate(), Rotate(), Rotate())
        assert screen.match.states[made + 3].current == 1  # then Player 2 (the bot) played


async def test_u_takes_back_the_third_action_then_the_earlier_ones_and_no_more():
    """A burst of u takes back the player's own actions of this turn, none before."""
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start, made = screen.match.state, screen.match.actions
        await pilot.press("r", "r", "r")
        assert screen.control.held is not None
        await pilot.press("u")
        assert screen.control.held is None and screen.state.actions_left == 1
        assert screen.state.ocean == rotated(start, 2).ocean
        assert "1 action left" in status(screen)
        await burst(pilot, *"uuuuuu")
        assert screen.match.actions == made and screen.state == start
        assert "Nothing to undo" in status(screen)


async def test_escape_takes_the_last_action_back_too():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.match.state
        await pilot.press("r", "r", "r", "escape")
        assert screen.control.held is None and screen.state.actions_left == 1
        assert screen.state.ocean == rotated(start, 2).ocean


async def test_a_pull_that_ends_the_turn_stays_and_says_why():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start, made = screen.match.state, len(screen.match.actions)
        await pilot.press("r", "r", "p", "enter")
        await settle(pilot, 6)
        # made (it drew from the bag) and saved; the hand-over still waits
        first, second, third = screen.match.actions[made:]
        assert first == second == Rotate() and isinstance(third, Pull) and third.column == 2
        assert screen.match.state.turn == start.turn + 1 and screen.control.held is not None
        assert (
            "End of your turn: the pull cannot be taken back (it drew new tiles from the "
            "bag). Enter hands over to Player 2 (medium)." in status(screen)
        )
        await pilot.press("u")
        assert len(screen.match.actions) == made + 3
        assert "The pull cannot be taken back: it drew new tiles from the bag" in status(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.turn == start.turn + 2)


async def test_a_pull_earlier_in_the_turn_is_not_taken_back():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        made = len(screen.match.actions)
        await pilot.press("p", "enter", "r", "r")
        assert screen.control.held is not None
        await burst(pilot, "u", "u", "u")
        assert screen.control.held is None and len(screen.match.actions) == made + 1
        assert isinstance(screen.match.actions[-1], Pull)
        assert "pull cannot be taken back" in status(screen)


async def test_solo_the_automaton_waits_and_nothing_of_its_turn_shows_before_enter():
    app = ms_app(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.match.state
        await pilot.press("r", "r", "r")
        await settle(pilot)
        assert screen.match.state.auto_turns == start.auto_turns
        assert screen.state.auto_turns == start.auto_turns  # the preview: not its turn
        assert "End of your turn: Enter hands over, u takes back" in status(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.match.state.auto_turns == start.auto_turns + 1)
        assert screen.human_to_move() == 0


async def test_hot_seat_a_burst_of_enter_hands_over_once_behind_the_hand_over_screen():
    app = ms_app(players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen_stack[-2]
        await hand_over(pilot)
        await pilot.press("k", "y")
        await settle(pilot)
        await hand_over(pilot)
        await pilot.press("k", "y")
        await settle(pilot)
        await hand_over(pilot)
        assert screen.state.phase == PLAY and screen.viewer == 0
        secret = screen.state.secrets[0]
        made = len(screen.match.actions)
        await pilot.press("r", "r", "r")
        await settle(pilot)
        # no hand-over screen yet: Player 1 sees the result, their secret still shown
        assert app.screen is screen and screen.viewer == 0 and screen.control.held
        assert "Enter hands over to Player 2" in status(screen)
        await burst(pilot, "enter", "enter", "enter", "enter")
        assert isinstance(app.screen, PrivacyScreen) and app.screen.seat == 1
        assert screen.viewer is None and len(screen.match.actions) == made + 3
        hidden = text_of(screen, "#ms-table") + text_of(screen, "#ms-objectives")
        assert secret not in hidden
        await hand_over(pilot)
        assert screen.viewer == 1 and screen.human_to_move() == 1
        assert len(screen.match.actions) == made + 3  # Player 2 has not moved
