"""Issue #22, clocks: the room runs a timed table's clocks (serve/clock_room.py).

The room's own API with tiny clocks (a fraction of a second), on the loop;
the SSH tests are in test_clocks_ssh.py."""

from __future__ import annotations

import asyncio

import pytest
from click.testing import CliRunner

from tests.serve.sshclient import until
from tideboard.cli import main
from tideboard.serve import run
from tideboard.serve.limits import Limits
from tideboard.serve.server import Server
from tideboard.serve.tables import Room, TableError
from tideboard.store.games import Store


def noop(table, what):
    pass


@pytest.fixture
def db(tmp_path):
    return tmp_path / "t.db"


def room_at(db, grace=60.0):
    room = Room(Store.open(db, import_autosaves=False), grace=grace, bot_delay=0)
    assert room.load() == []
    return room


def reason(room, table):
    """The stored record of why the table's game is unrated (None: not marked)."""
    room.saves.deliver(wait=True)
    rows = room.store.db.read(
        "SELECT reason FROM rated_games WHERE game_id = ?", (table.writer.id,)
    )
    return rows[0][0] if rows else None


async def test_a_real_time_player_out_of_time_is_replaced_by_a_bot_for_good(db):
    room = room_at(db)
    try:
        table = room.create("ana", "shifting-stones", 2, clock="rt:0.3+0", level="easy")
        room.join(table.id, "bob")
        room.attach(table, "ana", noop)
        room.attach(table, "bob", noop)
        waiting = table.match.game.to_move(table.match.state)
        assert table.timing.clocks.running == set(waiting)
        first = table.seats[waiting[0]].player
        moves = len(table.match.actions)
        await until(lambda: len(table.match.actions) > moves)  # the bot plays for them
        assert table.seats[waiting[0]].standin
        assert any(f"{first} ran out of time" in line for line in table.chat)
        assert reason(room, table) is None  # (a loss in the ratings, not an unrated table)
        assert f"{first} (out of time)" in table.status()  # (the lobby's line)
        room.attach(table, first, noop)  # coming back does not give the seat back
        assert table.seats[waiting[0]].standin
        assert waiting[0] not in table.timing.clocks.running
    finally:
        room.shutdown()
        room.store.close()


async def test_a_move_in_time_charges_the_clock_and_adds_the_increment(db):
    room = room_at(db)
    try:
        table = room.create("ana", "moonshell", 2, clock="rt:60+5")
        room.join(table.id, "bob")
        game = table.match.game
        seat = game.to_move(table.match.state)[0]
        before = table.timing.clocks.remaining[seat]
        while seat in game.to_move(table.match.state):
            room.act(table.id, table.seats[seat].player, game.legal_for(table.match.state, seat)[0])
        after = table.timing.clocks.remaining[seat]
        assert before < after <= before + 5  # the increment, less the time the move took
        assert table.timing.timer is not None  # the next seat's flag
    finally:
        room.shutdown()
        room.store.close()


async def test_turn_based_out_of_time_lets_the_others_expel_the_player(db):
    room = room_at(db)
    try:
        table = room.create("ana", "shifting-stones", 2, clock="tb:0.2")
        room.join(table.id, "bob")
        seat = table.match.game.to_move(table.match.state)[0]
        late, other = table.seats[seat].player, table.seats[1 - seat].player
        with pytest.raises(TableError):
            room.expel(table.id, other, seat)  # (not yet out of time)
        await until(lambda: room.expellable(table, other) == [seat])
        assert not table.seats[seat].standin  # nobody is replaced without being expelled
        assert room.expellable(table, late) == []  # (nobody expels themself)
        moves = len(table.match.actions)
        room.expel(table.id, other, seat)
        await until(lambda: len(table.match.actions) > moves)
        assert table.seats[seat].standin
        assert reason(room, table) is None  # (a loss in the ratings, not an unrated table)
        assert f"{late} (expelled)" in table.status()
    finally:
        room.shutdown()
        room.store.close()


