"""The app and the settings file: the theme and the bot speed are remembered;
a damaged file is a notice, never a crash; each game's stylesheet loads with its screen."""

from __future__ import annotations

import json
import re

from tests.ui.helpers import app_for, notices, settle
from tideboard.files import settings
from tideboard.files.settings import Settings
from tideboard.files.themes import named_stylesheet
from tideboard.ui.app import TideboardApp
from tideboard.ui.picker import PickerScreen


def _game_sheets(app) -> set[str]:
    return {
        "/".join(where.rsplit("/", 2)[-2:])
        for where, _ in app.stylesheet.source
        if where.endswith(".tcss")
    }


async def test_the_theme_chosen_with_f2_is_remembered(isolated_saves):
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "tide-dark"
        await pilot.press("f2")
        assert app.theme == "tide-light"
    assert json.loads((isolated_saves / "settings.json").read_text())["theme"] == "tide-light"
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)):
        assert app.theme == "tide-light"


async def test_a_theme_given_for_the_run_wins_over_the_saved_one(isolated_saves):
    settings.save(Settings(theme="tide-light"))
    app = TideboardApp(theme="tide-contrast", bot_delay=0)
    async with app.run_test(size=(80, 24)):
        assert app.theme == "tide-contrast"
    assert settings.load()[0].theme == "tide-light"  # not changed by a one-off flag


async def test_f3_cycles_the_bot_speed_in_a_game_and_remembers_it(isolated_saves):
    app = app_for(seed=5, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert hasattr(screen, "bot_delay") and screen.bot_delay == 0  # the tests' override
        await pilot.press("f3")  # normal -> slow
        assert screen.bot_delay == settings.BOT_SPEEDS["slow"]
        assert "Bot speed: slow" in notices(app)
        await pilot.press("f3")  # slow -> instant
        assert screen.bot_delay == 0 and app.bot_delay == 0
    assert settings.load()[0].bot_speed == "instant"


async def test_the_saved_bot_speed_sets_the_delay_unless_the_app_is_given_one(isolated_saves):
    settings.save(Settings(bot_speed="slow"))
    assert TideboardApp().bot_delay == settings.BOT_SPEEDS["slow"]
    assert TideboardApp(bot_delay=0).bot_delay == 0
    settings.save(Settings(bot_speed="instant"))
    assert TideboardApp().bot_delay == 0


async def test_the_help_of_a_game_names_f3():
    from tideboard.ui.shared.modals import HelpScreen

    app = app_for(seed=5, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert any(key == "F3" and "bot speed" in what for key, what in app.screen.keys)


async def test_a_damaged_settings_file_is_a_notice_not_a_crash(isolated_saves):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_bytes(b'{"theme": "tide-li')
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen) and app.theme == "tide-dark"
        assert [m for m in notices(app) if "settings.json" in m and "ignored" in m]
        await pilot.press("f2")  # a new choice replaces the damaged file
    assert settings.load() == (Settings(theme="tide-light"), None)


async def test_an_unknown_saved_theme_falls_back_with_a_notice(isolated_saves):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_text('{"theme": "gone", "bot_speed": "slow"}')
    app = TideboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "tide-dark" and app.bot_delay == settings.BOT_SPEEDS["slow"]
        assert [m for m in notices(app) if "unknown theme" in m]


async def test_the_picker_parses_only_its_own_stylesheet_and_a_game_adds_its_own():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _game_sheets(app) == {"themes/picker.tcss"}
        await pilot.press("down", "down", "ctrl+s")  # Moonlighter
        await settle(pilot)
        assert _game_sheets(app) == {"themes/picker.tcss", "moonlighter/screen.tcss"}
        # its layout applies: a widget is as wide as moonlighter/screen.tcss says
        css, _ = named_stylesheet("moonlighter")
        widget_id, width = re.search(r"#(ml-[\w-]+) \{[^}]*?\bwidth: (\d+);", css).groups()
        assert app.screen.query_one(f"#{widget_id}").styles.width.value == int(width)
        app.show_picker()
        await settle(pilot)
        assert app.screen.game_id == "moonlighter"  # the picker as it was left
        app.screen.query_one("#games").focus()
        await pilot.press("up", "up", "ctrl+s")  # Shifting Stones: its sheet joins
        await settle(pilot)
        assert _game_sheets(app) == {
            "themes/picker.tcss",
            "moonlighter/screen.tcss",
            "shifting_stones/screen.tcss",
        }


async def test_a_game_started_from_the_command_line_parses_neither_picker_nor_dialogs_until_shown():
    from tideboard.engine.core import GameConfig

    app = TideboardApp(
        game_id="shifting-stones",
        config=GameConfig(players=2, seed=5),
        bots={1: "greedy"},
        bot_delay=0,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _game_sheets(app) == {"shifting_stones/screen.tcss"}
        await pilot.press("question_mark")  # the help window: the dialogs' sheet joins
        await settle(pilot)
        assert _game_sheets(app) == {"shifting_stones/screen.tcss", "themes/dialogs.tcss"}
        box = app.screen.query_one(".dialog")
        assert box.styles.border_top[0] == "thick"  # styled by dialogs.tcss
        await pilot.press("escape")
        await settle(pilot)
        app.show_picker()
        await settle(pilot)
        assert "themes/picker.tcss" in _game_sheets(app)
        assert app.screen.query_one("#picker-games").styles.border_top[0] == "round"  # picker.tcss


async def test_a_game_screen_pushed_directly_gets_its_stylesheet_too():
    from tideboard.engine import registry
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match
    from tideboard.ui.app import screen_class

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = Match.start(registry.load("moonlighter"), GameConfig(players=1, seed=3))
        app.push_screen(screen_class("moonlighter")(match, {}, 0))  # as a replay would
        await settle(pilot)
        assert _game_sheets(app) == {"themes/picker.tcss", "moonlighter/screen.tcss"}
        css, _ = named_stylesheet("moonlighter")
        widget_id, width = re.search(r"#(ml-[\w-]+) \{[^}]*?\bwidth: (\d+);", css).groups()
        assert app.screen.query_one(f"#{widget_id}").styles.width.value == int(width)
