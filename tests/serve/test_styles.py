"""Stylesheets parsed once for the server and shared (tideboard/serve/styles.py)."""

from __future__ import annotations

import asyncio

from tideboard.serve import styles
from tests.serve.sshclient import Client, start_server


def app_of(server, name):
    return next(s.app for s in server.sessions if s.connection.name == name)


async def test_sessions_share_parsed_stylesheets_and_keep_their_own_theme():
    """Issue 12: parse stylesheets once and share them; each session's theme stays its own."""
    server = await start_server()  # its warm-up lobby parses the lobby's sheets
    parsed = len(styles._RULES)
    assert parsed > 0
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    try:
        await ana.wait_for("New table")
        await bob.wait_for("New table")
        assert len(styles._RULES) == parsed  # nothing parsed again for the same theme
        first, second = app_of(server, "ana"), app_of(server, "bob")
        assert first.stylesheet.rules[0] is second.stylesheet.rules[0]
        theme, background = second.theme, second.screen.styles.background
        await ana.keys("\x1bOQ")  # F2: ana's next theme
        for _ in range(50):
            if first.theme != theme:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert first.theme != theme
        assert first.stylesheet._variables == first.get_css_variables()
        assert first.screen.styles.background != background
        # bob's session keeps its theme and colours
        assert second.theme == theme and second.screen.styles.background == background
        assert second.stylesheet._variables["background"] != first.stylesheet._variables[
            "background"]
    finally:
        await ana.close()
        await bob.close()
        await server.stop()
