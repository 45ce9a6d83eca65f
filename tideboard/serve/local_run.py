"""Running ``tideboard web`` until Ctrl-C, SIGTERM or SIGHUP (``local_web.py``)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import webbrowser

from tideboard.serve.local_web import LocalDoor, new_token


async def serve_local(port: int, open_browser: bool, theme: str | None) -> int:
    door = LocalDoor(new_token(), theme)
    try:
        await door.start("127.0.0.1", port)
    except OSError as error:
        print(
            f"tideboard web: cannot listen on 127.0.0.1:{port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    print(f"tideboard web: open {door.url}\n(only this machine; Ctrl-C stops it)", flush=True)
    if open_browser and graphical():
        try:
            await asyncio.to_thread(webbrowser.open, door.url)
        except Exception:  # no browser here: the address is printed
            pass
    await stop.wait()
    await door.stop()
    return 0


def graphical() -> bool:
    """A graphical browser may be opened here (not a text one in this terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_local(port: int, open_browser: bool, theme: str | None) -> int:
    try:
        return asyncio.run(serve_local(port, open_browser, theme))
    except KeyboardInterrupt:  # pragma: no cover - the handler catches SIGINT
        return 130
