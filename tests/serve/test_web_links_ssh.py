"""Issue 23, identity, with real SSH clients: a player with a key gets a code from
the lobby's ``b`` that links a browser to their name; a guest is told they need
a key."""

from __future__ import annotations

import re

import asyncssh

from tests.serve.sshclient import Client, start_server


async def test_b_in_the_lobby_gives_a_keyed_player_a_code_and_a_guest_a_reason():
    server = await start_server()
    server.web_links.base_url = "http://127.0.0.1:23280"
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        ana = await Client.open(server.port, "Ana", key)
        await ana.wait_for("you are Ana")
        await ana.keys("b")
        screen = await ana.wait_for("Your code: ")
        code = re.search(r"Your code: ([0-9A-Z]{4}-[0-9A-Z]{4})", screen).group(1)
        assert f"http://127.0.0.1:23280/link?code={code.replace('-', '')}" in screen
        name, token = server.web_links.redeem(code, "127.0.0.1")
        assert name == "Ana" and server.web_links.browser(token).name == "Ana"
        guest = await Client.open_keyless(server.port, "zed")
        await guest.wait_for("you are guest-")
        await guest.keys("b")
        await guest.wait_for("Only a player with an SSH key")
        assert not any(c.name.startswith("guest") for c in server.web_links.codes.values())
        for client in (ana, guest):
            await client.close()
    finally:
        await server.stop()
