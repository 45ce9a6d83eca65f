"""Playing Animal Splash through the app with the keyboard and the mouse."""

from __future__ import annotations

from tests.animal_splash.as_helpers import make_state, row
from tests.ui.helpers import app_for, app_with_state, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.animal_splash.content import ANIMAL, LINES, PLANT, SPOTS
from tideboard.games.animal_splash.state import ACT, MOVE, TAKE, Score
from tideboard.ui.animal_splash import AnimalSplashScreen, GridBoard, TableauStrip
from tideboard.ui.shared import BlocksScreen, ConfirmScreen, EndScreen, HelpScreen, PrivacyScreen

AS = "animal-splash"
GAME = registry.load(AS)
FISH = row("red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce")
OTHER = row("red crab, reef, moss")


def splash_app(players=2, seed=4, bots=None):
    return app_for(players=players, seed=seed, bots=bots, game_id=AS)


def state_app(state, bots=None):
    return app_with_state(state, GameConfig(players=state.players, seed=1), bots=bots, game_id=AS)


async def screen_of(pilot) -> AnimalSplashScreen:
    for _ in range(30):
        if isinstance(pilot.app.screen, AnimalSplashScreen):
            await settle(pilot)
            return pilot.app.screen
        await pilot.pause()
    raise AssertionError("the Animal Splash screen never came up")


def status(screen) -> str:
    return str(screen.query_one("#as-status").render())


async def test_place_the_diver_with_arrows_and_enter_then_take_a_card():
    app = splash_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        seat = screen.state.current
        assert screen.state.phase == MOVE and "Place your diver" in status(screen)
        await pilot.press("right", "right")
        assert screen.turn.spot == 2 and screen.query_one(GridBoard).cursor_spot == 2
        await pilot.press("enter")
        state = screen.state
        assert state.divers[seat] == 2 and state.phase == TAKE
        assert screen.query_one(GridBoard).faced == frozenset(LINES[2])
        await pilot.press("down", "enter")  # the second card of column c
        assert screen.turn.mode == "place" and screen.state is state  # a preview only
        cell = LINES[2][1]
        cid = state.grid[cell]
        await pilot.press("left", "enter")
        assert screen.state.tableaus[seat][0] == cid and screen.state.phase == ACT
        assert screen.turn.zone == "tableau" and screen.turn.pos == 0


