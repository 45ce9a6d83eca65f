"""Hostile and honest SSH clients (asyncssh's, over loopback) against a
``tideboard serve`` in its own process, for the attack suite, the soak and
``benchmarks/ssh_attack.py``.

The server runs in a child process (:class:`ServerProcess`) so that its memory
is its own (RSS from /proc) and it has a core to itself while the clients run
in the caller's event loop.  It is started with an address-space limit, so a
regression cannot take the whole machine's memory down with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[2]
KEY = asyncssh.generate_private_key("ssh-ed25519")
# The honest players' key-to-update p95 a test accepts beside an attacker.  The
# target, 100 ms, is measured by benchmarks/ssh_attack.py on a quiet machine (the
# figures are in benchmarks/README.md: speed is shown by a benchmark, not a timed
# test); run beside the rest of the suite on two busy cores, a test tells a
# stalled server (seconds: a flood parsed on the loop, a never-read output
# blocking it) from a busy machine.
STALLED = 3.0  # (a key unanswered in 5 s counts as lost, and no key may be lost)
ADDRESS_SPACE = 3 << 30  # the server child's limit: 3 GiB


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else 0.0


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` (MiB), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _limit_memory() -> None:  # in the child, before exec
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


class ServerProcess:
    """``tideboard serve`` with the given :class:`Limits` fields, in a child
    process on a free port: ``async with ServerProcess(**limits) as server``."""

    def __init__(self, data_dir: Path | None = None, **limits) -> None:
        self.own_dir = data_dir is None  # a temporary folder, removed at the end
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="td-attack-"))
        self.limits = limits
        self.process: subprocess.Popen | None = None
        self.port = 0

    async def __aenter__(self) -> ServerProcess:
        code = (
            "import asyncio, json, sys\n"
            "from pathlib import Path\n"
            "from tideboard.serve.run import serve_until_stopped\n"
            "from tideboard.serve.server import Limits\n"
            "limits = Limits(**json.loads(sys.argv[2]))\n"
            "sys.exit(asyncio.run(serve_until_stopped('127.0.0.1', 0, Path(sys.argv[1]), "
            "limits, 60.0, 0.0)))\n"
        )
        env = dict(os.environ, TIDEBOARD_DATA_DIR=str(self.data_dir), PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(self.data_dir), json.dumps(self.limits)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=_limit_memory,
        )
        line = await asyncio.get_running_loop().run_in_executor(None, self.process.stdout.readline)
        found = re.search(r"port (\d+)", line)
        if not found:
            self.process.kill()
            raise RuntimeError(
                f"the server did not start: {line!r} {self.process.stderr.read()[-2000:]}"
            )
        self.port = int(found.group(1))
        return self

    def rss(self) -> float:
        return rss_mib(self.process.pid)

    def alive(self) -> bool:
        return self.process.poll() is None

    async def __aexit__(self, *exc) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                await asyncio.get_running_loop().run_in_executor(
                    None, lambda: self.process.wait(timeout=15)
                )
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()
        if self.own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


async def connect(port: int, name: str, **options) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[KEY],
        known_hosts=None,
        agent_path=None,
        **options,
    )


class Player:
    """An honest player in the lobby: presses j / k and times each redraw
    (from the key sent to the first bytes of the redraw received)."""

    def __init__(self, name: str, size: tuple[int, int] = (80, 24)) -> None:
        self.name = name
        self.size = size
        self.latencies: list[float] = []
        self.lost = 0
        self.first: float | None = None
        self.conn = self.process = None
        self._got = asyncio.Event()
        self._buffer = b""
        self._reader: asyncio.Task | None = None

    async def connect(self, port: int) -> Player:
        start = time.perf_counter()
        self.conn = await connect(port, self.name)
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=self.size, encoding=None
        )
        while b"New table" not in self._buffer:
            data = await asyncio.wait_for(self.process.stdout.read(65536), 30)
            if not data:
                raise ConnectionError(f"{self.name}: closed before the lobby")
            self._buffer += data
        self.first = time.perf_counter() - start
        self._buffer = b""
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self._got.set()

    async def key(self, key: str, timeout: float = 5.0) -> float | None:
        """Press ``key``; seconds until the screen's update arrived (None: none came)."""
        await asyncio.sleep(0.15)  # what the last key drew has arrived
        self._got.clear()
        start = time.perf_counter()
        self.process.stdin.write(key.encode())
        try:
            await asyncio.wait_for(self._got.wait(), timeout)
        except TimeoutError:
            self.lost += 1
            return None
        took = time.perf_counter() - start
        self.latencies.append(took)
        return took

    async def press_for(self, seconds: float, every: float = 0.5) -> None:
        """j and k in turn (the lobby's cursor moves each time) for ``seconds``."""
        end = time.perf_counter() + seconds
        await asyncio.sleep(random.uniform(0, every))  # the players' keys spread out
        n = 0
        while time.perf_counter() < end:
            took = await self.key("j" if n % 2 == 0 else "k")
            n += 1
            await asyncio.sleep(max(0.0, every - (took or 0) - 0.15))

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self._reader is not None:
            self._reader.cancel()


