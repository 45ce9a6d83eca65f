"""Issue 18, point 4: a name belongs to the key that first used it, without
case; a client without a key is a guest with a name the server gives; a
refused name is told why (asyncssh and OpenSSH clients)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess

import asyncssh
import pytest

from tests.serve.sshclient import BannerKept, Client, start_server
from tideboard.serve import storage
from tideboard.store.games import Store

GUEST_LINE = "you are guest-"


def lobby_name(client: Client) -> str:
    line = next(line for line in client.text().splitlines() if "you are " in line)
    return line.split("you are ", 1)[1].split()[0]


async def test_names_compare_without_case_in_the_store(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as store:
        assert storage.claim(store, "Ana", "SHA256:a") == "Ana"
        assert storage.claim(store, "ana", "SHA256:a") == "Ana"  # her spelling
        assert storage.claim(store, "ANA", "SHA256:b") is None
        assert storage.pinned_key(store, "aNa") == "SHA256:a"
        # a name used without a key before keys were required: the first key owns it
        with store.db.write() as db:
            db.execute(
                "INSERT INTO players (name, fingerprint, first_seen) "
                "VALUES ('zed', NULL, '2024-01-01')"
            )
        assert storage.claim(store, "Zed", "SHA256:z") == "zed"
        assert storage.claim(store, "zed", "SHA256:y") is None


async def test_a_client_without_a_key_is_a_guest_and_cannot_take_a_name():
    """``ssh -o PubkeyAuthentication=no zed@host`` plays as a guest: zed stays
    free for the first key, which then owns it."""
    server = await start_server()
    zed_key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        guest = await Client.open_keyless(server.port, "zed")
        await guest.wait_for(GUEST_LINE)
        await guest.wait_for("No SSH key")
        name = lobby_name(guest)
        assert storage.owner(server.store, "zed") is None
        assert storage.owner(server.store, name) is None  # a guest is never stored
        zed = await Client.open(server.port, "zed", zed_key)
        await zed.wait_for("you are zed")
        assert storage.pinned_key(server.store, "zed") == zed_key.get_fingerprint()
        # another guest gets another name; another key cannot be zed
        second = await Client.open_keyless(server.port, "zed")
        await second.wait_for(GUEST_LINE)
        assert lobby_name(second) != name
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.open(server.port, "ZED")
        for client in (guest, zed, second):
            await client.close()
    finally:
        await server.stop()


async def test_a_name_is_the_same_player_in_any_case_and_keeps_her_seat():
    """Ana and ana are one player: her key, her spelling, her tables."""
    server = await start_server()
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        first = await Client.open(server.port, "Ana", key)
        await first.wait_for("you are Ana")
        await first.close()
        table = server.room.create("Ana", "shifting-stones", 2, bots={1: "greedy"})
        again = await Client.open(server.port, "ana", key)
        await again.wait_for(f"table {table.id}: you are Ana")  # back at her table
        assert table.is_present("ana") and table.seat_of("ANA") == 0
        with pytest.raises(asyncssh.PermissionDenied):  # another key, another case
            await Client.open(server.port, "aNA")
        await again.close()
    finally:
        await server.stop()


async def test_a_keyed_client_cannot_take_a_guest_name_and_is_told_why():
    server = await start_server()
    try:
        for name, reason in (
            ("guest-4821", "kept for players without a key"),
            ("Guest-1", "kept for players without a key"),
        ):
            kept = BannerKept()
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.create_connection(
                    lambda: kept,
                    "127.0.0.1",
                    server.port,
                    username=name,
                    client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                    known_hosts=None,
                    agent_path=None,
                )
            assert any(reason in banner for banner in kept.banners), kept.banners
    finally:
        await server.stop()


async def test_a_refused_key_is_told_the_name_belongs_to_another_key():
    server = await start_server()
    try:
        owner = await Client.open(server.port, "zed")
        await owner.wait_for("you are zed")
        kept = BannerKept()
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.create_connection(
                lambda: kept,
                "127.0.0.1",
                server.port,
                username="zed",
                client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                known_hosts=None,
                agent_path=None,
            )
        assert any("zed belongs to another SSH key" in b for b in kept.banners), kept.banners
        await owner.close()
    finally:
        await server.stop()


async def test_a_guest_seat_goes_to_a_bot_after_the_grace_and_the_name_is_not_given_again():
    server = await start_server(grace=0.2)
    try:
        guest = await Client.open_keyless(server.port, "ana")
        await guest.wait_for(GUEST_LINE)
        name = lobby_name(guest)
        table = server.room.create(name, "shifting-stones", 2, bots={1: "greedy"})
        session = next(s for s in server.sessions if s.connection.name == name)
        session.app.call_later(session.app.open_table, table)  # in the app's own context
        await guest.wait_for(f"table {table.id}: you are")
        await guest.close()
        for _ in range(200):
            if table.seats[0].standin:
                break
            await asyncio.sleep(0.05)
        assert table.seats[0].standin
        other = await Client.open_keyless(server.port, "ana")
        await other.wait_for(GUEST_LINE)
        assert lobby_name(other) != name  # nobody else sits in that guest's seat
        await other.close()
    finally:
        await server.stop()


# -- OpenSSH ---------------------------------------------------------------------
SSH, KEYGEN = shutil.which("ssh"), shutil.which("ssh-keygen")
openssh = pytest.mark.skipif(not (SSH and KEYGEN), reason="needs OpenSSH's ssh and ssh-keygen")


def ssh_command(port: int, *options: str) -> list[str]:
    return [
        SSH,
        "-F",
        "/dev/null",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "ConnectTimeout=10",
        "-p",
        str(port),
        *options,
    ]


def no_agent() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "SSH_AUTH_SOCK"}


@openssh
async def test_openssh_is_told_why_a_name_is_refused(tmp_path):
    """BatchMode, a generated key, a name pinned to another key: the reason reaches
    the user (today only "Permission denied")."""
    server = await start_server(tmp_path / "data")
    subprocess.run([KEYGEN, "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "k")], check=True)
    storage.claim(server.store, "zed", "SHA256:someone-else")
    try:
        process = await asyncio.create_subprocess_exec(
            *ssh_command(server.port, "-o", "BatchMode=yes", "-i", str(tmp_path / "k")),
            "ZED@127.0.0.1",
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=no_agent(),
        )
        _out, err = await asyncio.wait_for(process.communicate(), 20)
        assert process.returncode == 255
        text = err.decode("utf-8", "replace")
        assert "The name ZED belongs to another SSH key" in text, text
        assert "choose another name" in text
    finally:
        await server.stop()


@openssh
async def test_openssh_without_a_key_plays_as_a_guest(tmp_path):
    server = await start_server(tmp_path / "data")
    try:
        process = await asyncio.create_subprocess_exec(
            *ssh_command(server.port, "-tt", "-o", "PubkeyAuthentication=no"),
            "zed@127.0.0.1",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=no_agent(),
        )
        seen = b""
        try:
            for _ in range(300):
                seen += await asyncio.wait_for(process.stdout.read(65536), 15)
                if b"No SSH key" in seen and b"guest-" in seen:
                    break
            assert b"No SSH key" in seen and b"guest-" in seen, seen[-2000:]
            assert storage.owner(server.store, "zed") is None
            process.stdin.write(b"q")
            await process.stdin.drain()
            await asyncio.wait_for(process.wait(), 15)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    finally:
        await server.stop()
