"""``tideboard web``: the local picker in a browser, behind a random token."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import aiohttp
import pytest

from tests.serve.sshclient import until
from tests.serve.webclient import WebClient
from tideboard.serve.local_web import LocalDoor, new_token


@pytest.fixture
async def door():
    door = LocalDoor(new_token())
    await door.start("127.0.0.1", 0)
    yield door
    await door.stop()


async def status(url: str, **kwargs) -> tuple[int, aiohttp.ClientResponse]:
    async with aiohttp.ClientSession() as http:
        async with http.get(url, **kwargs) as response:
            await response.read()
            return response.status, response


async def test_every_request_without_the_token_is_refused(door):
    base = f"http://127.0.0.1:{door.port}"
    wrong = "x" * len(door.token)
    for path in ("/", "/static/textual.js", "/ws", f"/?token={wrong}", "/?token=", "/nothing"):
        assert (await status(base + path))[0] == 403, path
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await WebClient.open(door.port, query=f"&token={wrong}")
    assert refused.value.status == 403
    assert not door.server.sessions


async def test_the_token_opens_the_page_which_keeps_it_in_a_strict_cookie(door):
    code, response = await status(door.url)
    assert code == 200
    cookie = response.cookies[door.cookie]
    assert cookie.value == door.token
    assert cookie["httponly"] and cookie["samesite"] == "Strict"
    cookies = {door.cookie: door.token}
    assert (await status(f"http://127.0.0.1:{door.port}/static/textual.js", cookies=cookies))[
        0
    ] == 200


async def test_the_picker_in_the_browser_and_one_session_at_a_time(door):
    first = await WebClient.open(door.port, query=f"&token={door.token}")
    try:
        await first.wait_for("choose a game")
        await first.keys("q")  # keys reach it: q asks nothing in the picker, it quits
        await until(lambda: first.closed, 10)
        first = await WebClient.open(door.port, query=f"&token={door.token}")
        await first.wait_for("choose a game")
        second = await WebClient.open(door.port, query=f"&token={door.token}")
        await second.wait_for("choose a game")
        await until(lambda: first.closed, 10)
        assert "Opened in another tab." in first.output.decode()
        assert len(door.server.sessions) == 1
        await second.close()
    finally:
        await first.close()


def test_tideboard_web_prints_its_address_and_stops_on_sigterm(tmp_path):
    env = {**os.environ, "TIDEBOARD_DATA_DIR": str(tmp_path)}
    env.pop("DISPLAY", None)
    process = subprocess.Popen(
        [sys.executable, "-c", "from tideboard.cli import run; run()", "web", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("tideboard web: open http://127.0.0.1:"), line
        url = line.split()[-1]
        assert "?token=" in url and len(url.split("=")[-1]) >= 32
        code, _ = asyncio.run(status(url))
        assert code == 200
        assert asyncio.run(status(url.split("?")[0]))[0] == 403
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(10) == 0
