"""A session draws in the colours its client's terminal says it has (TERM,
COLORTERM, NO_COLOR), and F4 steps through the depths (tideboard/serve/app.py)."""

from __future__ import annotations

import asyncio
import re

from tests.serve.sshclient import Client, start_server
from tideboard.serve.app import colour_depth

TRUE_COLOUR = re.compile(rb"\x1b\[[0-9;]*?[34]8;2;(\d+);(\d+);(\d+)")


def _colours(output: bytes) -> set[tuple[int, int, int]]:
    return {tuple(map(int, m.groups())) for m in TRUE_COLOUR.finditer(output)}


def test_the_depth_comes_from_the_clients_environment():
    assert colour_depth({"TERM": "dumb"}) == "none"
    assert colour_depth({"TERM": "xterm-256color", "NO_COLOR": "1"}) == "none"
    assert colour_depth({"TERM": "xterm", "COLORTERM": "truecolor"}) == "truecolor"
    assert colour_depth({"TERM": "xterm-256color"}) == "256"
    assert colour_depth({"TERM": "vt100"}) == "standard"


async def test_no_colour_draws_in_greys_and_f4_brings_the_colours_back():
    server = await start_server()
    client = await Client.open(server.port, "ana", term="dumb")
    try:
        await client.wait_for("New table")
        await asyncio.sleep(0.2)
        greys = _colours(client.output)
        assert greys and all(r == g == b for r, g, b in greys), greys
        drawn = len(client.output)
        await client.keys("\x1bOS")  # F4: the next depth, true colour
        await client.wait_for("Colours: true colour")
        await asyncio.sleep(0.2)
        colours = _colours(client.output[drawn:])
        assert any(not r == g == b for r, g, b in colours), colours
    finally:
        await client.close()
        await server.stop()
