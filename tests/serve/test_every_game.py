"""Every game over SSH (real asyncssh clients): a table opened from the lobby's
new-table dialog, its players joining from their own lobbies, and a move from
each seat, seen by the others."""

from __future__ import annotations

import asyncio

import pytest

from tests.serve.sshclient import Client, start_server
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.ui.screens import has_screen

PLAYABLE = [g for g in registry.GAMES if registry.is_available(g) and has_screen(g)]


def session_of(server, name):
    return next(s for s in server.sessions if s.connection.name == name)


async def open_table(server, creator: Client, game_id: str, dialog_keys=()) -> object:
    """``creator`` opens a table of ``game_id`` from the lobby (the dialog set with
    ``dialog_keys``); the new table."""
    await creator.wait_for("New table")
    before = set(server.room.tables)
    await creator.keys(*["j"] * PLAYABLE.index(game_id), "\r")
    await creator.wait_for(f"New table: {registry.GAMES[game_id].name}")
    await creator.keys(*dialog_keys, "\r", pause=0.03)
    for _ in range(100):
        if set(server.room.tables) - before:
            break
        await asyncio.sleep(0.05)
    (table_id,) = set(server.room.tables) - before
    return server.room.tables[table_id]


async def join(client: Client, table) -> None:
    await client.wait_for(table.id)
    await client.keys(*["k"] * 8, "\r")  # up to the open table (the first line), sit


async def seated(server, table, *names) -> None:
    """Each of ``names`` has the table's screen (its own seat) in front of them."""
    for name in names:
        for _ in range(200):
            control = getattr(session_of(server, name).app.screen, "control", None)
            if getattr(control, "table", None) is table and control.seat == table.seat_of(name):
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError(f"{name} never reached table {table.id}")


async def settled(server, table) -> None:
    for _ in range(200):
        screens = [s.app.screen for s in server.sessions if s.app is not None]
        if all(getattr(screen, "match", table.match) is table.match for screen in screens):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(
        "a screen at the table never caught up: "
        + repr(
            [
                (
                    type(s.app.screen).__name__,
                    len(getattr(s.app.screen, "match", table.match).actions),
                    len(table.match.actions),
                )
                for s in server.sessions
                if s.app is not None
            ]
        )
    )


async def a_move_from_each_seat(server, table, clients, keys_for=None) -> None:
    """Each seat moves at least once, from its own session's screen (with the
    keys ``keys_for(state, seat, action)`` gives, else through the screen's
    dispatch, where its keys end); every screen at the table follows it."""
    game = table.match.game
    bots = {seat: make_bot(game, "greedy", seed=seat) for seat in range(table.players)}
    moved: set[int] = set()
    for _ in range(60):
        if moved == set(range(table.players)) or game.is_over(table.match.state):
            break
        state = table.match.state
        waiting = game.to_move(state)
        seat = next((s for s in waiting if s not in moved), waiting[0])
        action = bots[seat].choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        name = table.seats[seat].player
        before = len(table.match.actions)
        keys = keys_for(state, seat, action) if keys_for else None
        if keys:
            await clients[name].keys(*keys, pause=0.03)
        else:
            screen = session_of(server, name).app.screen
            screen.call_later(screen.dispatch, action)  # as its key handler would
        for _ in range(100):
            if len(table.match.actions) > before:
                break
            await asyncio.sleep(0.02)
        assert table.match.actions[before:] == (action,), clients[name].text()
        moved.add(seat)
        await settled(server, table)  # every screen shows the move, and logged it:
        for other in clients:
            assert session_of(server, other).app.screen.logged == len(table.match.log)
    assert moved == set(range(table.players))


async def test_moonshell_table_carries_its_mode_and_options():
    """Issue 12: Moonshell over SSH with a mode and options: the table keeps them
    (and the store), the lobby names them, and each seat moves."""
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob", size=(120, 40))
    try:
        # variant row: standard -> tsunami; Events (the 6th option row): on -> off
        table = await open_table(
            server, ana, "moonshell", ["j", "l", "l", "l", "l", *["j"] * 6, "l"]
        )
        assert table.variant == "tsunami" and table.options == (("events", "off"),)
        await bob.wait_for("(tsunami, events off)")
        await join(bob, table)
        await seated(server, table, "ana", "bob")
        config = table.match.config
        assert config.variant == "tsunami" and config.options == (("events", "off"),)
        assert server.store.summary(table.writer.id).config.options == (("events", "off"),)
        await a_move_from_each_seat(server, table, {"ana": ana, "bob": bob})
    finally:
        await ana.close()
        await bob.close()
        await server.stop()


async def test_moonlighter_table_for_one():
    """Issue 12: Moonlighter (one player) over SSH: the table starts at once."""
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    try:
        table = await open_table(server, ana, "moonlighter")
        assert table.started and table.players == 1
        await seated(server, table, "ana")
        await a_move_from_each_seat(server, table, {"ana": ana})
    finally:
        await ana.close()
        await server.stop()


async def test_a_solo_table():
    """A game with a solo mode opens a solo table with one player."""
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    try:
        table = await open_table(server, ana, "shifting-stones", ["h"])  # 2 players -> 1
        assert table.started and table.solo and table.match.config.solo
        await seated(server, table, "ana")
        await a_move_from_each_seat(server, table, {"ana": ana})
    finally:
        await ana.close()
        await server.stop()


def meld_keys(state, seat, action) -> list[str] | None:
    """A Mermaid Rain meld choice typed on the chooser's own screen: its cards'
    letters, then Enter; other moves go through the screen's dispatch."""
    text = type(action).__name__
    cards = getattr(action, "cards", None)
    if text != "Show" or cards is None:
        return None
    return [*["dgtm"[card] for card in cards], "\r"]


async def test_mermaid_rain_three_players_choose_their_melds_on_their_own_screens():
    """Issue 12: Mermaid Rain for three over SSH: the simultaneous meld choice is
    made by each player on their own screen (no hand-over screen: each has their
    own terminal), hidden from the others until all have chosen."""
    server = await start_server()
    names = ("ana", "bob", "carol")
    clients = {name: await Client.open(server.port, name) for name in names}
    try:
        table = await open_table(server, clients["ana"], "mermaid-rain")
        for name in names[1:]:
            await join(clients[name], table)
        await seated(server, table, *names)
        game = table.match.game
        assert len(game.to_move(table.match.state)) == 3  # everyone chooses a meld
        for name in names:
            screen = session_of(server, name).app.screen
            assert screen.human_to_move() == table.seat_of(name)
            assert "Pass to" not in clients[name].text()
            assert not any(
                type(s).__name__ == "PrivacyScreen"
                for s in session_of(server, name).app.screen_stack
            )
        await a_move_from_each_seat(server, table, clients, meld_keys)
    finally:
        for client in clients.values():
            await client.close()
        await server.stop()


@pytest.mark.skipif("animal-splash" not in PLAYABLE, reason="Animal Splash is not playable yet")
async def test_animal_splash_table():
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    try:
        table = await open_table(server, ana, "animal-splash")
        await join(bob, table)
        await seated(server, table, "ana")
        await a_move_from_each_seat(server, table, {"ana": ana, "bob": bob})
    finally:
        await ana.close()
        await bob.close()
        await server.stop()
