"""``tideboard web``: the local game picker (``TideboardApp``, as plain
``tideboard`` opens it) in a browser, for one person on this machine.

- It listens on 127.0.0.1 only, on a free port, and every request must carry
  the random token of the address it prints (``?token=``; the page then keeps
  it in an HttpOnly, SameSite=Strict cookie for its files and its WebSocket),
  compared in constant time; anything else is refused (403).
- One session at a time: a second tab (or a reload) ends the first.
- The rest is the browser door's (``web.py``): the page, the WebSocket's
  origin check, the input and output limits (a session is a ``WebSession``).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tideboard.serve.driver import SSHDriver
from tideboard.serve.limits import Limits
from tideboard.serve.web import WebDoor, WebSession
from tideboard.ui.app import TideboardApp

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class LocalWebApp(TideboardApp):
    """The picker, drawn to a browser's WebSocket (``driver.SSHDriver``)."""

    def __init__(self, channel: Any, size: tuple[int, int], theme: str | None = None) -> None:
        self.ssh_channel = channel
        self.ssh_size = size
        self.ssh_driver: SSHDriver | None = None  # set by the driver, once the app starts
        super().__init__(theme=theme)
        self.driver_class = SSHDriver
        from tideboard.serve.app import console_at

        self.console = console_at(self.console, "truecolor")  # (xterm.js draws true colour)

    def get_driver_class(self) -> Any:
        return SSHDriver


class LocalSession(WebSession):
    """The one browser session of ``tideboard web``: the picker."""

    def new_app(self, link: Any, size: tuple[int, int], env: dict[str, str]) -> Any:
        return LocalWebApp(link, size, theme=self.server.theme)

    def touched(self) -> None:
        """(No tables, no idle players.)"""

    def refusal(self) -> str | None:
        return None  # (one person: the one with the token)


class LocalServer:
    """What a session asks of its server, for ``tideboard web``: the limits
    and its sessions (one)."""

    def __init__(self, theme: str | None = None) -> None:
        self.limits = Limits()
        self.sessions: set[Any] = set()
        self.theme = theme

    def allow(self, address: str) -> bool:
        return True  # (127.0.0.1 only, and the token)

    def guest_name(self) -> str:
        return "you"


class LocalDoor(WebDoor):
    """The browser door of ``tideboard web``: the token, one session."""

    session_class = LocalSession

    def __init__(self, token: str, theme: str | None = None) -> None:
        super().__init__(LocalServer(theme), title="tideboard")
        self.token = token
        self.app.middlewares.append(self.check_token)
        self.cookie = ""  # its name, once the port is known

    async def start(self, host: str, port: int) -> None:
        await super().start(host, port)
        self.cookie = f"tideboard-web-{self.port}"  # (cookies are shared by every port)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def has_token(self, request: web.Request) -> bool:
        given = request.query.get("token") or request.cookies.get(self.cookie) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self.has_token(request):
            raise web.HTTPForbidden(text="Open the address tideboard web printed.")
        response = await handler(request)
        if request.path == "/" and "token" in request.query:
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def before_session(self) -> None:
        """One session at a time: the one before ends (its tab says so)."""
        await self.end_sessions("Opened in another tab.")

    async def stop(self) -> None:
        await self.end_sessions("tideboard web stopped.")
        await super().stop()

    async def end_sessions(self, goodbye: str) -> None:
        """End the session (saying ``goodbye``) and wait for its app to end."""
        for session in list(self.server.sessions):
            session.end(goodbye)
        tasks = [s.task for s in self.server.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)


def new_token() -> str:
    return secrets.token_urlsafe(24)
