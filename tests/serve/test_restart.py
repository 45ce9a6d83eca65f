"""Issue 18, point 9: a restart never gives a seat to a bot.

The ruling: a running table brought back by a restart is paused (no bot, no
stand-in moves, no grace runs) until one of its seated players opens it again;
that player is present, and from then on the table plays on as usual: the
seats of the players not back yet are away from that moment, and a bot plays
them only once the grace has run out since then.
"""

from __future__ import annotations

import asyncio

import pytest

from tideboard.serve.tables import Room
from tideboard.store.games import Store


def noop(table, what):
    pass


@pytest.fixture
def db(tmp_path):
    return tmp_path / "t.db"


def until_turn_of(room, table, name):
    """Play the first legal moves until the table waits for ``name``'s seat."""
    game = table.match.game
    seat = table.seat_of(name)
    for _ in range(200):
        waiting = game.to_move(table.match.state)
        if seat in waiting:
            return
        mover = waiting[0]
        room.act(table.id, table.seats[mover].player, game.legal_for(table.match.state, mover)[0])
    raise AssertionError("never bob's turn")


def restart(db, grace):
    room = Room(Store.open(db, import_autosaves=False), grace=grace, bot_delay=0)
    assert room.load() == []
    return room


async def test_a_restarted_table_waits_for_its_players_and_no_bot_takes_a_seat(db):
    first = Room(Store.open(db, import_autosaves=False), grace=0.05, bot_delay=0)
    table = first.create("ana", "shifting-stones", 3, bots={2: "greedy"})
    first.join(table.id, "bob")
    until_turn_of(first, table, "bob")
    moves = len(table.match.actions)
    first.shutdown()
    first.store.close()

    room = restart(db, grace=0.05)
    try:
        back = room.tables[table.id]
        assert back.paused and "paused" in back.status()
        await asyncio.sleep(0.5)  # ten times the grace: nothing may happen
        assert len(back.match.actions) == moves
        assert not any(seat.standin for seat in back.seats)
        assert not back.grace_timers and back.bot_timer is None
    finally:
        room.shutdown()
        room.store.close()


async def test_the_first_player_back_resumes_the_table_and_starts_the_others_grace(db):
    first = Room(Store.open(db, import_autosaves=False), grace=0.05, bot_delay=0)
    table = first.create("ana", "shifting-stones", 2)
    first.join(table.id, "bob")
    until_turn_of(first, table, "bob")
    moves = len(table.match.actions)
    first.shutdown()
    first.store.close()

    room = restart(db, grace=0.2)
    try:
        back = room.tables[table.id]
        await asyncio.sleep(0.4)  # twice the grace, before anyone is back
        assert len(back.match.actions) == moves
        # ana returns (spelling her name in another case: the same player)
        room.attach(back, "Ana", noop)
        assert not back.paused and "paused" not in back.status()
        assert "bob (away)" in back.status()
        assert any("ana" in line.lower() and "plays on" in line for line in back.chat)
        assert not back.seats[1].standin  # bob's grace starts only now
        for _ in range(100):  # then a bot plays bob's seat until he returns
            if len(back.match.actions) > moves:
                break
            await asyncio.sleep(0.05)
        assert back.seats[1].standin and len(back.match.actions) > moves
        room.attach(back, "bob", noop)
        assert not back.seats[1].standin
    finally:
        room.shutdown()
        room.store.close()


async def test_all_players_back_after_a_restart_nobody_is_away(db):
    first = Room(Store.open(db, import_autosaves=False), grace=0.05, bot_delay=0)
    table = first.create("ana", "shifting-stones", 2)
    first.join(table.id, "bob")
    first.shutdown()
    first.store.close()
    room = restart(db, grace=0.05)
    try:
        back = room.tables[table.id]
        room.attach(back, "bob", noop)
        room.attach(back, "ana", noop)
        await asyncio.sleep(0.3)
        assert "away" not in back.status() and not any(s.standin for s in back.seats)
    finally:
        room.shutdown()
        room.store.close()


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_the_server_in_order(tmp_path, signum):
    """Issue #19: the moves' writes run on the store's writer thread, so the
    server must stop in order, waiting for them, on SIGHUP too (the terminal
    it runs in closed), not die with writes queued."""
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ, TIDEBOARD_DATA_DIR=str(tmp_path))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tideboard",
            "serve",
            "--port",
            "0",
            "--host",
            "127.0.0.1",
            "--data-dir",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        assert "listening" in process.stdout.readline()
        process.send_signal(getattr(signal, signum))
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "stopped; every table is saved" in err
