"""Issue 18: the SSH server against hostile clients (real asyncssh clients, and
OpenSSH's ``ssh`` where the machine has it): a giant window, forwarding of
every kind, a key flood, a client that never reads, the rate-limit refusal and
the start with many stored tables.  Each test is bounded in time.

The memory and latency tests run the server in its own process
(``attackers.ServerProcess``: its RSS is its own, its address space limited);
the others run it in the test's process, to look at its sessions.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import shutil
import socket
import time
from pathlib import Path

import asyncssh
import pytest

from tests.serve.attackers import (
    STALLED,
    Flooder,
    Giant,
    NonReader,
    Player,
    ServerProcess,
    quantile,
)
from tests.serve.sshclient import Client, Terminal, start_server
from tideboard.serve.driver import MAX_SIZE, MIN_SIZE
from tideboard.serve.server import Limits, Server

SSH = shutil.which("ssh")
needs_openssh = pytest.mark.skipif(SSH is None, reason="OpenSSH's ssh client is not installed")


async def until(check, timeout: float, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(step)
    return True


async def peak_rss(server: ServerProcess, peak: list[float]) -> None:
    while True:
        peak[0] = max(peak[0], server.rss())
        await asyncio.sleep(0.1)


# -- point 1: every size a client sends is clamped -------------------------------------
async def test_a_giant_window_is_clamped_at_start_and_on_every_change():
    server = await start_server()
    giant = await Client.open(server.port, "giant", size=(2000, 2000))
    try:
        await giant.wait_for("New table")
        session = next(iter(server.sessions))
        assert tuple(session.app.size) == MAX_SIZE
        for asked, expected in (
            ((10**6, 10**6), MAX_SIZE),
            ((0, 0), (80, 24)),
            ((1, 1), MIN_SIZE),
            ((100, 30), (100, 30)),
            ((10000, 50), (MAX_SIZE[0], 50)),
        ):
            giant.process.change_terminal_size(*asked, 10**9, 10**9)
            assert await until(lambda: tuple(session.app.size) == expected, 5), (
                asked,
                session.app.size,
            )
    finally:
        await giant.close()
        await server.stop()


@pytest.mark.slow
async def test_a_10000x10000_window_neither_grows_the_server_nor_stalls_others():
    async with ServerProcess() as server:
        players = [await Player(f"p{n}").connect(server.port) for n in range(3)]
        base = server.rss()
        peak = [base]
        watch = asyncio.create_task(peak_rss(server, peak))
        giant = Giant((10000, 10000))
        attack = asyncio.create_task(giant.run(server.port, resizes=12, every=0.4))
        try:
            await asyncio.gather(*(p.press_for(6) for p in players))
            await asyncio.wait_for(attack, 10)
            latencies = [t for p in players for t in p.latencies]
            assert not sum(p.lost for p in players)
            assert quantile(latencies, 0.95) < STALLED, sorted(latencies)[-5:]
            assert peak[0] - base < 60, (base, peak[0])
            # the giant got its screens, each at most MAX_SIZE
            assert 0 < giant.received < 13 * 3_000_000
        finally:
            watch.cancel()
            giant.close()
            for player in players:
                player.close()


# -- point 2: nothing but the game -------------------------------------------------------
class Target:
    """A TCP listener a forward would reach: it counts the connections it gets."""

    async def __aenter__(self) -> Target:
        self.accepted = 0

        def accepted(reader, writer):
            self.accepted += 1
            writer.close()

        self.server = await asyncio.start_server(accepted, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc) -> None:
        self.server.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_agent_x11_port_forwarding_subsystems_and_commands_are_refused_asyncssh(tmp_path):
    server = await start_server()
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with (
            Target() as target,
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ana",
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                agent_forwarding=str(tmp_path / "agent.sock"),
            ) as conn,
        ):
            process = await conn.create_process(
                term_type="xterm", term_size=(80, 24), encoding=None
            )
            assert await until(lambda: server.sessions, 10)
            session = next(iter(server.sessions))
            await asyncio.sleep(0.3)  # the agent request is answered by now
            assert session.chan.get_agent_path() is None
            assert session.chan.get_x11_display() is None
            with pytest.raises(asyncssh.ChannelOpenError, match="no forwarding"):
                await conn.open_connection("127.0.0.1", target.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", target.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_unix_connection(str(tmp_path / "nowhere.sock"))
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_path(
                    str(tmp_path / "listen.sock"), str(tmp_path / "nowhere.sock")
                )
            assert not (tmp_path / "listen.sock").exists()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process(subsystem="sftp", encoding=None)
            with pytest.raises(asyncssh.ChannelOpenError):  # one session a connection
                await conn.run("cat /etc/passwd")
            async with asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="ana",
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
            ) as other:
                result = await other.run("cat /etc/passwd")
            assert result.exit_status == 1 and "needs a terminal" in result.stdout
            assert target.accepted == 0
            # the game session itself goes on
            process.stdin.write(b"j")
            assert await until(lambda: session.app.is_running, 2)
    finally:
        await server.stop()


async def openssh(
    port: int,
    key_file: Path,
    *args: str,
    stdin: bytes | None = b"",
    env: dict | None = None,
    timeout: float = 8.0,
    user: str = "ana",
    until_text: str | None = None,
    command: tuple[str, ...] = (),
) -> tuple[int | None, str]:
    """Runs ``ssh`` against the server; its exit status (None: killed at the
    timeout, or once ``until_text`` showed in its output) and its stderr."""
    command = [
        SSH,
        "-F",
        "/dev/null",
        "-p",
        str(port),
        "-i",
        str(key_file),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "LogLevel=INFO",
        *args,
        f"{user}@127.0.0.1",
        *command,
    ]
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env or dict(os.environ),
    )
    seen = bytearray()

    async def read(stream):
        while chunk := await stream.read(65536):
            seen.extend(chunk)

    readers = [asyncio.create_task(read(process.stdout)), asyncio.create_task(read(process.stderr))]
    if stdin:
        process.stdin.write(stdin)
    status = None
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.returncode is not None:
            status = process.returncode
            break
        if until_text and until_text.encode() in seen:
            break
        await asyncio.sleep(0.05)
    if process.returncode is None:
        process.kill()
    await process.wait()
    await asyncio.wait(readers, timeout=2)
    return status, seen.decode("utf-8", "replace")


@pytest.fixture
def key_file(tmp_path) -> Path:
    path = tmp_path / "id_ed25519"
    path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    path.chmod(0o600)
    return path


@needs_openssh
@pytest.mark.skipif(shutil.which("ssh-agent") is None, reason="ssh-agent is not installed")
async def test_openssh_agent_and_x11_forwarding_are_refused(key_file, tmp_path):
    """ssh -A with a running agent (OpenSSH asks to forward only then) and -X."""
    socket_path = tmp_path / "agent.sock"
    agent = await asyncio.create_subprocess_exec(
        shutil.which("ssh-agent"),
        "-D",
        "-a",
        str(socket_path),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    server = await start_server()
    try:
        assert await until(socket_path.exists, 5)
        env = dict(os.environ, DISPLAY="127.0.0.1:77", SSH_AUTH_SOCK=str(socket_path))
        run = asyncio.create_task(
            openssh(server.port, key_file, "-tt", "-A", "-X", env=env, timeout=5)
        )  # killed after 5 s
        assert await until(lambda: server.sessions, 5)
        session = next(iter(server.sessions))
        await asyncio.sleep(1.0)  # both requests are answered by now
        assert session.chan.get_agent_path() is None  # no agent socket was made
        assert session.chan.get_x11_display() is None
        status, said = await run
        assert "X11 forwarding request failed" in said, said[-2000:]
        assert "tideboard lobby" in said  # the game itself was there
    finally:
        agent.kill()
        await agent.wait()
        await server.stop()


@needs_openssh
async def test_openssh_port_forwardings_are_refused(key_file):
    server = await start_server()
    try:
        async with Target() as target:
            forward = f"127.0.0.1:{target.port}"
            # -W: stdio forwarding
            status, said = await openssh(server.port, key_file, "-W", forward)
            assert status == 255 and "administratively prohibited" in said, said
            # -R: the server listens for nobody
            status, said = await openssh(
                server.port, key_file, "-N", "-o", "ExitOnForwardFailure=yes", "-R", f"0:{forward}"
            )
            assert status == 255 and "remote port forwarding failed" in said, said
            # -L: the local side listens, the server refuses each connection
            local = free_port()
            run = asyncio.create_task(
                openssh(
                    server.port,
                    key_file,
                    "-N",
                    "-L",
                    f"{local}:{forward}",
                    timeout=6,
                    until_text="open failed",
                )
            )
            for _ in range(100):
                try:
                    reader, writer = await asyncio.open_connection("127.0.0.1", local)
                    break
                except OSError:
                    await asyncio.sleep(0.05)
            assert await reader.read() == b""  # closed: nothing forwarded
            writer.close()
            status, said = await run
            assert "administratively prohibited" in said, said
            assert target.accepted == 0
            # a command or a subsystem gets no shell
            status, said = await openssh(server.port, key_file, command=("id",))
            assert status == 1 and "needs a terminal" in said, said
            status, said = await openssh(server.port, key_file, "-s", command=("sftp",))
            assert status == 255 and "subsystem request failed" in said, said
    finally:
        await server.stop()


# -- point 5: a key flood slows only the flooder ----------------------------------------
@pytest.mark.slow
async def test_a_key_flood_does_not_stall_the_other_players():
    async with ServerProcess() as server:
        players = [await Player(f"p{n}").connect(server.port) for n in range(8)]
        base = server.rss()
        flooder = Flooder(1.0)
        attack = asyncio.create_task(flooder.run(server.port))
        try:
            # measured once the flood is sent (its client's own work is done here):
            # the server has it all to parse, and it lets in only input_rate keys a second
            assert await until(lambda: flooder.sent >= len(flooder.data), 10)
            await asyncio.gather(*(p.press_for(6) for p in players))
            latencies = [t for p in players for t in p.latencies]
            assert not sum(p.lost for p in players), "keys unanswered during the flood"
            assert quantile(latencies, 0.95) < STALLED, sorted(latencies)[-10:]
            assert server.rss() - base < 50
            assert not attack.done() or attack.exception() is None  # still connected
        finally:
            attack.cancel()
            flooder.close()
            for player in players:
                player.close()


# -- point 6: a client that never reads --------------------------------------------------
@pytest.mark.slow
async def test_a_client_that_never_reads_is_bounded_then_closed():
    async with ServerProcess(output_stall=4.0) as server:
        players = [await Player(f"p{n}").connect(server.port) for n in range(3)]
        base = server.rss()
        peak = [base]
        watch = asyncio.create_task(peak_rss(server, peak))
        sloth = await NonReader().open(server.port)
        started = time.monotonic()
        try:
            await asyncio.gather(sloth.provoke(25, every=0.02), *(p.press_for(6) for p in players))
            await asyncio.wait_for(sloth.closed.wait(), 25)
            # closed after the stall (4 s) once the output piled up: well inside 25 s
            assert time.monotonic() - started < 25
            assert peak[0] - base < 40, (base, peak[0])
            latencies = [t for p in players for t in p.latencies]
            assert not sum(p.lost for p in players)
            assert quantile(latencies, 0.95) < STALLED
            assert all(not p.process.stdout.at_eof() for p in players)  # the others stay
        finally:
            watch.cancel()
            sloth.close()
            for player in players:
                player.close()


async def test_output_past_the_cap_is_dropped_then_the_whole_screen_repainted():
    server = await start_server(limits=Limits(output_cap=16384, output_stall=60))
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="sloth",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        window=16384,
    )
    process = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    other = await Client.open(server.port, "ana")
    try:
        assert await until(lambda: len(server.sessions) == 2, 10)
        session = next(s for s in server.sessions if s.connection.name == "sloth")
        driver = session.app.ssh_driver
        # it does not read: its cursor keys and resizes pile output up at the
        # server, until the cap (then its keys are no longer read either)
        for n in range(300):
            if session.chan.get_write_buffer_size() > 16384:
                break
            if n % 3 == 2:
                process.change_terminal_size(100 + n % 5, 30)
            else:
                process.stdin.write(b"j" if n % 2 else b"k")
            await asyncio.sleep(0.03)
        assert session.chan.get_write_buffer_size() > 16384
        buffered = session.chan.get_write_buffer_size()
        # meanwhile another player opens a table: its line reaches sloth's
        # lobby only in a frame that is dropped
        await other.wait_for("New table")
        await other.keys("\r")
        await other.wait_for("New table: Shifting Stones")
        await other.keys("\r")
        await other.wait_for("You sit at table")
        table = next(iter(server.room.tables.values()))
        assert await until(lambda: driver.dropped, 5), "nothing dropped"
        process.stdin.write(b"jjjjkkkk")  # not read while it does not read
        await asyncio.sleep(0.5)
        assert session.chan.get_write_buffer_size() == buffered  # nothing more piled up
        # sloth reads again: the whole screen is drawn again, the table on it
        screen = Terminal(100, 30)
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        end = time.monotonic() + 10
        while table.id not in screen.text() and time.monotonic() < end:
            try:
                data = await asyncio.wait_for(process.stdout.read(65536), 0.5)
            except TimeoutError:
                continue
            screen.feed(decoder.decode(data))
        assert table.id in screen.text(), screen.text()
        assert "tideboard lobby" in screen.text()
    finally:
        conn.close()
        await other.close()
        await server.stop()


# -- point 10: a readable refusal; a prompt start with many tables ------------------------
async def test_the_rate_limit_refusal_is_a_readable_disconnect_asyncssh():
    server = await start_server(limits=Limits(per_minute=1))
    try:
        first = await Client.open(server.port, "ana")
        with pytest.raises(asyncssh.DisconnectError, match="Too many connections"):
            await Client.open(server.port, "bob")
        await first.close()
    finally:
        await server.stop()


@needs_openssh
async def test_the_rate_limit_refusal_reads_well_in_openssh(key_file):
    server = await start_server(limits=Limits(per_minute=1))
    try:
        first = await Client.open(server.port, "ana")
        status, said = await openssh(server.port, key_file, "-tt", user="bob")
        assert status == 255
        assert "Too many connections from your address" in said, said
        assert "banner" not in said, said
        await first.close()
    finally:
        await server.stop()


@pytest.mark.slow
async def test_the_server_listens_promptly_with_many_stored_tables(tmp_path):
    server = Server(tmp_path, grace=60, bot_delay=0)
    for n in range(120):
        server.room.create(f"p{n}", "shifting-stones", 2)
    server.room.shutdown()
    server.store.close()
    again = Server(tmp_path, grace=60, bot_delay=0)
    started = time.monotonic()
    await again.start("127.0.0.1", 0)
    took = time.monotonic() - started
    try:
        assert took < 10.0, took  # (beside the other tests on two cores)
        client = await Client.open(again.port, "ana")
        await client.wait_for("tideboard lobby")
        await client.close()
    finally:
        await again.stop()
