"""Playing Moonshell through the app with the keyboard and the mouse."""

from __future__ import annotations

from rich.console import Console

from tests.ui.helpers import (
    app_for,
    app_with_state,
    hand_over,
    notices,
    saves_done,
    settle,
    wait_for,
)
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import COLUMNS, EMPTY, URCHIN, tile_from_code
from tideboard.games.moonshell.state import PLAY, Collect, Keep, Pull, Rotate
from tideboard.store.games import Store
from tideboard.ui.app import TideboardApp
from tideboard.ui.moonshell import (
    CELL_H,
    CELL_W,
    GUTTER,
    ROCK_Y,
    ChestView,
    MoonshellScreen,
    OceanBoard,
    OfferStrip,
    tiebreak_text,
)
from tideboard.ui.shared.game_screen import GameLog
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, PrivacyScreen
from tideboard.ui.shared.overviews import BlocksScreen

MS = "moonshell"
GAME = registry.load(MS)


def ms_app(players=2, solo=False, seed=5, bots=None, theme=None) -> TideboardApp:
    return app_for(players, solo, seed, bots, theme, game_id=MS)


def ms_app_with_state(state, config: GameConfig, bots=None) -> TideboardApp:
    """An app whose Moonshell game starts from ``state`` (built by a test)."""
    return app_with_state(state, config, bots, game_id=MS)


def status(screen) -> str:
    return str(screen.query_one("#ms-status").render())


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def keep_first_secret(pilot, screen) -> None:
    await pilot.press("k")
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await pilot.press("y")
    await wait_for(pilot, lambda: screen.state.phase == PLAY and screen.human_to_move() == 0)


async def test_keep_phase_offers_both_secrets_and_keeps_the_chosen_one():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MoonshellScreen)
        offers = screen.state.offers[0]
        strip = screen.query_one(OfferStrip)
        assert strip.display and strip.offers == offers and strip.selected == 0
        await pilot.press("right")
        assert strip.selected == 1
        await pilot.press("k")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # not yet: nothing happens
        assert screen.state.secrets[0] == ""
        await pilot.press("enter", "y")
        await wait_for(pilot, lambda: screen.state.phase == PLAY)
        assert screen.state.secrets[0] == offers[1]
        assert not strip.display and screen.query_one("#ms-chestrow").display
        assert f"Secret {offers[1]}" in text_of(screen, "#ms-table")


async def test_a_full_turn_of_rotate_pull_collect_through_keys():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.state
        board = screen.query_one(OceanBoard)

        await pilot.press("r")
        rotated = screen.state
        assert rotated.ocean == rules.rotate(start).ocean and rotated.actions_left == 2
        assert board.ocean == rotated.ocean, "the board is drawn in its new places"
        assert board.flash_cells and board.rotated, "what moved is highlighted"

        await pilot.press("p", "left")  # preview column 2 (the cursor starts on 3)
        assert screen.state == rotated, "a preview changes nothing"
        column = COLUMNS[rotated.sides[0]][1]
        near, second = rotated.ocean[column[0]], rotated.ocean[column[1]]
        assert board.rocks[1] == near and board.rocks[0] == second  # nearest to the far rock
        assert "Enter pulls" in status(screen)
        await pilot.press("enter")
        pulled = screen.state
        assert rules.seat_rocks(pulled, 0) == (second, near) and pulled.actions_left == 1

        await pilot.press("c")  # both rocks hold a tile: pick one
        assert screen.turn.mode == "rock"
        await pilot.press("right", "enter")  # the right rock, then the chest
        assert screen.turn.mode == "chest"
        await pilot.press("4")
        chest = screen.query_one(ChestView)
        assert chest.chosen == 3 and chest.landing == near
        await pilot.press("enter")
        # the third action ended the turn: it waits for Enter, then the bot plays
        assert "End of your turn" in status(screen) and screen.match.state.current == 0
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.turn == 3 and screen.human_to_move() == 0)
        mine = [
            a
            for a, s in zip(screen.match.actions, screen.match.states)
            if s.current == 0 and s.phase == PLAY
        ][:3]
        assert mine == [Rotate(), Pull(1), Collect(1, 3)]
        assert screen.state.chests[0][3] == (near,)
        assert any(line.startswith("Player 2") for line in screen.match.log)


