"""Over SSH, expert bots think in the process pool, never on the server's loop
(issue #21, "No stalls"): a player's keys are answered while they think, and
the bots' moves land."""

from __future__ import annotations

import asyncio
import statistics
import time

import pytest

from tests.serve.sshclient import Client, start_server
from tideboard.engine import thinking
from tideboard.engine.bots import make_bot, set_default_budget
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import Budget

THINK = 2.0  # seconds a move: on the loop, a key would wait a second on average
HELP = "move between the lines"  # the lobby's help window


@pytest.fixture
async def slow_experts():
    game = load("shifting-stones")  # the pool started (its start is not what is tested)
    state = game.setup(GameConfig(players=2, seed=1))
    bot = make_bot(game, "expert", 1, Budget(iterations=2))
    await thinking.choose(game, bot, game.view(state, 0), 0, game.legal_for(state, 0))
    set_default_budget(Budget(THINK))
    yield
    set_default_budget(None)


async def _until_screen(client: Client, test, timeout: float = 15.0) -> None:
    async with client.changed:
        await asyncio.wait_for(client.changed.wait_for(lambda: test(client.text())), timeout)


async def test_keys_are_answered_while_expert_bots_think(slow_experts):
    server = await start_server(grace=0.01)
    client = None
    try:
        room = server.room
        tables = [
            # nobody at either: after the grace, stand-ins (expert) play both seats
            room.create(f"bot{n}", "shifting-stones", 2, bots={1: "expert"}, level="expert")
            for n in range(2)
        ]
        client = await Client.open(server.port, "ana")
        await client.wait_for("tideboard lobby")
        # the server shares this loop: a search on it would hold it THINK s at a
        # time, and a ticker would wake that late (a busy machine: a fraction of that)
        late = [0.0]

        async def tick() -> None:
            while True:
                start = time.monotonic()
                await asyncio.sleep(0.01)
                late[0] = max(late[0], time.monotonic() - start - 0.01)

        ticker = asyncio.create_task(tick())
        waits, thinking_then = [], 0
        for _ in range(6):
            thinking_then += any(t.thinking is not None for t in tables)
            start = time.monotonic()
            await client.keys("?", pause=0)
            await _until_screen(client, lambda text: HELP in text)
            waits.append(time.monotonic() - start)
            await client.keys("\x1b", pause=0)
            await _until_screen(client, lambda text: HELP not in text)
            await asyncio.sleep(0.1)
        ticker.cancel()
        assert thinking_then >= 4  # (the keys came while the bots thought)
        assert late[0] < THINK / 2, late  # the loop was never held for a search
        assert statistics.median(waits) < THINK / 2, waits  # (on the loop: THINK / 2 on average)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(t.match.actions for t in tables):
            await asyncio.sleep(0.05)
        assert all(t.match.actions for t in tables)  # the bots' moves land
        assert all(t.seats[0].standin for t in tables)
    finally:
        if client is not None:
            await client.close()
        await server.stop()
