"""The SSH server: host key, identities, limits, and one app per session.

- The host key is made on the first start and kept in the data folder
  (``ssh_host_ed25519_key``, readable by its owner only).
- A player is their SSH user name; when the client offers a public key, its
  fingerprint is pinned to the name on first use (``store_tables.pin_key``),
  so nobody else can take that name later.  No password is asked.
- A session without a terminal (``ssh host cmd``, ``ssh -T``) gets one line
  and exit status 1.  The window size follows the client's; its colours
  follow its ``TERM``, ``COLORTERM`` and ``NO_COLOR``.
- Limits: at most ``max_sessions`` at once, ``per_minute`` new connections per
  address each minute, ``lobby_idle`` seconds idle in the lobby.  A client's
  input is read only while its app keeps up, so a flood slows only itself.
- A crash in a session's app ends that session only.
"""

from __future__ import annotations

import asyncio
import collections
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
import attrs

from tideboard import store_tables
from tideboard.serve.tables import GRACE, Room
from tideboard.store import Store

HOST_KEY_FILE = "ssh_host_ed25519_key"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}\Z")
QUEUE_HIGH, QUEUE_LOW = 64, 8  # app messages waiting: stop / resume reading the client
NO_TERMINAL = ("tideboard needs a terminal: connect with plain 'ssh -p PORT name@host' "
               "(no command, no -T).\r\n")


@attrs.frozen
class Limits:
    max_sessions: int = 100
    per_minute: int = 20  # new connections from one address
    lobby_idle: float = 900.0  # seconds


def log(message: str) -> None:
    """A line on the server's own stderr (apps may have redirected sys.stderr)."""
    stream = sys.__stderr__
    if stream is not None:
        print(f"tideboard serve: {message}", file=stream, flush=True)


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's host key, made and saved (mode 0600) on the first start."""
    path = data_dir / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    data_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    log(f"made a new host key {path}")
    return key


