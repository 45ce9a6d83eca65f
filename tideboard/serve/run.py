"""Running the server until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from tideboard.serve.server import Limits, Server, log


async def serve_until_stopped(host: str, port: int, data_dir: Path, limits: Limits,
                              grace: float, bot_delay: float) -> int:
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
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    print(f"tideboard serve: listening on {host} port {server.port}; host key "
          f"{server.fingerprint}; data in {data_dir}", flush=True)
    await stop.wait()
    log("stopping")
    await server.stop()
    log("stopped; every table is saved")
    return 0


def run_server(host: str, port: int, data_dir: Path, limits: Limits, grace: float,
               bot_delay: float) -> int:
    try:
        return asyncio.run(serve_until_stopped(host, port, data_dir, limits, grace, bot_delay))
    except KeyboardInterrupt:  # pragma: no cover - the handler catches SIGINT
        sys.stderr.write("Interrupted.\n")
        return 130
