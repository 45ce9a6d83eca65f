"""A whole Shifting Stones game over SSH: two players at their own terminals,
pressing the game screen's keys, and a third watching (real asyncssh clients)."""

from __future__ import annotations

import asyncio

import pytest

from tests.serve.sshclient import Client, start_server
from tests.serve.test_ssh import hand_on, seated_table
from tideboard.engine.bots import make_bot
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.state import EndTurn, Flip, Score, Shift, Skip

SEED = 20240611


def pick(hand, card) -> list[str]:
    """Keys that pick ``card`` in the hand strip (1-9, then ] for the tenth on)."""
    index = hand.index(card)
    return [str(index + 1)] if index < 9 else ["9", *["]"] * (index - 8)]


def cursor_to(cell: int) -> list[str]:
    """Keys that move the grid cursor from anywhere to ``cell`` (row * 3 + column)."""
    return ["k", "k", "\x1b[D", "\x1b[D", *["j"] * (cell // 3), *["l"] * (cell % 3)]


def keys_for(state, seat, action) -> list[str]:
    """What a player presses on the Shifting Stones screen to make ``action``."""
    hand = state.hands[seat]
    if isinstance(action, Score):
        return [*pick(hand, action.card), "c"]
    if isinstance(action, Flip):
        return [*pick(hand, action.card), *cursor_to(action.cell), "f", "\r"]
    if isinstance(action, Shift):
        arrow = "l" if action.b == action.a + 1 else "j"
        return [*pick(hand, action.card), *cursor_to(action.a), "s", arrow, "\r"]
    if isinstance(action, Skip):
        return ["x", "y"]  # y: the confirmation a skip always asks
    assert isinstance(action, EndTurn)
    scorable = any(CARD_BY_ID[c].matches(state.grid) for c in hand)
    return ["e", "y"] if scorable else ["e"]  # asked only with a card that would score


async def settled(server, table) -> None:
    """Every session at the table shows the table's latest move."""
    for _ in range(200):
        screens = [s.app.screen for s in server.sessions if s.app is not None]
        if all(getattr(screen, "match", table.match) is table.match for screen in screens):
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)  # the redraw


@pytest.mark.slow
async def test_two_players_play_a_whole_game_over_ssh(monkeypatch):
    """Issue 12: two players play a whole Shifting Stones game over SSH with the
    game screen's own keys; each screen shows only its own hand, the spectator no
    hand, and both players (and the spectator) reach the end screen."""
    monkeypatch.setattr("tideboard.serve.tables.new_seed", lambda: SEED)
    server = await start_server()
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob", size=(120, 40))
    carol = await Client.open(server.port, "carol")
    players = (ana, bob)
    try:
        table = await seated_table(server, ana, bob)
        await carol.wait_for(table.id)
        await carol.keys("k", "k", "k", "w")
        await carol.wait_for("Watching table")
        game = table.match.game
        bots = [make_bot(game, "greedy", seed=seat) for seat in range(2)]
        await settled(server, table)
        for seat, client in enumerate(players):
            assert set(table.match.state.hands[seat]) <= hand_on(client.text()), client.text()
        moves = 0
        while not game.is_over(table.match.state):
            state = table.match.state
            seat = game.to_move(state)[0]
            action = bots[seat].choose(
                game, game.view(state, seat), seat, game.legal_for(state, seat)
            )
            before = len(table.match.actions)
            await players[seat].keys(*keys_for(state, seat, action), pause=0.02)
            for _ in range(200):
                if len(table.match.actions) > before:
                    break
                await asyncio.sleep(0.02)
            assert table.match.actions[before:] == (action,), players[seat].text()
            moves += 1
            await settled(server, table)
            hands = table.match.state.hands
            for number, client in enumerate(players):
                assert not hand_on(client.text()) & set(hands[1 - number]), client.text()
            assert not hand_on(carol.text()) & (set(hands[0]) | set(hands[1])), carol.text()
        assert moves > 20 and table.over
        for client in (ana, bob, carol):
            await client.wait_for("Shifting Stones: game over")
        assert server.store.summary(table.writer.id).finished
    finally:
        for client in (ana, bob, carol):
            await client.close()
        await server.stop()
