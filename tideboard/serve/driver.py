"""A Textual driver over an SSH channel: one per session, all in the server's
event loop (see "Serving over SSH" in docs/architecture.md).

Output: every frame Textual writes goes to the channel as UTF-8, while the
channel's unsent output stays under ``app.ssh_output_cap`` bytes; past it the
frames are dropped (the client does not read them) and :attr:`SSHDriver.stale`
is set, so the session repaints the whole screen once the client catches up.
Input: the session hands the channel's bytes to :meth:`SSHDriver.feed` in
small slices, which decodes them and runs Textual's xterm parser (the one its
own drivers use) and posts the events to the app.  The window size comes from
the SSH channel's window change requests (:meth:`resize`), clamped to
:data:`MIN_SIZE` .. :data:`MAX_SIZE` like every size a client sends.
"""

from __future__ import annotations

import asyncio
import codecs
from typing import Any

from textual import events
from textual.driver import Driver
from textual.geometry import Size

from tideboard.ui.textual_compat import SYNC_END, SYNC_START, XTermParser, parser_waits

ESCAPE_TICK = 0.1  # seconds: a lone Esc is a key once nothing follows it
MIN_SIZE = (20, 6)  # columns, rows: the smallest window drawn
MAX_SIZE = (300, 100)  # the largest: a bigger window is drawn at this size (a whole
# repaint at 300x100 takes ~60 ms of the server's one loop, at 500x200 ~120 ms)
OUTPUT_CAP = 256 * 1024  # bytes of unsent output past which frames are dropped


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A client's window size within :data:`MIN_SIZE` .. :data:`MAX_SIZE`
    (0, "unknown", is 80x24)."""
    width, height = int(width) or 80, int(height) or 24
    return (min(max(width, MIN_SIZE[0]), MAX_SIZE[0]), min(max(height, MIN_SIZE[1]), MAX_SIZE[1]))


class SSHDriver(Driver):
    """Draws to ``app.ssh_channel`` and reads what the session feeds it; once
    built (by the app, as it starts) it is ``app.ssh_driver``, where the
    session finds it."""

    def __init__(
        self,
        app: Any,
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        # the client's size from the start: the app lays out its first screen
        # once, at that size (no Resize event to follow it)
        super().__init__(app, debug=debug, mouse=mouse, size=clamp_size(*(size or app.ssh_size)))
        self.app = app
        self._channel = app.ssh_channel
        self.output_cap: int = getattr(app, "ssh_output_cap", OUTPUT_CAP)
        self.stale = False  # a frame was dropped: the client's screen is out of date
        self.dropped = 0  # frames dropped so far
        self._synced = False  # an update's start was written, its end is to follow
        self._parser = XTermParser()
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._input = False
        self._closed = False
        app.ssh_driver = self

    def write(self, data: str) -> None:
        if self._closed:
            return
        try:
            if data == SYNC_END:  # an update's end goes where its start went
                if not self._synced:
                    return
                self._synced = False
            elif self._backlog() > self.output_cap:
                # the client is not reading: this would only pile up here
                if data != SYNC_START:
                    self.stale = True
                    self.dropped += 1
                return
            elif data == SYNC_START:
                self._synced = True
            self._channel.write(data.encode("utf-8"))
        except Exception:  # the channel is gone: nothing more to draw
            self._closed = True

    def _backlog(self) -> int:
        size = getattr(self._channel, "get_write_buffer_size", None)
        return size() if size is not None else 0

    def start_application_mode(self) -> None:
        self._input = True
        self.write("\x1b[?1049h")  # alternate screen
        self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")  # mouse, SGR
        self.write("\x1b[?25l\x1b[?2004h\x1b[?7l")  # no cursor, bracketed paste, no wrap

    def disable_input(self) -> None:
        self._input = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")

    def close(self) -> None:
        self._closed = True

    # -- input ----------------------------------------------------------------
    def _post(self, message: Any) -> None:
        message.set_sender(self.app)
        self.app.post_message(message)

    def send_message(self, message: Any) -> None:
        # we run in the app's own event loop: post directly, no thread hand-off
        self.app.post_message(message)

    def feed(self, data: bytes) -> float:
        """Bytes from the client: parsed into Textual events for the app.
        Returns what they cost: one a key, click or paste, a tenth a mouse move."""
        if not self._input:
            return 0.0
        cost = 0.0
        text = self._decode(data)
        if text:
            for event in self._parser.feed(text):
                cost += 0.1 if isinstance(event, events.MouseMove) else 1.0
                self.process_message(event)
        if self._tick is None and parser_waits(self._parser):
            self._tick = asyncio.get_running_loop().call_later(ESCAPE_TICK, self._on_tick)
        return cost

    def _on_tick(self) -> None:
        self._tick = None
        if not self._input:
            return
        for event in self._parser.tick():
            self.process_message(event)
        if parser_waits(self._parser):
            self._tick = asyncio.get_running_loop().call_later(ESCAPE_TICK, self._on_tick)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size (clamped)."""
        if self._input:
            size = Size(*clamp_size(width, height))
            self._post(events.Resize(size, size))
