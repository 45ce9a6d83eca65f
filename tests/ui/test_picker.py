"""The game picker: keys, footer, help, per-game settings, the seed and the bot speed."""

from __future__ import annotations

import json

from textual import events

from tests.ui.helpers import burst, settle, settle_keys
from tideboard.ui.app import TideboardApp
from tideboard.ui.picker import Choice, PickerScreen
from tideboard.ui.shared.modals import HelpScreen

SETUP_ROWS = ["players", "variant", "solo", "seat-0", "seat-1", "bot-speed", "seed", "start"]


def _footer(app) -> list[tuple[str, str]]:
    from tideboard.ui.keys_line import KeysLine

    line = app.screen.query_one(KeysLine)
    assert str(line.render()).strip()  # drawn, not only listed
    return [(key, description) for key, description, _ in line.entries()]


def _value(app, row: str) -> str:
    return app.screen.query_one(f"#{row}", Choice).value


async def test_up_and_down_move_between_the_rows_and_stop_at_the_ends():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen) and app.focused.id == "games"
        await pilot.press("right")
        seen = [app.focused.id]
        for _ in range(len(SETUP_ROWS)):  # one more than needed: stays on the last row
            await pilot.press("down")
            seen.append(app.focused.id)
        assert seen == SETUP_ROWS + ["start"]
        await pilot.press("up", "up")
        assert app.focused.id == "bot-speed"
        for _ in range(len(SETUP_ROWS)):
            await pilot.press("up")
        assert app.focused.id == "players"  # up stops at the top, never leaves the settings
        await pilot.press("escape")
        assert app.focused.id == "games"
        await pilot.press("enter")
        assert app.focused.id == "players"


async def test_up_and_down_skip_hidden_rows():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "right")  # Moonlighter: no solo row, one seat
        assert app.screen.game_id == "moonlighter"
        seen = [app.focused.id]
        for _ in range(5):
            await pilot.press("down")
            seen.append(app.focused.id)
        assert seen == ["players", "variant", "seat-0", "bot-speed", "seed", "start"]


async def test_the_footer_names_the_keys_of_the_focused_part():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = _footer(app)
        assert ("↑↓", "Game") in footer and ("→", "Settings") in footer
        assert ("?", "Help") in footer
        assert not [d for _, d in footer if d == "Games"]  # Esc does nothing in the list
        await pilot.press("right")
        await settle(pilot)
        footer = _footer(app)
        assert ("←→", "Change") in footer and ("↑↓ Tab", "Row") in footer
        assert ("esc", "Games") in footer and ("?", "Help") in footer


async def test_question_mark_shows_the_pickers_help():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(f"{key} {what}" for key, what in app.screen.keys) + app.screen.rules
        for words in ("↑ ↓ or Tab", "Bot speed", "Seed", "Player 1, 2", "greedy", "F3"):
            assert words in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)


async def test_seat_settings_stay_with_their_game():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right")  # Shifting Stones: 3 players
        await pilot.press("down", "down", "down", "down", "left", "left")  # seat 2: random bot
        assert (_value(app, "players"), _value(app, "seat-1")) == ("3", "random bot")
        await pilot.press("escape", "down")  # Moonshell starts from its own defaults
        assert app.screen.game_id == "moonshell"
        assert (_value(app, "players"), _value(app, "seat-1")) == ("2", "medium bot")
        await pilot.press("right", "down", "down", "down", "down", "right")  # seat 2: expert
        await pilot.press("right")  # (the last level) -> human
        assert _value(app, "seat-1") == "human"
        await pilot.press("escape", "up")  # back to Shifting Stones: as it was left
        assert app.screen.game_id == "shifting-stones"
        assert (_value(app, "players"), _value(app, "seat-1"), _value(app, "seat-2")) == (
            "3",
            "random bot",
            "medium bot",
        )
        await pilot.press("down")  # and Moonshell as it was left
        assert (_value(app, "players"), _value(app, "seat-1")) == ("2", "human")


async def test_a_solo_choice_does_not_follow_to_another_game():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "down", "down", "right")  # Shifting Stones solo
        assert _value(app, "solo") == "yes"
        await pilot.press("escape", "down")
        assert _value(app, "solo") == "no" and app.screen.query_one("#players").display


async def _paste_seed(pilot, text: str) -> None:
    seed = pilot.app.screen.query_one("#seed")
    seed.focus()
    await pilot.pause()
    seed.post_message(events.Paste(text))
    await settle(pilot)


def _error(app) -> str:
    return str(app.screen.query_one("#picker-error").render())


async def test_a_seed_of_5000_digits_is_refused_with_the_range_not_a_crash():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _paste_seed(pilot, "9" * 5000)
        assert "0 to 2**64-1" in _error(app)
        assert app.screen.query_one("#seed").value == ""
        await pilot.press("ctrl+s")  # the seed stays empty: a random one, the game starts
        await settle(pilot)
        assert [s for s in app.screen_stack if hasattr(s, "match")]


