"""Shifting Stones: after a shift the cursor follows the stone you moved, in every
direction (issue #20: after ``s Up`` it stayed behind, after ``s Down`` it followed)."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for
from tideboard.ui.shifting_stones import ShiftingStonesScreen

# from the middle stone (4): the neighbour each arrow swaps with
WHERE = {"up": 1, "down": 7, "left": 3, "right": 5}


async def test_the_cursor_follows_the_moved_stone_in_every_direction():
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ShiftingStonesScreen)
        turn = screen.turn
        for arrow, cell in WHERE.items():
            turn.cursor = 4
            await pilot.press("s", arrow)
            assert turn.cursor == cell, arrow  # the preview already shows where it goes
            await pilot.press("escape")


@pytest.mark.parametrize("arrow", ["up", "left"])
async def test_the_cursor_stays_on_the_moved_stone_after_enter(arrow):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        moved = screen.state.grid[4]
        await pilot.press("s", arrow, "enter")
        assert screen.turn.cursor == WHERE[arrow]
        assert screen.state.grid[WHERE[arrow]] == moved