async def test_a_restart_resumes_real_time_clocks_without_the_downtime_and_keeps_a_deadline(db):
    room = room_at(db)
    fast = room.create("ana", "shifting-stones", 2, clock="rt:300+0")
    room.join(fast.id, "bob")
    slow = room.create("ana", "shifting-stones", 2, clock="tb:86400")
    room.join(slow.id, "bob")
    seat = fast.match.game.to_move(fast.match.state)[0]
    deadline = slow.timing.clocks.since + 86400
    await asyncio.sleep(0.2)
    room.shutdown()
    room.store.close()
    left = room.tables[fast.id].timing.clocks.remaining[seat]
    assert 299 < left <= 299.8  # (charged up to the shutdown)

    await asyncio.sleep(0.5)  # the server is down
    room = room_at(db)
    try:
        back = room.tables[fast.id]
        assert back.timing.clocks.paused and back.timing.clocks.remaining[seat] == left
        room.attach(back, "ana", noop)  # the table plays on: the clock counts again
        assert not back.timing.clocks.paused and back.timing.timer is not None
        await asyncio.sleep(0.1)
        from tideboard.serve.clocks import remaining

        now = room.wall()
        assert left - 0.5 < remaining(back.timing.clocks, seat, now) < left
        kept = room.tables[slow.id].timing.clocks
        assert not kept.paused and kept.since + 86400 == deadline
    finally:
        room.shutdown()
        room.store.close()


async def test_a_table_keeps_its_clock_until_it_starts_and_an_unknown_clock_is_refused(db):
    room = room_at(db)
    try:
        with pytest.raises(TableError):
            room.create("ana", "shifting-stones", 2, clock="rt:forever")
        table = room.create("ana", "shifting-stones", 2, clock="rt:180+10")
        assert table.timing.spec.key() == "rt:180+10" and table.timing.clocks is None
        clocks = "SELECT table_id FROM table_clocks"
        assert room.store.db.read(clocks) == [(table.id,)]
        room.close(table.id, "ana")  # closed before it starts: its clock goes with it
        assert room.store.db.read(clocks) == []
    finally:
        room.shutdown()
        room.store.close()


async def test_an_idle_player_at_an_untimed_table_counts_as_away_until_they_press_a_key(db):
    room = room_at(db)
    room.idle = 0.3
    try:
        table = room.create("ana", "shifting-stones", 2, level="easy")
        room.join(table.id, "bob")
        room.attach(table, "ana", noop)
        room.attach(table, "bob", noop)
        seat = table.match.game.to_move(table.match.state)[0]
        name = table.seats[seat].player
        await asyncio.sleep(0.15)
        room.touched(name)  # a key (a cursor's move) in time: not idle yet
        await asyncio.sleep(0.25)
        assert not table.seats[seat].standin
        moves = len(table.match.actions)
        await until(lambda: len(table.match.actions) > moves)  # then a bot plays for them
        assert table.seats[seat].standin
        assert any(f"{name} is idle" in line for line in table.chat)
        assert table.seats[seat].left_move == moves  # (idle to the end: they left the game)
        room.touched(name)  # a key: the seat is theirs again
        assert not table.seats[seat].standin
        assert table.chat[-1] == f"{name} is back and plays again."
        assert table.seats[seat].left_move is None  # back: the table is unrated, no loss
        assert reason(room, table) == f"a bot played for {name}"
    finally:
        room.shutdown()
        room.store.close()


async def test_a_timed_table_has_no_idle_rule(db):
    room = room_at(db)
    room.idle = 0.05
    try:
        table = room.create("ana", "shifting-stones", 2, clock="rt:60+0")
        room.join(table.id, "bob")
        room.attach(table, "ana", noop)
        room.attach(table, "bob", noop)
        await asyncio.sleep(0.3)
        assert not any(seat.standin for seat in table.seats) and not table.match.actions
    finally:
        room.shutdown()
        room.store.close()


async def test_an_idle_player_who_leaves_and_comes_back_is_welcomed_once(db):
    room = room_at(db)
    room.idle = 0.1
    try:
        table = room.create("ana", "shifting-stones", 2, bots={1: "greedy"})
        room.attach(table, "ana", noop)
        await until(lambda: table.seats[0].standin)
        room.detach(table, "ana", noop)
        room.attach(table, "ana", noop)  # back at the table: the seat is hers again
        assert not table.seats[0].standin
        room.touched("ana")
        assert [line for line in table.chat if "is back" in line] == [
            "ana is back and plays again."
        ]
    finally:
        room.shutdown()
        room.store.close()


def test_serve_idle_sets_the_rooms_idle_limit(monkeypatch, tmp_path):
    seen = []

    def run_server(host, port, folder, limits, grace, bot_delay):
        seen.append(limits)
        return 0

    monkeypatch.setattr(run, "run_server", run_server)
    result = CliRunner().invoke(main, ["serve", "--data-dir", str(tmp_path), "--idle", "45"])
    assert [limits.idle for limits in seen] == [45.0], result.output
    server = Server(tmp_path / "served", Limits(idle=45.0))
    try:
        assert server.room.idle == 45.0
    finally:
        server.store.close()


