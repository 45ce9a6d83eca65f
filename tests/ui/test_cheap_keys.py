"""What GameScreen does on every key stays cheap: the status line is redrawn only
when its text changes (and without a layout), the footer only when the keys that
apply change.  (Speed itself is measured in benchmarks/, not here.)"""

from __future__ import annotations

from tests.ui.helpers import app_for, settle
from tideboard.ui.shared.status import StatusLine


def _spy(monkeypatch, obj, name):
    calls = []
    original = getattr(obj, name)

    def spy(*args, **kwargs):
        calls.append((args, kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, spy)
    return calls


async def test_the_status_line_skips_a_message_it_already_shows(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        line = game.query_one(StatusLine)
        updates = _spy(monkeypatch, line, "update")
        game.say("Pick a card.")
        game.say("Pick a card.")
        assert len(updates) == 1
        assert updates[0][1] == {"layout": False}  # a fixed-height line: no new layout
        game.say("Pick a card.", error=True)  # the same words as an error: redrawn red
        assert len(updates) == 2


async def test_the_status_line_with_an_auto_height_asks_for_a_layout(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = app.screen.query_one(StatusLine)
        line.styles.height = "auto"
        updates = _spy(monkeypatch, line, "update")
        line.show("Hello")
        assert updates[0][1] == {"layout": True}


async def test_sync_bindings_refreshes_the_footer_only_when_the_keys_change(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        refreshes = _spy(monkeypatch, game, "refresh_bindings")
        game.sync_bindings()
        game.sync_bindings()
        assert len(refreshes) <= 1
        before = len(refreshes)
        game.sync_bindings()
        assert len(refreshes) == before  # nothing changed: no new footer
        game.ended = True  # the game-over keys now apply instead
        game.sync_bindings()
        assert len(refreshes) == before + 1
