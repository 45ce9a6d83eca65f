"""Hostile clients against ``tideboard serve``: what they cost the honest players.

    python benchmarks/ssh_attack.py [--players 30] [--seconds 15] [--only NAME ...]

Starts the server in its own process (a fresh data folder, port 0, the
default limits but for connections per address: every client is on
127.0.0.1) for each round, connects ``--players`` honest players (real asyncssh
clients, 80x24, in the lobby) and then, beside them:

- ``none``: nobody else (the baseline);
- ``flood``: a client sending random bytes (no 'q') as fast as SSH lets it;
- ``giant``: a client asking for a 10000x10000 window, then switching between
  it and 250x90 every 2 s;
- ``sloth``: a client that never reads its output (a 64 KiB SSH window) and
  keeps pressing keys and resizing;
- ``all``: the three together.

Each honest player presses j / k once a second (spread over the second) for
``--seconds``; printed: key-to-update p50 / p95 (from the key sent to the
first bytes of the redraw received) and keys unanswered in 5 s, the server's
RSS before the round's attackers and at its peak, its CPU, and what each
attacker got.  Targets (issue 18): update p95 under 100 ms, RSS under 200 MiB,
the sloth closed after ``output_stall`` (45 s: only in rounds that long).

The clients share this process (and the machine's cores) with each other,
so the figures are pessimistic.  The attack clients are the test suite's
(``tests/serve/attackers.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.serve.attackers import Flooder, Giant, NonReader, Player, ServerProcess, quantile  # noqa: E402

TARGETS = {"update_p95": 0.100, "rss": 200.0}
ROUNDS = ("none", "flood", "giant", "sloth", "all")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def round_of(kind: str, count: int, seconds: float) -> str:
    async with ServerProcess(per_minute=100_000, per_address=100_000) as server:
        players = [Player(f"p{n}") for n in range(count)]
        for start in range(0, count, 10):
            await asyncio.gather(*(p.connect(server.port) for p in players[start : start + 10]))
        base = server.rss()
        flooder, giant, sloth = Flooder(1.0), Giant((10000, 10000)), NonReader()
        tasks = []
        if kind in ("flood", "all"):
            tasks.append(asyncio.create_task(flooder.run(server.port, times=1000)))
        if kind in ("giant", "all"):
            tasks.append(
                asyncio.create_task(giant.run(server.port, resizes=int(seconds), every=2.0))
            )
        if kind in ("sloth", "all"):
            await sloth.open(server.port)
            tasks.append(asyncio.create_task(sloth.provoke(seconds + 1)))
        peak = base

        async def watch() -> None:
            nonlocal peak
            while True:
                peak = max(peak, server.rss())
                await asyncio.sleep(0.2)

        watcher = asyncio.create_task(watch())
        await asyncio.sleep(1.0)
        cpu = cpu_seconds(server.process.pid)
        started = time.perf_counter()
        await asyncio.gather(*(p.press_for(seconds, every=1.0) for p in players))
        cpu = cpu_seconds(server.process.pid) - cpu
        wall = time.perf_counter() - started
        watcher.cancel()
        for task in tasks:
            task.cancel()
        latencies = [t for p in players for t in p.latencies]
        lost = sum(p.lost for p in players)
        notes = []
        if kind in ("flood", "all"):
            notes.append(f"flood sent {flooder.sent >> 10} KiB")
        if kind in ("giant", "all"):
            notes.append(f"giant got {giant.received >> 10} KiB")
        if kind in ("sloth", "all"):
            notes.append("sloth closed" if sloth.closed.is_set() else "sloth still open")
        for client in (flooder, giant, sloth, *players):
            client.close()
        p95 = quantile(latencies, 0.95)
        return (
            f"{kind:>5}: update p50 {quantile(latencies, 0.5) * 1000:4.0f} ms "
            f"p95 {p95 * 1000:4.0f} ms (target < 100) {'ok ' if p95 < 0.1 else 'OVER'}, "
            f"{lost} unanswered | RSS {base:.0f} -> peak {peak:.0f} MiB (target < 200) | "
            f"server CPU {cpu / wall * 100:3.0f}% | {', '.join(notes) or '-'}"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--only", nargs="+", choices=ROUNDS, default=list(ROUNDS))
    args = parser.parse_args()
    print(
        f"{args.players} honest players, {args.seconds:g} s of keys a round; "
        f"{os.cpu_count()} cores",
        flush=True,
    )
    for kind in args.only:
        print(await round_of(kind, args.players, args.seconds), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