async def test_a_flag_due_when_the_last_move_comes_is_run_first_and_rated_as_a_loss(db):
    """ana's real-time clock ran out just as she sends the game's last action,
    before the flag's timer ran (a busy loop): the flag comes first, so her move
    is refused, her bot makes it, and the end's rating places her last."""
    from openskill.models import PlackettLuce

    from tests.serve.test_ratings_ssh import all_ratings
    from tideboard.engine.bots import make_bot
    from tideboard.serve import storage

    room = room_at(db)
    now = [1000.0]
    room.wall = lambda: now[0]  # (the clocks' time, moved by hand: no timer runs meanwhile)
    try:
        for name in ("ana", "bob"):
            storage.claim(room.store, name, f"SHA256:{name}")
        table = room.create("ana", "shifting-stones", 2, clock="rt:60+0", level="easy")
        room.join(table.id, "bob")
        game = table.match.game
        bots = [make_bot(game, "greedy", seed=seat) for seat in range(2)]
        for _ in range(5000):  # both play until the next action ends the game
            state = table.match.state
            seat = game.to_move(state)[0]
            view, legal = game.view(state, seat), game.legal_for(state, seat)
            action = bots[seat].choose(game, view, seat, legal)
            if game.is_over(game.apply(state, action)):
                break
            room.act(table.id, table.seats[seat].player, action)
        name = table.seats[seat].player
        assert seat in table.timing.clocks.running and not table.over
        now[0] += 61  # their time is up; the flag's timer (60 s away on the loop) is not
        with pytest.raises(TableError, match="time ran out"):
            room.act(table.id, name, action)
        assert table.timing.out == {seat: "ran out of time"}
        assert any(f"{name} ran out of time" in line for line in table.chat)
        for _ in range(5000):  # their bot plays their seat out; the other plays on
            if table.over:
                break
            state = table.match.state
            other = 1 - seat
            if other in game.to_move(state):
                view, legal = game.view(state, other), game.legal_for(state, other)
                room.act(
                    table.id,
                    table.seats[other].player,
                    bots[other].choose(game, view, other, legal),
                )
            else:
                await asyncio.sleep(0.01)
        assert table.over
        room.saves.deliver(wait=True)
        model = PlackettLuce()
        places = [2 if n == seat else 1 for n in range(2)]
        rated = model.rate([[model.rating()], [model.rating()]], ranks=places)
        assert all_ratings(room.store) == {
            table.seats[n].player: {"shifting-stones": (r.mu, r.sigma, 1)}
            for n, [r] in enumerate(rated)
        }
    finally:
        room.shutdown()
        room.store.close()


async def test_a_turn_based_table_back_after_a_restart_gives_no_grace(db):
    room = room_at(db, grace=0.01)
    table = room.create("ana", "shifting-stones", 2, clock="tb:86400")
    room.join(table.id, "bob")
    room.shutdown()
    again = room_at(db, grace=0.01)  # a restart
    try:
        back = again.tables[table.id]
        again.attach(back, "ana", noop)
        assert back.chat[-1] == "ana is back: the table plays on; bob is away."
        assert back.grace_timers == {} and back.seats[1].away_since is not None
    finally:
        again.shutdown()
        again.store.close()
        room.store.close()


def test_the_room_holds_its_clocks_idle_watch_and_saves_as_parts_not_bases(db):
    """Issue 19 (one idiom): the room's clocks, its idle players' watch and its
    moves' saves are objects it holds, each with its own state (no mixin that
    keeps its state in the room's ``vars``); the sessions' calls still reach them."""
    from tideboard.serve.clock_room import ClockRoom
    from tideboard.serve.idle import IdleRoom
    from tideboard.serve.move_saves import MoveSaves

    assert not {ClockRoom, IdleRoom} & set(Room.__mro__)
    room = Room(Store.open(db, import_autosaves=False), bot_delay=0)
    try:
        assert isinstance(room.clock_room, ClockRoom) and room.clock_room.room is room
        assert isinstance(room.idle_room, IdleRoom) and room.idle_room.room is room
        assert isinstance(room.move_saves, MoveSaves)
        room.touched("Ana")
        assert "ana" in room.idle_room.last_keys and not vars(room).keys() & {
            "_idle_by_table",
            "_last_keys",
            "_idle_names_now",
        }
        table = room.create("ana", "shifting-stones", 2, clock="rt:60+5")
        room.join(table.id, "bob")
        assert room.expellable(table, "bob") == []  # (real-time: nobody is expelled)
    finally:
        room.shutdown()
        room.store.close()
