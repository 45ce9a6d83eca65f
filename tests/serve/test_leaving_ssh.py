"""Issue 22, leaving a game, with real SSH clients (asyncssh): a player who
leaves a rated table and stays away until its end (a bot plays their seat
after the grace) has left the game: a loss, as a resignation (placed last; the
table stays rated for the others).  One who comes back after a bot's moves
makes the table unrated (a short absence costs nothing).  At a turn-based
table no bot takes the seat of a player who leaves: the clock's day a move
does (then the others may expel them)."""

from __future__ import annotations

import asyncio

import asyncssh
from openskill.models import PlackettLuce

from tests.serve.sshclient import Client, start_server, until
from tests.serve.test_ratings_ssh import all_ratings, play_out
from tests.serve.turn_helpers import two_player
from tideboard.engine.bots import make_bot

GAME = "shifting-stones"


def key():
    return asyncssh.generate_private_key("ssh-ed25519")


def rated_row(room, table):
    rows = room.store.db.read(
        "SELECT rated, reason FROM rated_games WHERE game_id = ?", (table.writer.id,)
    )
    return tuple(rows[0]) if rows else None


async def only_ana_plays(room, table, done=lambda: False) -> None:
    """ana plays greedy moves; bob's seat waits for the bot that plays it while he
    is away; until the end (every move and the end saved) or ``done()``."""
    game = table.match.game
    bot = make_bot(game, "greedy", seed=1)
    ana = table.seat_of("ana")
    for _ in range(5000):
        if table.over or done():
            break
        state = table.match.state
        if ana in game.to_move(state):
            view, legal = game.view(state, ana), game.legal_for(state, ana)
            room.act(table.id, "ana", bot.choose(game, view, ana, legal))
        else:
            await asyncio.sleep(0.01)
    await until(lambda: not room.saves.pending)


async def test_leaving_a_rated_table_for_good_is_a_loss_and_coming_back_costs_nothing(tmp_path):
    server = await start_server(tmp_path)
    room = server.room
    bob_key = key()
    ana = bob = None
    try:
        left = two_player(room, "ana", "bob")
        ana = await Client.open(server.port, "ana", key())
        bob = await Client.open(server.port, "bob", bob_key)
        await until(lambda: left.is_present("ana") and left.is_present("bob"))  # (opened at once)
        room.grace = 0.1
        await bob.close()  # bob leaves, and never comes back: a bot plays his seat
        await only_ana_plays(room, left)
        assert left.over and 1 in left.standin_moves.values()
        assert rated_row(room, left) == (1, None)
        model = PlackettLuce()
        [[ana_now], [bob_now]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
        after = {
            "ana": {GAME: (ana_now.mu, ana_now.sigma, 1)},
            "bob": {GAME: (bob_now.mu, bob_now.sigma, 1)},
        }
        assert all_ratings(room.store) == after  # bob placed last, whatever the scores
        said = [line for line in left.chat if line.startswith("Rated:")]
        assert said and said[0].endswith("(left the game: placed last).")

        # a table bob never opened: a bot plays for him after the grace; then he
        # is back (connecting opens it) and plays on: unrated, no rating moves
        back = two_player(room, "ana", "bob")
        room.attach(back, "ana", lambda table, what: None)  # (ana is at the table)
        await only_ana_plays(room, back, done=lambda: 1 in back.standin_moves.values())
        assert not back.over
        bob = await Client.open(server.port, "bob", bob_key)
        await until(lambda: back.is_present("bob") and not back.seats[1].standin)
        await play_out(room, back)
        assert rated_row(room, back) == (0, "a bot played for bob")
        assert all_ratings(room.store) == after
    finally:
        for client in (ana, bob):
            if client is not None:
                await client.close()
        await server.stop()


async def test_at_a_turn_based_table_a_player_who_leaves_keeps_the_seat_for_the_clock(tmp_path):
    server = await start_server(tmp_path, grace=0.1)
    room = server.room
    ana = bob = None
    try:
        daily = room.create("ana", GAME, 2, clock="tb:86400")
        room.join(daily.id, "bob")
        quick = room.create("bob", GAME, 2, clock="rt:300+20")
        room.join(quick.id, "ana")
        bob = await Client.open(server.port, "bob", key())
        await until(lambda: daily.is_present("bob") or quick.is_present("bob"))
        room.attach(daily, "bob", lambda table, what: None)  # (bob at both tables)
        room.attach(quick, "bob", lambda table, what: None)
        room.detach(daily, "bob", lambda table, what: None)
        room.detach(quick, "bob", lambda table, what: None)
        await bob.close()
        await until(lambda: not daily.is_present("bob") and not quick.is_present("bob"))
        # real-time: the grace, then a bot; turn-based: the seat waits for bob
        await until(lambda: quick.seats[0].standin)
        assert daily.seats[1].away_since is not None and 1 not in daily.grace_timers
        assert not daily.seats[1].standin
        ana = await Client.open(server.port, "ana", key())
        await ana.wait_for(f"table {daily.id}")  # (her move there: it opens)
        await ana.keys("q", "y")
        screen = await ana.wait_for("Back in the lobby")
        assert f"{daily.id}  Shifting Stones" in screen and "bob (away)" in screen, screen
    finally:
        for client in (ana, bob):
            if client is not None:
                await client.close()
        await server.stop()
