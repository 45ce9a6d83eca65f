"""The browser door (``tideboard serve --web``): aiohttp's client speaking
textual.js's protocol against an in-process server (no browser; the real
browser is tests/serve/test_web_browser.py)."""

from __future__ import annotations

import asyncio
import json
import random
import types

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.serve.sshclient import Client, until
from tests.serve.test_ssh import at_table, hand_on
from tests.serve.webclient import WebClient, start_web_server
from tideboard.serve.limits import GUEST
from tideboard.serve.server import Limits
from tideboard.serve.web import Visitor, WebSession
from tideboard.serve.web_channel import WebChannel


def web_sessions(server) -> list:
    return [s for s in server.sessions if isinstance(s, WebSession)]


async def ana_opens_a_table(server, ana: Client, browser):
    """ana (SSH) opens a Shifting Stones table from the lobby, and the browser
    (anything with ``wait_for``) shows it in its lobby."""
    await ana.wait_for("New table")
    await ana.keys("\r")
    await ana.wait_for("New table: Shifting Stones")
    await ana.keys("\r")
    await ana.wait_for("You sit at table")
    table = next(iter(server.room.tables.values()))
    await browser.wait_for(table.id)
    return table


async def web_table(server, ana: Client, browser: WebClient):
    """ana (SSH) opens a Shifting Stones table; the browser's guest takes the
    other seat (as tests/serve/test_ssh.py's seated_table)."""
    table = await ana_opens_a_table(server, ana, browser)
    guest = web_sessions(server)[0].connection.name
    assert GUEST.match(guest)
    await browser.keys("k", "k", "k", "\r")  # up to the open table, take the seat
    for client, name in ((browser, guest), (ana, "ana")):
        await at_table(client, table, name)
    return table


async def test_a_browser_is_a_guest_in_the_lobby_and_its_keys_reach_the_app():
    server = await start_web_server()
    browser = await WebClient.open(server.web.port)
    try:
        await browser.wait_for("New table")  # the lobby, drawn to the browser
        (session,) = web_sessions(server)
        name = session.connection.name
        assert GUEST.match(name) and session.connection.guest
        assert name in browser.text()  # told who they are
        await browser.keys("\r")  # a key: the first game's new table
        await browser.wait_for("New table: Shifting Stones")
        await browser.ping("123")
    finally:
        await browser.close()
        await server.stop()


async def test_a_browser_and_an_ssh_player_at_one_table_each_see_only_their_hand():
    server = await start_web_server()
    ana = await Client.open(server.port, "ana")
    browser = await WebClient.open(server.web.port, size=(100, 30))
    try:
        table = await web_table(server, ana, browser)
        await asyncio.sleep(0.3)
        state = table.match.state
        for client, seat in ((ana, 0), (browser, 1)):
            shown = hand_on(client.text())
            assert set(state.hands[seat]) <= shown, client.text()
            assert not set(state.hands[1 - seat]) & shown
    finally:
        await browser.close()
        await ana.close()
        await server.stop()


async def test_a_web_session_is_named_by_identify_and_counts_in_the_limits():
    """identify's name is the player's; max_sessions and per_name count both
    doors' sessions together."""
    server = await start_web_server(
        Limits(max_sessions=3, per_name=1), identify=lambda request: "ana"
    )
    ana = await Client.open(server.port, "ana")
    try:
        await ana.wait_for("New table")
        browser = await WebClient.open(server.web.port)  # ana again: one session a name
        await browser.wait_for("the most one player may have")
        await until(lambda: browser.closed, 5)
        assert browser.ws.close_code == 1008
        await browser.close()
        bob = await Client.open(server.port, "bob")
        carol = await Client.open(server.port, "carol")
        await carol.wait_for("New table")
        browser = await WebClient.open(server.web.port)
        await browser.wait_for("The server is full")
        await until(lambda: browser.closed, 5)
        assert browser.ws.close_code == 1013
        assert not web_sessions(server)
        await browser.close()
        await bob.close()
        await carol.close()
    finally:
        await ana.close()
        await server.stop()


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://127.0.0.1.evil.example", "null", ""]
)
async def test_a_websocket_from_another_origin_is_refused_with_nothing_started(origin):
    server = await start_web_server(origins=["https://games.example.org"])
    try:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await WebClient.open(server.web.port, origin=origin)
        assert refused.value.status == 403
        assert not server.sessions
        allowed = await WebClient.open(server.web.port, origin="https://games.example.org")
        await allowed.wait_for("New table")
        await allowed.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("proxied", [False, True])
