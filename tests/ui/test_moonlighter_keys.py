"""Moonlighter: a wrong key while a rolled room waits keeps the picked side and names the
keys that place it (issue #20: the hint said "place n, place e" and Enter then asked for a side)."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for
from tideboard.games.moonlighter.state import PLACE
from tideboard.ui.moonlighter import DiceBox, DungeonMap, MoonlighterScreen


@pytest.fixture(autouse=True)
def quick_dice(monkeypatch):
    monkeypatch.setattr(DiceBox, "ROLL_FRAMES", 0)
    monkeypatch.setattr(DiceBox, "FLASH_SECONDS", 0.05)


def status(screen) -> str:
    return str(screen.query_one("#ml-status").render())


@pytest.mark.parametrize("wrong", ["r", "a"])
async def test_a_wrong_key_keeps_the_picked_side_and_names_the_keys(wrong):
    app = app_for(players=1, seed=3, game_id="moonlighter")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MoonlighterScreen)
        await pilot.press("r", "left")
        placing = screen.state
        assert placing.pending == PLACE
        await pilot.press(wrong)
        said = status(screen)
        assert screen.state is placing and screen.state.rolls == 1
        assert "arrows pick a side, Enter places it west" in said, said
        assert "place n" not in said and "place e" not in said
        assert screen.query_one(DungeonMap).picked == (-1, 0)
        await pilot.press("enter")  # still places on the side picked before
        assert screen.state.pos == (-1, 0) and len(screen.state.rooms) == 2


async def test_enter_with_nothing_picked_names_keys():
    app = app_for(players=1, seed=3, game_id="moonlighter")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        said = status(screen)
        assert "arrows" in said and "r to roll" in said, said