async def test_a_seed_out_of_range_blocks_the_start_and_says_why():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _paste_seed(pilot, str(2**64))
        assert "0 to 2**64-1" in _error(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        assert "0 to 2**64-1" in _error(app)


async def test_letters_in_the_seed_are_refused():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _paste_seed(pilot, "12ab")
        assert app.screen.query_one("#seed").value == ""
        assert "digits only" in _error(app)


async def test_a_typed_seed_is_used():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _paste_seed(pilot, str(2**64 - 1))
        assert _error(app) == ""
        await pilot.press("enter")
        await settle(pilot)
        screens = [s for s in app.screen_stack if hasattr(s, "match")]
        assert screens and screens[0].match.config.seed == 2**64 - 1


async def test_a_seed_not_chosen_comes_from_new_seed(monkeypatch):
    import tideboard.ui.picker as picker

    drawn = []

    def fake_new_seed() -> int:
        drawn.append(12345678901234567890)
        return drawn[-1]

    monkeypatch.setattr(picker, "new_seed", fake_new_seed)
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await settle(pilot)
        screens = [s for s in app.screen_stack if hasattr(s, "match")]
        assert drawn and screens[0].match.config.seed == 12345678901234567890


async def test_the_bot_speed_row_is_remembered(isolated_saves):
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert _value(app, "bot-speed") == "normal"
        await pilot.press("right", *["down"] * 5)
        assert app.focused.id == "bot-speed"
        await pilot.press("right")  # slow
        assert app.bot_delay == 0.8
    saved = json.loads((isolated_saves / "settings.json").read_text())
    assert saved["bot_speed"] == "slow"
    app = TideboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert _value(app, "bot-speed") == "slow" and app.bot_delay == 0.8


async def test_back_from_a_game_the_picker_lists_what_can_be_resumed_now():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        games = app.screen.query_one("#games")
        assert not [o for o in games.options if str(o.id).startswith("resume:")]
        await pilot.press("down", "right", "down", "down", "down", "down", "left", "left", "left")
        assert _value(app, "seat-1") == "human"  # Moonshell, two humans
        await pilot.press("ctrl+s")  # a new game: a new record in the store
        await settle(pilot)
        assert [s for s in app.screen_stack if hasattr(s, "match")]
        app.show_picker()
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen) and app.screen.game_id == "moonshell"
        assert [o for o in games.options if str(o.id).startswith("resume:")]
        assert _value(app, "seat-1") == "human"  # the table as it was left


async def test_a_click_on_a_key_in_the_footer_runs_it():
    from tideboard.ui.keys_line import KeysLine

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        picker = app.screen
        line = str(picker.query_one(KeysLine).render())
        await pilot.click(KeysLine, offset=(len(line.rstrip()) + 2, 0))  # past the keys
        await settle(pilot)
        assert app.screen is picker  # a click on no key runs nothing
        await pilot.click(KeysLine, offset=(line.index(" ? ") + 1, 0))
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.title_text == "The game picker: help"  # the picker's own help
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is picker
        await pilot.click(KeysLine, offset=(line.index(" q ") + 1, 0))
        await settle(pilot)
        assert not app.is_running and app.return_code == 0  # q Quit: the app ended


def _option_row(app, name: str) -> Choice:
    from tideboard.engine import registry

    names = [o.name for o in registry.GAMES["moonshell"].options]
    return app.screen.query_one(f"#opt-{names.index(name)}", Choice)


async def test_the_picker_offers_options_and_modes_set_them():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "right")  # Moonshell's settings
        assert app.screen.game_id == "moonshell"
        powers = _option_row(app, "powers")
        assert powers.display and powers.value == "none"
        assert not _option_row(app, "mermaid-1").display  # no powers: no mermaid rows
        await pilot.press("down", "right", "right", "right")  # variant: dive
        assert _value(app, "variant") == "dive"
        assert powers.value == "passive" and _option_row(app, "reef").value == "3"
        assert _option_row(app, "mermaid-1").display and _option_row(app, "mermaid-2").display
        assert not _option_row(app, "mermaid-3").display  # two players
        powers.focus()
        await pilot.press("right")  # a mode, then one option changed
        assert powers.value == "active"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screens = [s for s in app.screen_stack if hasattr(s, "match")]
        assert screens[0].match.config.variant == "dive"
        assert screens[0].match.config.options == (("powers", "active"),)


# -- keys that arrive in one write (issue #18, point 15) --------------------------------
def _one_write(app, data: str) -> int:
    """``data`` as a terminal delivers it in one write: parsed by Textual's xterm
    parser (the one its drivers and tideboard's SSH driver use) and every event
    queued before the app handles the first.  The number of keys."""
    from tideboard.ui.textual_compat import XTermParser

    parsed = [event for event in XTermParser().feed(data) if isinstance(event, events.Key)]
    for event in parsed:
        event.set_sender(app)
        app.post_message(event)
    return len(parsed)


async def test_down_down_down_in_one_write_moves_three_rows():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        assert app.focused.id == "players"
        assert _one_write(app, "\x1b[B\x1b[B\x1b[B") == 3
        await settle_keys(pilot)
        assert app.focused.id == SETUP_ROWS[3]  # seat-0: three rows down, not one
        assert _one_write(app, "\x1b[A\x1b[A") == 2
        await settle_keys(pilot)
        assert app.focused.id == SETUP_ROWS[1]