class Server:
    """The room, the store and every session of one ``tideboard serve``."""

    def __init__(self, data_dir: Path, limits: Limits = Limits(), grace: float = GRACE,
                 bot_delay: float = 0.6) -> None:
        self.data_dir = Path(data_dir)
        self.limits = limits
        self.store = Store.open(self.data_dir / "tideboard.db", import_autosaves=False)
        self.room = Room(self.store, grace=grace, bot_delay=bot_delay)
        self.key = host_key(self.data_dir)
        self.sessions: set[Session] = set()
        self.recent: dict[str, collections.deque[float]] = {}
        self.acceptor: Any = None
        self.port = 0
        self._idle_task: asyncio.Task | None = None

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint()

    async def start(self, host: str, port: int) -> None:
        for note in self.room.load():
            log(note)
        from tideboard.serve.app import warm_up

        await warm_up(self.room)
        self.acceptor = await asyncssh.create_server(
            lambda: Connection(self), host, port, server_host_keys=[self.key],
            encoding=None, line_editor=False, keepalive_interval=30, login_timeout=30)
        self.port = self.acceptor.sockets[0].getsockname()[1]
        self._idle_task = asyncio.create_task(self._watch_idle())

    async def stop(self) -> None:
        """Stop accepting, end every session (tables are saved already)."""
        if self.acceptor is not None:
            self.acceptor.close()
        if self._idle_task is not None:
            self._idle_task.cancel()
        for session in list(self.sessions):
            session.end("The server is stopping; your tables are saved. Come back later.")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=3)
        self.room.shutdown()
        self.store.close()

    def allow(self, address: str) -> bool:
        """Count a new connection from ``address``; False past the limit."""
        now = time.monotonic()
        times = self.recent.setdefault(address, collections.deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= self.limits.per_minute:
            return False
        times.append(now)
        return True

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(min(10.0, self.limits.lobby_idle / 4))
            now = time.monotonic()
            for session in list(self.sessions):
                if session.in_lobby() and now - session.last_input > self.limits.lobby_idle:
                    session.end(f"Closed after {self.limits.lobby_idle / 60:g} minutes "
                                "idle in the lobby.")


class Connection(asyncssh.SSHServer):
    """One SSH connection: who it is (name, key) and its sessions."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.name = ""
        self.fingerprint: str | None = None
        self.conn: Any = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        if not self.server.allow(str(peer[0])):
            log(f"too many connections from {peer[0]}: refused")
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                            "Too many connections from your address; try again in a minute.")

    def begin_auth(self, username: str) -> bool:
        self.name = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        fingerprint = key.get_fingerprint()
        pinned = store_tables.pinned_key(self.server.store, username)
        if pinned is not None and pinned != fingerprint:
            return False
        self.fingerprint = fingerprint
        return True

    def kbdint_auth_supported(self) -> bool:
        return True  # for clients without a key: allowed for names without one

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        return store_tables.pinned_key(self.server.store, username) is None

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return store_tables.pinned_key(self.server.store, username) is None

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if NAME.match(self.name):
            store_tables.pin_key(self.server.store, self.name, self.fingerprint)

    def session_requested(self) -> "Session":
        return Session(self.server, self)


class Session(asyncssh.SSHServerSession):
    """One terminal session: a :class:`ServeApp` drawn to its channel."""

    def __init__(self, server: Server, connection: Connection) -> None:
        self.server = server
        self.connection = connection
        self.chan: Any = None
        self.pty = False
        self.command: str | None = None
        self.app: Any = None
        self.task: asyncio.Task | None = None
        self.last_input = time.monotonic()
        self.goodbye: str | None = None
        self._paused = False

    # -- asyncssh ---------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True

    def session_started(self) -> None:
        name = self.connection.name
        if not self.pty or self.command is not None:
            self._refuse(NO_TERMINAL)
        elif not NAME.match(name):
            self._refuse("Your user name is your player name: letters, digits, '.', '_' "
                         "or '-', up to 24, e.g. ssh ana@host.\r\n")
        elif len(self.server.sessions) >= self.server.limits.max_sessions:
            self._refuse("The server is full; try again later.\r\n")
        else:
            try:
                self._start(name)
            except Exception as error:  # never the server's: this session only
                log(f"session of {name} could not start: {error!r}")
                self._refuse("Sorry: the session could not start.\r\n")

    def _refuse(self, message: str) -> None:
        self.chan.write(message.encode())
        self.chan.exit(1)

    def _start(self, name: str) -> None:
        from tideboard.serve.app import ServeApp

        env = {str(k): str(v) for k, v in (self.chan.get_environment() or {}).items()}
        env["TERM"] = self.chan.get_terminal_type() or env.get("TERM", "")
        width, height = self.chan.get_terminal_size()[:2]
        room = self.server.room
        away = [t for t in room.tables_of(name) if t.started and not t.is_present(name)]
        self.app = ServeApp(room, name, self.chan, (width or 80, height or 24), env,
                            table_id=away[-1].id if away else None)
        self.server.sessions.add(self)
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        status = 0
        try:
            await self.app.run_async()
            status = 0 if not self.app.return_code else 1
        except Exception as error:  # a crash ends this session only
            log(f"session of {self.connection.name} crashed: {error!r}")
            status = 1
        finally:
            self.server.sessions.discard(self)
            try:
                if self.goodbye:
                    self.chan.write(f"{self.goodbye}\r\n".encode())
                self.chan.exit(status)
            except Exception:
                pass

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        driver = getattr(self.app, "_driver", None) if self.app is not None else None
        if driver is None or not hasattr(driver, "feed"):
            return
        driver.feed(data)
        queue = getattr(self.app, "_message_queue", None)
        if queue is not None and queue.qsize() > QUEUE_HIGH and not self._paused:
            self._paused = True
            self.chan.pause_reading()
            asyncio.get_running_loop().call_later(0.02, self._maybe_resume)

    def _maybe_resume(self) -> None:
        queue = getattr(self.app, "_message_queue", None)
        if queue is None or queue.qsize() <= QUEUE_LOW or self.app._exit:
            self._paused = False
            try:
                self.chan.resume_reading()
            except Exception:
                pass
        else:
            asyncio.get_running_loop().call_later(0.02, self._maybe_resume)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        driver = getattr(self.app, "_driver", None) if self.app is not None else None
        if driver is not None and hasattr(driver, "resize"):
            driver.resize(width, height)

    def eof_received(self) -> bool:
        self.end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    # -- ending -------------------------------------------------------------------
    def in_lobby(self) -> bool:
        app = self.app
        return app is not None and app.is_running and len(app.screen_stack) == 1

    def end(self, goodbye: str | None = None) -> None:
        if goodbye and not self.goodbye:
            self.goodbye = goodbye
        if self.app is not None and self.app.is_running:
            self.app.exit()
