"""Issue 22, "Leaving well": a player resigns at an SSH table (R, then y): a bot
of the table's level plays the seat to the end, the log and the stored record
say who resigned and when, and the player watches from then on.  Enter alone
at the question does not resign.  Real SSH clients (asyncssh's)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncssh
import pytest

from tests.serve.lobby_helpers import new_room
from tests.serve.sshclient import Client, start_server, until
from tideboard.serve import storage
from tideboard.serve.tables import TableError


async def seated(server, level: str = "random"):
    """ana and bob at a started Shifting Stones table of ``level``, each with its
    screen open (a session opens its player's started table on connecting)."""
    table = server.room.create("ana", "shifting-stones", 2, level=level)
    server.room.join(table.id, "bob")
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ana", "bob")}
    ana = await Client.open(server.port, "ana", keys["ana"])
    bob = await Client.open(server.port, "bob", keys["bob"], size=(160, 50))  # (a long log)
    await ana.wait_for(f"table {table.id}: you are ana")
    await bob.wait_for(f"table {table.id}: you are bob")
    return table, ana, bob


async def test_resign_hands_the_seat_to_a_bot_of_the_tables_level_and_the_record_says_so(tmp_path):
    server = await start_server(tmp_path)
    table, ana, bob = await seated(server, level="random")
    try:
        await ana.keys("R")
        await ana.wait_for("Resign? A random bot plays your seat")
        await ana.keys("y")
        await until(lambda: table.seats[0].resigned == "ana")
        state = table.seats[0]
        assert state.player is None and state.bot == "random"  # the table's level
        assert not state.standin and table.seat_of("ana") is None
        moves = state.resigned_at[1]  # (the bot may have moved since)
        assert moves <= len(table.match.actions)
        await bob.wait_for(f"ana resigned at move {moves + 1}")  # every log says it
        await ana.wait_for(f"Watching table {table.id}")  # ana watches now
        assert table.watchers.get("ana") == 1 and "ana" not in table.present
        # the bot plays the seat (bob moves if it is his turn)
        game = table.match.game
        for _ in range(4):
            state_now = table.match.state
            if game.to_move(state_now)[0] == 1:
                server.room.act(table.id, "bob", game.legal_for(state_now, 1)[0])
            await until(lambda: game.to_move(table.match.state)[0] == 1 or table.over)
        assert any(seat == 0 for seat in table.standin_moves.values())  # "Bot for ana"
        await bob.wait_for("Bot for ana")
        # she cannot take the seat back, nor move for it
        with pytest.raises(TableError):
            server.room.join(table.id, "ana")
        with pytest.raises(TableError):
            server.room.act(table.id, "ana", game.legal_actions(table.match.state)[0])
        # the stored record: who and when (and at which move)
        (row,) = [r for r in storage.load_tables(server.room.store) if r.id == table.id]
        ((seat, name, when, at),) = row.resigned
        assert (seat, name, at) == (0, "ana", moves)
        assert abs((datetime.now(UTC) - datetime.fromisoformat(when)).total_seconds()) < 60
    finally:
        await ana.close()
        await bob.close()
        await server.stop()
    again = await start_server(tmp_path)  # (kept over a restart)
    try:
        back = again.room.tables[table.id]
        assert back.seats[0].resigned == "ana" and back.seats[0].bot == "random"
        assert back.seat_of("ana") is None and back.played_by("ana") == 0
        with pytest.raises(TableError):
            again.room.join(table.id, "ana")
    finally:
        await again.stop()


async def test_enter_alone_does_not_resign():
    server = await start_server()
    table, ana, bob = await seated(server)
    try:
        await ana.keys("R")
        await ana.wait_for("Keep playing (Enter)")
        await ana.keys("\r")  # the default: No
        await asyncio.sleep(0.3)
        assert table.seats[0].player == "ana" and table.seats[0].resigned is None
        assert "Resign?" not in ana.text()
        await bob.keys("R", "n")  # n too
        await asyncio.sleep(0.3)
        assert table.seats[1].player == "bob" and table.seats[1].resigned is None
    finally:
        await ana.close()
        await bob.close()
        await server.stop()


async def test_when_the_last_player_resigns_the_bots_play_the_game_to_its_end(tmp_path):
    """The decision documented in docs/serving.md: nobody is left to wait for, so
    the bots finish the game and the table is finished like any other (no SSH:
    the room alone, its bots without a pause)."""
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, bots={1: "greedy"}, level="greedy")
    room.resign(table.id, "ana")
    assert "the bots play the game to its end" in table.chat[-1]
    await until(lambda: table.over, seconds=60)
    assert table.seats[0].resigned == "ana" and table.seats[0].bot == "greedy"
    assert table in room.finished_of("ana")  # in her history still
    room.shutdown()


async def test_every_screen_names_the_resigned_seat_at_once():
    """The player who waits resigns: the one to move (nothing has moved since)
    and the one who resigned see the seat as resigned in the table at once."""
    server = await start_server()
    table, ana, bob = await seated(server)
    try:
        mover = table.match.game.to_move(table.match.state)[0]
        waiting, moving = (bob, ana) if mover == 0 else (ana, bob)
        name = "bob" if mover == 0 else "ana"
        await waiting.keys("R", "y")
        await until(lambda: table.seats[1 - mover].resigned == name)
        await moving.wait_for(f"{name} (resigned")
        await waiting.wait_for(f"{name} (resigned")
        assert not table.match.actions  # (no move redrew them)
    finally:
        await ana.close()
        await bob.close()
        await server.stop()
