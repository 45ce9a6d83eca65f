"""A game screen at a server table: undo, and a move made while it opens."""

from __future__ import annotations

import asyncio

from tests.serve.sshclient import Client, start_server
from tests.serve.test_every_game import seated, session_of, settled
from tests.serve.test_ssh import seated_table
from tests.serve.test_whole_game import keys_for
from tideboard.games.shifting_stones.state import EndTurn, Flip
from tideboard.serve.table_screen import table_screen


async def wait_until(check, tries: int = 150) -> None:
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never happened")


async def test_undo_at_a_table_takes_back_only_your_own_move_of_this_turn():
    """Issue 12: undo at a table: u takes back the mover's own move of this turn
    (for every screen at the table); the other player's u changes nothing; a move
    that ended the turn (it drew cards) cannot be taken back."""
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    try:
        table = await seated_table(server, ana, bob)
        await seated(server, table, "ana", "bob")
        game = table.match.game
        state = table.match.state
        seat = game.to_move(state)[0]
        names = ("ana", "bob")
        mover, other = (ana, bob) if seat == 0 else (bob, ana)
        flip = Flip(state.hands[seat][0], 4)
        await mover.keys(*keys_for(state, seat, flip), pause=0.03)
        await wait_until(lambda: table.match.actions == (flip,))
        await settled(server, table)
        await other.keys("u")  # not the other player's move to take back
        await asyncio.sleep(0.3)
        assert table.match.actions == (flip,)
        await mover.keys("u")
        await wait_until(lambda: table.match.actions == ())
        await settled(server, table)
        for name in names:  # every screen dropped the undone move's log line
            assert session_of(server, name).app.screen.logged == len(table.match.log) == 0
        assert table.match.state == state
        # end the turn: it draws cards, so it cannot be taken back
        await mover.keys(*keys_for(state, seat, EndTurn()), pause=0.03)
        await wait_until(lambda: table.match.actions == (EndTurn(),))
        await settled(server, table)
        screen = session_of(server, names[seat]).app.screen
        screen.call_later(screen.action_undo)
        # the refusal reaches the mover's terminal (a fixed 0.3 s was too short on
        # a busy machine); once it shows, the undo was handled and took nothing back
        await mover.wait_for("cannot be taken back")
        assert table.match.actions == (EndTurn(),)
    finally:
        await ana.close()
        await bob.close()
        await server.stop()


async def test_a_move_made_while_the_table_screen_opens_is_shown():
    """The screen takes the table's match when it opens, not when it was made
    (a quick bot may move in between)."""
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    try:
        await ana.wait_for("New table")
        room = server.room
        table = room.create("ana", "shifting-stones", 2, bots={1: "greedy"})
        screen = table_screen(room, table, "ana")
        game = table.match.game
        seat = game.to_move(table.match.state)[0]
        room.act(
            table.id, "ana", game.legal_for(table.match.state, seat)[0]
        ) if seat == 0 else await wait_until(lambda: table.match.actions)
        assert table.match.actions and screen.match is not table.match
        app = session_of(server, "ana").app
        app.call_later(app.push_screen, screen)
        await wait_until(lambda: screen.is_mounted)
        await settled(server, table)
        assert screen.logged == len(table.match.log) > 0
    finally:
        await ana.close()
        await server.stop()
