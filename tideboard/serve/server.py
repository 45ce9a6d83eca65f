"""The SSH server: host key, identities, limits, and one app per session.

- The host key is made on the first start and kept in the data folder
  (``ssh_host_ed25519_key``, readable by its owner only).
- A player is their SSH user name and their public key: a name (compared
  without case) belongs to the first key used with it (``store_tables.claim``)
  and no other key can use it; the refused client is told why (an SSH auth
  banner).  A client without a key (or whose key the name refuses, when it
  falls back to keyboard-interactive) plays as a guest under a name the server
  gives (``guest-4821``): never stored, never pinned, gone when it leaves (its
  seats go to bots after the grace).  Keyed players cannot take a guest's
  name.  No password is asked.
- A session without a terminal (``ssh host cmd``, ``ssh -T``) gets one line
  and exit status 1.  The window size follows the client's; its colours
  follow its ``TERM``, ``COLORTERM`` and ``NO_COLOR``.
- Limits: at most ``max_sessions`` at once, ``per_name`` of one player and
  ``per_address`` from one address (an IPv6 address counts by its /64); one
  session per connection, and a connection without one is closed after
  ``session_wait`` seconds; ``per_minute`` new connections per address each
  minute; ``lobby_idle`` seconds idle in the lobby.  A client's
  input is read only while its app keeps up, so a flood slows only itself.
- A crash in a session's app ends that session only.
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
import attrs

from tideboard import store_tables
from tideboard.serve.tables import GRACE, Room, ident
from tideboard.store import Store

HOST_KEY_FILE = "ssh_host_ed25519_key"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}\Z")
GUEST = re.compile(r"guest-[0-9]+\Z", re.IGNORECASE)  # the names the server gives
QUEUE_HIGH, QUEUE_LOW = 64, 8  # app messages waiting: stop / resume reading the client
NO_TERMINAL = ("tideboard needs a terminal: connect with plain 'ssh -p PORT name@host' "
               "(no command, no -T).\r\n")


@attrs.frozen
class Limits:
    max_sessions: int = 100
    per_minute: int = 20  # new connections from one address
    lobby_idle: float = 900.0  # seconds
    per_name: int = 3  # sessions of one player at once
    per_address: int = 10  # sessions from one address (an IPv6 /64) at once
    session_wait: float = 30.0  # seconds a connection may stay without a session
    max_open_tables: int = 3  # tables one player has opened that wait for players


def log(message: str) -> None:
    """A line on the server's own stderr (apps may have redirected sys.stderr)."""
    stream = sys.__stderr__
    if stream is not None:
        print(f"tideboard serve: {message}", file=stream, flush=True)


