"""The app on a full disk (issue #18, point 12): a save refused by a full disk
(a bot's move too) shows "NOT SAVED" and a notice, the game goes on, and once
there is room the missing moves are saved without waiting for another move,
or at the latest when the game screen closes.  On a real small filesystem
(tmpfs, where mounting is allowed) and with the fault injected at the
store's commit (tests/store/full_disk.py)."""

from __future__ import annotations

import asyncio
import functools
import os
import sys

import pytest

from tests.ui.helpers import app_for, notices, settle
from tideboard.store.games import Store
from tideboard.ui.shared import ConfirmScreen, saving
from tideboard.ui.shared.game_screen import GameScreen

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "store"))
from full_disk import disk  # noqa: E402,F401  (the fixture)


def bounded(test):
    """The test fails after 60 s instead of waiting for an app that crashed."""

    @functools.wraps(test)
    async def run(*args, **kwargs):
        try:
            await asyncio.wait_for(test(*args, **kwargs), 60)
        except TimeoutError:
            pytest.fail("the app stopped answering within 60 s (it crashed?)")

    return run


def stored_actions(gid: str) -> int:
    with Store.open() as store:
        return store.summary(gid).moves


async def wait_for(pilot, condition, seconds: float = 10.0) -> bool:
    """Let the app run until ``condition()`` holds (bounded)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await pilot.pause(0.02)
    return condition()


async def end_turn(pilot) -> None:
    await pilot.press("e")
    if isinstance(pilot.app.screen, ConfirmScreen):  # a matching card made it ask first
        await pilot.press("y")
    await settle(pilot)


async def play_until_not_saved(pilot, screen) -> None:
    """Turns (the human's, then the bot's) until a save is refused."""
    for _ in range(30):
        turn = screen.state.turn
        await end_turn(pilot)
        await wait_for(pilot, lambda: screen.state.turn >= turn + 2 or screen.control.save_error)
        if screen.control.save_error:
            return
    raise AssertionError("30 turns were saved on a full disk")


@bounded
async def test_a_full_disk_shows_not_saved_and_the_game_goes_on(disk, monkeypatch):
    monkeypatch.setattr(saving, "RETRY_SECONDS", 0.2, raising=False)
    monkeypatch.setattr(saving, "UNSAVED", {}, raising=False)
    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert await wait_for(pilot, lambda: screen.control.writer is not None)
        disk.full()
        await play_until_not_saved(pilot, screen)
        assert app.is_running and app.sub_title == "NOT SAVED"
        assert any("Could not save the game" in m and "full" in m for m in notices(app))
        assert (
            list(saving.UNSAVED.values())
            and "not completely saved" in list(saving.UNSAVED.values())[0]
        )
        # the game goes on: the bot and the human keep playing
        turn = screen.state.turn
        await end_turn(pilot)
        assert await wait_for(pilot, lambda: screen.state.turn >= turn + 2)
        assert app.is_running and app.sub_title == "NOT SAVED"
        played = len(screen.match.actions)
        assert stored_actions(screen.control.writer.id) < played
        # room again: saved with no further move
        disk.free()
        assert await wait_for(pilot, lambda: screen.control.save_error is None)
        assert len(screen.match.actions) == played  # (no move was needed)
        assert stored_actions(screen.control.writer.id) == played
        assert app.sub_title == "" and "The game is saved again." in notices(app)
        assert saving.UNSAVED == {}


@bounded
async def test_the_missing_moves_are_saved_when_the_game_closes(disk, monkeypatch):
    monkeypatch.setattr(saving, "RETRY_SECONDS", 3600, raising=False)  # no timed retry in this test
    monkeypatch.setattr(saving, "UNSAVED", {}, raising=False)
    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert await wait_for(pilot, lambda: screen.control.writer is not None)
        disk.full()
        await play_until_not_saved(pilot, screen)
        gid, played = screen.control.writer.id, len(screen.match.actions)
        assert stored_actions(gid) < played
        disk.free()
        app.exit()
    assert stored_actions(gid) == played
    assert saving.UNSAVED == {}


@bounded
async def test_a_game_still_not_saved_at_the_end_is_reported(disk, monkeypatch):
    monkeypatch.setattr(saving, "RETRY_SECONDS", 3600, raising=False)
    monkeypatch.setattr(saving, "UNSAVED", {}, raising=False)
    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert await wait_for(pilot, lambda: screen.control.writer is not None)
        disk.full()
        await play_until_not_saved(pilot, screen)
        gid = screen.control.writer.id
        app.exit()
    disk.free()
    [text] = saving.UNSAVED.values()
    assert text.startswith(f"game {gid} is not completely saved") and "full" in text