async def test_keys_after_a_move_in_one_burst_go_to_the_row_they_reached():
    """A key that changes a row, queued behind the keys that move to it, changes
    that row (not the one the burst began on); digits reach the seed field."""
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        before = _value(app, "players")
        down_to_seat_1 = ["down"] * SETUP_ROWS.index("seat-1")
        await burst(pilot, *down_to_seat_1, "right")
        await settle_keys(pilot)
        assert _value(app, "players") == before
        assert _value(app, "seat-1") != "medium bot"  # the row it reached changed
        await burst(pilot, "down", "down", "4", "2")  # bot speed, seed, then digits
        await settle_keys(pilot)
        assert app.focused.id == "seed"
        assert app.screen.query_one("#seed").value == "42"


async def test_the_games_list_and_a_window_take_every_key_of_a_burst():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await burst(pilot, "down", "down", "down", "question_mark", "escape", "up")
        await settle_keys(pilot)
        assert isinstance(app.screen, PickerScreen)  # the help opened and closed again
        assert app.screen.game_id == "moonlighter"  # three down, one up after the help


# -- the picker shown while the app quits (issue #18, point 14) --------------------------
async def test_a_picker_shown_as_the_app_quits_does_not_crash(monkeypatch):
    """Leaving a game started from the command line puts up a new picker; a q of
    the same burst (resolved on the picker's bindings) can quit the app after the
    picker composed its rows but before its on_mount filled them.  Its seat rows
    were then mounted into an app that was going away: MountError "Can't mount
    widget(s) before Vertical(id='seat-rows') is mounted" (monkey, Moonshell at 3
    players).  Here the q is handled at exactly that moment."""
    from tests.ui.helpers import app_for

    mounted = PickerScreen.on_mount

    def quit_first(self):
        self.app.exit()  # the burst's q, handled just before the picker's on_mount
        return mounted(self)

    monkeypatch.setattr(PickerScreen, "on_mount", quit_first)
    app = app_for(game_id="moonshell", players=3, seed=101, bots={1: "random", 2: "random"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.show_picker()  # as leaving the game does (the game is the first screen)
        await settle(pilot)
    assert app.return_code == 0


async def test_a_rules_option_row_with_the_cursor_says_what_it_does():
    """Issue #20, point 20: "Urchins", "Reef", "Mermaid 1" and "Ruleset" are explained
    where they are chosen, in a line under the rows while the row has the cursor."""
    from tests.ui.fit import region_text
    from tideboard.engine import registry
    from tideboard.ui.textual_compat import screen_lines

    def shown_help(app) -> str:  # the line's words as on the terminal
        region = app.screen.query_one("#row-help").region
        return " ".join(region_text(screen_lines(app), region).split()).lstrip("─ ")

    for info in registry.GAMES.values():
        for option in info.options:  # every option has words for a new player
            assert len(option.help.split()) >= 8, (info.id, option.name)
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "right")  # Moonshell's rows
        await settle(pilot)
        help_line = app.screen.query_one("#row-help")
        assert not help_line.display  # the Players row: no option
        options = registry.GAMES["moonshell"].options
        while app.focused.id != "opt-3":  # Urchins
            await pilot.press("down")
        await settle(pilot)
        assert help_line.display
        assert f"Urchins: {options[3].help}" in shown_help(app)
        await pilot.press("down")  # Reef: the line follows the cursor
        await settle(pilot)
        assert shown_help(app).startswith("Reef: Lunar Reef's sea anemones")
        await pilot.press("escape")
        await settle(pilot)
        assert not help_line.display
        await pilot.press("down", "down", "right")  # Mermaid Rain: the Ruleset row explained
        await settle(pilot)
        while app.focused.id != "opt-0":
            await pilot.press("down")
        await settle(pilot)
        assert shown_help(app).startswith("Ruleset: which rules: leave it at 2, today's")


async def test_a_one_player_game_may_be_watched_as_its_bot_plays_it():
    """Moonlighter has one seat: a bot there plays the player's seat for them to watch
    (as ``tideboard play moonlighter --bot 1=medium`` does, and as a solo game in the
    picker may); the picker offered the bot levels and then refused them all ("At
    least one seat should be human"). At a table of two or more, one seat is human."""
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "right")  # Moonlighter's rows
        assert app.screen.game_id == "moonlighter"
        await pilot.press("down", "down", "left")  # its one seat: the expert bot
        assert _value(app, "seat-0") == "expert bot"
        await pilot.press("left")
        assert _value(app, "seat-0") == "medium bot"
        await pilot.press("ctrl+s")
        await settle(pilot)
        games = [s for s in app.screen_stack if hasattr(s, "match")]
        assert games and games[0].bot_levels == {0: "greedy"}
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "down", "down", "down", "left")  # Shifting Stones
        assert (_value(app, "seat-0"), _value(app, "seat-1")) == ("expert bot", "medium bot")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "At least one seat should be human" in _error(app)
