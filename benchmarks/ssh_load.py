"""Many players over SSH: first screen, key-to-update latency, memory per session.

    python benchmarks/ssh_load.py [--sessions 30 100] [--seconds 10]
    python benchmarks/ssh_load.py --tables 50 [--clocks] [--seconds 10]
    python benchmarks/ssh_load.py --web [--sessions 30] [--seconds 10]

Starts ``tideboard serve`` (its own process, a fresh data folder, port 0) and,
for each count N, connects N real SSH clients (asyncssh, over loopback, a
pseudo-terminal of 80x24 each) all at once, then:

- first screen: from the start of the connection until the client has
  received the lobby's first frame (its "New table" heading), p50/p95;
- key-to-update: every client presses a key each second (down/up in the
  lobby, so the cursor moves), from the key sent to the first bytes of the
  redraw received, p50/p95 over ``--seconds``;
- memory: the server's whole process tree (RSS, from /proc), with N sessions
  connected, less before any, over N.

``--tables K`` (issue #22): the server (a child process built with the room's
own API) has K two-player Shifting Stones tables, each with two players seated;
2K clients connect as those players, each taken to their table at once
(first screen: from the connection to the table's screen) and opens and closes
the scored cards' window (t, Esc) once a second (key-to-update as above, on the
table's screen); memory as above, over 2K sessions.  ``--keys cursor`` moves the
grid's cursor instead (right, left), what a player presses most: a window opened
and closed costs the server about ten times a cursor key's CPU
(``benchmarks/windows.py``), so a window a second from each of 100 players is
more than one core can draw.  ``--clocks``: every other
table has a real-time clock (5 min + 20 s) running, which redraws its players'
title lines every second.  Targets (issue #22, 100 players at 50 tables, half
real-time with running clocks): first screen p95 under 1 s, update p95 under
100 ms, at most 2 MiB a session.

``--web`` (issue #23): the server also listens for browsers (``--web 0``), and
each count is run twice, each on a fresh server: first N SSH clients, then N
browsers (aiohttp's WebSocket client speaking textual.js's protocol, no
browser: a window of 80x24, keys as ``["stdin", key]``, the output's binary
messages), with the same measures (on one server the second round's latency
had a tail from the first's sessions ending, and its memory reused theirs).  Targets (issue #23, 30 browsers): first screen p95 under 1 s,
update p95 under 100 ms, memory a session at most twice an SSH session's.

The clients run in this process, on the same machine (2 cores here), so
their own work competes with the server's: the figures are pessimistic.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

TARGETS = {"first_p95": 1.0, "update_p95": 0.100, "mib": 10.0}


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else 0.0


def tree_rss_kib(pid: int) -> int:
    """RSS of ``pid`` and all its descendants."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
            with open(f"/proc/{current}/task/{current}/children") as children:
                todo += [int(c) for c in children.read().split()]
        except (OSError, StopIteration):
            pass
    return total


class Player:
    def __init__(self) -> None:
        self.buffer = b""
        self.first: float | None = None
        self.event = asyncio.Event()
        self.process = None
        self.conn = None

    async def connect(self, port: int, name: str, table: bool = False) -> None:
        """Connect; the lobby's first frame, or (``table``: a player seated at a
        table that plays) their table's, where the server takes them at once."""
        start = time.perf_counter()
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=name, known_hosts=None, client_keys=[KEY], agent_path=None
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        first = b"Shifting Stones - " if table else b"New table"
        while first not in self.buffer:
            self.buffer += await self.process.stdout.read(65536)
        self.first = time.perf_counter() - start
        asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.event.set()

    async def key(self, key: str) -> float | None:
        self.event.clear()
        start = time.perf_counter()
        self.process.stdin.write(key.encode())
        try:
            await asyncio.wait_for(self.event.wait(), 5)
        except TimeoutError:
            return None
        return time.perf_counter() - start


KEY = asyncssh.generate_private_key("ssh-ed25519")


