"""Playing Shifting Stones through the app with the keyboard and the mouse."""

from __future__ import annotations


from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.ui import saves
from tideboard.ui.modals import ConfirmScreen, EndScreen, HelpScreen, PrivacyScreen
from tideboard.ui.picker import PickerScreen
from tideboard.ui.shifting_stones import HandStrip, ShiftingStonesScreen, StoneGrid

from tests.ui.helpers import SS, app_for

GAME = registry.load(SS)


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


async def test_flip_is_previewed_then_confirmed_with_enter():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ShiftingStonesScreen)
        before = screen.state
        card = before.hands[0][0]
        await pilot.press("f")
        assert screen.state == before, "a preview must not change the game"
        assert screen.query_one(StoneGrid).grid[4] == before.grid[4] ^ 1
        await pilot.press("enter")
        after = screen.state
        assert after.grid[4] == before.grid[4] ^ 1
        assert after.discard == (card,)
        assert card not in after.hands[0]


async def test_shift_with_s_then_arrow_swaps_neighbours():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.state
        await pilot.press("s", "up", "enter")
        after = screen.state
        assert after.grid[1] == before.grid[4] and after.grid[4] == before.grid[1]


async def test_escape_drops_a_previewed_move():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.state
        await pilot.press("f", "escape", "enter")  # Enter with nothing pending tries to score
        assert screen.state.grid == before.grid and not screen.state.discard


async def test_end_turn_passes_to_the_bot_and_back():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):  # a matching card made it ask first
            await pilot.press("y")
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.state.current == 0 and screen.state.turn >= 3:
                break
        assert screen.state.turn >= 3 and screen.state.current == 0
        log = [line for line in screen.match.log]
        assert any(line.startswith("Player 2") for line in log)


def _seed_with_matching_card():
    for seed in range(500):
        state = GAME.setup(GameConfig(players=2, seed=seed))
        for index, card in enumerate(state.hands[0]):
            if CARD_BY_ID[card].matches(state.grid):
                return seed, index, card
    raise AssertionError("no seed with a matching opening card")


async def test_score_a_matching_card_with_its_number_key_and_c():
    seed, index, card = _seed_with_matching_card()
    app = app_for(seed=seed, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert card in screen.query_one(HandStrip).matching
        await pilot.press(str(index + 1), "c")
        assert screen.state.scored[0] == (card,)


async def test_ending_the_turn_with_a_matching_card_asks_first():
    seed, _, card = _seed_with_matching_card()
    app = app_for(seed=seed, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert screen.state.turn == 1 and screen.state.current == 0


async def test_illegal_skip_says_why_and_changes_nothing():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("f", "enter")
        before = screen.state
        await pilot.press("x")
        assert screen.state == before
        assert "cannot skip" in str(screen.query_one("#ss-status").render())


async def test_undo_takes_back_a_move_within_the_turn():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        start = screen.state
        await pilot.press("f", "enter", "u")
        assert screen.state == start


async def test_hot_seat_privacy_screen_between_human_players():
    app = app_for(players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PrivacyScreen)
        game_screen = app.screen_stack[-2]
        assert game_screen.query_one(HandStrip).cards == ()  # nothing secret behind it
        await pilot.press("enter")
        assert app.screen is game_screen and game_screen.viewer == 0
        assert game_screen.query_one(HandStrip).cards == game_screen.state.hands[0]
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        assert game_screen.viewer is None
        await pilot.press("enter")
        assert game_screen.viewer == 1
        assert game_screen.query_one(HandStrip).cards == game_screen.state.hands[1]


async def test_clicking_a_stone_moves_the_cursor_and_a_card_picks_it():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.click(StoneGrid, offset=(2 + 25, 1 + 9))  # column c, row 3
        assert screen.cursor == 8
        await pilot.click(HandStrip, offset=(12, 2))  # the second card
        assert screen.selected == 1


async def test_solo_loss_shows_the_end_screen_with_strikes():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # end four turns without scoring
        for _ in range(4):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("e")
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
            await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert screen.state.strikes == 4
        assert "You lose" in app.screen.result
        assert not saves.autosave_path(SS).exists(), "a finished game leaves no autosave"


async def test_help_screen_opens_and_closes():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ShiftingStonesScreen)


async def test_f2_switches_theme():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.theme
        await pilot.press("f2")
        assert app.theme != first and app.theme.startswith("tide-")


async def test_every_move_is_autosaved_and_resumable_from_the_picker():
    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f", "enter")
        played = app.screen.match
        assert saves.autosave_path(SS).exists()
    match, bots = saves.read_autosave(SS)
    assert match.state == played.state and bots == {1: "greedy"}

    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("down", "enter")  # the "resume" line under Shifting Stones
        await settle(pilot)
        assert isinstance(app.screen, ShiftingStonesScreen)
        assert app.screen.state == played.state


async def test_damaged_autosave_is_reported_and_left_alone(isolated_saves):
    path = saves.autosave_path(SS)
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")
        assert isinstance(app.screen, PickerScreen)
        assert "Could not resume" in str(app.screen.query_one("#picker-error").render())
    assert path.read_text() == "{ not json"


async def test_picker_starts_a_game_with_the_chosen_table():
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter")              # Shifting Stones: focus the settings
        await pilot.press("right")              # players 2 -> 3
        await pilot.press("tab", "tab", "tab")  # variant, solo, player 1
        await pilot.press("tab", "right")       # player 2: greedy bot -> next level
        await pilot.click("#seed")
        await pilot.press("4", "2", "enter")
        await settle(pilot)
        screen = app.screen_stack[1] if len(app.screen_stack) > 1 else app.screen
        assert isinstance(screen, ShiftingStonesScreen)
        assert screen.match.config == GameConfig(players=3, seed=42)
        assert screen.state.players == 3


async def test_t_shows_everyones_scored_cards_and_the_discard_pile():
    from tideboard.ui.widgets import BlocksScreen

    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f", "enter", "t")
        assert isinstance(app.screen, BlocksScreen)
        titles = [title for title, _ in app.screen.parts]
        assert titles[0].startswith("Player 1") and titles[1].startswith("Player 2 (greedy)")
        discard = app.screen_stack[-2].state.discard
        title, body = app.screen.parts[-1]
        assert title == f"Discard pile, newest first ({len(discard)})"
        assert f"{discard[-1]:>2} " in body.plain  # the discarded card is drawn
        await pilot.press("escape")
        assert isinstance(app.screen, ShiftingStonesScreen)


async def test_starting_a_new_game_over_a_saved_one_asks_first():
    from tideboard.ui.app import TideboardApp

    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f", "enter")
        saved = app.screen.match
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Shifting Stones: to the settings
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # keep it
        assert isinstance(app.screen, PickerScreen)
        match, _ = saves.read_autosave(SS)
        assert match.state == saved.state
        await pilot.press("ctrl+s", "y")  # replace it
        await settle(pilot)
        assert isinstance(app.screen, ShiftingStonesScreen)
        assert app.screen.match.state != saved.state