class Flooder:
    """Sends ``megabytes`` of random bytes (no 'q': it stays) as fast as SSH lets it."""

    def __init__(self, megabytes: float = 1.0, seed: int = 5) -> None:
        rng = random.Random(seed)
        alphabet = bytes(b for b in range(256) if b not in b"qQ\x03\x04")
        self.data = bytes(rng.choice(alphabet) for _ in range(int(megabytes * (1 << 20))))
        self.conn = self.process = None
        self.sent = 0

    async def run(self, port: int, name: str = "flood", times: int = 1) -> None:
        """Sends the data ``times`` times over (as fast as the server takes it)."""
        self.conn = await connect(port, name)
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        asyncio.create_task(self._drain())
        for _ in range(times):
            for start in range(0, len(self.data), 32768):
                self.process.stdin.write(self.data[start : start + 32768])
                await self.process.stdin.drain()
                self.sent += len(self.data[start : start + 32768])

    async def _drain(self) -> None:
        try:
            while await self.process.stdout.read(65536):
                pass
        except Exception:
            pass

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class Giant:
    """Asks for a giant window (``size``), then keeps resizing: between the
    giant and 250x90, so that every change is a real one after clamping."""

    def __init__(self, size: tuple[int, int] = (10000, 10000)) -> None:
        self.size = size
        self.conn = self.process = None
        self.received = 0

    async def run(
        self, port: int, name: str = "giant", resizes: int = 20, every: float = 0.5
    ) -> None:
        self.conn = await connect(port, name)
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=self.size, encoding=None
        )
        asyncio.create_task(self._drain())
        for n in range(resizes):
            await asyncio.sleep(every)
            self.process.change_terminal_size(*(self.size if n % 2 else (250, 90)), 10**6, 10**6)

    async def _drain(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(1 << 20)
                if not data:
                    return
                self.received += len(data)
        except Exception:
            pass

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class NonReader:
    """Never reads what the server sends; keeps asking for redraws (resizes
    and cursor keys) so that output piles up at the server.  Its receive window
    is small (64 KiB) so the server's side of the channel fills quickly."""

    def __init__(self) -> None:
        self.conn = self.process = None
        self.closed = asyncio.Event()

    async def open(self, port: int, name: str = "sloth") -> NonReader:
        self.conn = await connect(port, name, window=65536)
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(200, 60), encoding=None
        )
        asyncio.create_task(self._wait_closed())
        return self

    async def _wait_closed(self) -> None:
        await self.conn.wait_closed()  # the server closed it
        self.closed.set()

    async def provoke(self, seconds: float, every: float = 0.05) -> None:
        end = time.perf_counter() + seconds
        n = 0
        while time.perf_counter() < end and not self.closed.is_set():
            try:
                if n % 4 == 3:
                    self.process.change_terminal_size(200 - n % 2, 60, 0, 0)
                else:
                    self.process.stdin.write(b"j" if n % 2 else b"k")
            except (OSError, asyncssh.Error):
                return
            n += 1
            await asyncio.sleep(every)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
