"""Playing Shifting Stones through the app with the keyboard and the mouse."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from tests.ui.helpers import SS, app_for, app_with_state, hand_over, notices, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.store.games import Store
from tideboard.ui import shifting_stones as ss_ui
from tideboard.ui.picker import PickerScreen
from tideboard.ui.shared import StatusLine
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, HelpScreen, PrivacyScreen
from tideboard.ui.shifting_stones import HandStrip, ShiftingStonesScreen, StoneGrid
from tideboard.ui.shifting_stones.modes import Turn
from tideboard.ui.shifting_stones.panels import TableDrawing

GAME = registry.load(SS)


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
        await hand_over(pilot)
        assert app.screen is game_screen and game_screen.viewer == 0
        assert game_screen.query_one(HandStrip).cards == game_screen.state.hands[0]
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        assert game_screen.viewer is None
        await hand_over(pilot)
        assert game_screen.viewer == 1
        assert game_screen.query_one(HandStrip).cards == game_screen.state.hands[1]


async def test_clicking_a_stone_moves_the_cursor_and_a_card_picks_it():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.click(StoneGrid, offset=(2 + 25, 1 + 9))  # column c, row 3
        assert screen.turn.cursor == 8
        await pilot.click(HandStrip, offset=(12, 2))  # the second card
        assert screen.turn.selected == 1


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
        with Store.open() as store:
            [record] = store.list(unfinished_only=False)
        assert record.finished, "a finished game is recorded as finished"


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


async def test_picker_starts_a_game_with_the_chosen_table():
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter")  # Shifting Stones: focus the settings
        await pilot.press("right")  # players 2 -> 3
        await pilot.press("tab", "tab", "tab")  # variant, solo, player 1
        await pilot.press("tab", "right")  # player 2: greedy bot -> next level
        await pilot.click("#seed")
        await pilot.press("4", "2", "enter")
        await settle(pilot)
        screen = app.screen_stack[1] if len(app.screen_stack) > 1 else app.screen
        assert isinstance(screen, ShiftingStonesScreen)
        assert screen.match.config == GameConfig(players=3, seed=42)
        assert screen.state.players == 3


async def test_t_shows_everyones_scored_cards_and_the_discard_pile():
    from tideboard.ui.shared import BlocksScreen

    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f", "enter", "t")
        assert isinstance(app.screen, BlocksScreen)
        titles = [title for title, _ in app.screen.parts]
        assert titles[0].startswith("Player 1") and titles[1].startswith("Player 2 (medium)")
        discard = app.screen_stack[-2].state.discard
        title, body = app.screen.parts[-1]
        assert title == f"Discard pile, newest first ({len(discard)})"
        assert f"{discard[-1]:>2} " in body.plain  # the discarded card is drawn
        await pilot.press("escape")
        assert isinstance(app.screen, ShiftingStonesScreen)


# -- found playing as a new player --------------------------------------------------------

# seed 5, 2 players: hand (68, 59, 71, 42); 68 and 42 match; a Seed/Horse swap b2<>a2
# would make 71 match.


def status_text(screen) -> str:
    return str(screen.query_one(StatusLine).render())


def widget_lines(widget) -> list[str]:
    """What a line-drawn widget shows, line by line."""
    return [
        "".join(seg.text for seg in widget.render_line(y)).rstrip()
        for y in range(widget.size.height)
    ]


def wrapped_lines(text: str, width: int) -> int:
    console = Console(width=width)
    return len(console.render_lines(Text(text), console.options, pad=False))


def _big_hand_state(extra: int = 4):
    state = GAME.setup(GameConfig(players=2, seed=5))
    hand = state.hands[0] + state.deck[-extra:]
    return evolve(
        state, hands=(hand,) + state.hands[1:], deck=state.deck[:-extra], skipped_last=(True, False)
    )


async def test_number_key_past_the_hand_says_why():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("6")
        assert "no card 6" in status_text(screen) and "1-4" in status_text(screen)
        assert screen.turn.selected == 0


async def test_hint_names_the_other_matching_cards_and_their_keys():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "Card 42 matches too: key 4 picks it" in status_text(screen)
        await pilot.press("3")  # card 71, which does not match
        assert "Cards 68, 42 match: keys 1, 4" in status_text(screen)
        assert "1-4 pick" in status_text(screen)


async def test_preview_warns_when_paying_with_the_card_it_would_make_match():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("3", "s", "left")  # pay with 71 to make 71 match
        assert "71 would match after it" in status_text(screen)
        assert 71 not in screen.query_one(HandStrip).would_match, "no → on the card paid"
        await pilot.press("2")  # pay with 59 instead
        assert 71 in screen.query_one(HandStrip).would_match
        assert "would match after it" not in status_text(screen)


async def test_preview_warns_when_paying_with_a_card_that_matches_now():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")  # card 68 matches now
        assert "Careful: 68 matches now" in status_text(app.screen)


async def test_status_line_holds_the_longest_preview_at_80_columns():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("3", "s", "left")
        status = screen.query_one(StatusLine)
        assert (
            wrapped_lines(status_text(screen), status.content_size.width)
            <= status.content_size.height
        )


def test_hints_fit_the_status_line_at_80_columns():
    """Every turn-start hint in many deals, solo or not, fits the three status lines."""

    class Probe:
        def __init__(self, state):  # just enough of a screen for the hint
            self.state = state

        def human_to_move(self):
            return self.state.current

    for seed in range(150):
        config = GameConfig(players=1 if seed % 3 == 0 else 2, solo=seed % 3 == 0, seed=seed)
        state = GAME.setup(config)
        for selected in range(len(state.hands[0])):
            probe = Probe(state)
            turn = Turn(probe)
            turn.selected = selected
            hint = TableDrawing(probe, turn).hint()
            assert turn.cursor == 4 and wrapped_lines(hint, 78) <= 3, hint


async def test_score_message_keeps_the_next_step():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        text = status_text(app.screen)
        assert text.startswith("Scored card 68 for 1 point.") and "Cursor on" in text


async def test_hand_wider_than_the_screen_scrolls_to_the_picked_card():
    state = _big_hand_state(4)  # 8 cards: 88 columns, more than 80
    app = app_with_state(state, GameConfig(players=2, seed=5), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        strip = screen.query_one(HandStrip)
        lines = widget_lines(strip)
        assert len(lines) == 6 and all(len(line) <= 80 for line in lines), "no wrapped cards"
        assert "▶" in "\n".join(lines) and "◀" not in "\n".join(lines)
        await pilot.press("8")  # keys past 6 pick too
        assert screen.turn.selected == 7
        start, shown = strip.window()
        assert start <= 7 < start + shown
        await pilot.pause()
        assert f"{state.hands[0][7]:>2} " in "\n".join(widget_lines(strip))
        assert "◀" in "\n".join(widget_lines(strip))
        await pilot.click(HandStrip, offset=(0, 2))  # the ◀ gutter: the card just hidden
        assert screen.turn.selected == start - 1


async def test_clicking_a_card_in_a_scrolled_hand_picks_that_card():
    state = _big_hand_state(4)
    app = app_with_state(state, GameConfig(players=2, seed=5), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("8")
        start, _ = screen.query_one(HandStrip).window()
        await pilot.click(HandStrip, offset=(ss_ui.GUTTER + 1, 2))  # the first card shown
        assert screen.turn.selected == start


def test_pack_breaks_between_items_never_inside_one():
    items = [Text("Deck 64"), Text("Discard 12"), Text("Ends at 10 cards scored")]
    assert ss_ui.pack(items, 46).plain == "Deck 64  Discard 12  Ends at 10 cards scored"
    assert ss_ui.pack(items, 30).plain == "Deck 64  Discard 12\nEnds at 10 cards scored"


async def test_table_info_lines_do_not_break_a_phrase():
    """Two checks of the same first frame (one app): the table's info lines do not
    break a phrase; the grid underlines the letter cards use for each stone."""
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table_info_lines_do_not_break_a_phrase(app.screen)
        grid_underlines_the_letter_cards_use_for_each_stone(app.screen)


def table_info_lines_do_not_break_a_phrase(screen) -> None:
    table = screen.query_one("#ss-table")
    rows = ["".join(seg.text for seg in table.render_line(y)) for y in range(table.size.height)]
    assert any("Ends at 10 cards scored" in row for row in rows), rows
    assert any("Scored" in row and "Hand" in row for row in rows)


async def test_solo_table_has_no_bonus_column_and_end_turn_warns_of_a_strike():
    app = app_for(players=1, solo=True, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        table = screen.query_one("#ss-table")
        header = "".join(seg.text for seg in table.render_line(0))
        assert "1s" not in header
        assert "strike" in status_text(screen)
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        assert "strike 1 of 4" in app.screen.question
        await pilot.press("n")
        assert screen.state.strikes == 0 and screen.state.turn == 1


async def test_solo_skip_warns_of_a_strike():
    app = app_for(players=1, solo=True, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        assert "strike 1 of 4" in app.screen.question
        assert "Card 37 matches" in app.screen.question


async def test_solo_end_screen_shows_strikes_not_the_bonus():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(4):
            await pilot.press("e")
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
            await settle(pilot)
        table = screen.end_table()
        headers = [col.header for col in table.columns]
        assert "Strikes" in headers and "Bonus" not in headers and "1s" not in headers


def grid_underlines_the_letter_cards_use_for_each_stone(screen) -> None:
    """(A test of its own before; run in test_table_info_lines_do_not_break_a_phrase's app.)"""
    grid = screen.query_one(StoneGrid)
    segments = [seg for y in range(grid.size.height) for seg in grid.render_line(y)]
    underlined = {seg.text for seg in segments if seg.style and seg.style.underline}
    faces = {ss_ui.LETTERS[face] for face in grid.grid}
    assert faces <= underlined  # BOAT's O, SEED's E...
    assert len([line for line in widget_lines(grid) if line]) == 13  # header + 12


async def test_help_explains_the_card_letters_and_marks():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        help_text = " ".join(f"{k} {v}" for k, v in app.screen_stack[-2].KEYS_HELP)
        for phrase in ("O Boat", "E Seed", "▪ any stone", "✓", "→", "↺", "wherever it fits"):
            assert phrase in help_text


async def test_taller_terminal_gives_the_log_more_room():
    heights = []
    for size in ((80, 24), (100, 30)):
        app = app_for(bots={1: "greedy"})
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            heights.append(app.screen.query_one("#ss-log").size.height)
    assert heights[1] >= heights[0] + 5


async def test_undo_refusal_says_why_in_the_games_words():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")  # ends the turn: draws, so it cannot be undone
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot)
        await pilot.press("u")
        text = str(screen.query_one("#ss-status").render())
        assert "cannot be taken back: ending a turn (or skipping) draws cards" in text


async def test_after_undo_the_status_line_shows_what_to_do_next():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("f", "enter", "u")
        assert "s shift, f flip" in str(
            screen.query_one("#ss-status").render()
        ) or "matches now" in str(screen.query_one("#ss-status").render())
        assert any("Move taken back" in n for n in notices(app))


async def test_undo_at_the_start_of_your_turn_does_not_blame_the_other_players_move():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("e")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.state.current == 0 and screen.state.turn >= 3:
                break
        await pilot.press("u")
        text = str(screen.query_one("#ss-status").render())
        assert "Nothing to undo this turn" in text


async def test_each_hand_card_shows_the_key_that_picks_it():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bottom = widget_lines(app.screen.query_one(HandStrip))[5]
        assert [f"key {n}" in bottom for n in range(1, 5)] == [True] * 4