async def test_illegal_actions_say_why_and_change_nothing():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r")  # still choosing secrets
        assert "keeps one of their two secret objectives" in status(screen)
        await keep_first_secret(pilot, screen)
        before = screen.state
        await pilot.press("x")
        assert screen.state == before
        assert "only pass once your treasure chest is full" in status(screen)
        await pilot.press("c")
        assert screen.state == before and "no tile on your rocks" in status(screen)
        await pilot.press("2", "enter")  # pull, then try to pull again
        pulled = screen.state
        await pilot.press("p")
        assert screen.state == pulled
        assert "both rock spaces in front of you are empty" in status(screen)
        await pilot.press("m", "enter", "m")  # the moonshell, then again
        assert "already in your treasure chest" in status(screen)


async def test_undo_takes_back_a_rotation_but_a_pull_is_confirmed_first():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.state
        await pilot.press("r", "u")
        assert screen.state == start
        await pilot.press("1", "escape")
        assert screen.state == start and screen.turn.mode is None


async def test_hot_seat_privacy_screen_hides_the_secret_objectives():
    app = ms_app(players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PrivacyScreen)
        screen = app.screen_stack[-2]
        p1_offers, p2_offers = screen.state.offers
        assert screen.query_one(OfferStrip).offers == ()
        await hand_over(pilot)
        assert screen.viewer == 0 and screen.query_one(OfferStrip).offers == p1_offers
        await pilot.press("k", "y")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)  # pass to Player 2
        assert screen.viewer is None
        hidden = text_of(screen, "#ms-table") + text_of(screen, "#ms-objectives")
        assert p1_offers[0] not in hidden and screen.query_one(OfferStrip).offers == ()
        await hand_over(pilot)
        assert screen.query_one(OfferStrip).offers == p2_offers
        await pilot.press("2", "k", "y")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen)  # back to Player 1 for the first turn
        assert p2_offers[1] not in text_of(screen, "#ms-table")
        await hand_over(pilot)
        table = text_of(screen, "#ms-table")
        assert f"Secret {p1_offers[0]}" in table and p2_offers[1] not in table
        await pilot.press("o")
        assert isinstance(app.screen, BlocksScreen) and app.screen.key == "o"
        titles = " ".join(title for title, _ in app.screen.parts)
        assert "Your secret objective" in titles
        await pilot.press("escape")
        assert app.screen is screen


async def test_solo_the_automatons_turn_is_in_the_log():
    app = ms_app(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await pilot.press("r", "r", "r", "enter")  # (Enter hands the turn over)
        await settle(pilot)
        state = screen.state
        assert state.auto_turns == 1 and state.current == 0 and state.actions_left == 3
        log = "\n".join(line.text for line in screen.query_one(GameLog).lines)
        assert "The automaton rotates the ocean" in " ".join(screen.match.log)
        assert "automaton" in log and "solo card" in " ".join(screen.match.log)
        for step in state.auto_log:
            assert step in screen.match.log[-1]
        table = text_of(screen, "#ms-table")
        assert "You" in table and "Auto" in table


def _near_end_state():
    """Player 1 to move with 11 tiles in the chest and one tile on a rock."""
    config = GameConfig(players=2, seed=5)
    state = GAME.setup(config)
    state = GAME.apply(state, Keep(state.offers[0][0]))
    state = GAME.apply(state, Keep(state.offers[1][0]))
    codes = ["wC", "pC", "uC", "oS", "wD", "pD", "uD", "oD", "wA", "pA", "uA"]
    tiles = [tile_from_code(c) for c in codes]
    chest = (tuple(tiles[0:3]), tuple(tiles[3:6]), tuple(tiles[6:9]), tuple(tiles[9:11]))
    rocks = list(state.rocks)
    rocks[0] = tile_from_code("oA")
    other = ((URCHIN,), (), (), ())
    state = evolve(state, chests=(chest, other), rocks=tuple(rocks), actions_left=1)
    return state, config


async def test_the_end_screen_shows_the_breakdown_and_the_winner():
    state, config = _near_end_state()
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MoonshellScreen)
        await pilot.press("c")
        assert screen.query_one(ChestView).chosen == 3  # the only column with room
        await pilot.press("enter", "enter")  # (the last Enter hands the turn over)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        end = app.screen
        assert screen.state.over and screen.state.end_trigger == 0
        assert "Player 1" in end.result
        console = Console(width=60, record=True)
        console.print(end.table)
        rendered = console.export_text()
        assert "C4" in rendered and "Tot" in rendered and "most points" in rendered
        assert "…" not in rendered
        await saves_done(pilot)  # the end is saved on the store's writer thread
        with Store.open() as store:
            assert store.list(unfinished_only=False)[0].finished


