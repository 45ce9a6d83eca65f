"""A browser session's channel: what its driver (``driver.SSHDriver``) writes
to, sent over its WebSocket.

The driver writes synchronously (``write(bytes)``), as to an SSH channel; one
writer task sends what has piled up since its last send as one binary frame
(a frame Textual writes in several pieces goes as one message), and text
messages (a ``pong``) in their turn.  ``get_write_buffer_size()`` is what is
not sent yet plus what the socket has not sent, so the driver drops frames
past the cap as it does for an SSH client that does not read; the session is
told when the unsent output goes over ``cap`` and back under a quarter of it
(``pause_writing`` / ``resume_writing``, as asyncssh tells an SSH session).
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

from tideboard.serve.limits import log

CLOSE_NORMAL, CLOSE_ERROR = 1000, 1011  # WebSocket close codes


class WebChannel:
    """The output side of one browser session's WebSocket."""

    def __init__(self, ws: Any, transport: Any, cap: int, listener: Any) -> None:
        self._ws = ws
        self._transport = transport  # the request's (its unsent bytes count too)
        self._cap = cap
        self._listener = listener  # told pause_writing / resume_writing
        self._queue: collections.deque[bytearray | str] = collections.deque()
        self._pending = 0  # bytes in the queue
        self._paused = False
        self._closing: tuple[int, str] | None = None
        self._wake = asyncio.Event()
        self._closed = False
        self.task = asyncio.create_task(self._send())

    # -- what the driver calls ------------------------------------------------------
    def write(self, data: bytes) -> None:
        if self._closed or self._closing is not None or not data:
            return
        if self._queue and isinstance(self._queue[-1], bytearray):
            self._queue[-1] += data
        else:
            self._queue.append(bytearray(data))
        self._pending += len(data)
        self._wake.set()
        self._check()

    def get_write_buffer_size(self) -> int:
        try:
            return self._pending + self._transport.get_write_buffer_size()
        except Exception:  # no transport (closed)
            return self._pending

    # -- what the session calls -----------------------------------------------------
    def send_text(self, text: str) -> None:
        """A text message (JSON for textual.js), after the output before it."""
        if self._closed or self._closing is not None:
            return
        self._queue.append(text)
        self._pending += len(text)
        self._wake.set()

    def close(self, code: int = CLOSE_NORMAL, reason: str = "") -> None:
        """Close the socket once everything queued is sent."""
        if self._closing is None and not self._closed:
            self._closing = (code, reason.encode()[:120].decode("utf-8", "ignore"))
            self._wake.set()

    def abort(self) -> None:
        """Close at once, dropping what is not sent (a client that reads nothing)."""
        self._closed = True
        self.task.cancel()
        self._queue.clear()
        self._pending = 0
        if self._transport is not None:
            self._transport.abort()

    # -- the writer task -----------------------------------------------------------
    async def _send(self) -> None:
        ws = self._ws
        try:
            while True:
                if not self._queue:
                    if self._closing is not None:
                        code, reason = self._closing
                        await ws.close(code=code, message=reason.encode())
                        return
                    self._wake.clear()
                    if self._paused:  # the socket's own buffer drains unseen: look again
                        try:
                            await asyncio.wait_for(self._wake.wait(), 0.25)
                        except TimeoutError:
                            self._check()
                    else:
                        await self._wake.wait()
                    continue
                item = self._queue.popleft()
                if isinstance(item, str):
                    await ws.send_str(item)
                else:
                    await ws.send_bytes(bytes(item))
                self._pending -= len(item)
                self._check()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the socket is gone: nothing more to send
            if not isinstance(error, ConnectionError):
                log(f"a browser's socket failed: {error!r}")
        finally:
            self._closed = True
            self._queue.clear()
            self._pending = 0

    def _check(self) -> None:
        """Tell the session when the unsent output crosses the cap (or comes
        back under a quarter of it)."""
        size = self.get_write_buffer_size()
        if not self._paused and size > self._cap:
            self._paused = True
            self._listener.pause_writing()
        elif self._paused and size <= self._cap // 4:
            self._paused = False
            self._listener.resume_writing()
