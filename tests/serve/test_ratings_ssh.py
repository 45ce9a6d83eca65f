"""Issue 22: ratings at a server's tables, with real SSH clients (asyncssh): two
players with keys finish a rated table and both ratings move to what openskill
gives; a table with a bot seat, a hint used or a guest leaves every rating as it
was; the lobby's player page and leaderboard show them."""

from __future__ import annotations

import asyncio
import re

from openskill.models import PlackettLuce

from tests.serve.sshclient import Client, start_server
from tideboard.engine.bots import make_bot
from tideboard.serve.tables import note_hint
from tideboard.store import ratings

GAME = "shifting-stones"


async def play_out(room, table) -> None:
    """The seated players play greedy moves (the bots their own) to the end, and
    the store has written every move and the end."""
    game = table.match.game
    bots = {seat: make_bot(game, "greedy", seed=seat) for seat in range(table.players)}
    for _ in range(5000):
        if table.over:
            break
        state = table.match.state
        seat = game.to_move(state)[0]
        player = table.seats[seat].player
        if player is None or table.seats[seat].standin:  # a bot's move is on its way
            await asyncio.sleep(0.01)
            continue
        action = bots[seat].choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        room.act(table.id, player, action)
    assert table.over
    while room.saves.pending:
        await asyncio.sleep(0.01)
    assert room.store.summary(table.writer.id).finished


def ranks(table) -> list[int]:
    """The places of a finished two-player table (1 the winner; a shared win ties)."""
    winners = table.match.game.winners(table.match.state)
    return [1 if seat in winners else 2 for seat in range(table.players)]


def all_ratings(store) -> dict[str, dict[str, tuple[float, float, int]]]:
    rows = store.db.read("SELECT name, game, mu, sigma, games FROM ratings")
    found: dict[str, dict[str, tuple[float, float, int]]] = {}
    for name, game, mu, sigma, games in rows:
        found.setdefault(name, {})[game] = (mu, sigma, games)
    return found


def line_of(screen: str, name: str) -> int:
    lines = screen.splitlines()
    return next(n for n, line in enumerate(lines) if re.search(rf"\b{name}\b", line))


async def test_a_rated_table_moves_both_ratings_as_openskill_says_and_unrated_ones_do_not():
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "Bob")
    guest = await Client.open_keyless(server.port, "someone")
    room = server.room
    try:
        await ana.wait_for("New table")
        await bob.wait_for("New table")
        guest_name = re.search(r"guest-[0-9]+", await guest.wait_for("guest-")).group(0)

        rated = room.create("ana", GAME, 2)
        room.join(rated.id, "bob")  # (Bob, as first spelled with his key)
        await play_out(room, rated)
        model = PlackettLuce()
        [[ana_now], [bob_now]] = model.rate(
            [[model.rating()], [model.rating()]], ranks=ranks(rated)
        )
        after = {
            "ana": {GAME: (ana_now.mu, ana_now.sigma, 1)},
            "bob": {GAME: (bob_now.mu, bob_now.sigma, 1)},
        }
        assert all_ratings(room.store) == after
        assert ana_now.mu != bob_now.mu or ranks(rated) == [1, 1]

        with_bot = room.create("ana", GAME, 2, bots={1: "greedy"})
        await play_out(room, with_bot)
        hinted = room.create("bob", GAME, 2)
        room.join(hinted.id, "ana")
        note_hint(room, hinted.id, "ana")  # (what h at the table calls)
        await play_out(room, hinted)
        with_guest = room.create(guest_name, GAME, 2)
        room.join(with_guest.id, "ana")
        await play_out(room, with_guest)
        assert all_ratings(room.store) == after  # three unrated tables: nothing moved
        reasons = {
            t.id: room.store.db.read(
                "SELECT rated, reason FROM rated_games WHERE game_id = ?", (t.writer.id,)
            )[0]
            for t in (with_bot, hinted, with_guest)
        }
        assert tuple(reasons[with_bot.id]) == (0, "a bot played a seat")
        assert tuple(reasons[hinted.id]) == (0, "ana used a hint")
        assert tuple(reasons[with_guest.id]) == (0, f"{guest_name} played as a guest")

        # ana's page in the lobby: 4 tables played, as many won as the store says
        won = sum(
            ana_seat in t.match.game.winners(t.match.state)
            for t in (rated, with_bot, hinted, with_guest)
            for ana_seat in [t.seat_of("ana")]
        )
        shown_ana = ratings.Rating("ana", GAME, ana_now.mu, ana_now.sigma, 1).shown
        await ana.keys("n", "p")  # (on a game's line: her own page)
        page = await ana.wait_for("Player: ana (you)")
        assert re.search(rf"Shifting Stones +4 +{won} +{shown_ana} \(1 rated\)", page), page
        assert f"{rated.id}  Shifting Stones" in page and "(rated)" in page
        assert f"{hinted.id}  Shifting Stones" in page

        # the leaderboard: the better rating first
        await ana.keys("r")
        board = await ana.wait_for("Leaderboard: Shifting Stones")
        first, second = ("ana", "Bob") if ana_now.ordinal() >= bob_now.ordinal() else ("Bob", "ana")
        assert line_of(board, first) < line_of(board, second), board
        assert guest_name not in board
    finally:
        for client in (ana, bob, guest):
            await client.close()
        await server.stop()
