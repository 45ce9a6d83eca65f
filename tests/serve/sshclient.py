"""A real SSH client for the serve tests (asyncssh's), with a tiny terminal:
it keeps the text of the screen from the absolute cursor moves and text that
Textual writes (colours and modes ignored), enough to read what is shown."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
import time
from pathlib import Path

import asyncssh

from tideboard.serve.server import Limits, Server

CONTROL = re.compile(r"[\x00-\x1f]")  # the characters below a space
CSI = re.compile(r"\x1b\[([0-9;?<>=$]*)([ -/]*)([@-~])|\x1b[()][0-9A-Za-z]|\x1b[=>78cM]")


class Terminal:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self.pending = ""

    def feed(self, text: str) -> None:
        text = self.pending + text
        self.pending = ""
        last = text.rfind("\x1b")
        if last != -1 and not CSI.match(text, last):
            text, self.pending = text[:last], text[last:]
        # text, then each sequence's (parameters, intermediates, final) and the text after it
        parts = CSI.split(text)
        self._text(parts[0])
        for at in range(1, len(parts), 4):
            params, final, after = parts[at], parts[at + 2], parts[at + 3]
            if final == "H" and not params.startswith("?"):
                numbers = (params or "1;1").split(";")
                self.y = int(numbers[0] or 1) - 1
                self.x = int(numbers[1] or 1) - 1 if len(numbers) > 1 else 0
            elif final == "J" and params in ("2", ""):
                self.rows = [[" "] * self.width for _ in range(self.height)]
            if after:
                self._text(after)

    def _text(self, text: str) -> None:
        """Text between escape sequences: a carriage return and a line feed move the
        cursor, other control characters are dropped, runs of characters are written
        at the cursor (a run at a time, not a character: the screens of a whole game
        are hundreds of thousands of characters)."""
        if CONTROL.search(text) is None:
            self._run(text)
            return
        pos = 0
        for match in CONTROL.finditer(text):
            self._run(text[pos : match.start()])
            pos = match.end()
            if match.group() == "\r":
                self.x = 0
            elif match.group() == "\n":
                self.y += 1
        self._run(text[pos:])

    def _run(self, run: str) -> None:
        """``run`` (no control characters) written from the cursor on, what falls off
        the screen dropped; the cursor moves past it."""
        if run and 0 <= self.y < self.height:
            start, end = max(0, self.x), min(self.width, self.x + len(run))
            if start < end:
                self.rows[self.y][start:end] = run[start - self.x : end - self.x]
        self.x += len(run)

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows)


class Keyless(asyncssh.SSHClient):
    """Keyboard-interactive authentication answering no question (the server asks none)."""

    def kbdint_auth_requested(self):
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return ["" for _prompt in prompts]


class BannerKept(asyncssh.SSHClient):
    """Keeps the authentication banners the server sends."""

    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def session_output(port: int, name: str, key=None, timeout: float = 15.0):
    """(exit status, output) of a terminal session that the server ends by itself
    (a refused one)."""
    key = key or asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    ) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        output = await asyncio.wait_for(process.stdout.read(), timeout)
        await asyncio.wait_for(process.wait_closed(), timeout)
        return process.exit_status, output.decode("utf-8", "replace")


class Client:
    """One player's ssh session: ``await Client.open(port, name)``."""

    closed = False  # its output ended

    def __init__(self, conn, process, size) -> None:
        self.conn = conn
        self.process = process
        self.screen = Terminal(*size)
        self.output = bytearray()  # (extended in place: a whole game is megabytes)
        self.changed = asyncio.Condition()  # notified when output arrives (or ends)
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, port: int, name: str, key=None, size=(80, 24), term: str = "xterm-256color"
    ) -> Client:
        key = key or asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
        )
        process = await conn.create_process(term_type=term, term_size=size, encoding=None)
        return cls(conn, process, size)

    @classmethod
    async def open_keyless(cls, port: int, name: str, size=(80, 24)) -> Client:
        """A client without a key (keyboard-interactive, as ``ssh`` falls back to)."""
        conn, _client = await asyncssh.create_connection(
            Keyless,
            "127.0.0.1",
            port,
            username=name,
            client_keys=None,
            known_hosts=None,
            agent_path=None,
        )
        process = await conn.create_process(
            term_type="xterm-256color", term_size=size, encoding=None
        )
        return cls(conn, process, size)

    async def _read(self) -> None:
        decoder = __import__("codecs").getincrementaldecoder("utf-8")("replace")
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    return
                self.output += data
                self.screen.feed(decoder.decode(data))
                await self.tell()
        finally:
            self.closed = True
            await self.tell()

    async def tell(self) -> None:
        """Wake whoever waits for the screen (output came, or the end)."""
        async with self.changed:
            self.changed.notify_all()

    def text(self) -> str:
        return self.screen.text()

    async def wait_for(self, needle: str, timeout: float = 20.0) -> str:
        """The screen's text once ``needle`` is on it (checked as output arrives).

        What arrives is frames, and a busy server sends only the latest: wait
        for what the settled screen shows, not for text a later frame moves
        away (a game log's first line, "table X: you are ana", is drawn once at
        the log's top and then scrolled out when the log has more lines than
        its rows: open the client tall enough for the whole log)."""
        try:
            async with self.changed:
                await asyncio.wait_for(
                    self.changed.wait_for(lambda: needle in self.text() or self.closed), timeout
                )
        except TimeoutError:
            pass
        if needle not in self.text():
            raise AssertionError(f"{needle!r} never showed; the screen:\n{self.text()}")
        return self.text()

    async def keys(self, *keys: str, pause: float = 0.05) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())
            await asyncio.sleep(pause)

    async def close(self) -> None:
        self.conn.close()
        try:
            await asyncio.wait_for(self.task, 5)
        except (TimeoutError, Exception):
            self.task.cancel()


async def start_server(
    data_dir: Path | None = None, grace: float = 60.0, limits: Limits = Limits()
) -> Server:
    """A server in this process on a free port; without ``data_dir``, in a new
    folder inside the test's own data folder (tests/conftest.py), which pytest
    removes with the test's other temporary files."""
    if data_dir is None:
        base = os.environ.get("TIDEBOARD_DATA_DIR")
        if base:
            Path(base).mkdir(parents=True, exist_ok=True)
        data_dir = Path(tempfile.mkdtemp(prefix="td-serve-", dir=base))
    server = Server(data_dir, limits, grace=grace, bot_delay=0.0)
    await server.start("127.0.0.1", 0)
    return server


async def until(check, seconds: float = 20.0) -> None:
    """Until ``check()`` holds (a deadline, for a busy machine), then assert it."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("never happened")
        await asyncio.sleep(0.02)
