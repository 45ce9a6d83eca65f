"""The Moonshell screen: cheap redraws, the footer's keys, the log per viewer, wording."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Static

from tests.ui.helpers import app_for, hand_over, screen_bindings, settle
from tests.ui.test_moonshell_ui import keep_first_secret, ms_app, text_of, wait_for
from tideboard.engine.core import GameConfig
from tideboard.ui.moonshell import ChestView, OceanBoard
from tideboard.ui.moonshell.ocean import LARGE, SMALL

MS = "moonshell"


def footer_actions(screen) -> set[str]:
    """The actions the footer lists now (shown bindings that check_action allows)."""
    out = set()
    for binding in screen_bindings(screen):
        if binding.show and screen.check_action(binding.action.split("(")[0], ()):
            out.add(binding.action.split("(")[0])
    return out


async def test_a_cursor_move_repaints_two_cells_and_no_panel():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await settle(pilot)
        board = screen.query_one(OceanBoard)
        panels = {
            name: getattr(screen.query_one(f"#ms-{name}", Static), "_ms_last", None)
            for name in ("info", "table", "objectives", "others")
        }
        status = screen.query_one("#ms-status").render()
        assert board.cursor == 2
        await pilot.press("right")
        assert board.cursor == 3
        # the old and the new column numbers (one cell each), nothing else
        x0, x1 = (SMALL.gutter + SMALL.cell_w * c + SMALL.cell_w // 2 - 1 for c in (2, 3))
        y = SMALL.rock_y - 1
        assert sorted(board.repainted) == [Region(x0, y, 1, 1), Region(x1, y, 1, 1)]
        for name, last in panels.items():
            assert getattr(screen.query_one(f"#ms-{name}", Static), "_ms_last", None) is last, name
        assert screen.query_one("#ms-status").render() is status
        chest = screen.query_one(ChestView)
        assert chest.repainted == [] or chest.repainted[0].width < 21


async def test_the_footer_lists_only_the_keys_that_apply():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        keep = footer_actions(screen)
        assert "keep" in keep and not {"rotate", "pull", "collect", "pass_turn"} & keep
        await keep_first_secret(pilot, screen)
        start = footer_actions(screen)
        assert {"rotate", "pull", "moonshell", "objectives"} <= start
        assert not {"keep", "collect", "pass_turn", "undo", "cancel"} & start
        await pilot.press("r")
        await settle(pilot)
        assert "undo" in footer_actions(screen)
        await pilot.press("2")  # preview a pull: Esc cancels it
        assert "cancel" in footer_actions(screen)
        await pilot.press("enter")
        await settle(pilot)
        after_pull = footer_actions(screen)
        assert "collect" in after_pull and "pull" not in after_pull
        assert "undo" not in after_pull  # a pull cannot be taken back


async def test_a_key_that_does_not_apply_still_says_why():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("r")  # the keep phase: no rotating yet
        assert screen.state.phase == "keep"
        assert "secret" in text_of(screen, "#ms-status").lower()


async def test_the_footer_at_game_over_lists_only_what_still_works(tmp_path):
    from tests.ui.test_moonshell_ui import _near_end_state, ms_app_with_state
    from tideboard.ui.shared.modals import EndScreen

    state, config = _near_end_state()
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("c", "enter", "enter")  # (the last Enter hands the turn over)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        assert footer_actions(screen) == {
            "help",
            "results",
            "again",
            "picker",
            "quit_app",
            "objectives",
            "chests",  # (the final chests, at 80x24 in the ocean's place)
        }


async def test_large_terminals_get_larger_ocean_cells_and_the_objectives_in_full():
    """At 120x40, one game after the first secret is kept (two checks, one app):
    large terminals get larger ocean cells; the objectives are described in full.
    (A small terminal's small cells: test_growing_the_terminal_grows_the_ocean.)"""
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        large_terminals_get_larger_ocean_cells(screen)
        at_120x40_the_objectives_are_described_in_full(screen)


def large_terminals_get_larger_ocean_cells(screen) -> None:
    board = screen.query_one(OceanBoard)
    assert board.geo == LARGE
    assert board.size.width == LARGE.width and board.size.height == LARGE.height


def at_120x40_the_objectives_are_described_in_full(screen) -> None:
    from tideboard.ui.moonshell.tiles import card_in_full

    text = " ".join(text_of(screen, "#ms-objectives").split())
    for card_id in screen.state.open_cards:
        assert " ".join(card_in_full(card_id).split()) in text
    assert "PR10Pair" not in text


# -- the log in the reader's frame -----------------------------------------------------
def log_text(screen) -> str:
    from tideboard.ui.shared import GameLog

    return " ".join(" ".join(line.text for line in screen.query_one(GameLog).lines).split())


def _after_player_1_pulls(column: int):
    """A 2-player match: both keep, Player 1 pulls ``column`` then rotates and collects
    until Player 2 is to move."""
    from tideboard.engine import registry
    from tideboard.engine.match import Match
    from tideboard.games.moonshell.state import Keep, Pull

    game = registry.load(MS)
    match = Match.start(game, GameConfig(players=2, seed=5))
    for seat in (0, 1):
        match = match.play(Keep(match.state.offers[seat][0]))
    match = match.play(Pull(column, None))
    while match.state.current == 0:
        match = match.play(
            next(a for a in game.legal_actions(match.state) if not isinstance(a, Pull))
        )
    return match


def test_a_pull_reads_in_the_readers_frame():
    from tideboard.engine import registry
    from tideboard.engine.core import GameConfig as Config
    from tideboard.ui.moonshell.journal import entry_for, pulled_line

    match = _after_player_1_pulls(3)
    before = match.states[2]
    line = match.log[2]
    assert line.startswith("Player 1 pulls column 4:")
    assert entry_for(line, before, match.actions[2], 0) == line  # Player 1 reads it
    across = entry_for(line, before, match.actions[2], 2)  # Player 2 reads it
    assert across.startswith("Player 1 pulls column 2 (to the top):")
    # from the side players' seats (3-4 players) the column is a row
    game = registry.load(MS)
    state = game.setup(Config(players=4, seed=5))
    # the reader on the west side: south sits on the right, its column 1 is the nearest row
    assert pulled_line(state, 0, 0, 1) == "the bottom row (to the right)"
    assert pulled_line(state, 0, 4, 3) == "the bottom row (to the left)"
    assert pulled_line(state, 1, 0, 0) == "the top row (to the left)"
    assert pulled_line(state, 1, 2, 0) == "the middle row (to the left)"


async def test_hot_seat_the_log_follows_the_person_at_the_screen():
    from tests.ui.helpers import app_with_match
    from tideboard.ui.shared.modals import PrivacyScreen

    match = _after_player_1_pulls(3)
    app = app_with_match(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        await hand_over(pilot)
        screen = app.screen
        assert screen.viewer == 1
        text = log_text(screen)
        assert "Player 1 pulls column 2 (to the top)" in text
        assert "pulls column 4" not in text
        assert "seed" not in text


async def test_undo_leaves_no_undone_line_in_the_log():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await pilot.press("r")
        await settle(pilot)
        assert "rotates" in log_text(screen)
        await pilot.press("u")
        await settle(pilot)
        text = log_text(screen)
        assert "rotates" not in text and "(undone)" not in text


async def test_solo_log_does_not_count_one_of_one_chosen():
    app = app_for(players=1, solo=True, game_id=MS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        assert "keep a secret objective" in log_text(screen)
        assert "of 1 chosen" not in log_text(screen)


async def test_resuming_solo_does_not_announce_an_old_automaton_turn():
    from tests.ui.helpers import app_with_match
    from tideboard.engine import registry
    from tideboard.engine.match import Match
    from tideboard.games.moonshell.state import Keep, Rotate

    game = registry.load(MS)
    match = Match.start(game, GameConfig(players=1, solo=True, seed=5))
    match = match.play(Keep(match.state.offers[0][0]))
    while match.state.auto_turns == 0:
        match = match.play(
            next(a for a in game.legal_actions(match.state) if isinstance(a, Rotate))
            if any(isinstance(a, Rotate) for a in game.legal_actions(match.state))
            else game.legal_actions(match.state)[0]
        )
    app = app_with_match(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "automaton played" not in text_of(app.screen, "#ms-status")


# -- game over ------------------------------------------------------------------------
async def test_the_end_reveals_every_secret_objective_and_marks_you():
    from rich.console import Console

    from tests.ui.test_moonshell_ui import _near_end_state, ms_app_with_state
    from tideboard.games.moonshell import scoring
    from tideboard.games.moonshell.content import CARDS
    from tideboard.ui.shared.modals import EndScreen

    state, config = _near_end_state()
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("c", "enter", "enter")  # (the last Enter hands the turn over)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        console = Console(width=60, record=True)
        console.print(app.screen.table)
        text = " ".join(console.export_text().split())
        final = screen.state
        assert "Player 1 (you)" in text
        for seat in (0, 1):
            card = CARDS[final.secrets[seat]]
            scored = scoring.breakdown(final, seat)["secret"]
            assert f"{card.id} {card.name} (one {card.same}" in text
            name = "Player 1 (you)" if seat == 0 else "Player 2 (medium)"
            assert f"{name}: {card.id}" in text
            assert f"scored {scored}" in text


# -- what the objective codes ask for ---------------------------------------------------
async def test_at_80x24_each_objective_code_says_what_it_asks_for():
    from tideboard.ui.moonshell.tiles import card_words

    app = ms_app(players=4, bots={1: "greedy", 2: "greedy", 3: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        table = text_of(screen, "#ms-table")
        lines = table.splitlines()
        for card_id in screen.state.open_cards:
            # "C5 4 stars" or, with room, "C5 Composition 10: 4 stars": never split
            assert any(
                line.startswith(card_id)
                and card_words(card_id) in line
                or f"{card_id} {card_words(card_id)}" in line
                for line in lines
            ), (card_id, lines)
        assert max(len(line) for line in lines) <= screen.query_one("#ms-side").size.width


def test_card_words_are_short_and_say_what_counts():
    from tideboard.games.moonshell.content import CARDS
    from tideboard.ui.moonshell.tiles import card_words

    assert card_words("C4") == "4 augers"
    assert card_words("A5") == "2 white+2 pink"
    assert card_words("PR10") == "pairs dollar+auger"
    assert card_words("T5") == "most clams"
    assert card_words("K7") == "each purple"
    assert all(len(card_words(c)) <= 20 for c in CARDS if CARDS[c].deck != "secret")


async def test_growing_the_terminal_grows_the_ocean():
    """Small cells at 80x24 from the first frame (the secrets still to keep: this was
    test_large_terminals_get_larger_ocean_cells's own app), then after the first
    turn the ocean grows with the terminal and shrinks back."""
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(OceanBoard).geo == SMALL  # before the keep phase ends
        screen = app.screen
        await keep_first_secret(pilot, screen)
        board = screen.query_one(OceanBoard)
        assert board.geo == SMALL
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert board.geo == LARGE and board.size.height == LARGE.height
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert board.geo == SMALL and board.size.height == SMALL.height


async def test_a_chest_cursor_move_repaints_only_chest_cells():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await pilot.press("m")  # the moonshell: choose a chest column
        assert screen.turn.mode == "chest"
        board, chest = screen.query_one(OceanBoard), screen.query_one(ChestView)
        await settle(pilot)
        await pilot.press("right")
        assert chest.chosen == 1
        assert board.repainted == []
        # the two columns' number, landing row and empty-space dots: not the whole chest
        assert chest.repainted and all(r.x + r.width <= 11 for r in chest.repainted)
        assert sum(r.width * r.height for r in chest.repainted) <= 40  # of 21x8 cells
