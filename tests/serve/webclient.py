"""A browser's WebSocket for the serve tests (aiohttp's client, no browser): it
speaks textual.js's protocol and keeps the screen's text with the SSH tests'
tiny terminal (``sshclient.Terminal``)."""

from __future__ import annotations

import asyncio
import codecs
import json

import aiohttp

from tests.serve.sshclient import Client, Terminal, start_server, until
from tideboard.serve.server import Limits


async def start_web_server(limits: Limits = Limits(), **door):
    """A server (tests/serve/sshclient.py's) with its browser door on a free port."""
    server = await start_server(limits=limits)
    await server.start_web("127.0.0.1", 0, **door)
    return server


class WebClient(Client):
    """One browser session: ``await WebClient.open(port)`` (its screen, ``text``
    and ``wait_for`` as an SSH client's)."""

    def __init__(self, http, ws, size) -> None:  # (not Client's: no SSH process)
        self.http = http
        self.ws = ws
        self.screen = Terminal(*size)
        self.output = bytearray()  # (extended in place: a whole game is megabytes)
        self.texts: list[str] = []  # the text messages (pongs)
        self.changed = asyncio.Condition()
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, port: int, size=(80, 24), origin: str | None = None, query: str = "", **headers
    ):
        http = aiohttp.ClientSession()
        origin = f"http://127.0.0.1:{port}" if origin is None else origin
        try:
            ws = await http.ws_connect(
                f"http://127.0.0.1:{port}/ws?width={size[0]}&height={size[1]}{query}",
                headers={"Origin": origin, **headers} if origin else headers,
            )
        except Exception:
            await http.close()
            raise
        return cls(http, ws, size)

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.output += message.data
                    self.screen.feed(self._decode(message.data))
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(message.data)
                await self.tell()
        finally:
            self.closed = True
            await self.tell()

    async def send(self, *message) -> None:
        await self.ws.send_str(json.dumps(list(message)))

    async def keys(self, *keys: str, pause: float = 0.05) -> None:
        for key in keys:
            await self.send("stdin", key)
            await asyncio.sleep(pause)

    async def ping(self, text: str) -> None:
        """A ping, answered (textual.js's latency check)."""
        await self.send("ping", text)
        await until(lambda: json.dumps(["pong", text]) in self.texts, 5)

    async def close(self) -> None:
        try:
            await self.ws.close()
            await asyncio.wait_for(self.task, 5)
        except Exception:
            self.task.cancel()
        await self.http.close()