def test_tie_breaks_are_explained():
    state, _ = _near_end_state()
    chest = state.chests[0]
    # the same chest, no secrets: tied on points, moonshells and tiles
    tied = evolve(state, chests=(chest, chest), secrets=("", ""), over=True)
    assert GAME.winners(tied) == (0, 1)
    text = tiebreak_text(tied, lambda s: f"P{s + 1}")
    assert "P1 and P2 tie on" in text and "share the victory" in text
    # one more urchin for Player 2: one point more, no tie
    more = (chest[0], chest[1], chest[2], chest[3] + (URCHIN,))
    ahead = evolve(tied, chests=(chest, more))
    assert tiebreak_text(ahead, lambda s: f"P{s + 1}").startswith("P2 has the most points")


async def test_mouse_clicks_pull_a_column_and_collect_into_the_chest():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.state
        column_x = GUTTER + CELL_W * 0 + 2  # ocean column 1
        await pilot.click(OceanBoard, offset=(column_x, 1 + CELL_H * 2))
        assert screen.turn.mode == "pull" and screen.turn.column == 0 and screen.state == start
        await pilot.click(OceanBoard, offset=(column_x, 1 + CELL_H * 2))  # again: pull
        pulled = screen.state
        left, right = rules.seat_rocks(pulled, 0)
        assert right == start.ocean[COLUMNS[0][0][0]] and left != EMPTY
        await pilot.click(OceanBoard, offset=(GUTTER + CELL_W + 2, ROCK_Y + 1))  # left rock
        assert screen.turn.mode == "chest" and screen.turn.source == 0
        await pilot.click(ChestView, offset=(1 + 5 * 2 + 2, 6))  # chest column 3
        assert screen.turn.chest_column == 2 and screen.state == pulled
        await pilot.click(ChestView, offset=(1 + 5 * 2 + 2, 6))  # again: drop it
        assert screen.state.chests[0][2] == (left,)


async def test_clicking_a_secret_card_chooses_it():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        offers = screen.state.offers[0]
        await pilot.click(OfferStrip, offset=(20, 3))
        assert screen.turn.offer == 1
        await pilot.click(OfferStrip, offset=(20, 3))
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.state.phase == PLAY)
        assert screen.state.secrets[0] == offers[1]


def _collect_state(left="wS", right="uC"):
    """Player 1 to move, three actions left, an empty chest, two tiles on the
    rocks and known open objectives (Auger reef, White tide line, clamshell +
    starfish pairs, most starfish, each starfish)."""
    config = GameConfig(players=2, seed=5)
    state = GAME.setup(config)
    state = GAME.apply(state, Keep(state.offers[0][0]))
    state = GAME.apply(state, Keep(state.offers[1][0]))
    rocks = list(state.rocks)
    rocks[0], rocks[1] = tile_from_code(left), tile_from_code(right)
    state = evolve(
        state, rocks=tuple(rocks), open_cards=("C4", "A1", "PR9", "T8", "K4"), secrets=("S10", "S9")
    )
    return state, config


async def test_collecting_says_which_objectives_the_tile_fits_and_what_it_scores():
    state, config = _collect_state()
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        said = " ".join(status(screen).split())
        assert "c collect (L white starfish ★ wS, R purple clamshell ◓ uC)" in said
        await pilot.press("c")
        assert screen.turn.mode == "rock"
        text = status(screen)
        text = " ".join(text.split())
        assert "L white starfish ★ wS (fits A1 PR9 T8 K4)" in text
        assert "R purple clamshell ◓ uC (fits PR9)" in text
        await pilot.press("enter")
        assert screen.turn.mode == "chest"
        text = " ".join(status(screen).split())
        assert "fits A1 PR9 T8 K4; +7 now (T8 +6, K4 +1)" in text
        assert "Enter drops it" in text
        await pilot.press("enter")
        assert screen.state.chests[0][0] == (tile_from_code("wS"),)
        await pilot.press("c")  # the clamshell now makes a clamshell + starfish pair
        text = " ".join(status(screen).split())
        assert "fits PR9; +2 now (PR9 +2)" in text
        await pilot.press("escape", "m")
        text = " ".join(status(screen).split())
        assert "Drop your moonshell into chest column 1" in text
        assert "fits every objective; -1 now (PR9 +2, K4 +1, unused ☾ -4)" in text
        line = screen.query_one("#ms-status")
        rendered = [strip.text.rstrip() for strip in line.render_lines(line.region.reset_offset)]
        assert rendered[-1].endswith("Esc cancels."), "the keys stay on the two lines"


