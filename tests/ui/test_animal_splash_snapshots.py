"""Snapshot tests of the Animal Splash screen at 80x24 and 120x40.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.animal_splash.state import MOVE
from tideboard.ui.animal_splash import AnimalSplashScreen
from tideboard.ui.shared import BlocksScreen, EndScreen

AS = "animal-splash"
GAME = registry.load(AS)
SIZES = [(80, 24), (120, 40)]


def played(seed: int, until, players: int = 3) -> Match:
    """Greedy bots play every seat from ``seed`` until ``until(state)``."""
    match = Match.start(GAME, GameConfig(players=players, seed=seed))
    bots = [make_bot(GAME, "greedy", seed=seat) for seat in range(players)]
    while not until(match.state):
        state = match.state
        seat = GAME.to_move(state)[0]
        match = match.play(
            bots[seat].choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state))
        )
    return match


def mid_game() -> Match:
    """Round 4, the first seat about to dive, pearls and missions on the table."""
    return played(
        5, lambda s: s.over or (s.round == 4 and s.phase == MOVE and s.current == s.first)
    )


async def on_screen(pilot) -> None:
    for _ in range(30):
        if any(isinstance(s, AnimalSplashScreen) for s in pilot.app.screen_stack):
            break
        await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_start(snap_compare, size):
    assert snap_compare(
        app_for(players=3, seed=4, game_id=AS), run_before=on_screen, terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_dive_costs(snap_compare, size):
    assert snap_compare(app_with_match(mid_game()), run_before=on_screen, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_place_preview(snap_compare, size):
    async def place(pilot):
        await on_screen(pilot)
        await pilot.press("enter", "down", "enter", "left")

    assert snap_compare(app_with_match(mid_game()), run_before=place, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_tableau_slide_preview(snap_compare, size):
    async def slide(pilot):
        await on_screen(pilot)
        await pilot.press("enter", "enter", "enter", "m", "right")

    assert snap_compare(app_with_match(mid_game()), run_before=slide, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_overview(snap_compare, size):
    async def overview(pilot):
        await on_screen(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(pilot.app.screen, BlocksScreen)

    assert snap_compare(app_with_match(mid_game()), run_before=overview, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_as_game_over(snap_compare, size):
    final = played(5, lambda s: s.over)

    async def over(pilot):
        await on_screen(pilot)
        assert isinstance(pilot.app.screen, EndScreen)

    assert snap_compare(app_with_match(final), run_before=over, terminal_size=size)


def test_mid_game_has_pearls_and_a_mission():
    """The snapshots show a table with something on it."""
    state = mid_game().state
    assert any(state.pearls[: state.players]) and any(state.held)
    assert state.phase == MOVE and state.round == 4
