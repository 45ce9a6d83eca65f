"""The browser door (``tideboard serve --web PORT``): the same server's lobby
and tables for a browser, over aiohttp (HTTP and one WebSocket a session).

- ``GET /`` is our page (``web_page.py``) with textual-serve's client
  (``textual.js``: an xterm.js terminal); ``GET /static/NAME`` its few files;
  ``GET /ws`` the session's WebSocket.  Nothing else is reachable.
- The WebSocket speaks textual-serve's protocol: the browser sends JSON text
  messages, ``["stdin", text]``, ``["resize", {"width": w, "height": h}]``,
  ``["ping", x]`` (answered ``["pong", x]``); the server sends the terminal's
  output as binary messages.  Anything else is ignored; a message over
  :data:`MAX_MESSAGE` bytes closes the socket.
- A browser session is a :class:`~tideboard.serve.transport.Terminal`, like an
  SSH session: a :class:`ServeApp` in the server's process, the same limits
  (``max_sessions``, ``per_name`` and ``per_address`` counting both doors'
  sessions, ``per_minute`` WebSockets from one address, the input bucket, the
  output cap and stall, the window size clamp, the lobby's idle timeout).
- Who it is: ``identify(request)`` gives the player's name (a browser linked
  to a name), or None: a guest under a name the server gives, as a keyless
  SSH client.  ``extra_routes`` are added (the links' pages).
- Behind a reverse proxy (``--web-proxied``) a browser's address is the one
  the proxy adds to ``X-Forwarded-For``, else every browser would be the
  proxy's address to the per-address limits.
- The WebSocket's ``Origin`` must be the page's own (its ``Host``) or one of
  ``origins`` (``--web-origin``): any other is refused (403) before anything
  starts.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from tideboard.serve.limits import address_key, log
from tideboard.serve.transport import BYTE_COST, Terminal
from tideboard.serve.web_channel import CLOSE_ERROR, CLOSE_NORMAL, WebChannel
from tideboard.serve.web_page import HEADERS, page, static_file

MAX_MESSAGE = 64 * 1024  # bytes: a WebSocket message longer closes the socket
CLOSE_POLICY, CLOSE_FULL = 1008, 1013  # close codes: refused; try again later
WEB_ENV = {"TERM": "xterm-256color", "COLORTERM": "truecolor"}  # xterm.js draws true colour

Identify = Callable[[web.Request], "str | None"]


def nobody(request: web.Request) -> str | None:
    """The default ``identify``: every browser is a guest."""
    return None


class Visitor:
    """Who a browser session is (what an SSH session's ``connection`` says),
    and the request that opened it (its cookies: :meth:`WebDoor.recheck`)."""

    def __init__(
        self, name: str, address: str, guest: bool, note: str | None, request: Any = None
    ) -> None:
        self.name, self.address, self.guest, self.note = name, address, guest, note
        self.request = request


class WebSession(Terminal):
    """One browser's session: its app drawn to its WebSocket."""

    def __init__(self, server: Any, visitor: Visitor, ws: web.WebSocketResponse, transport: Any):
        super().__init__(server, visitor)
        self.ws = ws
        self.channel = WebChannel(ws, transport, server.limits.output_cap, self)
        self._reading = asyncio.Event()
        self._reading.set()

    async def serve(self, width: int, height: int) -> None:
        """Run the session until the browser leaves or the app ends."""
        refusal = self.refusal()
        if refusal is not None:
            self.channel.write(f"{refusal}\r\n".encode())
            full = refusal.startswith("The server is full")
            self.channel.close(CLOSE_FULL if full else CLOSE_POLICY, refusal)
            await self.channel.task
            return
        try:
            self.start_app(self.channel, (width, height), dict(WEB_ENV))
        except Exception as error:  # never the server's: this session only
            log(f"session of {self.connection.name} could not start: {error!r}")
            self.channel.close(CLOSE_ERROR, "Sorry: the session could not start.")
            await self.channel.task
            return
        try:
            await self._read()
        finally:
            self.end()
            if self.task is not None:
                await asyncio.wait([self.task], timeout=10)
            await asyncio.wait([self.channel.task], timeout=5)

    async def _read(self) -> None:
        rate = self.server.limits.input_rate
        ws = self.ws
        while not ws.closed:
            await self._reading.wait()  # (held: its socket's buffers fill, it slows itself)
            message = await ws.receive()
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type == WSMsgType.ERROR:  # too long, or not WebSocket
                return
            if message.type == WSMsgType.TEXT:
                self.message(message.data)
            else:
                self.spend(1)  # binary: not ours, but not free
            tokens = self._bucket()
            if tokens <= 0:
                await asyncio.sleep((1 - tokens) / rate)

    def message(self, text: str) -> None:
        """One message from the browser: typing, a window size or a ping;
        anything else is ignored (it costs a key and its bytes)."""
        try:
            envelope = json.loads(text)
        except Exception:  # not JSON (or nested too deep)
            envelope = None
        kind = envelope[0] if isinstance(envelope, list) and envelope else None
        data = envelope[1] if kind is not None and len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            self.received(data.encode("utf-8", "replace"))
            return
        self.spend(1 + len(text) * BYTE_COST)
        if kind == "resize" and isinstance(data, dict):
            width, height = data.get("width"), data.get("height")
            if isinstance(width, int) and isinstance(height, int) and _whole(width, height):
                self.resized(width, height)  # (clamped)
        elif kind == "ping" and isinstance(data, str | int) and len(str(data)) <= 64:
            self.channel.send_text(json.dumps(["pong", data]))

    # -- what the Terminal asks of its door ----------------------------------------
    def hold_reading(self, held: bool) -> None:
        if held:
            self._reading.clear()
        else:
            self._reading.set()

    def finish(self, status: int) -> None:
        self.channel.close(CLOSE_NORMAL if status == 0 else CLOSE_ERROR, self.goodbye or "")

    def drop(self) -> None:
        self.channel.abort()

    def ended(self) -> None:
        """The reader let go, were it held: the socket's end ends it."""
        self._reading.set()


def _whole(*values: int) -> bool:
    """Whole numbers, not True or False (of any size: the session clamps them)."""
    return not any(isinstance(value, bool) for value in values)


def _size(request: web.Request, key: str, default: int) -> int:
    try:
        return int(request.query.get(key, default))
    except ValueError:
        return default


class WebDoor:
    """The aiohttp application of one server's browser door."""

    session_class: type[WebSession] = WebSession

    def __init__(
        self,
        server: Any,
        origins: Sequence[str] = (),
        identify: Identify = nobody,
        extra_routes: Sequence[web.RouteDef] = (),
        title: str = "tideboard",
        proxied: bool = False,
    ) -> None:
        self.server = server
        self.proxied = proxied  # a browser's address is the one its proxy adds to X-Forwarded-For
        self.origins = {origin.rstrip("/").lower() for origin in origins}
        self.identify = identify
        self.title = title
        self.app = web.Application(client_max_size=MAX_MESSAGE)
        self.app.add_routes(
            [
                web.get("/", self.index, allow_head=True),
                web.get("/static/{name}", self.static, allow_head=True),
                web.get("/ws", self.websocket, allow_head=False),
                *extra_routes,
            ]
        )
        self.runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> None:
        self.runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=3)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        await site.start()
        self.port = self.runner.addresses[0][1]  # (the port given for 0)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    # -- the page and its files -----------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        font = min(max(_size(request, "fontsize", 16), 8), 40)
        return web.Response(
            text=page(self.title, "/ws", font), content_type="text/html", headers=HEADERS
        )

    async def static(self, request: web.Request) -> web.Response:
        found = static_file(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        body, kind = found
        return web.Response(
            body=body,
            headers={
                "Content-Type": kind,
                "Cache-Control": "public, max-age=3600",
                "X-Content-Type-Options": "nosniff",
            },
        )

    # -- a session --------------------------------------------------------------------
    def origin_allowed(self, request: web.Request) -> bool:
        """The WebSocket was opened by our own page (its host: the request's, or
        behind a proxy the one it forwards) or by an origin allowed."""
        origin = request.headers.get("Origin", "").rstrip("/").lower()
        if not origin:
            return False
        if origin in self.origins:
            return True
        host = request.host
        if self.proxied:  # the host the browser asked the proxy for
            host = request.headers.get("X-Forwarded-Host", host).split(",")[0].strip()
        return urlsplit(origin).netloc == host.lower()

    def address(self, request: web.Request) -> str:
        """Whom the per-address limits count: the peer's address or, behind a
        reverse proxy (``proxied``), the last address of ``X-Forwarded-For``,
        the one the proxy added (those before it are the client's say)."""
        remote = str(request.remote or "?")
        if self.proxied:
            forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            remote = forwarded or remote
        return address_key(remote)

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.origin_allowed(request):
            log(f"a WebSocket from {request.headers.get('Origin', 'no origin')!r} refused")
            raise web.HTTPForbidden(text="This page's own WebSocket only.")
        address = self.address(request)
        if not self.server.allow(address):
            log(f"too many connections from {request.remote}: refused")
            raise web.HTTPTooManyRequests(text="Too many connections; try again in a minute.")
        visitor = self.visitor(request, address)
        await self.before_session()
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30, autoping=True)
        await ws.prepare(request)
        session = self.session_class(self.server, visitor, ws, request.transport)
        width, height = _size(request, "width", 80), _size(request, "height", 24)
        await session.serve(width, height)
        return ws

    async def before_session(self) -> None:
        """Before a session starts (the server's door: nothing)."""

    def visitor(self, request: web.Request, address: str) -> Visitor:
        try:
            name = self.identify(request)
        except Exception as error:  # a guest, then
            log(f"could not tell who a browser is: {error!r}")
            name = None
        if name:
            return Visitor(name, address, False, None, request)
        name = self.server.guest_name()
        note = f"In a browser without a link you play as {name}, a guest."
        return Visitor(name, address, True, note, request)

    def recheck(self, goodbye: str) -> int:
        """End every named browser session that ``identify`` no longer names
        (its link revoked: call this when one is), saying ``goodbye``; how many."""
        ended = 0
        for session in list(self.server.sessions):
            visitor = session.connection
            if not isinstance(session, WebSession) or visitor.guest:
                continue
            try:
                name = self.identify(visitor.request)
            except Exception:
                name = None
            if name != visitor.name:
                session.end(goodbye)
                ended += 1
        return ended
