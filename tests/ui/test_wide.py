"""Wide terminals (issue #20, point 18): from 160x45 the boards and cards grow again,
every seat's public panel is on screen and nothing is cut.

One app a test, started at 120x40 and resized to 200x50: what the board measures at
both sizes is compared, then the whole screen at 200x50 is read."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from tests.ui.helpers import app_for, settle

BIG = (200, 50)


async def screen_of(pilot, cls):
    for _ in range(50):
        screen = pilot.app.screen
        if isinstance(screen, cls):
            await settle(pilot)
            return screen
        await pilot.pause()
    raise AssertionError(f"no {cls.__name__}")


def lines_of(widget: Widget) -> list[str]:
    """What ``widget`` shows, line by line (its own lines, not its children's)."""
    size = widget.size
    return [strip.text for strip in widget.render_lines(Region(0, 0, size.width, size.height))]


def screen_lines(screen) -> dict[str, list[str]]:
    """Every shown leaf widget's lines, by the widget's id (or class name)."""
    out = {}
    for widget in screen.query("*"):
        if widget.children or not widget.display or not widget.size.area:
            continue
        out[widget.id or type(widget).__name__] = lines_of(widget)
    return out


def assert_nothing_cut(screen) -> None:
    """Every widget inside the screen, no text ended with an ellipsis."""
    whole = screen.region
    for widget in screen.query("*"):
        if widget.display and widget.size.area:
            assert whole.contains_region(widget.region), (widget, widget.region)
    for name, lines in screen_lines(screen).items():
        for line in lines:
            assert "…" not in line, (name, line)


def assert_near(lines: list[str], first: str, then: str, room: int) -> None:
    """On the first line showing ``first``, ``then`` starts at most ``room`` columns
    after it ends (a heading and the next, a label and its value)."""
    for line in lines:
        if first in line:
            end = line.index(first) + len(first)
            assert 0 <= line.find(then, end) - end <= room, (first, then, line)
            return
    raise AssertionError(f"{first!r} not shown")


# -- Shifting Stones ---------------------------------------------------------------------
async def test_shifting_stones_grows_at_200x50():
    from tideboard.ui.shifting_stones import HandStrip, ShiftingStonesScreen, StoneGrid

    app = app_for(players=4, bots={1: "greedy", 2: "greedy", 3: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot, ShiftingStonesScreen)
        grid, hand = screen.query_one(StoneGrid), screen.query_one(HandStrip)
        before = grid.cell_size(), hand.size_now()
        await pilot.resize_terminal(*BIG)
        await settle(pilot)
        after = grid.cell_size(), hand.size_now()
        assert after[0][0] > before[0][0] and after[0][1] > before[0][1], (before, after)
        assert after[1].width > before[1].width and after[1].height > before[1].height
        drawn = screen_lines(screen)
        table = drawn["ss-table"]
        for seat in range(1, 5):
            assert any(f"Player {seat}" in line for line in table), table
        assert_near(table, "Player", "Hand", room=30)  # not 100 columns apart
        assert_nothing_cut(screen)
        # privacy: the others' hands stay hidden (only how many cards they hold)
        text = "\n".join(line for lines in drawn.values() for line in lines)
        mine = screen.state.hands[0]
        assert all(f"{card} · " in text for card in mine)
        for hand in screen.state.hands[1:]:
            for card in set(hand) - set(mine):
                assert f"{card} · " not in text, card


# -- Mermaid Rain ------------------------------------------------------------------------
async def test_mermaid_rain_grows_at_200x50():
    from tideboard.ui.mermaid_rain import MermaidRainScreen
    from tideboard.ui.mermaid_rain.panels import hand_text
    from tideboard.ui.mermaid_rain.sea import HexBoard

    bots = {seat: "greedy" for seat in range(1, 6)}
    app = app_for(players=6, seed=3, bots=bots, game_id="mermaid-rain")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot, MermaidRainScreen)
        board = screen.query_one(HexBoard)
        before = board.size, (board.cell_w, board.row_h)
        await pilot.resize_terminal(*BIG)
        await settle(pilot)
        after = board.size, (board.cell_w, board.row_h)
        assert after[1][0] > before[1][0] and after[1][1] > before[1][1], (before, after)
        assert after[0].width > before[0].width and after[0].height > before[0].height
        drawn = screen_lines(screen)
        sea = "\n".join(drawn["mr-board"])
        assert sea.count("~") > 20 and "i   ~" in sea, "the whole sea, its last row too"
        side = drawn["mr-side"]
        for seat in range(1, 7):
            assert any(f"Player {seat}" in line for line in side), side
        assert any("Melds, best first" in line for line in side), "the melds beside the sea"
        assert_nothing_cut(screen)
        # privacy: your hand in full, the others' as a number of cards
        state, text = screen.state, "\n".join(line for lines in drawn.values() for line in lines)
        assert hand_text(state.hands[0]) in text
        for hand in state.hands[1:]:
            if hand != state.hands[0]:
                assert hand_text(hand) not in text


# -- Animal Splash -----------------------------------------------------------------------
async def test_animal_splash_grows_at_200x50():
    from tideboard.ui.animal_splash import AnimalSplashScreen
    from tideboard.ui.animal_splash.cards import animal_words
    from tideboard.ui.animal_splash.grid import GridBoard
    from tideboard.ui.animal_splash.tableau import TableauStrip

    bots = {seat: "greedy" for seat in range(1, 5)}
    app = app_for(players=5, seed=3, bots=bots, game_id="animal-splash")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot, AnimalSplashScreen)
        grid, strip = screen.query_one(GridBoard), screen.query_one(TableauStrip)
        before = grid.size, grid.card_width(), strip.card_width(1)
        await pilot.resize_terminal(*BIG)
        await settle(pilot)
        after = grid.size, grid.card_width(), strip.card_width(1)
        assert after[0].width > before[0].width and after[0].height > before[0].height, (
            before,
            after,
        )
        assert after[1] > before[1] and grid.card_height() > 3, "wider and taller cards"
        assert after[2] > before[2], "the tableaus' cards grow too"
        drawn = screen_lines(screen)
        board = drawn["as-grid"]
        last = animal_words(screen.state.grid[8], after[1] - 1).strip()
        assert any(last in line for line in board[-7:]), ("the grid's last card", last, board)
        tableaus = drawn["as-tableaus"]
        for seat in range(1, 6):
            assert any(line.startswith(f"{seat} Player {seat}") for line in tableaus), tableaus
        assert_nothing_cut(screen)


# -- Moonlighter -------------------------------------------------------------------------
@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_moonlighter_grows_at_200x50():
    from tideboard.ui.moonlighter import MoonlighterScreen
    from tideboard.ui.moonlighter.dungeon_map import DungeonMap

    app = app_for(players=1, seed=3, game_id="moonlighter")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot, MoonlighterScreen)
        dmap, side = screen.query_one(DungeonMap), screen.query_one("#ml-side")
        before = (dmap.cell_w, dmap.cell_h), side.size.width
        await pilot.resize_terminal(*BIG)
        await settle(pilot)
        after = (dmap.cell_w, dmap.cell_h), side.size.width
        assert after[0][0] > before[0][0] and after[0][1] > before[0][1], (before, after)
        assert after[1] > before[1], "a wider side panel"
        drawn = screen_lines(screen)
        assert any("@ you" in line for line in drawn["ml-map"]), "your room on the map"
        assert any("Health" in line for line in drawn["ml-stats"])
        assert_nothing_cut(screen)
