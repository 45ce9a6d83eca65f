"""The SSH server: host key, identities, limits, and one app per session
(connections in ``connection.py``, sessions in ``session.py``).

- The host key is made on the first start and kept in the data folder
  (``ssh_host_ed25519_key``, readable by its owner only).
- A player is their SSH user name and their public key: a name (compared
  without case) belongs to the first key used with it (``storage.claim``)
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
import os
import random
import time
from pathlib import Path
from typing import Any

import asyncssh

from tideboard.engine import thinking
from tideboard.engine.plurals import plural
from tideboard.serve import storage
from tideboard.serve.connection import Connection
from tideboard.serve.limits import GUEST, NAME, Limits, address_key, log  # noqa: F401
from tideboard.serve.session import Session  # noqa: F401  (what tests import from here)
from tideboard.serve.tables import GRACE, Room, ident
from tideboard.serve.transport import Terminal
from tideboard.serve.web_links import WebLinks
from tideboard.store.games import Store

HOST_KEY_FILE = "ssh_host_ed25519_key"


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


def public_url(host: str, port: int, origins: Any) -> str:
    """Where players' browsers reach the web door (the links the lobby shows): the
    first ``--web-origin`` (a proxy's public address), else this host and port."""
    if origins:
        return str(next(iter(origins)))
    if host in ("", "0.0.0.0", "::"):
        host = "<this server's address>"
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


class Server:
    """The room, the store and every session of one ``tideboard serve``."""

    def __init__(
        self,
        data_dir: Path,
        limits: Limits = Limits(),
        grace: float = GRACE,
        bot_delay: float = 0.6,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.limits = limits
        self.store = Store.open(self.data_dir / "tideboard.db", import_autosaves=False)
        for warning in self.store.warnings:  # a store others can read (and we cannot fix)
            log(warning)
        self.room = Room(
            self.store, grace=grace, bot_delay=bot_delay, max_open=limits.max_open_tables
        )
        self.room.idle = limits.idle  # (serve/idle.py)
        self.web_links = WebLinks(self.store)  # browsers linked to names (base_url: the web door)
        self.key = host_key(self.data_dir)
        self.sessions: set[Terminal] = set()  # SSH's (Session) and browsers' (WebSession)
        self.recent: dict[str, collections.deque[float]] = {}  # address -> last minute's
        self._pruned = float("-inf")
        self.acceptor: Any = None
        self.port = 0
        self._idle_task: asyncio.Task | None = None
        self.web: Any = None  # the browser door (serve/web.py), once started

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint()

    async def start(self, host: str, port: int) -> None:
        for note in self.room.load():
            log(note)
        from tideboard.serve.app import warm_up

        await warm_up(self.room)
        self.acceptor = await asyncssh.create_server(
            lambda: Connection(self),
            host,
            port,
            server_host_keys=[self.key],
            encoding=None,
            line_editor=False,
            keepalive_interval=30,
            login_timeout=30,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
        )
        self.port = self.acceptor.sockets[0].getsockname()[1]
        self._idle_task = asyncio.create_task(self._watch_idle())

    async def start_web(self, host: str, port: int, **door: Any) -> None:
        """Browsers too, at ``host:port`` (after :meth:`start`): ``door`` is
        ``WebDoor``'s (``origins``, ``identify``, ``extra_routes``)."""
        from tideboard.serve.web import WebDoor

        links = self.web_links  # a browser linked to a name plays as that name
        door.setdefault("identify", links.identify)
        door.setdefault("extra_routes", links.routes())
        self.web = WebDoor(self, **door)
        await self.web.start(host, port)
        links.trust_proxy = bool(door.get("proxied"))
        links.base_url = public_url(host, self.web.port, door.get("origins") or ())
        web = self.web
        links.on_revoked(lambda name, ids: web.recheck("This browser was unlinked from its name."))

    async def stop(self) -> None:
        """Stop accepting, end every session, wait for the moves' writes still
        running (Room.shutdown) and close the store."""
        if self.acceptor is not None:
            self.acceptor.close()
        if self._idle_task is not None:
            self._idle_task.cancel()
        for session in list(self.sessions):
            session.end("The server is stopping; your tables are saved. Come back later.")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=3)
        if self.web is not None:
            await self.web.stop()
        self.room.shutdown()
        thinking.shutdown()  # (the bots' pool: started again by the next expert's move)
        self.store.close()

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count a new connection from ``address``; False past the limit.
        Addresses not seen for a minute are forgotten (at most a minute later)."""
        now = time.monotonic() if now is None else now
        if now - self._pruned > 60:
            self._pruned = now
            for old in [a for a, times in self.recent.items() if not times or now - times[-1] > 60]:
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
            name = f"guest-{random.randrange(10 ** (digits - 1), 10**digits)}"
            if name in taken:
                continue
            try:
                stored = storage.owner(self.store, name)
            except Exception:  # a store that cannot be read: keyed names cannot be guests
                stored = None
            if stored is None:
                return name
        raise RuntimeError("no guest name left")  # pragma: no cover

    def refusal(self, name: str, fingerprint: str) -> tuple[str, str] | None:
        """Why the key ``fingerprint`` may not play as ``name``, and what to do
        instead (None: it may)."""
        if GUEST.match(name):
            return (
                f"The name {name} is kept for players without a key",
                "choose another name: ssh OTHER@host",
            )
        if NAME.match(name):
            pinned = storage.pinned_key(self.store, name)
            if pinned is not None and pinned != fingerprint:
                return (
                    f"The name {name} belongs to another SSH key",
                    f"the first key used with it, not this one ({fingerprint}). "
                    f"Connect with {name}'s key, or choose another name: ssh OTHER@host",
                )
        return None

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(min(10.0, self.limits.lobby_idle / 4))
            now = time.monotonic()
            for session in list(self.sessions):
                if session.in_lobby() and now - session.last_input > self.limits.lobby_idle:
                    session.end(
                        f"Closed after {_duration(self.limits.lobby_idle)} idle in the lobby."
                    )


def _duration(seconds: float) -> str:
    """ "15 minutes", "1 minute", "30 seconds"."""
    if seconds >= 60:
        return plural(round(seconds / 60), "minute")
    return plural(max(1, round(seconds)), "second")