def address_key(address: str) -> str:
    """Whom the per-address limits count: the IPv4 address, or an IPv6
    address's /64 (one host usually holds a whole /64)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


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
        self.room = Room(self.store, grace=grace, bot_delay=bot_delay,
                         max_open=limits.max_open_tables)
        self.key = host_key(self.data_dir)
        self.sessions: set[Session] = set()
        self.recent: dict[str, collections.deque[float]] = {}  # address -> last minute's
        self._pruned = float("-inf")
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

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count a new connection from ``address``; False past the limit.
        Addresses not seen for a minute are forgotten (at most a minute later)."""
        now = time.monotonic() if now is None else now
        if now - self._pruned > 60:
            self._pruned = now
            for old in [a for a, times in self.recent.items() if not times
                        or now - times[-1] > 60]:
                del self.recent[old]
        times = self.recent.setdefault(address, collections.deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= self.limits.per_minute:
            return False
        times.append(now)
        return True

    def guest_name(self) -> str:
        """A name for a player without a key that nobody has (no session, no
        seat, no stored player): ``guest-`` and four digits (more if crowded)."""
        taken = {ident(s.connection.name) for s in self.sessions}
        for table in self.room.tables.values():
            taken.update(ident(seat.player) for seat in table.seats if seat.player)
        digits = 4
        for attempt in range(1000):
            if attempt and attempt % 50 == 0:
                digits += 1
            name = f"guest-{random.randrange(10 ** (digits - 1), 10 ** digits)}"
            if name in taken:
                continue
            try:
                stored = store_tables.owner(self.store, name)
            except Exception:  # a store that cannot be read: keyed names cannot be guests
                stored = None
            if stored is None:
                return name
        raise RuntimeError("no guest name left")  # pragma: no cover

    def refusal(self, name: str, fingerprint: str) -> tuple[str, str] | None:
        """Why the key ``fingerprint`` may not play as ``name``, and what to do
        instead (None: it may)."""
        if GUEST.match(name):
            return (f"The name {name} is kept for players without a key",
                    "choose another name: ssh OTHER@host")
        if NAME.match(name):
            pinned = store_tables.pinned_key(self.store, name)
            if pinned is not None and pinned != fingerprint:
                return (f"The name {name} belongs to another SSH key",
                        f"the first key used with it, not this one ({fingerprint}). "
                        f"Connect with {name}'s key, or choose another name: ssh OTHER@host")
        return None

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(min(10.0, self.limits.lobby_idle / 4))
            now = time.monotonic()
            for session in list(self.sessions):
                if session.in_lobby() and now - session.last_input > self.limits.lobby_idle:
                    session.end(f"Closed after {self.limits.lobby_idle / 60:g} minutes "
                                "idle in the lobby.")


class Connection(asyncssh.SSHServer):
    """One SSH connection: who it is (name, key) and its one session."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.name = ""  # the player's name, once authenticated ("": refused, see note)
        self.asked = ""  # the user name the client asked for
        self.fingerprint: str | None = None  # the key that authenticated (None: a guest)
        self.guest = False
        self.note: str | None = None  # why the asked name was not given (a sentence)
        self.address = "?"
        self.conn: Any = None
        self.opened = False  # a session was asked for (one per connection)
        self.live = False  # that session is running
        self._banner_sent = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = address_key(str(peer[0]))
        if not self.server.allow(self.address):
            log(f"too many connections from {peer[0]}: refused")
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                            "Too many connections from your address; try again in a minute.")

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()

    # -- who it is ------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        self.asked = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        fingerprint = key.get_fingerprint()
        reason = self.server.refusal(username, fingerprint)
        if reason is not None:
            self.note = reason[0]
            self._banner(f"tideboard: {reason[0]}: {reason[1]}.\n")
            return False
        self.asked, self.fingerprint = username, fingerprint
        return True

    def _banner(self, text: str) -> None:
        """``text`` shown by the client before it says "Permission denied"
        (once a connection: a client may offer several keys)."""
        if self._banner_sent:
            return
        self._banner_sent = True
        try:
            self.conn.send_auth_banner(text)
        except Exception:  # authentication over already: the session says it
            pass

    def kbdint_auth_supported(self) -> bool:
        return True  # a client without a key: a guest

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        # a guest, whatever key was offered (and maybe never signed for) before
        self.asked, self.fingerprint = username, None
        return True  # no question: a guest needs no answer

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        asked = self.conn.get_extra_info("username") or self.asked
        if self.fingerprint is None:
            self.guest = True
            self.name = self.server.guest_name()
            self.note = (f"{self.note}: you play as {self.name}." if self.note else
                         f"No SSH key, so you play as {self.name}; connect with a key "
                         "to keep a name.")
        elif not NAME.match(asked):
            self.name = asked  # the session says what a name may be
        else:
            try:
                claimed = store_tables.claim(self.server.store, asked, self.fingerprint)
            except Exception as error:
                log(f"could not check the name {asked!r}: {error}")
                claimed = None
            if claimed is None:  # another key claimed it meanwhile (or the store failed)
                reason = self.server.refusal(asked, self.fingerprint)
                self.note = (f"{reason[0]}: {reason[1]}." if reason else
                             f"The name {asked} cannot be checked now; try again later.")
            self.name = claimed or ""
        self._wait_for_session()

    # -- its session ------------------------------------------------------------------
    def session_requested(self) -> "Session":
        if self.opened:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "One session per connection: connect again for another.")
        self.opened = self.live = True
        self._cancel_timer()
        return Session(self.server, self)

    def session_ended(self) -> None:
        """Its session is over: the connection is closed unless the client closes it."""
        self.live = False
        self._wait_for_session()

    def _wait_for_session(self) -> None:
        self._cancel_timer()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(self.server.limits.session_wait, self._no_session)

    def _no_session(self) -> None:
        self._timer = None
        if not self.live and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                 "No session on this connection: closed.")

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


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
        connection, server = self.connection, self.server
        name, limits = connection.name, server.limits
        if not self.pty or self.command is not None:
            self._refuse(NO_TERMINAL)
        elif not name and connection.note:
            self._refuse(f"{connection.note}\r\n")
        elif not NAME.match(name):
            self._refuse("Your user name is your player name: letters, digits, '.', '_' "
                         "or '-', up to 24, e.g. ssh ana@host.\r\n")
        elif len(server.sessions) >= limits.max_sessions:
            self._refuse("The server is full; try again later.\r\n")
        elif sum(ident(s.connection.name) == ident(name)
                 for s in server.sessions) >= limits.per_name:
            self._refuse(f"{name} has {limits.per_name} sessions open already, the most one "
                         "player may have; leave one first.\r\n")
        elif sum(s.connection.address == connection.address
                 for s in server.sessions) >= limits.per_address:
            self._refuse(f"Your address has {limits.per_address} sessions open already, the "
                         "most one address may have; leave one first.\r\n")
        else:
            try:
                self._start(name)
            except Exception as error:  # never the server's: this session only
                log(f"session of {name} could not start: {error!r}")
                self._refuse("Sorry: the session could not start.\r\n")

    def _refuse(self, message: str) -> None:
        self.chan.write(message.encode())
        self.chan.exit(1)
        self.connection.session_ended()

    def _start(self, name: str) -> None:
        from tideboard.serve.app import ServeApp

        env = {str(k): str(v) for k, v in (self.chan.get_environment() or {}).items()}
        env["TERM"] = self.chan.get_terminal_type() or env.get("TERM", "")
        width, height = self.chan.get_terminal_size()[:2]
        room = self.server.room
        away = [t for t in room.tables_of(name) if t.started and not t.is_present(name)]
        self.app = ServeApp(room, name, self.chan, (width or 80, height or 24), env,
                            table_id=away[-1].id if away else None)
        if self.connection.guest:  # told why, in the lobby
            self.app.welcome = self.connection.note
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
            self.connection.session_ended()

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
