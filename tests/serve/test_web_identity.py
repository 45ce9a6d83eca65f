"""Issue #23: a browser linked to a name over the real web door (serve --web):
the code from the lobby's b, the /link page's cookie, the lobby under that
name; unlinking ends the browser's session (serve/server.py wires the door to
serve/web_links.py)."""

from __future__ import annotations

import aiohttp

from tests.serve.sshclient import until
from tests.serve.webclient import WebClient, start_web_server
from tideboard.serve import storage
from tideboard.serve.server import public_url
from tideboard.serve.web_links import COOKIE


def test_the_links_point_at_the_door_or_the_proxys_origin():
    assert public_url("127.0.0.1", 8080, ()) == "http://127.0.0.1:8080"
    assert public_url("::1", 8080, ()) == "http://[::1]:8080"
    assert public_url("0.0.0.0", 8080, ()) == "http://<this server's address>:8080"
    assert public_url("127.0.0.1", 8080, ["https://games.example.org"]) == (
        "https://games.example.org"
    )


async def test_a_linked_browser_plays_under_its_name_until_it_is_unlinked():
    server = await start_web_server()
    try:
        port = server.web.port
        storage.claim(server.store, "ana", "SHA256:ana")  # (ana has a key)
        links = server.web_links
        assert links.base_url == f"http://127.0.0.1:{port}"  # the link the lobby shows
        code = links.make_code("ana")
        async with aiohttp.ClientSession() as http:
            async with http.post(
                f"http://127.0.0.1:{port}/link",
                data={"code": code},
                headers={"Origin": f"http://127.0.0.1:{port}"},
                allow_redirects=False,
            ) as response:
                assert response.status == 303
                token = response.cookies[COOKIE].value
        browser = await WebClient.open(port, Cookie=f"{COOKIE}={token}")
        guest = await WebClient.open(port)  # no cookie: a guest
        try:
            await browser.wait_for("you are ana")
            await guest.wait_for("you are guest-")
            assert links.revoke("ana") == 1
            await until(lambda: not any(s.connection.name == "ana" for s in server.sessions))
            assert any(s.connection.name.startswith("guest-") for s in server.sessions)
        finally:
            await browser.close()
            await guest.close()
    finally:
        await server.stop()
