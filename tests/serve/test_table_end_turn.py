"""At a server table, the action that ends a Moonshell turn waits for Enter too
(issue #20, point 16): the move stays on the mover's screen until Enter sends it to
the room, so the next seat waits; u takes it back; a mover who drops with it
waiting hands it over, and the table plays on (the away players' bots)."""

from __future__ import annotations

import asyncio

import pytest

from tests.serve.lobby_helpers import at_table, fixed_ids, lobby_app
from tests.ui.helpers import settle
from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell.state import PLAY, ROTATE, Keep, Rotate
from tideboard.serve.tables import Room
from tideboard.store.games import Store


def moonshell_table(tmp_path, grace: float = 120.0):
    """ana (seat 1) and bob at a Moonshell table, their secrets kept: ana's turn."""
    room = Room(Store.open(tmp_path / "serve.db", import_autosaves=False), bot_delay=0, grace=grace)
    table = room.create("ana", "moonshell", 2)
    room.join(table.id, "bob")
    for name in ("ana", "bob"):
        state = table.match.state
        room.act(table.id, name, Keep(state.offers[state.current][0]))
    assert table.match.state.phase == PLAY and table.match.state.current == 0
    return room, table


def status(screen) -> str:
    return str(screen.query_one("#ms-status").render())


async def test_the_next_seat_waits_until_the_mover_hands_over(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room, table = moonshell_table(tmp_path)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        made = len(table.match.actions)
        await pilot.press("r", "r", "r")
        await settle(pilot)
        # two rotations at the table; the third waits on ana's screen
        assert table.match.actions[made:] == (Rotate(), Rotate())
        assert table.match.state.current == 0 and screen.control.held is not None
        assert "End of your turn: Enter hands over to bob, u takes back" in status(screen)
        with pytest.raises(IllegalAction):
            room.act(table.id, "bob", ROTATE)  # not bob's turn yet
        await pilot.press("u")  # taken back: it never reached the table
        assert screen.control.held is None and len(table.match.actions) == made + 2
        await pilot.press("r", "enter", "enter")  # a burst: one hand-over
        await settle(pilot)
        assert table.match.actions[made:] == (Rotate(), Rotate(), Rotate())
        assert table.match.state.current == 1 and screen.match is table.match
        assert "End of your turn" not in status(screen)  # (the second Enter: "Wait")


async def test_a_mover_who_drops_with_the_turn_waiting_hands_it_over(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room, table = moonshell_table(tmp_path, grace=0.05)
    start, made = table.match.state, len(table.match.actions)

    def listener(table, what):
        pass

    room.attach(table, "ana", listener)  # ana is here (no bot plays for her) until...
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, table)
        await pilot.press("r", "r", "r")
        await settle(pilot)
        assert app.screen.control.held is not None and table.match.state.current == 0
    # the session is gone (a dropped connection ends its app): the rotation was
    # handed over, and the bots standing in for the away players play on
    assert table.match.actions[made : made + 3] == (Rotate(), Rotate(), Rotate())
    assert table.match.state.turn > start.turn
    room.detach(table, "ana", listener)  # ...her last session leaves too
    for _ in range(200):
        if table.match.state.turn >= start.turn + 2:
            break
        await asyncio.sleep(0.02)
    assert table.match.state.turn >= start.turn + 2, "the table stalled"


async def test_a_note_of_your_move_is_not_said_after_the_others_moved(tmp_path, monkeypatch):
    """ana's "You keep S9." (her move reaches the table after her screen asked) is
    not said at her first turn once bob kept his secret in between: only a note of
    the last move comes before the hint (issue #20, point 21: seen over SSH)."""
    fixed_ids(monkeypatch)
    room = Room(Store.open(tmp_path / "serve.db", import_autosaves=False), bot_delay=0)
    table = room.create("ana", "moonshell", 2)
    room.join(table.id, "bob")
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        await pilot.press("k", "y")  # keeps her first offer
        await settle(pilot)
        assert table.match.state.current == 1  # bob's keep
        state = table.match.state
        room.act(table.id, "bob", Keep(state.offers[1][0]))
        await settle(pilot)
        assert table.match.state.phase == PLAY and screen.human_to_move() == 0
        assert not status(screen).startswith("You keep"), status(screen)
