"""Confirmations that give something up answer no unless asked deliberately (y)."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, burst, settle, settle_keys
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.state import EndTurn
from tideboard.ui.shared.modals import ConfirmScreen

SS = registry.load("shifting-stones")


def _seed_with_matching_card() -> int:
    for seed in range(500):
        state = SS.setup(GameConfig(players=2, seed=seed))
        if any(CARD_BY_ID[card].matches(state.grid) for card in state.hands[0]):
            return seed
    raise AssertionError("no seed with a matching opening card")


@pytest.mark.parametrize("keys", [("enter",), ("enter", "enter"), ("n",), ("escape",)])
async def test_end_turn_anyway_answers_no_on_enter(keys):
    app = app_for(seed=_seed_with_matching_card(), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        assert "End your turn anyway?" in app.screen.question
        await burst(pilot, *keys)
        assert app.screen is screen
        assert screen.state.turn == 1 and screen.state.current == 0 and not screen.match.actions


def _assert_turn_ended_by_player_1(screen) -> None:
    """Player 1's first and only action is the end of the turn (then the bot plays)."""
    actions = screen.match.actions
    assert actions, "nothing was played: the y was lost"
    assert SS.format_action(actions[0]) == SS.format_action(EndTurn())
    assert SS.seat_of(screen.match.states[0], actions[0]) == 0
    assert all(
        SS.seat_of(state, action) == 1
        for state, action in zip(screen.match.states[1:], actions[1:])
    )  # the rest: the bot's turn


async def test_end_turn_anyway_ends_it_on_y():
    app = app_for(seed=_seed_with_matching_card(), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        assert "End your turn anyway?" in app.screen.question
        assert not screen.match.actions  # asked first: nothing ended yet
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen
        _assert_turn_ended_by_player_1(screen)


async def test_e_y_in_one_burst_ends_the_turn():
    """The y typed with the e that opens the question answers it (it used to reach
    the game screen, where it did nothing, and the question stayed up)."""
    app = app_for(seed=_seed_with_matching_card(), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await burst(pilot, "e", "y")
        await settle_keys(pilot)
        assert app.screen is screen, f"{app.screen!r} is still up"
        _assert_turn_ended_by_player_1(screen)


async def test_leaving_asks_and_enter_stays():
    """A game the command line started (``tideboard play``): Enter on the question
    stays; y leaves the app for the shell the player typed the command in (issue #20)."""
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("q")
        assert "tideboard resume" in app.screen.question
        await pilot.press("enter")
        assert app.screen is screen and app.is_running
        await pilot.press("q", "y")
        await settle(pilot)
    assert app.return_code == 0 and not app.is_running


async def test_leaving_a_game_started_from_the_picker_goes_back_to_the_picker():
    from tideboard.engine import registry
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match
    from tideboard.ui.app import TideboardApp
    from tideboard.ui.picker import PickerScreen

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        game = registry.load("shifting-stones")
        app.start_match(Match.start(game, GameConfig(players=2, seed=3)), {1: "greedy"})
        await settle(pilot)
        screen = app.screen
        await pilot.press("q")
        assert "from the picker" in app.screen.question
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen) and screen not in app.screen_stack


async def test_the_safe_button_is_the_highlighted_one_and_no_button_takes_focus():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        confirm = app.screen
        no, yes = confirm.query_one("#no"), confirm.query_one("#yes")
        assert no.variant == "primary" and yes.variant != "primary"
        assert "Enter" in str(no.label) and "(y)" in str(yes.label)
        await pilot.press("tab", "tab")
        assert app.focused is None
