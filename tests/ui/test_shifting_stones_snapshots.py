"""Snapshot tests of the Shifting Stones screen at 80x24 and 120x40.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

import pytest

from tests.ui.helpers import SS, app_for, app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.ui.shared import BlocksScreen, EndScreen
from tideboard.ui.shifting_stones import ShiftingStonesScreen

GAME = registry.load(SS)
SIZES = [(80, 24), (120, 40)]


def played(seed: int, until) -> Match:
    """Greedy bots play both seats from ``seed`` until ``until(state)``."""
    config = GameConfig(players=2, seed=seed)
    match = Match.start(GAME, config)
    bots = [make_bot(GAME, "greedy", seed=seat) for seat in range(2)]
    while not until(match.state):
        state = match.state
        seat = GAME.to_move(state)[0]
        match = match.play(
            bots[seat].choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state))
        )
    return match


def mid_game() -> Match:
    """Seat 1 to start a turn with cards scored on both sides and a pile of discards."""
    return played(
        5,
        lambda s: (
            s.over or (s.turn >= 9 and s.current == 0 and not s.scored_this_turn and not s.acted)
        ),
    )


async def on_screen(pilot) -> None:
    for _ in range(30):
        if any(isinstance(s, ShiftingStonesScreen) for s in pilot.app.screen_stack):
            break
        await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_ss_mid_game(snap_compare, size):
    assert snap_compare(
        app_with_match(mid_game(), bots={1: "greedy"}), run_before=on_screen, terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_ss_shift_preview(snap_compare, size):
    async def preview(pilot):
        await on_screen(pilot)
        await pilot.press("3", "s", "left")

    assert snap_compare(app_for(seed=5, bots={1: "greedy"}), run_before=preview, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_ss_scored_view(snap_compare, size):
    async def scored(pilot):
        await on_screen(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(pilot.app.screen, BlocksScreen)

    assert snap_compare(
        app_with_match(mid_game(), bots={1: "greedy"}), run_before=scored, terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_ss_game_over(snap_compare, size):
    final = played(5, lambda s: s.over)

    async def over(pilot):
        await on_screen(pilot)
        assert isinstance(pilot.app.screen, EndScreen)

    assert snap_compare(
        app_with_match(final, bots={1: "greedy"}), run_before=over, terminal_size=size
    )