async def test_behind_a_proxy_the_host_it_forwards_is_the_pages_own(proxied):
    """A proxy that sends its own Host (nginx without proxy_set_header Host)
    says the browser's in X-Forwarded-Host: trusted with --web-proxied only."""
    server = await start_web_server(proxied=proxied)
    forwarded = {"X-Forwarded-Host": "games.example.org"}
    try:
        if proxied:
            client = await WebClient.open(
                server.web.port, origin="https://games.example.org", **forwarded
            )
            await client.wait_for("New table")
            await client.close()
        else:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await WebClient.open(
                    server.web.port, origin="https://games.example.org", **forwarded
                )
            assert refused.value.status == 403
    finally:
        await server.stop()


async def test_only_the_page_its_files_and_the_websocket_are_reachable():
    server = await start_web_server()
    port = server.web.port
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 200
                body = await page.text()
                assert "/static/textual.js" in body and 'data-path="/ws"' in body
                assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
            async with http.get(f"http://127.0.0.1:{port}/static/textual.js") as script:
                assert script.status == 200
                assert len(await script.read()) > 100_000
        for path in (
            "/static/../../../../etc/passwd",
            "/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
            "/static/%2e%2e/%2e%2e/etc/passwd",
            "/static/js/textual.js",  # the package's layout is not ours
            "/static/",
            "/static",
            "/etc/passwd",
            "/download/x",
            "/templates/app_index.html",
        ):
            status, reply = await raw_get(port, path)
            assert status in (403, 404), (path, status)
            assert b"root:" not in reply
        status, _ = await raw_get(port, "/", method="POST")
        assert status == 405
    finally:
        await server.stop()


