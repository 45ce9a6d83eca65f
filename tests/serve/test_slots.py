"""Issue 18, point 3: one connection cannot take every slot.

One session per connection; sessions per name and per address bounded; a
connection without a session is closed; the per-address record is pruned."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest

from tests.serve.sshclient import Client, session_output, start_server
from tideboard.serve.server import Limits, Server, address_key


def connect(port: int, name: str, key=None):
    return asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key or asyncssh.generate_private_key("ssh-ed25519")],
        known_hosts=None,
        agent_path=None,
    )


async def test_one_session_per_connection():
    server = await start_server()
    try:
        async with connect(server.port, "ana") as conn:
            first = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            for _ in range(3):
                with pytest.raises(asyncssh.ChannelOpenError, match="One session"):
                    await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            assert len(server.sessions) == 1
            first.close()
    finally:
        await server.stop()


async def test_sessions_of_one_name_are_bounded():
    server = await start_server(limits=Limits(per_name=2))
    key = asyncssh.generate_private_key("ssh-ed25519")
    clients = []
    try:
        for _ in range(2):
            clients.append(await Client.open(server.port, "ana", key))
            await clients[-1].wait_for("you are ana")
        status, output = await session_output(server.port, "ANA", key)  # the same player
        assert status == 1 and "ana has 2 sessions open already" in output.lower(), output
        other = await Client.open(server.port, "bob")  # others still get in
        await other.wait_for("you are bob")
        clients.append(other)
        await clients[0].close()  # one left: ana may come in again
        for _ in range(100):
            if sum(s.connection.name == "ana" for s in server.sessions) < 2:
                break
            await asyncio.sleep(0.05)
        again = await Client.open(server.port, "ana", key)
        await again.wait_for("you are ana")
        clients.append(again)
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_sessions_from_one_address_are_bounded():
    server = await start_server(limits=Limits(per_address=2))
    clients = []
    try:
        for name in ("ana", "bob"):
            clients.append(await Client.open(server.port, name))
            await clients[-1].wait_for(f"you are {name}")
        status, output = await session_output(server.port, "carol")
        assert status == 1 and "Your address has 2 sessions open already" in output, output
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_a_connection_without_a_session_is_closed():
    server = await start_server(limits=Limits(session_wait=0.5))
    try:
        conn = await connect(server.port, "ana")
        started = time.monotonic()
        await asyncio.wait_for(conn.wait_closed(), 10)  # never, before: it stayed open
        assert time.monotonic() - started >= 0.4
        # and a connection whose session ended is closed too, even if the client keeps it
        conn = await connect(server.port, "bob")
        result = await conn.run("ls")  # refused: no terminal; the session ends
        assert result.exit_status == 1
        await asyncio.wait_for(conn.wait_closed(), 10)
    finally:
        await server.stop()


async def test_the_per_address_record_forgets_old_addresses(tmp_path):
    server = Server(tmp_path, Limits(per_minute=2))
    try:
        now = time.monotonic()
        for number in range(500):
            assert server.allow(f"10.0.{number // 256}.{number % 256}", now=now)
        assert server.allow("10.9.9.9", now=now) and server.allow("10.9.9.9", now=now + 1)
        assert not server.allow("10.9.9.9", now=now + 2)  # still limited within the minute
        assert len(server.recent) == 501
        assert server.allow("10.9.9.9", now=now + 121)
        assert len(server.recent) == 1
    finally:
        server.store.close()


def test_an_ipv6_host_counts_as_its_64():
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_key("2001:db8:0:1::1") != address_key("2001:db8::1")
    assert address_key("::ffff:10.1.2.3") == "10.1.2.3" == address_key("10.1.2.3")
    assert address_key("not an address") == "not an address"


def test_serve_passes_its_limits(monkeypatch, tmp_path):
    """The command's options reach the server's limits (and the room's bound)."""
    from click.testing import CliRunner

    from tideboard.cli.serve import serve

    seen = {}

    def fake_run(host, port, folder, limits, grace, bot_delay):
        seen["limits"] = limits
        return 0

    monkeypatch.setattr("tideboard.serve.run.run_server", fake_run)
    result = CliRunner().invoke(
        serve,
        [
            "--data-dir",
            str(tmp_path),
            "--per-name",
            "2",
            "--per-address",
            "5",
            "--max-open-tables",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    limits = seen["limits"]
    assert (limits.per_name, limits.per_address, limits.max_open_tables) == (2, 5, 4)
    defaults = CliRunner().invoke(serve, ["--data-dir", str(tmp_path)])
    assert defaults.exit_code == 0
    assert (
        seen["limits"].per_name,
        seen["limits"].per_address,
        seen["limits"].max_open_tables,
    ) == (3, 10, 3)
    server = Server(tmp_path, seen["limits"])
    assert server.room.max_open == 3
    server.store.close()
