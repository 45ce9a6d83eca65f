"""Issue 22, "Private tables": a table is open, invitation-only (its creator names
the players; nobody else sits, sees it or watches it) or unlisted (joined with a
short code).  Checked by the server on every way in, not only on screen: real
SSH clients (asyncssh's), and the server's own entry points driven with a
table id a client should not know."""

from __future__ import annotations

import pytest

from tests.serve.lobby_helpers import new_room, play_out
from tests.serve.sshclient import Client, start_server, until
from tideboard.serve import storage
from tideboard.serve.access import INVITED, UNLISTED
from tideboard.serve.lobby_list import LobbyList
from tideboard.serve.tables import TableError


def noop(table, what):
    pass


def session_of(server, name: str):
    return next(s for s in server.sessions if s.connection.name == name)


def lobby_status(server, name: str) -> str:
    return str(session_of(server, name).app.screen_stack[0].query_one("#lobby-status").render())


def refused_everywhere(server, table, name: str) -> None:
    """Every room entry point a client's session calls, given the table's id,
    refuses ``name`` as if there were no such table."""
    room = server.room
    assert table not in room.listed_for(name) and table not in room.tables_of(name)
    for call in (
        lambda: room.join(table.id, name),
        lambda: room.visible(table.id, name),
        lambda: room.attach(table, name, noop),
        lambda: room.chat(table.id, name, "hello"),
        lambda: room.join_code(table.id, name),  # (an id is not a code)
    ):
        with pytest.raises(TableError, match=f"There is no table {table.id}|No table has"):
            call()
    assert name not in table.watchers and table.seat_of(name) is None
    assert not any(line.startswith(f"{name}:") for line in table.chat)
    # the session's own app asked to open the table (a crafted id): refused
    app = session_of(server, name).app
    app.open_table(table)
    assert len(app.screen_stack) == 1  # still the lobby
    assert f"There is no table {table.id}" in lobby_status(server, name)


async def test_an_invitation_only_table_is_seen_and_joined_by_the_invited_only():
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    eve = await Client.open(server.port, "eve")
    try:
        # ana opens it in the dialog: "Who may sit" (up from the first: Clock, then it)
        await ana.wait_for("New table")
        await ana.keys("\r")
        await ana.wait_for("New table: Shifting Stones")
        await ana.keys("k", "k", "l")
        await ana.wait_for("invitation only")
        await ana.keys("\r")  # no names yet: the box asks for them
        await ana.wait_for("Invite the player")
        await ana.keys("B", "o", "b", "\r")
        await ana.wait_for("Bob")
        await ana.keys("\r")
        await ana.wait_for("You sit at table")
        (table,) = server.room.tables.values()
        assert table.access.who == INVITED and table.access.names == ("Bob",)
        assert table.seats[1].held_for == "Bob"
        # an open table after it: once eve's lobby shows that one, it has been redrawn
        other = server.room.create("dave", "shifting-stones", 2)
        await eve.wait_for(other.id)
        assert table.id not in eve.text()
        await bob.wait_for(f"{table.id}  Shifting Stones: invitation only")
        refused_everywhere(server, table, "eve")
        # bob (the name in another case) sits: his table is his lobby's first line
        await bob.keys("\x1b[H", "\r")  # (Home: the first line)
        await bob.wait_for(f"table {table.id}: you are bob")
        await ana.wait_for(f"table {table.id}: you are ana")
        assert table.started and table.seat_of("bob") == 1
        refused_everywhere(server, table, "eve")  # nor can she watch it now
        lobby = session_of(server, "eve").app.screen_stack[0].query_one(LobbyList)
        assert not [entry for entry in lobby.entries if entry[1] == table.id]
    finally:
        for client in (ana, bob, eve):
            await client.close()
        await server.stop()


async def test_an_unlisted_table_joins_by_code_and_a_wrong_code_is_refused():
    server = await start_server()
    table = server.room.create("ana", "shifting-stones", 3, who=UNLISTED)
    code = table.access.code
    assert code and len(code) == 6
    ana = await Client.open(server.port, "ana")
    carol = await Client.open(server.port, "carol", size=(100, 24))
    dave = await Client.open(server.port, "dave", size=(100, 24))
    try:
        await ana.wait_for(f"unlisted, code {code}")  # the creator sees the code
        await carol.wait_for("New table")
        assert table.id not in carol.text() and table.id not in dave.text()
        refused_everywhere(server, table, "carol")
        await carol.keys("c")
        await carol.wait_for("The table's code")
        await carol.keys(*"WRONG9", "\r")
        await carol.wait_for("No table has the code WRONG9")
        assert table.seat_of("carol") is None
        await carol.keys("c")
        await carol.wait_for("The table's code")
        await carol.keys(*code.lower(), "\r")  # (any case)
        await carol.wait_for(f"You sit at table {table.id}")
        assert table.seat_of("carol") == 1 and table.access.has("carol")
        # dave gives it in the filter line, as "/join CODE"
        await dave.keys("/", *f"/join {code}", "\r")
        await dave.wait_for(f"table {table.id}: you are dave")
        assert table.started and table.seat_of("dave") == 2
        await until(lambda: server.room.visible(table.id, "dave") is table)
    finally:
        for client in (ana, carol, dave):
            await client.close()
        await server.stop()


