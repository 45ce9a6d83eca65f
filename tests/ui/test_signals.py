"""SIGTERM and SIGHUP end ``tideboard play`` as its Quit does (issue #19): the
saves still running on the store's writer thread are waited for, the terminal
is restored, and the exit status is 128 + the signal (tideboard/ui/signals.py).
A real app on a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from tideboard.store.games import Store

ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def _read_until(master: int, wanted: bytes, seconds: float) -> bytes:
    """What the app draws until ``wanted`` is among it (its escapes left out)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in ESCAPES.sub(b"", seen) and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
    return seen


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_app_with_every_move_saved_and_the_terminal_restored(tmp_path, signum):
    env = dict(
        os.environ,
        TIDEBOARD_DATA_DIR=str(tmp_path),
        TERM="xterm-256color",
        COLUMNS="80",
        LINES="24",
    )
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tideboard",
            "play",
            "shifting-stones",
            "--players",
            "1",
            "--solo",
            "--seed",
            "5",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
        start_new_session=True,
    )
    os.close(slave)
    try:
        out = _read_until(master, b"Shifting Stones", 60)
        assert b"Shifting Stones" in out, out[-500:]
        os.write(master, b"f")
        os.write(master, b"\r")  # a flip: one move
        out += _read_until(master, b"You: flip", 20)
        assert b"You: flip" in ESCAPES.sub(b"", out)
        process.send_signal(signum)
        out += _read_until(master, b"\x00never", 10)  # until the app closes the terminal
        code = process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert code == 128 + signum, out[-800:]
    assert b"\x1b[?1049l" in out  # the terminal's own screen is back
    assert b"Traceback" not in out
    with Store.open(tmp_path / "tideboard.db") as store:
        [game] = store.list(unfinished_only=False)
        assert game.moves == 1 and len(store.load_match(game.id)[0].actions) == 1
