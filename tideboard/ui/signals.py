"""SIGTERM and SIGHUP (``kill``, the terminal closed) end the app the way its
Quit does: the game screens close, their saves still running on the store's
writer thread are waited for (ui/shared/saving.py), the terminal is restored,
and the command exits 128 + the signal's number, as a shell reports it.

Without this the default action would end the process at once, losing the
move whose write had not reached the disk yet (docs/saves.md).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from typing import Any

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def end_on_signals(app: Any) -> Iterator[None]:
    """While the block runs (``app.run()``), SIGTERM and SIGHUP ask ``app`` to exit."""
    import asyncio

    def ask_to_exit(signum: int, frame: Any) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # before the app's loop or after it: nothing to close
            raise SystemExit(128 + signum) from None
        # (a signal handler may interrupt the loop anywhere: only this call
        # is safe there; the exit itself runs on the loop)
        loop.call_soon_threadsafe(lambda: app.exit(return_code=128 + signum))

    previous = {}
    try:
        for signum in SIGNALS:
            previous[signum] = signal.signal(signum, ask_to_exit)
    except ValueError:  # not the main thread (tests): signals are not ours
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