class Browser(Player):
    """A browser's session over the server's WebSocket (the same measures)."""

    web_port = 0  # the server's browser door

    async def connect(self, port: int, name: str, table: bool = False) -> None:
        import aiohttp

        start = time.perf_counter()
        web = f"http://127.0.0.1:{self.web_port}"
        self.conn = aiohttp.ClientSession()
        self.ws = await self.conn.ws_connect(
            f"{web}/ws?width=80&height=24", headers={"Origin": web}, max_msg_size=0
        )
        while b"New table" not in self.buffer:
            message = await self.ws.receive()
            if message.type != aiohttp.WSMsgType.BINARY:
                raise RuntimeError(f"the session ended: {message!r}")
            self.buffer += message.data
        self.first = time.perf_counter() - start
        self.drain = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        async for _message in self.ws:
            self.event.set()

    async def key(self, key: str) -> float | None:
        self.event.clear()
        start = time.perf_counter()
        await self.ws.send_str(json.dumps(["stdin", key]))
        try:
            await asyncio.wait_for(self.event.wait(), 5)
        except TimeoutError:
            return None
        return time.perf_counter() - start

    async def close(self) -> None:
        await self.ws.close()
        await self.conn.close()


async def round_of(
    port: int,
    server_pid: int,
    count: int,
    seconds: float,
    tables: bool = False,
    ramp: float = 0.0,
    every: float = 1.0,
    cursor: bool = False,
    kind: type[Player] = Player,
) -> dict:
    base = tree_rss_kib(server_pid)
    players = [kind() for _ in range(count)]
    names = [f"t{n}" if tables else f"p{count}x{n}" for n in range(count)]

    async def arrive(n: int, name: str, player: Player) -> None:
        await asyncio.sleep(n / ramp if ramp else 0.0)  # (--ramp: so many a second)
        await player.connect(port, name, tables)

    await asyncio.gather(*(arrive(n, name, p) for n, (name, p) in enumerate(zip(names, players))))
    firsts = [p.first for p in players]
    await asyncio.sleep(1.0)
    held = tree_rss_kib(server_pid)
    latencies: list[float] = []
    lost = 0

    async def press(player: Player, offset: float) -> None:
        nonlocal lost
        await asyncio.sleep(offset)
        # (the scored cards' window opened and closed, whoever is to move, or the
        # grid's cursor moved; the lobby's cursor)
        if tables:
            keys = ("\x1b[C", "\x1b[D") if cursor else ("t", "\x1b")
        else:
            keys = ("j", "k")
        for n in range(int(seconds / every)):
            took = await player.key(keys[n % 2])
            if took is None:
                lost += 1
            else:
                latencies.append(took)
            await asyncio.sleep(max(0.0, every - (took or 0)))

    await asyncio.gather(*(press(p, every * n / count) for n, p in enumerate(players)))
    for player in players:
        if isinstance(player, Browser):
            await player.close()
        else:
            player.conn.close()
    await asyncio.sleep(1.0)
    return {
        "n": count,
        "first_p50": statistics.median(firsts),
        "first_p95": quantile(firsts, 0.95),
        "update_p50": statistics.median(latencies) if latencies else 0.0,
        "update_p95": quantile(latencies, 0.95),
        "lost": lost,
        "mib": (held - base) / count / 1024,
        "total_mib": held / 1024,
    }


