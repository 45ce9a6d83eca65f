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
  minute (more are told why once the SSH handshake is done); ``lobby_idle``
  seconds idle in the lobby.
- Transport: every window size a client sends is clamped (``driver.MIN_SIZE``
  .. ``driver.MAX_SIZE``).  A client's input is parsed in small slices that let
  the other sessions run between them, at most ``input_rate`` keys a second
  (a mouse move is a tenth of one; bursts of ``input_burst``), and read only
  while its app keeps up: a flood fills its own SSH window and slows only
  itself.  Window changes are applied at most every ``RESIZE_EVERY`` seconds
  (the latest wins).  A client that does not read
  its output has at most ``output_cap`` bytes waiting (later frames are
  dropped, and the whole screen repainted once it reads again); after
  ``output_stall`` seconds over the cap its session is closed.
- Nothing but the game: agent, X11 and port forwarding (TCP and UNIX socket,
  either way), subsystems and commands are refused.
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
from tideboard.serve.driver import clamp_size
from tideboard.serve.tables import GRACE, Room, ident
from tideboard.store import Store

HOST_KEY_FILE = "ssh_host_ed25519_key"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}\Z")
GUEST = re.compile(r"guest-[0-9]+\Z", re.IGNORECASE)  # the names the server gives
QUEUE_LOW = 8  # app messages waiting past which a session's input waits for its app
INPUT_SLICE = 16  # bytes of input parsed at a time; the loop runs the others between
INBOX_HIGH, INBOX_LOW = 16384, 4096  # bytes received, not yet parsed: pause / resume reading
BYTE_COST = 1 / 256  # keys a byte of input costs besides its events (garbage is not free)
RESIZE_EVERY = 0.5  # seconds: a session's window changes are applied at most this often
ENV_KEPT = ("TERM", "COLORTERM", "NO_COLOR")  # the client's variables the session reads
FORWARDING_REFUSED = "tideboard serves its games only: no forwarding"
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
    input_rate: float = 20.0  # keys a second from one session (sustained; a mouse move 0.1)
    input_burst: float = 400.0  # ... and at once
    output_cap: int = 256 * 1024  # bytes of output waiting for a session's client
    output_stall: float = 45.0  # seconds over output_cap before the session is closed


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
        for warning in self.store.warnings:  # a store others can read (and we cannot fix)
            log(warning)
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
            encoding=None, line_editor=False, keepalive_interval=30, login_timeout=30,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False)
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
        self.refused = False

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = address_key(str(peer[0]))
        if not self.server.allow(self.address):
            # told once the handshake is done (begin_auth): a disconnect before
            # the version exchange reaches OpenSSH as an unreadable banner
            log(f"too many connections from {peer[0]}: refused")
            self.refused = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()

    # -- who it is ------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        if self.refused:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 "Too many connections from your address; "
                                 "try again in a minute.")
            return True
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

    # -- nothing but the game: every forwarding is refused ----------------------
    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        FORWARDING_REFUSED)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        FORWARDING_REFUSED)

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


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
        self._held: set[str] = set()  # why the channel is not read: "input", "output"
        self._inbox = bytearray()  # received, not yet parsed
        self._has_input = asyncio.Event()
        self._pump: asyncio.Task | None = None
        self._stall: asyncio.TimerHandle | None = None
        self._abort = False  # end by dropping the channel (its client does not read)
        self._size: tuple[int, int] | None = None  # the latest window size asked for
        self._tokens = float(server.limits.input_burst)  # the input bucket: keys allowed now
        self._filled = time.monotonic()
        self._resize: asyncio.TimerHandle | None = None

    # -- asyncssh ---------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        cap = self.server.limits.output_cap
        chan.set_write_buffer_limits(high=cap, low=cap // 4)

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.pty = True
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

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

        given = self.chan.get_environment() or {}
        env = {key: str(given[key])[:64] for key in ENV_KEPT if key in given}
        env["TERM"] = (self.chan.get_terminal_type() or env.get("TERM", ""))[:64]
        width, height = self.chan.get_terminal_size()[:2]
        room = self.server.room
        away = [t for t in room.tables_of(name) if t.started and not t.is_present(name)]
        self.app = ServeApp(room, name, self.chan, clamp_size(width, height), env,
                            table_id=away[-1].id if away else None)
        self.app.ssh_output_cap = self.server.limits.output_cap
        if self.connection.guest:  # told why, in the lobby
            self.app.welcome = self.connection.note
        self.server.sessions.add(self)
        self.task = asyncio.create_task(self._run())
        self._pump = asyncio.create_task(self._pump_input())

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
            if self._pump is not None:
                self._pump.cancel()
            for timer in (self._stall, self._resize):
                if timer is not None:
                    timer.cancel()
            try:
                if self._abort:
                    self._drop_connection()
                else:
                    if self.goodbye:
                        self.chan.write(f"{self.goodbye}\r\n".encode())
                    self.chan.exit(status)
            except Exception:
                pass
            self.connection.session_ended()

    # -- input: bounded slices at a bounded rate ----------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.app is None:
            return
        driver = self._driver()
        if (not self._inbox and len(data) <= INPUT_SLICE and driver is not None
                and not self._held and self._bucket() > 0 and not self._busy()):
            # a key or two (the usual case): parsed at once
            self._tokens -= driver.feed(data) + len(data) * BYTE_COST
            return
        self._inbox += data
        self._has_input.set()
        if len(self._inbox) > INBOX_HIGH:
            self._hold("input", True)  # the client's SSH window fills: it slows itself

    def _hold(self, reason: str, held: bool) -> None:
        """Stop reading the client while any reason holds (its SSH window
        then fills, and it can send no more)."""
        before = bool(self._held)
        if held:
            self._held.add(reason)
        else:
            self._held.discard(reason)
        if before != bool(self._held):
            try:
                if self._held:
                    self.chan.pause_reading()
                else:
                    self.chan.resume_reading()
            except Exception:  # the channel is gone
                pass

    def _slice_end(self) -> int:
        """Where the next slice of input ends: before the next Esc, so that
        an escape sequence is not split between slices (the parser would take
        a lone Esc for the key if the app kept the next slice waiting)."""
        inbox = self._inbox
        limit = INPUT_SLICE * (2 if inbox[:1] == b"\x1b" else 1)  # a mouse report whole
        after = inbox.find(b"\x1b", 1, limit)
        return after if after > 0 else min(len(inbox), limit)

    def _bucket(self) -> float:
        """The keys this session may send now (``input_rate`` a second, up to
        ``input_burst``)."""
        now = time.monotonic()
        limits = self.server.limits
        self._tokens = min(limits.input_burst,
                           self._tokens + (now - self._filled) * limits.input_rate)
        self._filled = now
        return self._tokens

    def _busy(self) -> bool:
        """The app has more than a few messages waiting."""
        queue = getattr(self.app, "_message_queue", None)
        return queue is not None and queue.qsize() > QUEUE_LOW and self.app.is_running

    def _driver(self) -> Any:
        driver = getattr(self.app, "_driver", None)
        return driver if hasattr(driver, "feed") else None

    async def _pump_input(self) -> None:
        """Hand the received bytes to the driver, :data:`INPUT_SLICE` at a
        time with the loop free between slices, at most ``input_rate`` keys a
        second (a bucket of ``input_burst``: a slice is let in while the bucket
        is not empty, and what it held is taken out after), and only while the
        app keeps up with what it was given."""
        rate = self.server.limits.input_rate
        while True:
            if not self._inbox:
                self._has_input.clear()
                await self._has_input.wait()
                continue
            tokens = self._bucket()
            driver = self._driver()
            if tokens <= 0 or driver is None or "output" in self._held:
                await asyncio.sleep((1 - tokens) / rate if driver and tokens <= 0 else 0.02)
                continue
            end = self._slice_end()
            chunk = bytes(self._inbox[:end])
            del self._inbox[:end]
            self._tokens -= driver.feed(chunk) + len(chunk) * BYTE_COST
            while self._busy():
                await asyncio.sleep(0.01)  # the app catches up first
            if len(self._inbox) <= INBOX_LOW:
                self._hold("input", False)
            await asyncio.sleep(0)

    # -- output: bounded, the whole screen again once the client reads -----------
    def pause_writing(self) -> None:
        """More than ``output_cap`` bytes wait for the client: the driver drops
        frames from now on, and the session reads no input and takes no window
        change (nothing to draw for a client that does not look); it is
        closed if the client never catches up."""
        self._hold("output", True)
        if self._stall is None and self.app is not None:
            self._stall = asyncio.get_running_loop().call_later(
                self.server.limits.output_stall, self._stalled)

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        self._hold("output", False)
        if self._inbox:
            self._has_input.set()
        if self._size is not None and self._resize is None:
            self._apply_resize()  # the window change held meanwhile
        driver = self._driver()
        if driver is not None and driver.stale and self.app.is_running:
            driver.stale = False
            self.app.refresh()  # the dropped frames' changes: repaint everything

    def _stalled(self) -> None:
        self._stall = None
        log(f"session of {self.connection.name} closed: its client read nothing for "
            f"{self.server.limits.output_stall:g} s")
        self._abort = True
        self.end()
        if self.app is None or not self.app.is_running:
            self._drop_connection()

    def _drop_connection(self) -> None:
        """The client does not read: its unsent output is dropped with its
        session, and its connection closed (forcibly if it reads nothing more)."""
        self.chan.abort()
        conn = self.connection.conn
        conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                        f"Closed: your client read nothing for "
                        f"{self.server.limits.output_stall:g} s.")
        asyncio.get_running_loop().call_later(5, conn.abort)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        """The first change at once; then at most one every RESIZE_EVERY
        seconds, the latest (each is a whole new layout and repaint)."""
        self._size = clamp_size(width, height)  # the pixel sizes are not used
        if self._resize is None:
            self._apply_resize()

    def _apply_resize(self) -> None:
        self._resize = None
        driver = getattr(self.app, "_driver", None) if self.app is not None else None
        if (self._size is None or driver is None or not hasattr(driver, "resize")
                or "output" in self._held):
            return
        driver.resize(*self._size)
        self._size = None
        self._resize = asyncio.get_running_loop().call_later(RESIZE_EVERY, self._apply_resize)

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
