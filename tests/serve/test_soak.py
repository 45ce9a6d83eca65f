"""Issue 18: the soak, short.  10 honest players pressing keys in the lobby,
with a flooder, a giant window and a client that never reads among them, on a
server in its own process: no honest player is stalled (key-to-update p95
under ``STALLED``: the test runs beside the others; the 100 ms target is the
benchmark's, below), the server's memory stays under 200 MiB and the
non-reader is closed.

The issue's 60 s soak is a benchmark: ``python benchmarks/ssh_attack.py --only
all --seconds 60`` (the same clients; it prints the same figures against the
same targets, and the non-reader is closed after the default 45 s stall).  Here
10 s of keys, with the stall cut to 4 s so that the non-reader's close is seen.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.serve.attackers import (
    STALLED,
    Flooder,
    Giant,
    NonReader,
    Player,
    ServerProcess,
    quantile,
)

PLAYERS = 10  # (30 in the benchmark: on two cores shared with the other tests, 30 players are a load test)
SECONDS = 10.0
STALL = 4.0  # Limits.output_stall: the non-reader is closed well inside SECONDS


@pytest.mark.slow  # (mostly waiting: started first, beside the others)
async def test_soak_30_players_with_a_flooder_a_giant_window_and_a_non_reader():
    # every client comes from 127.0.0.1: the per-address limit is raised
    async with ServerProcess(per_minute=1000, per_address=1000, output_stall=STALL) as server:
        players = [Player(f"p{n}") for n in range(PLAYERS)]
        for start in range(0, PLAYERS, 10):  # ten at a time: the first screens are not the test
            await asyncio.gather(*(p.connect(server.port) for p in players[start : start + 10]))
        flooder, giant, sloth = Flooder(1.0), Giant((10000, 10000)), NonReader()
        attacks = [
            asyncio.create_task(flooder.run(server.port, times=100)),
            asyncio.create_task(giant.run(server.port, resizes=int(SECONDS / 2), every=2.0)),
        ]
        await sloth.open(server.port)
        attacks.append(asyncio.create_task(sloth.provoke(SECONDS, every=0.05)))
        peak = 0.0
        samples: list[float] = []

        async def watch() -> None:
            nonlocal peak
            while True:
                peak = max(peak, server.rss())
                samples.append(server.rss())
                await asyncio.sleep(0.25)

        watcher = asyncio.create_task(watch())
        started = time.monotonic()
        try:
            await asyncio.sleep(1.0)  # the flooder's own 2 MiB are sent (client-side work)
            await asyncio.gather(*(p.press_for(SECONDS, every=1.0) for p in players))
            took = time.monotonic() - started
            latencies = [t for p in players for t in p.latencies]
            lost = sum(p.lost for p in players)
            p50, p95 = quantile(latencies, 0.5), quantile(latencies, 0.95)
            print(
                f"soak {took:.0f} s: {len(latencies)} keys, update p50 {p50 * 1000:.0f} ms "
                f"p95 {p95 * 1000:.0f} ms, {lost} unanswered; server RSS peak {peak:.0f} MiB; "
                f"flood sent {flooder.sent >> 10} KiB; giant got {giant.received >> 10} KiB; "
                f"non-reader closed {sloth.closed.is_set()}"
            )
            assert server.alive()
            assert len(latencies) > PLAYERS * SECONDS / 2
            assert lost == 0
            assert p95 < STALLED, sorted(latencies)[-20:]
            assert peak < 200, peak
            assert sloth.closed.is_set()  # after STALL s over its output cap
            assert flooder.sent > 2 << 20  # it flooded all along (the server's window)
        finally:
            watcher.cancel()
            for task in attacks:
                task.cancel()
            for client in (flooder, giant, sloth, *players):
                client.close()
