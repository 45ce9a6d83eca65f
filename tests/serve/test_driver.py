"""The SSH driver turns the bytes a session feeds it into the app's events
(tideboard/serve/driver.py), a lone Esc included once nothing follows it."""

from __future__ import annotations

import asyncio

from textual import events

from tideboard.serve.driver import ESCAPE_TICK, SSHDriver


class _Channel:
    def __init__(self) -> None:
        self.written = b""

    def write(self, data: bytes) -> None:
        self.written += data


class _App:
    """What the driver uses of its app."""

    def __init__(self) -> None:
        self.ssh_channel = _Channel()
        self.ssh_size = (80, 24)
        self.ssh_driver = None
        self.posted: list = []

    def post_message(self, message) -> bool:
        self.posted.append(message)
        return True

    def keys(self) -> list[str]:
        return [m.key for m in self.posted if isinstance(m, events.Key)]


async def test_the_driver_is_the_apps_ssh_driver_and_posts_each_key():
    app = _App()
    driver = SSHDriver(app)
    assert app.ssh_driver is driver  # where the session finds it
    driver.start_application_mode()
    assert driver.feed(b"\x1b[B\x1b[Bq") == 3
    assert app.keys() == ["down", "down", "q"]


async def test_a_lone_escape_is_a_key_once_nothing_follows_it():
    app = _App()
    driver = SSHDriver(app)
    driver.start_application_mode()
    driver.feed(b"\x1b")
    assert app.keys() == []  # perhaps the start of a sequence
    await asyncio.sleep(ESCAPE_TICK * 3)
    assert app.keys() == ["escape"]
    driver.feed(b"\x1b")
    driver.feed(b"[A")  # the rest of the sequence, in a later write
    await asyncio.sleep(ESCAPE_TICK * 3)
    assert app.keys() == ["escape", "up"]


async def test_no_input_before_application_mode_nor_after_it():
    app = _App()
    driver = SSHDriver(app)
    assert driver.feed(b"q") == 0
    driver.start_application_mode()
    driver.feed(b"\x1b")
    driver.stop_application_mode()  # the tick waiting for the Esc is cancelled
    await asyncio.sleep(ESCAPE_TICK * 3)
    assert app.keys() == []
