"""Issue 22, turn-based play, as a player sees it over SSH (a real asyncssh
client): the lobby says how many tables wait for your move and marks them, the
count follows the moves as they land, and ``N`` steps from table to table, the
longest wait first, saying when none waits."""

from __future__ import annotations

import asyncssh

from tests.serve.sshclient import Client, start_server
from tests.serve.turn_helpers import play_turn, two_player


async def test_the_count_follows_the_moves_and_n_steps_through_the_waiting_tables(tmp_path):
    server = await start_server(tmp_path)
    room = server.room
    ana = await Client.open(  # (50 rows: the last table's whole log, its heading too)
        server.port, "ana", asyncssh.generate_private_key("ssh-ed25519"), size=(80, 50)
    )
    try:
        await ana.wait_for("tideboard lobby · you are ana")
        assert "Your move" not in ana.text()
        first = two_player(room, "ana", "bob")
        second = two_player(room, "ana", "carol")
        theirs = two_player(room, "bob", "ana")  # bob's move: not counted
        watched = two_player(room, "dave", "erin")  # dave's move, ana watches: not hers
        room.attach(watched, "ana", lambda table, what: None)
        await ana.wait_for("Your move in 2 tables: N goes to the next")
        for table in (first, second):  # (each line drawn with the title, maybe a read later)
            await ana.wait_for(f"{table.id}  Shifting Stones: ▶ your move: ana")
        for table in (theirs, watched):
            await ana.wait_for(f"{table.id}  Shifting Stones: playing: ")
        assert ana.text().count("▶ your move") == 2
        assert "watching: ana" in ana.text()
        play_turn(room, theirs, "bob")  # a move lands: ana's move there too
        await ana.wait_for("Your move in 3 tables")
        # N: the longest wait first, then the next but the table you are at
        await ana.keys("N")
        await ana.wait_for(f"table {first.id}: you are ana")
        await ana.keys("N")
        await ana.wait_for(f"table {second.id}: you are ana")
        play_turn(room, first, "ana")
        play_turn(room, theirs, "ana")
        await ana.keys("N")
        await ana.wait_for("No other table waits for your move.")
        assert f"table {second.id}: you are ana" in ana.text()
        play_turn(room, second, "ana")
        await ana.keys("q")  # back to the lobby (asked: the seat is kept)
        await ana.wait_for("Back to the lobby?")
        await ana.keys("y")
        await ana.wait_for("Back in the lobby")
        assert "Your move" not in ana.text()
        await ana.keys("N")
        await ana.wait_for("No table waits for your move.")
        play_turn(room, second, "carol")  # carol's move lands: ana's turn again
        await ana.wait_for("Your move in 1 table: N goes to it")
        await ana.keys("N")
        await ana.wait_for(f"table {second.id}: you are ana")
    finally:
        await ana.close()
        await server.stop()


async def test_connecting_opens_the_longest_wait_and_n_steps_through_all_in_that_order(tmp_path):
    """ana's three tables wait for her move, the longest wait at the table she
    sat at second (neither the first nor the last opened): connecting opens it,
    and N steps on through the others in the order of their waits, then back."""
    server = await start_server(tmp_path)
    room = server.room
    ana = None
    try:
        first = two_player(room, "ana", "bob")  # ana's move, from now...
        second = two_player(room, "carol", "ana")  # carol's move first
        third = two_player(room, "ana", "dave")
        play_turn(room, second, "carol")  # ana's move at second: the longest wait now
        for table, other in ((first, "bob"), (third, "dave")):  # ana's move again, later
            play_turn(room, table, "ana")
            play_turn(room, table, other)
        # (a window tall enough for each table's whole log: its first line, the
        # "table X: you are ana" waited for, stays in sight.  At 80x24 a log of
        # more lines than its 7 rows is drawn once from its top, then scrolled to
        # its newest line; a client that gets only the scrolled frame never sees it)
        ana = await Client.open(
            server.port, "ana", asyncssh.generate_private_key("ssh-ed25519"), size=(80, 50)
        )
        await ana.wait_for(f"table {second.id}: you are ana")
        # N: the next wait, then back to the first; round three times, each N
        # pressed as soon as the table before it shows (none may be lost)
        for table in (first, third, second) * 3:
            await ana.keys("N")
            await ana.wait_for(f"table {table.id}: you are ana")
    finally:
        if ana is not None:
            await ana.close()
        await server.stop()


async def test_the_title_with_the_longest_name_fits_one_line_at_80_columns(tmp_path):
    """A 24-character name (the longest allowed) and three tables waiting: the
    lobby's title says it all on its one line at 80 columns."""
    name = "a_player_with_24_letters"
    assert len(name) == 24
    server = await start_server(tmp_path)
    room = server.room
    player = None
    try:
        tables = [two_player(room, name, other) for other in ("bob", "carol", "dave")]
        player = await Client.open(server.port, name, size=(80, 24))
        await player.wait_for(f"table {tables[0].id}")  # (the longest wait)
        await player.keys("q")  # back to the lobby
        await player.wait_for("Back to the lobby?")
        await player.keys("y")
        screen = await player.wait_for("Your move in 3 tables")
        title = next(line for line in screen.splitlines() if f"you are {name}" in line)
        assert title.endswith(" · Your move in 3 tables (N)"), screen
        assert len(title) <= 80
    finally:
        if player is not None:
            await player.close()
        await server.stop()


def test_the_title_is_one_line_at_every_width_and_keeps_the_count() -> None:
    from tideboard.serve.lobby_title import title_text

    name = "x" * 24
    assert title_text("ana", 2, 80).plain == (
        "tideboard lobby · you are ana · Your move in 2 tables: N goes to the next"
    )
    for width in range(20, 120):
        for waiting in (0, 1, 3, 12):
            text = title_text(name, waiting, width).plain
            assert len(text) <= width, (width, waiting, text)
            if waiting and width >= 40:
                assert f"Your move in {waiting} table" in text, (width, text)
