"""The picker offers the ``expert`` level in every game (issue #21: each meets its
row of the benchmark's table and thinks off the event loop); the SSH new-table
dialog's is tests/serve/test_table_level.py."""

from __future__ import annotations

from tideboard.engine import registry
from tideboard.ui.app import TideboardApp
from tideboard.ui.picker_widgets import Choice


async def test_the_pickers_seat_rows_offer_every_level_in_every_game():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = {}
        for _ in range(5):  # every game in the list, from the first
            seat = app.screen.query_one("#seat-0", Choice)
            seen[app.screen.game_id] = [v for v in seat.values if v.endswith(" bot")]
            await pilot.press("down")
        games = {g for g in registry.GAMES if registry.is_available(g)}
        assert set(seen) == games
        for game, levels in seen.items():
            assert levels == ["random bot", "easy bot", "medium bot", "expert bot"], game
