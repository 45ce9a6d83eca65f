"""Over SSH, expert bots think in the process pool, never on the server's loop
(issue #21, "No stalls"): a player's keys are answered while they think, and
the bots' moves land."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tests.serve.sshclient import Client, start_server
from tideboard.engine import search, thinking
from tideboard.engine.bots import make_bot, set_default_budget
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import Budget

THINK = 2.0  # seconds a move (the keys come while the bots think)
HELP = "move between the lines"  # the lobby's help window


@pytest.fixture
async def slow_experts():
    # (Moonshell: its two-player expert searches its whole budget, where Shifting
    # Stones' plays the plan of its turn in milliseconds)
    game = load("moonshell")  # the pool started (its start is not what is tested)
    state = game.setup(GameConfig(players=2, seed=1))
    bot = make_bot(game, "expert", 1, Budget(iterations=2))
    await thinking.choose(game, bot, game.view(state, 0), 0, game.legal_for(state, 0))
    set_default_budget(Budget(THINK))
    yield
    set_default_budget(None)


async def _until_screen(client: Client, test, timeout: float = 15.0) -> None:
    async with client.changed:
        await asyncio.wait_for(client.changed.wait_for(lambda: test(client.text())), timeout)


async def test_keys_are_answered_while_expert_bots_think(slow_experts, monkeypatch):
    # A search in this process (the server's) is what must never happen: the pool's
    # workers are other processes, with their own unpatched module.  A forced move
    # (one legal move: the turn's end once the expert's plan has scored its whole
    # hand) is answered at once, on the loop, with nothing to search.
    in_server: list[str] = []
    searched = search.search

    def recorded(game, view, seat, legal, *args, **kwargs):
        if len(legal) > 1:
            in_server.append(threading.current_thread().name)
        return searched(game, view, seat, legal, *args, **kwargs)

    monkeypatch.setattr(search, "search", recorded)
    server = await start_server(grace=0.01)
    client = None
    try:
        room = server.room
        tables = [
            # nobody at either: after the grace, stand-ins (expert) play both seats
            room.create(f"bot{n}", "moonshell", 2, bots={1: "expert"}, level="expert")
            for n in range(2)
        ]
        client = await Client.open(server.port, "ana")
        await client.wait_for("tideboard lobby")
        thinking_then = 0
        for _ in range(6):
            thinking_then += any(t.thinking is not None for t in tables)
            await client.keys("?", pause=0)
            await _until_screen(client, lambda text: HELP in text)  # (answered, in 15 s)
            await client.keys("\x1b", pause=0)
            await _until_screen(client, lambda text: HELP not in text)
            await asyncio.sleep(0.1)
        assert thinking_then >= 4  # (the keys came while the bots thought)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(t.match.actions for t in tables):
            await asyncio.sleep(0.05)
        assert all(t.match.actions for t in tables)  # the bots' moves land
        assert all(t.seats[0].standin for t in tables)
        assert not in_server, f"searched in the server's process: {in_server}"
    finally:
        if client is not None:
            await client.close()
        await server.stop()
