"""Mermaid powers aimed on the table (issue #11, "The screen": a power is offered only when
it may be used, with a preview): ``w`` lights the places the power may act on, the board
cursor and the mouse move among them with a preview of each, Enter (or a second click on
the same place) uses it, Esc steps back.  Also: the footer lists ``w`` only when a power
may be used (not in a Moon Shadow round), and the power list stands clear of the title
line and the status line."""

from __future__ import annotations

from tests.ui.helpers import screen_bindings, settle
from tests.ui.test_moonshell_mermaids import open_power_list, to_first_turn, tsunami_app, wait_for
from tests.ui.test_moonshell_screen import footer_actions
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.games.moonshell.content import COLUMNS, EMPTY
from tideboard.games.moonshell.meeples import pull_cells
from tideboard.games.moonshell.state import Power, Pull, SwapTake
from tideboard.ui.moonshell import ChestView, OceanBoard
from tideboard.ui.moonshell.choice import ChoiceWindow
from tideboard.ui.moonshell.mermaids import mermaid_moves
from tideboard.ui.moonshell.ocean import corner_spot
from tideboard.ui.moonshell.picks import Aim, paths, step
from tideboard.ui.moonshell.tiles import UNKNOWN


def status(screen) -> str:
    return str(screen.query_one("#ms-status").render())


async def first_turn_with(pilot, mermaid_chosen: bool) -> None:
    """Keep a secret (the mermaid was set by an option) and answer a Moonrise: turn 1."""
    screen = pilot.app.screen
    if not mermaid_chosen:
        await to_first_turn(pilot)
        return
    await wait_for(pilot, lambda: screen.human_to_move() == 0 and screen.state.phase == "keep")
    await pilot.press("k", "y")
    await wait_for(
        pilot, lambda: screen.state.phase in ("play", "event") and screen.human_to_move() == 0
    )
    if screen.state.phase == "event":
        await pilot.press("x", "y")
        await wait_for(pilot, lambda: screen.state.phase == "play")
    await settle(pilot)


