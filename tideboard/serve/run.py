"""Running the server until SIGTERM, SIGINT or SIGHUP (the terminal it ran in
closed): each stops it in order, every move's write done."""

from __future__ import annotations

import asyncio
import gc
import signal
import sys
from pathlib import Path
from typing import Any

import attrs

from tideboard.serve.server import Limits, Server, log

# The collector's thresholds for a server holding many sessions (Python's are
# 700, 10, 10).  Every redraw leaves objects that live until the session's next
# redraw; with the defaults enough of them outlive two young collections that a
# full collection (every object of every session: ~250 ms at 100 sessions on
# the 2-core machine) ran every second or so, and every key pressed during one
# waited for it.  Young collections every 10,000 allocations let most of them
# die young; full ones come after 20 x 100 young ones (and Python's own rule:
# only once a quarter more objects have survived since the last).
GC_THRESHOLDS = (10_000, 20, 100)


def tune_gc() -> None:
    """After the server's start: what is alive now (the modules, the parsed
    stylesheets) is never scanned again, and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


@attrs.frozen
class WebOptions:
    """The browser door's (``--web``): where it listens, the other origins
    allowed, and whether a reverse proxy says who the browsers are."""

    host: str
    port: int
    origins: tuple[str, ...] = ()
    proxied: bool = False  # behind a reverse proxy: addresses from X-Forwarded-For


async def serve_until_stopped(
    host: str,
    port: int,
    data_dir: Path,
    limits: Limits,
    grace: float,
    bot_delay: float,
    web: WebOptions | None = None,
) -> int:
    try:
        server = Server(data_dir, limits, grace=grace, bot_delay=bot_delay)
    except Exception as error:
        log(f"cannot start: {error}")
        return 1
    try:
        await server.start(host, port)
    except OSError as error:
        log(f"cannot listen on {host}:{port}: {error.strerror or error}")
        server.store.close()
        return 1
    if web is not None:
        try:
            await server.start_web(web.host, web.port, origins=web.origins, proxied=web.proxied)
        except OSError as error:
            log(f"cannot listen on {web.host}:{web.port}: {error.strerror or error}")
            await server.stop()
            return 1
    tune_gc()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    print(
        f"tideboard serve: listening on {host} port {server.port}; host key "
        f"{server.fingerprint}; data in {data_dir}",
        flush=True,
    )
    if server.web is not None:
        print(
            f"tideboard serve: browsers at http://{_url_host(web.host if web else host)}:"
            f"{server.web.port}/",
            flush=True,
        )
    await stop.wait()
    log("stopping")
    await server.stop()
    unsaved = [t.id for t in server.room.tables.values() if t.save_error is not None]
    if unsaved:
        log(
            f"stopped; NOT saved completely (the moves saved before are kept): "
            f"table {', '.join(unsaved)}"
        )
        return 1
    log("stopped; every table is saved")
    return 0


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def run_server(*args: Any, **kwargs: Any) -> int:
    """The server (``serve_until_stopped``'s arguments) until it is stopped."""
    try:
        return asyncio.run(serve_until_stopped(*args, **kwargs))
    except KeyboardInterrupt:  # pragma: no cover - the handler catches SIGINT
        sys.stderr.write("Interrupted.\n")
        return 130
