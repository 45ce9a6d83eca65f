"""Boards drawn as canvases (shared/cell_grid.py) repaint only the cells a key changed,
and take the new theme's colours at once after F2.  (Speed itself is measured in
benchmarks/keypress.py, not here.)"""

from __future__ import annotations

from tests.ui.helpers import app_for, settle
from tests.ui.test_animal_splash_ui import screen_of
from tideboard.ui.animal_splash import GridBoard, TableauStrip

AS = "animal-splash"


async def test_a_cursor_move_on_the_grid_repaints_two_spots_only():
    app = app_for(players=2, seed=4, game_id=AS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        board = screen.query_one(GridBoard)
        before = screen.turn.spot
        await pilot.press("right")
        await settle(pilot)
        assert screen.turn.spot != before
        cells = sum(r.width * r.height for r in board.repainted)
        assert board.repainted and cells <= 6  # two spots of at most 3 cells
        old, new = board.spot_origin(before), board.spot_origin(screen.turn.spot)
        rows = {r.y for r in board.repainted}
        assert rows <= {old[1], new[1]}


async def test_a_cursor_move_in_the_tableau_repaints_part_of_the_strip():
    app = app_for(players=2, seed=4, game_id=AS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        for key in ("enter", "enter", "enter"):  # dive, take a card, place it
            await pilot.press(key)
        await settle(pilot)
        assert screen.turn.zone == "tableau"
        strip = screen.query_one(TableauStrip)
        await pilot.press("down")  # the other area of the card
        await settle(pilot)
        painted = sum(r.width * r.height for r in strip.repainted)
        assert 0 < painted < strip.grid_size.width * strip.grid_size.height


async def test_the_grid_takes_the_new_theme_colours():
    app = app_for(players=2, seed=4, game_id=AS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        board = screen.query_one(GridBoard)
        before = [row[:] for row in board._styles]
        theme = app.theme
        await pilot.press("f2")
        await settle(pilot)
        assert app.theme != theme
        assert board._styles != before


async def test_moonshell_boards_take_the_new_theme_colours_at_once():
    """The ocean and the chest are canvases drawn in the theme's colours: F2
    redraws them without waiting for the next key."""
    from tideboard.ui.moonshell.chest import ChestView
    from tideboard.ui.moonshell.ocean import OceanBoard

    app = app_for(players=2, seed=4, bots={1: "greedy"}, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if s.query(OceanBoard))
        boards = [game.query_one(OceanBoard), game.query_one(ChestView)]
        before = [[row[:] for row in board._styles] for board in boards]
        await pilot.press("f2")
        await settle(pilot)
        assert [board._styles for board in boards] != before


async def test_mermaid_rain_cursor_move_repaints_two_spaces_and_f2_recolours_the_sea():
    from tests.ui.helpers import app_with_match
    from tests.ui.test_mermaid_rain_ui import riding_match, screen_of
    from tideboard.ui.mermaid_rain import HexBoard

    app = app_with_match(riding_match(at=None), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        before = screen.picks.cursor
        await pilot.press("right")
        await settle(pilot)
        assert screen.picks.cursor == before + 1
        cells = sum(r.width * r.height for r in board.repainted)
        assert board.repainted and cells <= 2 * board.cell_w  # two spaces of the sea
        styles = [row[:] for row in board._styles]
        await pilot.press("f2")
        await settle(pilot)
        assert board._styles != styles