# -- keyboard --------------------------------------------------------------------------
async def test_active_tide_pool_aimed_with_the_arrows_and_used_with_enter():
    """Active Tide Pool: every tile in the water is lit; the cursor previews each one
    (lit as the target, said in words); Enter puts the mermeeple on the cursor's tile."""
    app = tsunami_app({"powers": "active"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        state = screen.state
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        board = screen.query_one(OceanBoard)
        water = {i for i in range(25) if state.ocean[i] != EMPTY}
        cursor = screen.turn.aim.picks.cursor
        assert board.lit_cells | board.target_cells == water
        assert board.target_cells == {cursor[1]} and "Enter uses it" in status(screen)
        await pilot.press("up")
        await settle(pilot)
        moved = screen.turn.aim.picks.cursor
        assert moved != cursor and board.target_cells == {moved[1]}
        side = state.sides[0]
        column = next(c for c in range(5) if moved[1] in COLUMNS[side][c])
        assert f"column {column + 1}" in status(screen)
        assert state == screen.state  # a preview changes nothing
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        depth = COLUMNS[side][column].index(moved[1])
        assert screen.match.actions[-1] == Power("tide-pool", column, depth)
        assert screen.turn.mode is None and board.meeples == {("cell", moved[1]): "M1"}
        assert "w" not in {
            b.key
            for b in screen_bindings(screen)
            if b.show and screen.check_action(b.action.split("(")[0], ())
        }


async def test_passive_tide_pool_pull_previewed_then_pulled_with_enter():
    """Passive Tide Pool: the columns light up; the cursor's pull is shown as it would
    leave the board (its two tiles on your rocks, the refills unknown ??)."""
    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        board = screen.query_one(OceanBoard)
        moves = mermaid_moves(screen.game, screen.state)
        assert board.legal_columns == {m.column for m in moves}
        await pilot.press("right")
        await settle(pilot)
        move = screen.turn.aim.picks.candidate()
        assert isinstance(move, Pull) and move.power == "tide-pool" and move.column == 1
        assert board.cursor == 1 and UNKNOWN in board.ocean
        mine = (screen.state.sides[0] * 2, screen.state.sides[0] * 2 + 1)
        taken = [screen.state.ocean[c] for c in pull_cells(screen.state, 0, move)]
        assert [board.rocks[r] for r in mine] == taken
        assert "no undo" in status(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        assert screen.match.actions[-1] == move


async def test_escape_backs_out_of_aiming_without_using_the_power():
    app = tsunami_app({"powers": "active"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        actions = len(screen.match.actions)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        await pilot.press("escape")
        await settle(pilot)
        board = screen.query_one(OceanBoard)
        assert screen.turn.mode is None and len(screen.match.actions) == actions
        assert not board.lit_cells and not board.target_cells and "Cancelled" in status(screen)


def test_a_two_step_power_asks_the_second_place_and_esc_steps_back():
    """The passive Swap (another side's rock, then your rock of the same shape or colour,
    then the chest column) and the active Swap (either chest tile first)."""
    game = registry.load("moonshell")
    state = game.setup(GameConfig(players=2, variant="dive", seed=3))
    moves = [SwapTake(4, 0, 1), SwapTake(4, 0, 2), SwapTake(5, 1, 2)]
    aim = Aim.of(state, 0, moves)
    assert aim.options() == [("rock", 4), ("rock", 5)] and aim.candidate() is None
    aim.pick()  # rock 4: only your left rock matches, so it is chosen for you
    assert aim.prefix == (("rock", 4), ("rock", 0))
    assert aim.options() == [("chest", 1), ("chest", 2)]
    assert aim.candidate() == SwapTake(4, 0, 1)
    assert aim.back() and aim.prefix == () and aim.cursor == ("rock", 4)
    assert not aim.back()  # nothing more to take back: Esc leaves the aim
    swap = Power("swap", 0, 5)
    assert paths(state, 0, swap) == [(("slot", 0), ("slot", 5)), (("slot", 5), ("slot", 0))]


def test_the_arrows_go_to_the_nearest_lit_place_that_way():
    cells = [("cell", COLUMNS[0][c][d]) for c in range(5) for d in range(5)]
    start = ("cell", COLUMNS[0][2][0])  # the centre column, nearest to you
    assert step(cells, start, 0, -1, 0) == ("cell", COLUMNS[0][2][1])  # up: farther away
    assert step(cells, start, 1, 0, 0) == ("cell", COLUMNS[0][3][0])
    corners = [("corner", k) for k in range(4)]
    assert step(corners, ("corner", 0), 0, -1, 0) == ("corner", 1)  # your left -> far left
    assert step(corners, ("corner", 0), 1, 0, 0) == ("corner", 3)


# -- mouse -----------------------------------------------------------------------------
async def test_rising_moon_corner_chosen_by_clicks():
    """A click on a lit corner previews it; a second click on it uses the power."""
    app = tsunami_app({"powers": "active", "mermaid-1": "rising-moon"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await first_turn_with(pilot, mermaid_chosen=True)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        board = screen.query_one(OceanBoard)
        assert board.lit_corners | {board.corner} == {0, 1, 2, 3}
        x, y = corner_spot(2)
        await pilot.click(OceanBoard, offset=(x + 1, y))
        await settle(pilot)
        assert board.corner == 2 and "far right corner" in status(screen)
        assert screen.state.in_play == 0
        await pilot.click(OceanBoard, offset=(x + 1, y))
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        assert screen.match.actions[-1] == Power("rising-moon", 2)
        assert board.meeples == {("corner", 2): "M1"}


async def test_buoy_chest_column_chosen_by_clicks_and_a_dark_place_is_refused():
    app = tsunami_app({"powers": "active", "mermaid-1": "buoy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await first_turn_with(pilot, mermaid_chosen=True)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        chest = screen.query_one(ChestView)
        assert chest.legal == {0, 1, 2, 3}
        await pilot.click(OceanBoard, offset=(10, 5))  # the ocean: nothing lit there
        await settle(pilot)
        assert "not one of the lit places" in status(screen)
        await pilot.click(ChestView, offset=(1 + 5 * 2 + 2, 7))  # column 3
        await settle(pilot)
        assert chest.chosen == 2 and screen.state.in_play == 0
        await pilot.click(ChestView, offset=(1 + 5 * 2 + 2, 7))
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        assert screen.match.actions[-1] == Power("buoy", 2)


async def test_tide_pool_tile_chosen_by_clicks():
    from tideboard.ui.moonshell.ocean import SMALL

    app = tsunami_app({"powers": "active"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        side = screen.state.sides[0]
        x, y = SMALL.gutter + SMALL.cell_w * 3 + 2, 1 + SMALL.cell_h * 1 + 1  # column 4, row 2
        cell = COLUMNS[side][3][3]  # row 2 from the top is depth 3 from you
        await pilot.click(OceanBoard, offset=(x, y))
        await settle(pilot)
        assert screen.turn.aim.picks.cursor == ("cell", cell)
        await pilot.click(OceanBoard, offset=(x, y))
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        assert screen.match.actions[-1] == Power("tide-pool", 3, 3)


# -- which keys are listed ---------------------------------------------------------------
async def test_moon_shadow_footer_leaves_out_w_and_the_key_says_why():
    app = tsunami_app(seed=5)  # the first event is Moon Shadow: no power this round
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        assert screen.state.event == "E13"
        offered = footer_actions(screen)
        assert "power" not in offered and {"rotate", "pull"} <= offered
        await pilot.press("w")
        await settle(pilot)
        assert screen.turn.mode is None and "Moon Shadow" in status(screen)


def w_is_listed_when_a_power_may_be_used(screen) -> None:
    """(A test of its own before; looked at in the first turn of
    test_still_water_and_free_flow_hints_say_what_rotating_does, before its events.)"""
    assert mermaid_moves(screen.game, screen.state) and "power" in footer_actions(screen)
    labels = {b.action: b.description for b in screen_bindings(screen) if b.key == "w"}
    assert labels["power"] == "Power" and labels["pick_mermaid"] == "Mermaid"


# -- the power list's place --------------------------------------------------------------
async def check_list_clear_of_title_and_status(size) -> None:
    app = tsunami_app()
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        await open_power_list(pilot)
        box = app.screen.query_one("#ms-choice").region
        assert box.y >= 1  # the title line stays in sight
        assert box.bottom <= size[1] - 3  # so do the status line and the keys
        assert box.x >= screen.query_one(OceanBoard).region.right - 1
        assert isinstance(app.screen, ChoiceWindow)


async def test_power_list_clear_of_the_title_line_at_80x24():
    await check_list_clear_of_title_and_status((80, 24))


async def test_power_list_clear_of_the_title_line_at_120x40():
    await check_list_clear_of_title_and_status((120, 40))


# -- snapshots of a Tsunami game aiming a power ------------------------------------------
def test_snapshot_tsunami_aiming_tide_pool_80x24(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: pilot.app.screen.turn.mode == "aim")
        await pilot.press("up", "right")
        await settle(pilot)

    assert snap_compare(tsunami_app({"powers": "active"}), run_before=run, terminal_size=(80, 24))


def test_snapshot_tsunami_aiming_a_passive_pull_120x40(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: pilot.app.screen.turn.mode == "aim")
        await pilot.press("right")
        await settle(pilot)

    assert snap_compare(tsunami_app(), run_before=run, terminal_size=(120, 40))


async def test_still_water_and_free_flow_hints_say_what_rotating_does():
    """Event rounds: Still Water leaves r out of the footer and the hint says why; Free
    Flow's hint says the first rotation is free.  First, in the same first turn (one
    app for both): w is listed when a power may be used."""
    from tideboard.engine.states import evolve
    from tideboard.games.moonshell.reef import FREE_FLOW, STILL_WATER

    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        w_is_listed_when_a_power_may_be_used(screen)
        base = screen.state
        screen.control.match = screen.match.__class__(
            screen.match.game, screen.match.config, (evolve(base, event=STILL_WATER),)
        )
        screen.refresh_table()
        await settle(pilot)
        assert "rotate" not in footer_actions(screen)
        assert "Still Water: no rotating" in status(screen)
        screen.control.match = screen.match.__class__(
            screen.match.game, screen.match.config, (evolve(base, event=FREE_FLOW),)
        )
        screen.refresh_table()
        await settle(pilot)
        assert "rotate" in footer_actions(screen) and "free this turn" in status(screen)


def test_the_rising_moon_preview_names_its_corner_once_and_what_then_turns():
    """Corner 1 is the one at your left hand: nothing turns; another corner turns the
    ocean at your next turn until it is at your left hand (games/moonshell/rules.md)."""
    from tests.moonshell.test_moonshell_powers import with_powers
    from tideboard.ui.moonshell.picks import move_words

    state = with_powers("active", "rising-moon")
    said = [move_words(state, 0, Power("rising-moon", a)) for a in range(4)]
    assert "your left corner" in said[0] and "will not turn" in said[0]
    assert said[0].count("corner") == 1, said[0]
    for words in said[1:]:
        assert "at your next turn the ocean turns until that corner is at your left hand" in words
        assert words.count("corner") == 2 and "your left corner" not in words, words
