"""Windows (overviews, confirmations, help) close only themselves, however fast keys arrive."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, burst, settle
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.modals import Window

WINDOW_KEYS = [
    ("moonlighter", "m", dict(players=1)),
    ("moonshell", "o", dict(players=2, bots={1: "greedy"})),
    ("shifting-stones", "t", dict(players=2, bots={1: "greedy"})),
    ("animal-splash", "o", dict(players=2, bots={1: "greedy"})),
]


def _stack(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


@pytest.mark.parametrize("game_id, key, table", WINDOW_KEYS, ids=[g for g, _, _ in WINDOW_KEYS])
@pytest.mark.parametrize("opened_first", [False, True], ids=["closed", "open"])
async def test_a_burst_of_the_window_key_closes_only_the_window(game_id, key, table, opened_first):
    app = app_for(game_id=game_id, seed=4, **table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        # an even and an odd burst, and a long one (4 and 5 were the first two again)
        for length in (2, 3, 8):
            if opened_first:
                await pilot.press(key)
                assert isinstance(app.screen, Window)
            await burst(pilot, *[key] * length)
            assert app.is_running, f"burst of {length}"
            stack = app.screen_stack
            # the game is the first screen (started as ``tideboard play`` starts it)
            assert game in stack and stack.index(game) == 0, _stack(app)
            # at most the one window over the game, never two, never the game popped
            assert len(stack) in (1, 2) and all(isinstance(s, Window) for s in stack[1:])
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game, _stack(app)


async def test_a_window_closed_twice_closes_once():
    app = app_for(game_id="shifting-stones", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("t")
        window = app.screen
        window.dismiss()
        window.dismiss()
        await settle(pilot)
        assert app.screen is game and app.is_running


async def test_a_window_under_another_does_not_close_the_top_one():
    from tideboard.ui.shared.modals import HelpScreen

    app = app_for(game_id="shifting-stones", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        under = app.screen
        top = HelpScreen("help", [], None)
        app.push_screen(top)
        await settle(pilot)
        under.dismiss()
        await settle(pilot)
        assert app.screen is top and under in app.screen_stack


@pytest.mark.parametrize("answer", ["n", "escape"])
async def test_answering_a_confirmation_in_a_burst_answers_once(answer):
    app = app_for(game_id="shifting-stones", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("q")  # "Leave this game?"
        await burst(pilot, answer, answer, answer, answer)
        assert app.screen is game and app.is_running, _stack(app)


def test_the_hand_over_and_end_screens_ignore_input_for_a_moment():
    from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, PrivacyScreen

    assert 0.4 <= PrivacyScreen.GUARD <= 1.0 and 0.4 <= EndScreen.GUARD <= 1.0
    assert ConfirmScreen.GUARD == 0  # its keys are deliberate already (y; Enter is no)


async def test_quit_then_help_in_one_burst_on_the_picker():
    """The help opened by a key queued behind the picker's q mounts while the app
    quits: it must not fail for want of its box (monkey seeds 116, 123, 124)."""
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.is_running
        await burst(pilot, "q", "question_mark")
        await settle(pilot)
        assert not app.is_running  # the q quit the app, the ? behind it did not stop it
    assert app.return_code == 0  # and no error on the way out (1 after a traceback)


async def test_prepared_windows_parse_the_dialogs_sheet_once_and_open_as_before():
    """prepare_windows (a Moonlighter screen calls it a second after its first frame)
    adds and parses the dialogs' sheet; a window opened later is styled by it
    and does not add it again."""
    from tideboard.files.themes import named_stylesheet

    app = app_for(game_id="moonlighter", seed=4, players=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        _css, where = named_stylesheet("dialogs")
        game.prepare_windows()
        assert app.stylesheet.has_source(where)
        sources = dict(app.stylesheet.source)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, Window)
        assert app.stylesheet.source[(where, "")] is sources[(where, "")]  # not added again
        box = app.screen.query_one(".dialog")
        assert box.styles.border.top[0] != ""  # the dialogs' sheet styles it
        game.prepare_windows()  # again: nothing changes
        assert app.stylesheet.source[(where, "")] is sources[(where, "")]