async def raw_get(port: int, path: str, method: str = "GET") -> tuple[int, bytes]:
    """The status and the reply to a request for ``path`` exactly as written
    (no client normalising its dots)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
        "Content-Length: 0\r\n\r\n".encode()
    )
    reply = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return int(reply.split(b" ", 2)[1]), reply


async def test_per_minute_counts_a_browsers_websockets():
    server = await start_web_server(Limits(per_minute=2))
    try:
        first = await WebClient.open(server.web.port)
        second = await WebClient.open(server.web.port)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await WebClient.open(server.web.port)
        assert refused.value.status == 429
        await first.close()
        await second.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("proxied", [False, True])
async def test_behind_a_proxy_the_address_it_forwards_is_the_one_counted(proxied):
    """--web-proxied: the per-address limit counts the address the proxy adds
    last to X-Forwarded-For (not the proxy's, nor what the client wrote
    before it); without it the header is ignored."""
    server = await start_web_server(Limits(per_address=1), proxied=proxied)
    clients = []
    expected = ("New table", "New table", "sessions open already")
    if not proxied:
        expected = ("New table", "sessions open already", "sessions open already")
    try:
        for forwarded, shown in zip(
            ("203.0.113.7", "198.51.100.1, 203.0.113.8", "203.0.113.7"), expected
        ):
            clients.append(await WebClient.open(server.web.port, **{"X-Forwarded-For": forwarded}))
            await clients[-1].wait_for(shown)
        assert {s.connection.address for s in server.sessions} == (
            {"203.0.113.7", "203.0.113.8"} if proxied else {"127.0.0.1"}
        )
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_a_browser_whose_link_is_revoked_is_ended_by_recheck():
    """WebDoor.recheck (what the links' revocation calls): a named browser
    whose cookie identify() no longer names is ended; the others play on."""
    linked = {"t1": "ana", "t2": "bob"}
    server = await start_web_server(
        identify=lambda request: linked.get(request.cookies.get("token", ""))
    )
    ana = await WebClient.open(server.web.port, Cookie="token=t1")
    bob = await WebClient.open(server.web.port, Cookie="token=t2")
    guest = await WebClient.open(server.web.port)
    try:
        for client in (ana, bob, guest):
            await client.wait_for("New table")
        assert {s.connection.name for s in server.sessions} >= {"ana", "bob"}
        del linked["t1"]
        assert server.web.recheck("This browser was unlinked.") == 1
        await until(lambda: ana.closed, 5)
        assert "This browser was unlinked." in ana.output.decode()
        await bob.ping("still")
        await guest.ping("here")
    finally:
        for client in (ana, bob, guest):
            await client.close()
        await server.stop()


async def test_a_session_ended_while_its_reading_is_held_lets_its_handler_return(monkeypatch):
    """A browser session ended while it is not read (its output over the cap,
    say) still ends its request: the reader is let go with the rest."""
    served = []
    serve = WebSession.serve

    async def recorded(session, width, height):
        await serve(session, width, height)
        served.append(session)

    monkeypatch.setattr(WebSession, "serve", recorded)
    server = await start_web_server()
    browser = await WebClient.open(server.web.port)
    try:
        await browser.wait_for("New table")
        (session,) = web_sessions(server)
        session.hold_reading(True)  # (what the output cap does)
        await browser.ping("one")  # read, the last: the reader waits to read more
        session.end("Bye.")
        await until(lambda: browser.closed, 5)
        await until(lambda: served, 5)
    finally:
        await browser.close()
        await server.stop()


async def test_a_stopping_server_says_so_to_its_browsers_and_closes_them():
    server = await start_web_server()
    browser = await WebClient.open(server.web.port)
    try:
        await browser.wait_for("New table")
        await asyncio.wait_for(server.stop(), 15)
        await until(lambda: browser.closed, 5)
        assert "The server is stopping" in browser.output.decode()
        assert browser.ws.close_code == 1000
    finally:
        await browser.close()


async def test_a_browser_idle_in_the_lobby_is_closed():
    server = await start_web_server(Limits(lobby_idle=0.5))
    browser = await WebClient.open(server.web.port)
    try:
        await browser.wait_for("idle in the lobby", timeout=10)
        await until(lambda: browser.closed, 5)
        assert not server.sessions
    finally:
        await browser.close()
        await server.stop()


@pytest.mark.slow
async def test_garbage_and_a_flood_of_messages_crash_nothing():
    """Random messages (not JSON, wrong shapes, binary, a huge one) from one
    browser: its session is slowed or closed, never the server; another
    browser plays on."""
    server = await start_web_server(Limits(input_rate=200))
    other = await WebClient.open(server.web.port)
    flooder = await WebClient.open(server.web.port)
    shapes = [
        "",
        "[",
        "{}",
        "[]",
        "null",
        '"stdin"',
        '["stdin"]',
        '["stdin", 5]',
        '["stdin", "\\ud800"]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": 1e308, "height": -5}]',
        '["resize", {"width": 99999999999999999999, "height": -5}]',
        '["resize", [1, 2]]',
        '["ping", {"a": 1}]',
        '["ping", "' + "x" * 100 + '"]',
        '["blur"]',
        '["focus"]',
        '["open_url", "http://x"]',
        "[" * 5000,
    ]
    rng = random.Random(7)
    try:
        await flooder.wait_for("New table")
        for n in range(600):
            if n % 50 == 0:
                await flooder.ws.send_bytes(bytes(rng.randrange(256) for _ in range(40)))
            elif n % 3 == 0:
                await flooder.send("stdin", "".join(rng.choice("jk\x1b[A?") for _ in range(8)))
            else:
                await flooder.ws.send_str(rng.choice(shapes))
        await other.wait_for("New table")
        await other.keys("\r")
        await other.wait_for("New table: Shifting Stones")
        await flooder.ws.send_str(json.dumps(["stdin", "x" * 70_000]))  # over the limit
        await until(lambda: flooder.closed, 10)
        assert flooder.ws.close_code == 1009  # too big
        await until(lambda: len(web_sessions(server)) == 1, 10)
        await other.keys("\x1b")
        await other.ping("after")
    finally:
        await flooder.close()
        await other.close()
        await server.stop()


class _Socket:
    """A WebSocket that takes what is sent (WebChannel's writer)."""

    closed = False

    async def send_bytes(self, data):
        pass

    async def send_str(self, data):
        pass

    async def close(self, **_):
        pass


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.sampled_from(["width", "height", "x"]), inner, max_size=3)
            ),
            max_leaves=12,
        ).map(json.dumps),
        st.tuples(
            st.sampled_from(["stdin", "resize", "ping", "blur", "x"]),
            st.none()
            | st.integers()
            | st.text(max_size=30)
            | st.fixed_dictionaries(
                {"width": st.integers() | st.booleans() | st.floats(), "height": st.integers()}
            ),
        ).map(lambda pair: json.dumps(list(pair))),
    )
)
def test_any_message_is_taken_or_ignored_never_raises(text):
    """Whatever a browser sends, a session takes what it means (typing as
    bytes, a window size as whole numbers, a short ping) and ignores the rest."""
    typed, sizes = [], []

    async def take() -> None:
        server = types.SimpleNamespace(limits=Limits(), sessions=set())
        session = WebSession(server, Visitor("ana", "127.0.0.1", False, None), _Socket(), None)
        session.received = typed.append
        session.resized = lambda width, height: sizes.append((width, height))
        session.message(text)

    asyncio.run(take())  # (its channel's writer cancelled at the end)
    assert all(isinstance(data, bytes) for data in typed)
    assert all(type(n) is int for size in sizes for n in size)
    assert len(typed) + len(sizes) <= 1


