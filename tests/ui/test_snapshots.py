"""Snapshot tests of the main screens at 80x24.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from tests.ui.helpers import app_for
from tideboard.ui.app import TideboardApp
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen


def test_snapshot_picker(snap_compare):
    assert snap_compare(TideboardApp(bot_delay=0), terminal_size=(80, 24))


def test_snapshot_shifting_stones_start(snap_compare):
    assert snap_compare(app_for(seed=5, bots={1: "greedy"}), terminal_size=(80, 24))


def test_snapshot_shifting_stones_flip_preview(snap_compare):
    assert snap_compare(
        app_for(seed=5, bots={1: "greedy"}), press=["right", "f"], terminal_size=(80, 24)
    )


def test_snapshot_shifting_stones_light_theme_larger_terminal(snap_compare):
    assert snap_compare(
        app_for(seed=8, bots={1: "greedy", 2: "random"}, players=3, theme="tide-light"),
        terminal_size=(100, 30),
    )


def test_snapshot_privacy_screen(snap_compare):
    assert snap_compare(app_for(seed=5, players=2), terminal_size=(80, 24))


def test_snapshot_solo_end_screen(snap_compare):
    async def lose(pilot):
        for _ in range(4):
            if isinstance(pilot.app.screen, EndScreen):
                break
            await pilot.press("e")
            if isinstance(pilot.app.screen, ConfirmScreen):
                await pilot.press("y")
            await pilot.pause()

    assert snap_compare(
        app_for(seed=5, players=1, solo=True), run_before=lose, terminal_size=(80, 24)
    )
