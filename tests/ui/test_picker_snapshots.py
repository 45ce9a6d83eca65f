"""The picker with its settings focused, at 80x24 and 120x40 (footer: Tab, arrows)."""

from __future__ import annotations

from tideboard.ui.app import TideboardApp


def test_snapshot_picker_settings_focused(snap_compare):
    assert snap_compare(
        TideboardApp(bot_delay=0), press=["down", "right", "down", "down"], terminal_size=(80, 24)
    )


def test_snapshot_picker_settings_focused_120x40(snap_compare):
    assert snap_compare(
        TideboardApp(bot_delay=0), press=["right", "down", "down", "down"], terminal_size=(120, 40)
    )
