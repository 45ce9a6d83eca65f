"""A browser's WebSocket for the serve tests (aiohttp's client, no browser): it
speaks textual.js's protocol and keeps the screen's text with the SSH tests'
tiny terminal (``sshclient.Terminal``)."""

from __future__ import annotations

import asyncio
import codecs
import json

import aiohttp

from tests.serve.sshclient import Terminal, start_server
from tideboard.serve.server import Limits


async def start_web_server(limits: Limits = Limits(), **door):
    """A server (tests/serve/sshclient.py's) with its browser door on a free port."""
    server = await start_server(limits=limits)
    await server.start_web("127.0.0.1", 0, **door)
    return server


class WebClient:
    """One browser session: ``await WebClient.open(port)``."""

    closed = False

    def __init__(self, http, ws, size) -> None:
        self.http = http
        self.ws = ws
        self.screen = Terminal(*size)
        self.output = b""
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
                async with self.changed:
                    self.changed.notify_all()
        finally:
            self.closed = True
            async with self.changed:
                self.changed.notify_all()

    def text(self) -> str:
        return self.screen.text()

    async def wait_for(self, needle: str, timeout: float = 20.0) -> str:
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

    async def send(self, *message) -> None:
        await self.ws.send_str(json.dumps(list(message)))

    async def keys(self, *keys: str, pause: float = 0.05) -> None:
        for key in keys:
            await self.send("stdin", key)
            await asyncio.sleep(pause)

    async def close(self) -> None:
        try:
            await self.ws.close()
            await asyncio.wait_for(self.task, 5)
        except Exception:
            self.task.cancel()
        await self.http.close()
