"""Game over: the results close to show the final board and the log; their keys
work from the board, and the footer offers only them."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, end_guard, settle
from tests.ui.test_moonlighter_ui import last_boss_fight, ml_app_with_state, ml_screen
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen


async def _lose_solo(pilot) -> GameScreen:
    """Shifting Stones solo, four turns ended without scoring: a loss."""
    game = pilot.app.screen
    for _ in range(4):
        await pilot.press("e")
        if isinstance(pilot.app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot)
    assert isinstance(pilot.app.screen, EndScreen)
    return game


@pytest.fixture(autouse=True)
def long_guard(monkeypatch):
    """A guard longer than any key takes to arrive; tests end it with ``end_guard``."""
    monkeypatch.setattr(EndScreen, "GUARD", 60.0)


def _footer_actions(screen) -> set[str]:
    return {
        active.binding.action for active in screen.active_bindings.values() if active.binding.show
    }


async def test_esc_closes_the_results_and_the_board_keeps_only_the_game_over_keys():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _lose_solo(pilot)
        assert "flip" in str(game.KEYS_HELP) and "End turn" in str(game.BINDINGS)
        await end_guard(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game and game.ended
        # the game-over keys, and the scored cards' window to study the end
        assert _footer_actions(game) == {"help", "results", "again", "picker", "quit_app", "table"}
        status = str(game.query_one("#ss-status").render())
        assert "Game over" in status and "r: results" in status
        state = game.state
        await pilot.press("f", "s", "right", "enter", "e", "x", "c", "u")  # the table's keys rest
        assert game.state == state and app.screen is game
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await end_guard(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        await pilot.press("p")
        await settle(pilot)
        from tideboard.ui.picker import PickerScreen

        assert isinstance(app.screen, PickerScreen)


async def test_a_from_the_board_plays_again():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _lose_solo(pilot)
        await end_guard(pilot)
        await pilot.press("escape", "a")
        await settle(pilot)
        again = app.screen
        assert isinstance(again, type(game)) and again is not game and not again.ended
        assert not again.match.actions and "end_turn" in _footer_actions(again)


async def test_q_from_the_board_quits_without_asking():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _lose_solo(pilot)
        await end_guard(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.return_code is None
        await pilot.press("q")
        await settle(pilot)
        assert app.return_code == 0 and not isinstance(app.screen, ConfirmScreen)


async def test_the_keys_that_ended_the_game_do_not_also_answer_the_results():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _lose_solo(pilot)
        end = app.screen
        await pilot.press("a", "p", "q", "escape")  # at once: too soon
        assert app.screen is end
        await end_guard(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is not end


async def test_moonlighter_r_and_a_mean_results_and_again_only_at_game_over():
    state = last_boss_fight()
    app = ml_app_with_state(state)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await ml_screen(pilot)
        assert "attack" in _footer_actions(game) and "results" not in _footer_actions(game)
        await pilot.press("a")  # the last blow: the campaign is over
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await end_guard(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert _footer_actions(game) == {
            "help",
            "results",
            "again",
            "picker",
            "quit_app",
            "whole_map",
        }
        await pilot.press("r")  # results, not a roll
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)


def test_the_human_row_is_marked_you_among_bots():
    from tideboard.engine import registry
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match

    game = registry.load("shifting-stones")
    match = Match.start(game, GameConfig(players=3, seed=5))
    with_bots = GameScreen(match, {1: "greedy", 2: "random"}, 0)
    assert [with_bots.player_name(s) for s in range(3)] == [
        "Player 1 (you)",
        "Player 2 (medium)",
        "Player 3 (random)",
    ]
    hot_seat = GameScreen(match, {2: "greedy"}, 0)  # two people: "(you)" would be wrong
    assert [hot_seat.player_name(s) for s in range(2)] == ["Player 1", "Player 2"]