def serve_child(data_dir: str, tables: int, clocks: bool = False) -> None:
    """The server with ``tables`` two-player tables, seated (t0 and t1 at the
    first, ...; with ``clocks`` every other one real-time), as ``tideboard
    serve`` runs it; prints its port."""
    from tideboard.serve.server import Limits, Server

    async def run() -> None:
        limits = Limits(per_minute=100_000, per_address=100_000, max_sessions=500)
        server = Server(Path(data_dir), limits)
        await server.start("127.0.0.1", 0)
        for n in range(tables):
            clock = "rt:300+20" if clocks and n % 2 == 0 else None
            table = server.room.create(f"t{2 * n}", "shifting-stones", 2, clock=clock)
            server.room.join(table.id, f"t{2 * n + 1}")
        print(f"listening on port {server.port}", flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
        await server.stop()

    asyncio.run(run())


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[30, 100])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--tables", type=int, default=0, help="players seated at K tables")
    parser.add_argument("--clocks", action="store_true", help="every other table real-time")
    parser.add_argument(
        "--ramp", type=float, default=0.0, help="players arriving a second (0: all at once)"
    )
    parser.add_argument("--every", type=float, default=1.0, help="seconds between a player's keys")
    parser.add_argument(
        "--keys",
        choices=("window", "cursor"),
        default="window",
        help="at tables: open and close the scored cards (window) or move the grid's cursor",
    )
    parser.add_argument(
        "--web", action="store_true", help="each count over SSH, then as many browsers"
    )
    args = parser.parse_args()
    if args.web and args.tables:
        parser.error("--web measures the lobby: not with --tables")
    kinds = (Player, Browser) if args.web else (Player,)
    ssh_mib = 0.0
    for kind in kinds:  # (with --web: a fresh server for each, so neither inherits the other's)
        server, port = launch(args)
        print(
            f"server pid {server.pid}, port {port}; {os.cpu_count()} cores; "
            f"{args.seconds:g} s of keys per round"
        )
        try:
            for count in [2 * args.tables] if args.tables else args.sessions:
                r = await round_of(
                    port,
                    server.pid,
                    count,
                    args.seconds,
                    bool(args.tables),
                    args.ramp,
                    args.every,
                    args.keys == "cursor",
                    kind,
                )
                at = "at 100 players" if args.tables else "at 30"
                mib = 2.0 if args.tables else TARGETS["mib"]
                if args.tables:
                    half = ", every other one with a real-time clock running" if args.clocks else ""
                    what = "moving the grid's cursor" if args.keys == "cursor" else "a window"
                    print(
                        f"{args.tables} tables{half}, every player seated at the table's screen, "
                        f"{what} every {args.every:g} s, arriving "
                        + (f"{args.ramp:g} a second:" if args.ramp else "all at once:")
                    )
                if args.web:
                    print("browsers (WebSocket):" if kind is Browser else "SSH:")
                    if kind is Player:
                        ssh_mib = r["mib"]
                    else:
                        mib = 2 * ssh_mib  # (issue #23: at most twice an SSH session's)
                print(
                    f"{r['n']:4} sessions: first screen p50 {r['first_p50'] * 1000:5.0f} ms "
                    f"p95 {r['first_p95'] * 1000:5.0f} ms (target p95 < 1000 ms {at}) | "
                    f"key-to-update p50 {r['update_p50'] * 1000:4.0f} ms "
                    f"p95 {r['update_p95'] * 1000:4.0f} ms (target < 100 ms {at}), "
                    f"{r['lost']} keys unanswered | memory {r['mib']:.2f} MiB/session "
                    f"(target <= {mib:g}), server tree {r['total_mib']:.0f} MiB",
                    flush=True,
                )
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def launch(args) -> tuple[subprocess.Popen, int]:
    """The server (``tideboard serve``, or the child with ``--tables``) in a
    fresh data folder, and its SSH port (and, with ``--web``, Browser.web_port)."""
    data = tempfile.mkdtemp(prefix="td-ssh-load-")
    root = str(Path(__file__).resolve().parents[1])
    child = [sys.executable, __file__, "--child", data, str(args.tables), str(int(args.clocks))]
    server = subprocess.Popen(
        child
        if args.tables
        else [
            sys.executable,
            "-m",
            "tideboard",
            "serve",
            *(["--web", "0"] if args.web else []),
            "--port",
            "0",
            "--data-dir",
            data,
            "--max-sessions",
            "500",
            "--per-minute",
            "10000",
            "--per-address",
            "10000",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, TIDEBOARD_DATA_DIR=data, PYTHONPATH=root),
    )
    line = server.stdout.readline()
    port = int(re.search(r"port (\d+)", line).group(1))
    if args.web:
        Browser.web_port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    return server, port


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        serve_child(sys.argv[2], int(sys.argv[3]), sys.argv[4:5] == ["1"])
    else:
        asyncio.run(main())
