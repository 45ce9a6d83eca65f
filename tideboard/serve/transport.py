"""One player's session whatever door it came in by (SSH: ``session.py``, a
browser's WebSocket: ``web.py``): its :class:`ServeApp`, its limits, its input
sliced and rated, its output capped, its window changes throttled.

A door gives the session a *link*, the object the app's driver writes to
(``write(bytes)``, ``get_write_buffer_size()``; an SSH channel, or
``web_channel.WebChannel``), and tells it what the client did: bytes typed
(:meth:`Terminal.received`), a window size (:meth:`Terminal.resized`), the
link's output over or back under its cap (:meth:`Terminal.pause_writing`,
:meth:`Terminal.resume_writing`), the client gone (:meth:`Terminal.end`).  The
door does what only it can: stop or resume reading its client
(:meth:`Terminal.hold_reading`), close normally (:meth:`Terminal.finish`) or
drop a client that reads nothing (:meth:`Terminal.drop`).

- The per-name and per-address limits and ``max_sessions`` count every
  session of the server, whatever its door (:meth:`Terminal.refusal`).
- Every window size is clamped (``driver.clamp_size``) and changes are
  applied at most every ``RESIZE_EVERY`` seconds.
- Input is parsed ``INPUT_SLICE`` bytes at a time with the loop free between
  slices, at most ``Limits.input_rate`` keys a second; reading stops while the
  session's queue, its app or its unsent output is full.
- Output past ``Limits.output_cap`` is dropped (the whole screen repainted when
  the client reads again); ``Limits.output_stall`` seconds over it close the
  session.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tideboard.serve.driver import clamp_size
from tideboard.serve.limits import NAME, log
from tideboard.serve.tables import ident
from tideboard.serve.your_move import first_table

QUEUE_LOW = 8  # app messages waiting past which a session's input waits for its app
INPUT_SLICE = 16  # bytes of input parsed at a time; the loop runs the others between
INBOX_HIGH, INBOX_LOW = 16384, 4096  # bytes received, not yet parsed: pause / resume reading
BYTE_COST = 1 / 256  # keys a byte of input costs besides its events (garbage is not free)
RESIZE_EVERY = 0.5  # seconds: a session's window changes are applied at most this often


class Terminal:
    """A session's app and the flow of its input and output, for any door.

    ``connection`` is who it is: ``name``, ``address`` (as the per-address
    limits count it), ``guest`` and ``note`` (why a guest, told in the lobby)."""

    def __init__(self, server: Any, connection: Any) -> None:
        self.server = server
        self.connection = connection
        self.app: Any = None
        self.link: Any = None  # what the app's driver writes to (start_app)
        self.task: asyncio.Task | None = None
        self.last_input = time.monotonic()
        self.goodbye: str | None = None
        self._held: set[str] = set()  # why the client is not read: "input", "output"
        self._inbox = bytearray()  # received, not yet parsed
        self._has_input = asyncio.Event()
        self._pump: asyncio.Task | None = None
        self._stall: asyncio.TimerHandle | None = None
        self._abort = False  # end by dropping the client (it does not read)
        self._size: tuple[int, int] | None = None  # the latest window size asked for
        self._tokens = float(server.limits.input_burst)  # the input bucket: keys allowed now
        self._filled = time.monotonic()
        self._resize: asyncio.TimerHandle | None = None

    # -- what the door does -----------------------------------------------------------
    def hold_reading(self, held: bool) -> None:
        """Stop (True) or resume reading the client."""

    def finish(self, status: int) -> None:
        """The app is over (its goodbye written): close, exit ``status``."""

    def drop(self) -> None:
        """The client reads nothing: close it, its unsent output dropped."""

    def ended(self) -> None:
        """The session is over (after :meth:`finish` or :meth:`drop`)."""

    # -- starting -----------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why this session may not start (a sentence), or None: a name that is
        not one, the server full, or the name's or the address's sessions at
        their limits (every door's sessions counted together)."""
        connection, server = self.connection, self.server
        name, limits = connection.name, server.limits
        if not NAME.match(name):
            return (
                "Your user name is your player name: letters, digits, '.', '_' "
                "or '-', up to 24, e.g. ssh ana@host."
            )
        if len(server.sessions) >= limits.max_sessions:
            return "The server is full; try again later."
        if sum(ident(s.connection.name) == ident(name) for s in server.sessions) >= limits.per_name:
            return (
                f"{name} has {limits.per_name} sessions open already, the most one "
                "player may have; leave one first."
            )
        if (
            sum(s.connection.address == connection.address for s in server.sessions)
            >= limits.per_address
        ):
            return (
                f"Your address has {limits.per_address} sessions open already, the "
                "most one address may have; leave one first."
            )
        return None

    def new_app(self, link: Any, size: tuple[int, int], env: dict[str, str]) -> Any:
        """The player's app (the lobby first, or the table waiting for them)."""
        from tideboard.serve.app import ServeApp

        room, name = self.server.room, self.connection.name
        return ServeApp(room, name, link, size, env, table_id=first_table(room, name))

    def touched(self) -> None:
        """The player pressed something (an idle player is back: serve/idle.py)."""
        self.server.room.touched(self.connection.name)

    def start_app(self, link: Any, size: tuple[int, int], env: dict[str, str]) -> None:
        """The player's app drawn to ``link`` at ``size`` (clamped), with the
        colours ``env`` says; it runs, and the input pump with it."""
        self.link = link
        self.app = self.new_app(link, clamp_size(*size), env)
        self.app.ssh_output_cap = self.server.limits.output_cap
        # the linked browsers (the lobby's b: serve/web_links.py), for either door's player
        self.app.web_links = getattr(self.server, "web_links", None)
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
                    self.drop()
                else:
                    if self.goodbye:
                        self.link.write(f"{self.goodbye}\r\n".encode())
                    self.finish(status)
            except Exception:
                pass
            self.ended()

    # -- input: bounded slices at a bounded rate ----------------------------------
    def received(self, data: bytes) -> None:
        """Bytes the client typed."""
        self.last_input = time.monotonic()
        if self.app is None:
            return
        self.touched()
        driver = self._driver()
        if (
            not self._inbox
            and len(data) <= INPUT_SLICE
            and driver is not None
            and not self._held
            and self._bucket() > 0
            and not self._busy()
        ):
            # a key or two (the usual case): parsed at once
            self._tokens -= driver.feed(data) + len(data) * BYTE_COST
            return
        self._inbox += data
        self._has_input.set()
        if len(self._inbox) > INBOX_HIGH:
            self._hold("input", True)  # the client's window fills: it slows itself

    def _hold(self, reason: str, held: bool) -> None:
        """Stop reading the client while any reason holds (its SSH window or
        TCP window then fills, and it can send no more)."""
        before = bool(self._held)
        if held:
            self._held.add(reason)
        else:
            self._held.discard(reason)
        if before != bool(self._held):
            try:
                self.hold_reading(bool(self._held))
            except Exception:  # the client is gone
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
        self._tokens = min(
            limits.input_burst, self._tokens + (now - self._filled) * limits.input_rate
        )
        self._filled = now
        return self._tokens

    def spend(self, keys: float) -> bool:
        """Take ``keys`` from the input bucket for something besides typing (a
        browser's ping); False (nothing taken) when it is empty."""
        if self._bucket() <= 0:
            return False
        self._tokens -= keys
        return True

    def _busy(self) -> bool:
        """The app has more than a few messages waiting."""
        return self.app.message_queue_size > QUEUE_LOW and self.app.is_running

    def _driver(self) -> Any:
        return getattr(self.app, "ssh_driver", None)

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
                self.server.limits.output_stall, self._stalled
            )

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
        log(
            f"session of {self.connection.name} closed: its client read nothing for "
            f"{self.server.limits.output_stall:g} s"
        )
        self._abort = True
        self.end()
        if self.app is None or not self.app.is_running:
            self.drop()

    # -- the window ---------------------------------------------------------------
    def resized(self, width: int, height: int) -> None:
        """The client's window size: the first change at once; then at most one
        every RESIZE_EVERY seconds, the latest (each is a whole new layout and
        repaint)."""
        self._size = clamp_size(width, height)
        if self._resize is None:
            self._apply_resize()

    def _apply_resize(self) -> None:
        self._resize = None
        driver = self._driver()
        if self._size is None or driver is None or "output" in self._held:
            return
        driver.resize(*self._size)
        self._size = None
        self._resize = asyncio.get_running_loop().call_later(RESIZE_EVERY, self._apply_resize)

    # -- ending -------------------------------------------------------------------
    def in_lobby(self) -> bool:
        app = self.app
        return app is not None and app.is_running and len(app.screen_stack) == 1

    def end(self, goodbye: str | None = None) -> None:
        if goodbye and not self.goodbye:
            self.goodbye = goodbye
        if self.app is not None and self.app.is_running:
            self.app.exit()
