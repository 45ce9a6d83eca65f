"""Issue #22, clocks and idle players, with real SSH clients (asyncssh): a
real-time clock running out hands the seat to a bot; a turn-based one lets the
others expel the player (X, then y); an idle player at an untimed table is
treated as away until they press a key; a restart resumes a real-time table's
clocks with what remained.  Tiny clocks through the room's API (seconds)."""

from __future__ import annotations

import asyncio
import time

import asyncssh

from tests.serve.sshclient import Client, start_server, until
from tideboard.serve import clocks as model


def session_of(server, name):
    return next(s for s in server.sessions if s.connection.name == name)


async def at_table(server, table, **clients: Client) -> None:
    """Each client's session (by the player's name) opens the table's screen."""
    for client in clients.values():
        await client.wait_for("New table")
    names = list(clients)
    for name in names:
        app = session_of(server, name).app
        app.call_later(app.open_table, table)
    for name in names:
        await until(lambda n=name: getattr(session_of(server, n).app.screen, "control", None))
        await until(lambda n=name: table.is_present(n))


async def two_players(server, clock: str | None, level: str = "easy"):
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    room = server.room
    table = room.create("ana", "shifting-stones", 2, clock=clock, level=level)
    room.join(table.id, "bob")
    await at_table(server, table, ana=ana, bob=bob)
    return ana, bob, table


async def test_a_real_time_player_who_runs_out_of_time_is_replaced_by_a_bot():
    server = await start_server()
    try:
        ana, bob, table = await two_players(server, "rt:1.5+0")
        seat = table.match.game.to_move(table.match.state)[0]
        late = table.seats[seat].player
        client = ana if late == "ana" else bob
        await client.wait_for("▸")  # the clocks in the title line
        moves = len(table.match.actions)
        await client.wait_for(f"{late} ran out of time")
        await until(lambda: len(table.match.actions) > moves)  # the bot plays the seat
        assert table.seats[seat].standin
        await client.keys("\x1b[C")  # a key does not give the seat back (for good)
        await asyncio.sleep(0.2)
        assert table.seats[seat].standin
    finally:
        await server.stop()


async def test_a_turn_based_player_out_of_time_may_be_expelled_by_the_others():
    server = await start_server()
    try:
        ana, bob, table = await two_players(server, "tb:1")
        seat = table.match.game.to_move(table.match.state)[0]
        late = table.seats[seat].player
        other = bob if late == "ana" else ana
        await other.wait_for("time for this move is up")
        assert not table.seats[seat].standin  # nobody is replaced until expelled
        await other.keys("X")
        await other.wait_for("Expel")
        await other.keys("\r")  # Enter is No
        await asyncio.sleep(0.3)
        assert not table.seats[seat].standin
        moves = len(table.match.actions)
        await other.keys("X")
        await other.wait_for("Keep waiting")
        await other.keys("y")
        # the players' list says so for good; the log's line may scroll out of
        # sight at once, as the bot plays the seat without a delay here
        await other.wait_for(f"{late} (bot)")
        assert any(f"{late} was expelled by" in line for line in table.chat)
        await until(lambda: len(table.match.actions) > moves)
        assert table.seats[seat].standin
    finally:
        await server.stop()


async def test_an_idle_player_at_the_table_is_treated_as_away_until_they_press_a_key():
    server = await start_server()
    server.room.idle = 1.0
    try:
        ana, bob, table = await two_players(server, None)
        seat = table.match.game.to_move(table.match.state)[0]
        idler = table.seats[seat].player
        client = ana if idler == "ana" else bob
        await client.wait_for(f"{idler} is idle")
        await until(lambda: table.match.actions)  # the stand-in plays for them
        await client.keys("\x1b[C")  # a key: the seat is theirs again
        await client.wait_for(f"{idler} is back and plays again")
        assert not table.seats[seat].standin
    finally:
        await server.stop()


async def test_a_restart_resumes_real_time_clocks_with_what_remained(tmp_path):
    folder = tmp_path / "served"
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ana", "bob")}
    server = await start_server(folder)
    room = server.room
    ana = await Client.open(server.port, "ana", keys["ana"])
    started = time.monotonic()
    table = room.create("ana", "shifting-stones", 2, clock="rt:300+0")
    room.join(table.id, "bob")
    await at_table(server, table, ana=ana)
    seat = table.match.game.to_move(table.match.state)[0]
    await asyncio.sleep(0.3)
    await server.stop()
    ran = time.monotonic() - started  # at most this long on the clock (more on a busy machine)
    left = table.timing.clocks.remaining[seat]
    assert table.timing.clocks.paused and 300 - ran - 0.05 <= left < 300

    await asyncio.sleep(1.0)  # the server is down: no clock runs
    server = await start_server(folder)
    restarted = server.room.wall()
    try:
        back = server.room.tables[table.id]
        assert back.paused and back.timing.clocks.remaining[seat] == left
        ana = await Client.open(server.port, "ana", keys["ana"])
        await until(lambda: back.is_present("ana"))  # her table opens: it plays on
        clocks = back.timing.clocks  # counting again from her return, from what remained
        assert not clocks.paused and clocks.since >= restarted
        assert clocks.remaining[seat] == left
        assert model.remaining(clocks, seat, server.room.wall()) <= left
        await ana.wait_for("4:5")  # (4:59 or so, not 4:58 less the downtime)
    finally:
        await server.stop()
