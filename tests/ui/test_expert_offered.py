"""The picker offers the ``expert`` level in the games where it is measured
stronger than greedy and thinks off the event loop (issue #21); the SSH
new-table dialog's is tests/serve/test_table_level.py."""

from __future__ import annotations

from tideboard.ui.app import TideboardApp
from tideboard.ui.picker_widgets import Choice

from ..test_expert import EXPERT_OFFERED


async def test_the_pickers_seat_rows_offer_the_expert_where_it_is_offered():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = {}
        for _ in range(5):  # every game in the list, from the first
            seat = app.screen.query_one("#seat-1", Choice)
            seen[app.screen.game_id] = "expert bot" in seat.values
            await pilot.press("down")
        assert {game for game, offered in seen.items() if offered} == EXPERT_OFFERED
        assert len(seen) == 5