async def test_a_sea_urchin_says_it_fits_no_objective():
    state, config = _collect_state(left="wS", right="wS")
    rocks = list(state.rocks)
    rocks[0], rocks[1] = URCHIN, EMPTY
    state = evolve(state, rocks=tuple(rocks))
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("c")
        text = " ".join(status(screen).split())
        assert "no objective; +1 now (✷ +1)" in text


async def test_undo_says_why_when_nothing_can_be_taken_back():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        start = screen.state
        await pilot.press("u")
        assert screen.state == start
        text = " ".join(status(screen).split())
        assert "you have not taken an action yet this turn" in text
        assert "die" not in text
        await pilot.press("2", "enter", "u")
        pulled = screen.state
        assert pulled.actions_left == 2
        text = " ".join(status(screen).split())
        assert "pull cannot be taken back: it drew new tiles from the bag" in text
        await pilot.press("r", "u")
        assert screen.state == pulled
        assert any("Move taken back" in n for n in notices(app))
        assert "action" in status(screen), "after undo the status line says what to do next"


async def test_keys_while_the_others_play_say_wait_and_keep_their_moves_lit():
    config = GameConfig(players=2, seed=5)
    app = TideboardApp(game_id=MS, config=config, bots={1: "greedy"}, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("k", "y")
        await settle(pilot)
        assert screen.human_to_move() is None  # the bot is (slowly) choosing its secret
        baseline = screen.turn.baseline
        await pilot.press("u")
        assert "Wait: it is not your turn" in status(screen)
        await pilot.press("r", "c", "left")
        assert screen.turn.baseline == baseline


async def test_the_rotation_note_fits_under_the_board():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await pilot.press("r")
        board = screen.query_one(OceanBoard)
        assert board.rotated
        last = str(board.render()).splitlines()[-1]
        assert last.rstrip().endswith("(just turned)")


async def test_wide_objective_list_marks_what_the_chosen_tile_fits():
    state, config = _collect_state(left="wS", right="uC")
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert "▶" not in text_of(screen, "#ms-objectives")
        await pilot.press("c")  # the left rock, a white starfish
        marked = [
            line[1:4].strip()
            for line in text_of(screen, "#ms-objectives").splitlines()
            if line.startswith("▶")
        ]
        assert marked == ["A1", "PR9", "T8", "K4"]
        await pilot.press("right")  # the purple clamshell
        marked = [
            line[1:4].strip()
            for line in text_of(screen, "#ms-objectives").splitlines()
            if line.startswith("▶")
        ]
        assert marked == ["PR9"]
        await pilot.press("escape")
        assert "▶" not in text_of(screen, "#ms-objectives")


async def test_solo_after_the_automatons_turn_the_next_keys_still_fit_the_status_line():
    app = ms_app(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await pilot.press("r", "r", "r", "enter")  # (Enter hands the turn over)
        await settle(pilot)
        assert screen.state.auto_turns == 1
        line = screen.query_one("#ms-status")
        text = str(line.render())
        assert text.startswith("The automaton played its turn")
        assert "p or 1-5 pull a column" in text and "m moonshell" in text
        rendered = [strip.text.rstrip() for strip in line.render_lines(line.region.reset_offset)]
        assert len([r for r in rendered if r]) <= 2 and rendered[-1].endswith("m moonshell")


async def test_a_pull_previewed_before_the_game_moved_on_is_dropped_not_made():
    # A server's update may come after a key picked a mode (a move sent, then 3
    # previews a pull on the board before it): the preview belongs to the position
    # it was picked on; once the game has moved on it goes, and Enter pulls nothing
    # (before, the mode stayed, and Enter made the pull on the new position).
    app = ms_app(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MoonshellScreen)
        await keep_first_secret(pilot, screen)
        await pilot.press("3")
        assert screen.turn.mode == "pull"
        control = screen.control
        state = control.match.state
        other = next(a for a in control.match.game.legal_actions(state) if not isinstance(a, Pull))
        control.match = control.match.play(other)  # (as a table's update does)
        control.advance()
        await settle(pilot)
        assert screen.turn.mode is None
        moves = len(control.match.actions)
        await pilot.press("enter")  # (now: a pull previewed on this position, no move)
        await settle(pilot)
        assert len(control.match.actions) == moves and screen.turn.mode == "pull"