class _Stuck(_Socket):
    """A socket whose client reads nothing until it is let go."""

    def __init__(self):
        self.go = asyncio.Event()
        self.sent = []

    async def send_bytes(self, data):
        await self.go.wait()  # (aiohttp waits so for the socket to drain)
        self.sent.append(data)


class _Transport:
    aborted = False

    def get_write_buffer_size(self):
        return 0

    def abort(self):
        self.aborted = True


class _Listener:
    def __init__(self):
        self.calls = []

    def pause_writing(self):
        self.calls.append("pause")

    def resume_writing(self):
        self.calls.append("resume")


async def test_a_browser_that_reads_nothing_is_paused_past_the_cap_then_resumed():
    """The channel counts what its client has not taken: over the cap the
    session is told (the driver drops frames, the stall timer runs); once the
    client reads, told again; a dropped channel aborts its socket."""
    socket, listener, transport = _Stuck(), _Listener(), _Transport()
    channel = WebChannel(socket, transport, 1000, listener)
    for _ in range(12):
        channel.write(b"x" * 100)
        await asyncio.sleep(0)
    assert channel.get_write_buffer_size() == 1200
    assert listener.calls == ["pause"]
    socket.go.set()
    await until(lambda: listener.calls == ["pause", "resume"], 5)
    assert b"".join(socket.sent) == b"x" * 1200  # in order, nothing lost under the cap
    socket.go.clear()
    channel.write(b"y" * 2000)
    channel.abort()
    assert transport.aborted and channel.get_write_buffer_size() == 0


def test_serve_takes_only_origins_as_web_origin(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from tideboard.cli.serve import serve

    seen = []
    monkeypatch.setattr("tideboard.serve.run.run_server", lambda *a, web=None: seen.append(web))
    given = ["--data-dir", str(tmp_path), "--web", "0", "--web-origin"]
    for bad in ("games.example.org", "https://games.example.org/play", "ftp://x"):
        result = CliRunner().invoke(serve, [*given, bad])
        assert result.exit_code == 2 and "is not an origin" in result.output, result.output
    result = CliRunner().invoke(serve, [*given, "HTTPS://Games.Example.org/", "--web-proxied"])
    assert result.exit_code == 0, result.output
    assert seen[0].origins == ("https://games.example.org",) and seen[0].proxied
