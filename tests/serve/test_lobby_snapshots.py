"""Snapshots of the lobby and the new-table dialog at 80x24 and 120x40.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

import pytest

from tests.serve.lobby_helpers import busy_room, fixed_ids, lobby_app, new_room
from tests.ui.helpers import settle
from tideboard.serve.new_table import NewTableScreen

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_lobby(snap_compare, size, tmp_path, monkeypatch):
    """ana's lobby: her table under way, open tables (one watched, one in a
    Moonshell mode), her finished table to replay, the games."""

    async def ready(pilot):
        await settle(pilot)

    assert snap_compare(
        lobby_app(busy_room(tmp_path, monkeypatch)), run_before=ready, terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_new_table_dialog(snap_compare, size, tmp_path, monkeypatch):
    """The new-table dialog for Moonshell in Dive mode at three players, seat 3 a bot."""

    async def dialog(pilot):
        await settle(pilot)
        await pilot.press("j", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, NewTableScreen)
        dialog = pilot.app.screen
        await pilot.press("l")  # 2 -> 3 players
        await pilot.press("j", "l", "l", "l")  # standard -> dive
        assert (dialog.players, dialog.variant) == (3, 3)
        labels = [row[2] for row in dialog.rows()]
        while dialog.row != labels.index("Seat 3"):
            await pilot.press("j")
        await pilot.press("l")  # a player -> greedy, the default level
        assert dialog.choices()[dialog.seats[2]] == "greedy"
        await settle(pilot)

    fixed_ids(monkeypatch)
    assert snap_compare(lobby_app(new_room(tmp_path)), run_before=dialog, terminal_size=size)