async def test_no_hand_over_screen_between_hot_seat_players():
    """Everything is open in Animal Splash: the next player just plays."""
    app = splash_app(players=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        first = screen.state.current
        await pilot.press("enter", "enter", "enter", "e")
        await settle(pilot)
        assert not isinstance(app.screen, PrivacyScreen)
        assert screen.state.current == (first + 1) % 3 and screen.viewer == screen.state.current


async def test_later_dives_show_their_oxygen_and_arrows_go_round_clockwise():
    state = make_state([FISH, OTHER], oxygen=(0, 0), divers=(0, 6), phase=MOVE)
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        board = screen.query_one(GridBoard)
        assert board.costs == {1: 1, 2: 0}  # no oxygen: one or two steps only
        assert screen.turn.spot == 2 and "free" in status(screen)
        await pilot.press("right")
        assert screen.turn.spot == 1  # round again to the first reachable
        await pilot.press("enter")
        assert screen.state.oxygen[0] == 1 and screen.state.divers[0] == 1


async def test_score_the_area_under_the_cursor():
    app = state_app(make_state([FISH, OTHER]))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        marks = screen.query_one(TableauStrip).rows[0].marks
        assert all(marks[p].get(ANIMAL) in ("group", "cursor") for p in range(3))
        await pilot.press("down")  # the plant area: no group
        await pilot.press("s")
        assert not screen.state.pearls[0] and "no group" in status(screen)
        assert "would: the animals of cards 1, 2 and 3." in status(screen)  # not "1a, 2a"
        await pilot.press("up", "right", "s")
        assert screen.state.pearls[0] == {FISH[1] * 2 + ANIMAL}


async def test_move_a_card_previewed_then_enter():
    app = state_app(make_state([FISH, OTHER], oxygen=(2, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("m")
        assert screen.turn.mode == "slide" and screen.state.tableaus[0] == FISH
        await pilot.press("right")
        assert screen.turn.pending.to == 2
        await pilot.press("escape")
        assert screen.turn.mode is None and screen.state.tableaus[0] == FISH
        await pilot.press("m", "right", "enter")
        assert screen.state.tableaus[0] == (FISH[1], FISH[2], FISH[0])
        assert screen.state.oxygen[0] == 1 and screen.turn.pos == 2


async def test_move_a_pearl_with_an_arrow_then_enter():
    state = make_state([FISH, OTHER], oxygen=(2, 0), pearls=[(0, 0, ANIMAL)])
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("right", "p")
        assert "No pearl here" in status(screen)
        await pilot.press("left", "p", "down", "enter")
        assert screen.state.pearls[0] == {FISH[0] * 2 + PLANT}
        assert screen.state.oxygen[0] == 0


async def test_swap_with_a_grid_card():
    app = state_app(make_state([FISH, OTHER], oxygen=(3, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        grid = screen.state.grid
        await pilot.press("w")
        assert screen.turn.mode == "swap" and screen.turn.cell == 4
        await pilot.press("up", "enter")
        assert screen.state.tableaus[0][0] == grid[1] and screen.state.grid[1] == FISH[0]


async def test_end_turn_asks_first_when_a_group_would_still_score():
    app = state_app(make_state([FISH, OTHER]))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the safe answer: keep playing
        await settle(pilot)
        assert screen.state.current == 0
        await pilot.press("e", "y")
        await settle(pilot)
        assert screen.state.current == 1


async def test_take_a_mission_with_its_number_after_a_yes():
    fours = row(
        "red fish, anchor, kelp; yellow turtle, ship, kelp; blue crab, ship, moss; "
        "green octopus, sea, kelp"
    )
    app = state_app(make_state([fours, OTHER], open_missions=(5, 1, 9)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("1")  # mission 5: not fulfilled
        assert "cannot be taken" in status(screen)
        await pilot.press("2")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert screen.state.held[0] == (1,) and screen.state.current == 1


async def test_tab_moves_between_grid_and_tableau_before_the_card_is_taken():
    state = make_state([FISH, OTHER], oxygen=(0, 0), divers=(0, 6), phase=MOVE)
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("tab")
        assert screen.turn.zone == "tableau"
        await pilot.press("s")  # scoring before the dive
        assert screen.state.pearls[0] and screen.state.phase == MOVE
        await pilot.press("tab", "enter")
        assert screen.state.phase == TAKE


async def test_undo_takes_back_the_card():
    app = splash_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("enter", "enter")
        before = screen.state
        await pilot.press("enter")
        assert screen.state.phase == ACT
        await pilot.press("u")
        assert screen.state == before


async def test_clicks_pick_a_spot_and_a_tableau_area():
    state = make_state([FISH, OTHER], oxygen=(5, 0), divers=(0, 6), phase=MOVE)
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        board = screen.query_one(GridBoard)
        x, y = board.spot_origin(SPOTS.index("e2"))
        await pilot.click(GridBoard, offset=(x, y))
        assert screen.turn.spot == SPOTS.index("e2")
        w = screen.query_one(TableauStrip).card_width(2)
        await pilot.click(TableauStrip, offset=(w + 3, 3))  # card 2's plant line
        assert screen.turn.zone == "tableau" and (screen.turn.pos, screen.turn.area) == (1, PLANT)
        await pilot.click(GridBoard, offset=(x, y))  # back to the spot: the cursor
        assert screen.turn.zone == "grid" and screen.state.phase == MOVE
        await pilot.click(GridBoard, offset=(x, y))  # a second click dives
        assert screen.state.divers[0] == SPOTS.index("e2") and screen.state.phase == TAKE
        line = LINES[SPOTS.index("e2")]
        cx, cy = board.cell_origin(line[2])
        await pilot.click(GridBoard, offset=(cx + 2, cy + 1))
        assert screen.turn.cell == 2 and screen.turn.mode is None
        await pilot.click(GridBoard, offset=(cx + 2, cy + 1))
        assert screen.turn.mode == "place"


async def test_overview_and_help_windows():
    app = splash_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(pilot)
        await pilot.press("o")
        assert isinstance(app.screen, BlocksScreen)
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_a_whole_game_against_bots_reaches_the_end_screen():
    state = evolve(GAME.setup(GameConfig(players=2, seed=8)), round=8)
    app = state_app(state, bots={0: "greedy", 1: "random"})
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, EndScreen)
        screen = next(s for s in app.screen_stack if isinstance(s, AnimalSplashScreen))
        assert screen.state.over


async def test_every_tableau_is_on_a_tall_screen_and_the_current_one_on_a_short():
    app = splash_app(players=4)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot)
        assert len(screen.query_one(TableauStrip).rows) == 4
    app = splash_app(players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        rows = screen.query_one(TableauStrip).rows
        assert [r.seat for r in rows] == [screen.state.current]


async def test_keys_out_of_turn_do_nothing():
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(
        game_id=AS,
        config=GameConfig(players=2, seed=4),
        bots={0: "greedy", 1: "greedy"},
        bot_delay=100,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("e", "s", "m", "1", "enter")
        assert not screen.match.actions
        assert screen.human_to_move() is None
        for name in ("end_turn", "score", "slide", "mission", "confirm"):
            assert screen.check_action(name, ()) is False


async def test_started_from_the_picker_with_three_players():
    from tideboard.ui.app import TideboardApp

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "down")  # the fifth game in the list
        assert app.screen.game_id == AS
        await pilot.press("right", "right")  # players: 3
        await pilot.press("ctrl+s")
        screen = await screen_of(pilot)
        assert screen.match.config.players == 3 and screen.game.info.id == AS


def footer_keys(screen) -> set[str]:
    from tideboard.ui.keys_line import KeysLine

    return {key for key, _words, _on in screen.query_one(KeysLine).entries()}


async def test_80x24_labels_the_grid_and_names_players_and_missions_in_full():
    app = state_app(
        make_state([FISH, OTHER], open_missions=(5, 1, 9), divers=(-1, 6), phase=MOVE),
        bots={1: "greedy"},
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        grid = screen.query_one(GridBoard).render().plain.splitlines()
        assert grid[0].split()[0] == "a" and grid[1].split()[0] == "1"  # the lines' names
        side = str(screen.query_one("#as-side").render())
        assert "P1 (you)" in side and "P2 (medium)" in side and "…" not in side
        assert side.splitlines()[0].startswith("Round 2/")  # beside the columns' titles
        keys = [line.split()[0] for line in side.splitlines() if line[:1].isdigit()]
        assert keys == ["1", "2", "3"]  # the missions by the keys that take them
        assert "the top of column a" in status(screen)  # not the notation's "na"


async def test_the_footer_shows_tableau_keys_only_where_they_act_and_a_key_says_why():
    state = make_state([FISH, OTHER], oxygen=(2, 0), pearls=[(0, 0, ANIMAL)])
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        keys = footer_keys(screen)  # card 1's animal: a pearl on it, and no group to score
        assert "p" in keys and "m" in keys and "w" not in keys and "s" not in keys
        await pilot.press("right")
        await pilot.pause()
        assert "p" not in footer_keys(screen)
        await pilot.press("w")  # not offered, and it says why
        assert "Swapping with the grid costs 3 oxygen" in status(screen)


async def test_the_overview_fits_a_long_tableau_on_one_row_of_cards_at_80x24():
    from tideboard.ui.animal_splash.overview import tableau_text

    long = row(
        "red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce; "
        "red crab, reef, moss; yellow turtle, ship, kelp; blue crab, ship, moss; "
        "green octopus, sea, kelp; red seahorse, sea, grass"
    )
    app = state_app(make_state([long, OTHER]))
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(pilot)
        lines = tableau_text(app, app.screen.state, 0).plain.splitlines()
        assert len(lines) == 3 and max(map(len, lines)) <= int(80 * 0.9) - 8
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, BlocksScreen)


async def test_120x40_names_every_player_in_full_in_the_side_panel():
    app = state_app(make_state([FISH, OTHER]), bots={1: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot)
        side = str(screen.query_one("#as-side").render())
        assert "Player 1 (you)" in side and "Player 2 (medium)" in side and "…" not in side


async def test_five_players_at_80x24_keep_log_lines_below_the_side_panel():
    app = splash_app(players=5, seed=3, bots={s: "greedy" for s in range(1, 5)})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        side = screen.query_one("#as-side")
        lines = str(side.render()).splitlines()
        assert len(lines) == 1 + 5 + 3 + 2  # a line per mission and for the end card
        assert all(len(line) <= side.size.width for line in lines)
        assert screen.query_one("#as-log").size.height >= 4


async def test_the_swap_cursor_on_a_card_taken_this_turn_says_why_and_swaps_nothing():
    """A grid card taken this turn leaves its cell empty until the turn ends: the
    swap cursor may pass over it, with the reason shown, and Enter there does
    nothing (the preview of that swap once raised out of the screen)."""
    from tideboard.games.animal_splash.state import EMPTY

    state = make_state([FISH, OTHER], oxygen=(3, 0))
    state = evolve(state, grid=state.grid[:1] + (EMPTY,) + state.grid[2:], taken=1)
    app = state_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await pilot.press("w")
        assert screen.turn.mode == "swap" and screen.turn.cell == 4
        await pilot.press("up")
        await settle(pilot)
        assert screen.turn.cell == 1 and app.screen is screen
        assert "empty until the end of the turn" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.tableaus[0] == state.tableaus[0] and app.screen is screen
        await pilot.press("up")  # on to a card: that swap is shown again
        assert screen.turn.cell == 7 and screen.turn.pending is not None


async def slide_previewed(pilot):
    """The game screen once a slide is previewed (m)."""
    screen = await screen_of(pilot)
    await pilot.press("m")
    assert screen.turn.mode == "slide"
    return screen


async def test_a_preview_from_before_a_score_is_dropped_not_made():
    # A slide previewed (m), then the game moves on under the preview (a score, as
    # a table's update would bring it). The slide was picked on the position before
    # the score: it goes, and Enter then makes nothing (before, it stayed on screen
    # and Enter made it).
    app = state_app(make_state([FISH, OTHER], oxygen=(3, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await slide_previewed(pilot)
        control = screen.control
        score = next(a for a in screen.game.legal_actions(screen.state) if type(a) is Score)
        control.match = control.match.play(score)
        control.advance()
        await settle(pilot)
        assert screen.state.pearls[0] and screen.turn.mode is None
        assert screen.turn.pending is None
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.tableaus[0] == FISH and len(screen.match.actions) == 1


async def test_a_key_the_footer_leaves_out_while_a_move_is_shown_waits_for_it():
    # A slide previewed (m): the footer shows only the arrows, Enter and Esc. s (or
    # a mission's number) says to finish or drop the slide first, and makes nothing
    # (before, it scored under the preview).
    app = state_app(make_state([FISH, OTHER], oxygen=(3, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await slide_previewed(pilot)
        await pilot.press("s", "1", "e")
        await settle(pilot)
        assert not screen.match.actions and screen.turn.mode == "slide"
        assert "Esc (drop it)" in status(screen)
        await pilot.press("escape", "s")
        await settle(pilot)
        assert screen.state.pearls[0] and len(screen.match.actions) == 1
