"""One SSH terminal session (asyncssh's ``SSHServerSession``): the SSH door of
a :class:`~tideboard.serve.transport.Terminal`, which runs its
:class:`ServeApp` drawn to the channel, its input sliced and rated, its
output capped (the same for a browser's session: ``web.py``).

- A session without a terminal (a command, ``-T``) or a subsystem gets one line
  and exit status 1; the per-name and per-address limits are checked here.
- Every window size the client sends is clamped and changes are throttled
  (``transport.RESIZE_EVERY``); its input is read only while the app keeps up
  (the channel's reading paused), and a client over the output cap for
  ``Limits.output_stall`` seconds is disconnected.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh

from tideboard.serve.limits import NO_TERMINAL, log
from tideboard.serve.transport import Terminal

ENV_KEPT = ("TERM", "COLORTERM", "NO_COLOR")  # the client's variables the session reads


class Session(Terminal, asyncssh.SSHServerSession):
    """One SSH terminal session: a :class:`ServeApp` drawn to its channel."""

    def __init__(self, server: Any, connection: Any) -> None:
        super().__init__(server, connection)
        self.chan: Any = None
        self.pty = False
        self.command: str | None = None

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
        connection = self.connection
        if not self.pty or self.command is not None:
            self._refuse(NO_TERMINAL)
            return
        if not connection.name and connection.note:
            self._refuse(f"{connection.note}\r\n")
            return
        refusal = self.refusal()
        if refusal is not None:
            self._refuse(f"{refusal}\r\n")
            return
        try:
            given = self.chan.get_environment() or {}
            env = {key: str(given[key])[:64] for key in ENV_KEPT if key in given}
            env["TERM"] = (self.chan.get_terminal_type() or env.get("TERM", ""))[:64]
            width, height = self.chan.get_terminal_size()[:2]
            self.start_app(self.chan, (width, height), env)
        except Exception as error:  # never the server's: this session only
            log(f"session of {connection.name} could not start: {error!r}")
            self._refuse("Sorry: the session could not start.\r\n")

    def _refuse(self, message: str) -> None:
        self.chan.write(message.encode())
        self.chan.exit(1)
        self.connection.session_ended()

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.received(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.resized(width, height)  # the pixel sizes are not used

    def eof_received(self) -> bool:
        self.end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    # -- what the Terminal asks of its door ----------------------------------------
    def hold_reading(self, held: bool) -> None:
        """The channel's reading paused: the client's SSH window fills."""
        if held:
            self.chan.pause_reading()
        else:
            self.chan.resume_reading()

    def finish(self, status: int) -> None:
        self.chan.exit(status)

    def drop(self) -> None:
        """The client does not read: its unsent output is dropped with its
        session, and its connection closed (forcibly if it reads nothing more)."""
        self.chan.abort()
        conn = self.connection.conn
        conn.disconnect(
            asyncssh.DISC_BY_APPLICATION,
            f"Closed: your client read nothing for {self.server.limits.output_stall:g} s.",
        )
        asyncio.get_running_loop().call_later(5, conn.abort)

    def ended(self) -> None:
        self.connection.session_ended()