async def test_a_restart_keeps_a_private_table_private(tmp_path):
    server = await start_server(tmp_path)
    invited = server.room.create("ana", "shifting-stones", 2, who=INVITED, names=["bob"])
    unlisted = server.room.create("ana", "moonshell", 2, who=UNLISTED)
    server.room.join_code(unlisted.access.code, "carol")  # it starts
    await server.stop()
    again = await start_server(tmp_path)
    eve = await Client.open(again.port, "eve")
    try:
        room = again.room
        back, playing = room.tables[invited.id], room.tables[unlisted.id]
        assert back.access == invited.access and back.seats[1].held_for == "bob"
        assert playing.access.who == UNLISTED and playing.access.code == unlisted.access.code
        await eve.wait_for("New table")
        assert invited.id not in eve.text() and unlisted.id not in eve.text()
        refused_everywhere(again, back, "eve")
        refused_everywhere(again, playing, "eve")
        assert room.visible(playing.id, "carol") is playing  # a code holder still may
        assert room.join(back.id, "bob") == 1 and back.started  # the invited one sits
    finally:
        await eve.close()
        await again.stop()


async def test_the_creator_removes_a_seat_nobody_took():
    server = await start_server()
    table = server.room.create(
        "ana", "shifting-stones", 4, bots={1: "greedy"}, who=INVITED, names=["bob", "carol"]
    )
    assert [s.held_for for s in table.seats] == [None, None, "bob", "carol"]
    ana = await Client.open(server.port, "ana")
    try:
        await ana.wait_for(table.id)  # her table: the lobby's first line
        await ana.keys("d")
        await ana.wait_for("Remove which seat")
        await ana.keys("4")  # carol never came
        await until(lambda: table.players == 3)
        assert [s.held_for for s in table.seats] == [None, None, "bob"]
        assert not table.access.has("carol") and table not in server.room.listed_for("carol")
        (row,) = [r for r in storage.load_tables(server.room.store) if r.id == table.id]
        assert row.players == 3 and row.access.names == ("bob",)
        # a 3-player game's seat 3 goes too (one empty seat: asked to confirm)
        await ana.wait_for("removed")
        await ana.keys("d")
        await ana.wait_for("Remove seat 3 (bob (invited))")
        await ana.keys("y")
        await until(lambda: table.started)  # nobody else waited for: it starts
        assert table.players == 2 and [s.bot for s in table.seats] == [None, "greedy"]
        await ana.wait_for(f"table {table.id}: you are ana")
    finally:
        await ana.close()
        await server.stop()


def test_only_the_creator_removes_only_an_empty_seat_and_never_below_the_least(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 3)
    room.join(table.id, "bob")
    with pytest.raises(TableError, match="Only the table's creator"):
        room.remove_seat(table.id, "bob", 2)
    with pytest.raises(TableError, match="not empty"):
        room.remove_seat(table.id, "ana", 1)
    two = room.create("carol", "shifting-stones", 2)
    with pytest.raises(TableError, match="needs 2 players"):
        room.remove_seat(two.id, "carol", 1)
    room.remove_seat(table.id, "ana", 2)
    assert table.started and table.players == 2


def test_invitations_name_real_players_one_for_each_seat(tmp_path):
    room = new_room(tmp_path)
    for names, why in (
        (["guest-4821"], "guest"),  # a guest cannot be invited by a guest's name
        (["ana"], "your own table"),
        (["bob", "BOB"], "twice"),
        (["bob"], "2 seats, 1 name"),
        (["bob", "no way"], "not a player name"),
    ):
        with pytest.raises(TableError, match=why):
            room.create("ana", "shifting-stones", 3, who=INVITED, names=names)


async def test_a_rematch_keeps_the_seats_options_level_hints_and_who_may_sit(tmp_path):
    room = new_room(tmp_path)
    done = room.create(
        "ana",
        "animal-splash",
        2,
        options={"ruleset": "1"},
        level="easy",
        hints=True,
        who=INVITED,
        names=["bob"],
    )
    room.join(done.id, "bob")
    play_out(room, done)
    again = room.rematch(done.id, "bob")
    assert again.options == done.options == (("ruleset", "1"),)
    assert (again.level, again.hints, again.variant) == ("easy", True, done.variant)
    assert again.access == done.access and again.seats[0].held_for == "ana"
    assert again not in room.listed_for("eve")
    with pytest.raises(TableError):
        room.rematch(done.id, "eve")
    assert room.join(again.id, "ana") == 0 and again.started
    room.shutdown()


def test_a_guest_who_gave_a_code_is_not_stored(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 3, who=UNLISTED)
    room.join_code(table.access.code, "guest-1234")
    room.join_code(table.access.code, "carol")
    assert table.access.has("guest-1234")
    (row,) = storage.load_tables(room.store)
    assert row.access.names == ("carol",)
