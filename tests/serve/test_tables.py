"""The server's tables (no SSH): seats, who may move, bots, grace, restarts."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tideboard.engine.bots import make_bot
from tideboard.engine.core import ConfigError, IllegalAction
from tideboard.serve import storage
from tideboard.serve.tables import Room, TableError
from tideboard.store.games import Store
from tideboard.store.schema import MIGRATIONS, statements


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as opened:
        yield opened


def noop(table, what):
    pass


def finish(room, table):
    """Every seat plays a greedy move (bots' seats too) until the game is over."""
    game = table.match.game
    bot = make_bot(game, "greedy", seed=1)
    while not table.over:
        state = table.match.state
        seat = game.to_move(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        if table.seats[seat].player is None:
            room._apply(table, action)
        else:
            room.act(table.id, table.seats[seat].player, action)


def started(room):
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    return table


async def test_a_table_starts_when_its_seats_are_filled(store):
    """Issue 12: a table starts when its seats are filled."""
    room = Room(store, bot_delay=0)
    table = room.create("ana", "shifting-stones", 2)
    assert not table.started and table.free_seats() == [1]
    assert room.join(table.id, "bob") == 1
    assert table.started
    with pytest.raises(TableError):
        room.join(table.id, "carol")  # no free seat: watch instead


async def test_only_the_creator_starts_with_bots(store):
    """Issue 12: or when its creator starts it with bots in the empty seats."""
    room = Room(store, bot_delay=0)
    table = room.create("ana", "shifting-stones", 3)
    with pytest.raises(TableError):
        room.start(table.id, "bob")
    room.start(table.id, "ana")
    assert table.started and [s.bot for s in table.seats] == [None, "greedy", "greedy"]


async def test_a_seat_acts_only_for_itself_and_only_in_turn(store):
    """Issue 12: a session can act only for its own seat, only when the rules wait for it."""
    room = Room(store, bot_delay=0)
    table = started(room)
    game, state = table.match.game, table.match.state
    seat = game.to_move(state)[0]
    mover, other = (["ana", "bob"][seat], ["ana", "bob"][1 - seat])
    action = game.legal_for(state, seat)[0]
    with pytest.raises(IllegalAction):
        room.act(table.id, other, action)  # the other seat's move, out of turn
    with pytest.raises(TableError):
        room.act(table.id, "carol", action)  # a spectator has no seat
    room.act(table.id, mover, action)
    assert list(table.match.actions) == [action]


async def test_a_restart_brings_every_table_back(store, tmp_path):
    """Issue 12: tables and their moves live in the store; a restart brings them back."""
    room = Room(store, bot_delay=0)
    table = started(room)
    game = table.match.game
    for _ in range(3):
        seat = game.to_move(table.match.state)[0]
        room.act(table.id, table.seats[seat].player, game.legal_for(table.match.state, seat)[0])
    waiting = room.create("carol", "moonshell", 2)
    room.shutdown()  # the server stops: it waits for the moves' writes
    again = Room(Store.open(tmp_path / "t.db", import_autosaves=False), bot_delay=0)
    assert again.load() == []
    back = again.tables[table.id]
    assert list(back.match.actions) == list(table.match.actions)
    assert [s.player for s in back.seats] == ["ana", "bob"]
    assert not again.tables[waiting.id].started
    again.store.close()


async def test_a_bot_plays_an_away_seat_after_the_grace_period(store):
    """Issue 12: after the grace period a bot plays the seat until its player returns."""
    room = Room(store, grace=0.05, bot_delay=0)
    table = started(room)
    for name in ("ana", "bob"):
        room.attach(table, name, noop)
    game = table.match.game
    seat = game.to_move(table.match.state)[0]
    name = table.seats[seat].player
    room.detach(table, name, noop)
    assert "away" in table.status()
    await asyncio.sleep(0.3)
    assert table.seats[seat].standin and len(table.match.actions) > 0
    assert any("a bot plays" in line for line in table.chat)
    room.attach(table, name, noop)
    assert not table.seats[seat].standin
    room.shutdown()


async def test_chat_lines_are_one_printable_line(store):
    room = Room(store)
    table = room.create("ana", "shifting-stones", 2)
    room.chat(table.id, "ana", "hi\x1b[2J there\nbob " + "x" * 500)
    assert table.chat[-1].startswith("ana: hi [2J there bob") and "\x1b" not in table.chat[-1]
    assert len(table.chat[-1]) <= 5 + 200


async def test_a_table_keeps_its_variant_and_options_through_a_restart(store, tmp_path):
    """Issue 12 (#3): tables carry rules options too; the store keeps them."""
    room = Room(store, bot_delay=0)
    table = room.create("ana", "moonshell", 2, "dive", options={"events": "on"})
    assert table.options == (("events", "on"),) and table.rules() == "dive, events on"
    room.join(table.id, "bob")
    assert table.match.config.options == (("events", "on"),)
    assert table.match.game.info.option_values(table.match.config)["reef"] == "3"
    again = Room(Store.open(tmp_path / "t.db", import_autosaves=False), bot_delay=0)
    assert again.load() == []
    back = again.tables[table.id]
    assert back.options == (("events", "on"),) and back.match.config == table.match.config
    again.store.close()


async def test_bad_options_and_solo_tables(store):
    """A table's options are checked as the command line's are; one player at a
    game with a solo mode is that mode."""
    room = Room(store, bot_delay=0)
    with pytest.raises(ConfigError):
        room.create("ana", "moonshell", 2, options={"events": "maybe"})
    with pytest.raises(ConfigError):
        room.create("ana", "shifting-stones", 2, options={"events": "on"})
    solo = room.create("ana", "moonshell", 1)
    assert solo.started and solo.solo and solo.match.config.solo
    assert solo.rules() == "solo"
    assert room.create("bob", "moonlighter", 1).rules() == ""


def test_a_version_3_store_gains_the_tables_options_column(tmp_path):
    """Schema 3 -> 4: tables made before options have none."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for version in range(3):
        for statement in statements(MIGRATIONS[version]):
            db.execute(statement)
    db.execute("PRAGMA user_version = 3")
    db.execute(
        "INSERT INTO tables (id, game, creator, players, variant, seats, created) "
        "VALUES ('t1', 'moonshell', 'ana', 2, 'wade', "
        '\'[{"player": "ana", "bot": null}, {"player": null, "bot": null}]\', \'x\')'
    )
    db.commit()
    db.close()
    with Store.open(path, import_autosaves=False) as opened:
        (row,) = storage.load_tables(opened)
        assert row.variant == "wade" and row.options == ()


async def test_a_failed_save_keeps_the_table_playing_and_is_retried_until_it_succeeds(
    store, monkeypatch
):
    """Issue #18 point 12 at a server table: a move the store refuses (a full
    disk) is kept, the table is told once, and the missing moves are saved by a
    retry with no further move; the table is told when every move is saved."""
    from tideboard.serve import tables as tables_module

    monkeypatch.setattr(tables_module, "SAVE_RETRY", 0.05)
    room = Room(store, grace=60, bot_delay=0)
    table = started(room)
    writer = table.writer
    real_sync = writer.sync
    full = {"disk": True}

    def sync(match):
        return "Could not save the game: the disk is full" if full["disk"] else real_sync(match)

    monkeypatch.setattr(writer, "sync", sync)
    game = table.match.game
    seat = game.to_move(table.match.state)[0]
    name = table.seats[seat].player
    room.act(table.id, name, game.legal_for(table.match.state, seat)[0])
    assert len(table.match.actions) == 1  # the move is played all the same
    room.saves.deliver(wait=True)  # (the write runs on the store's thread)
    assert table.save_error is not None
    assert sum("could not save" in line for line in table.chat) == 1
    await asyncio.sleep(0.2)  # retried, still refused: told once only
    assert sum("could not save" in line for line in table.chat) == 1
    assert store.load_match(writer.id)[0].actions == ()
    full["disk"] = False
    for _ in range(100):
        if table.save_error is None:
            break
        await asyncio.sleep(0.02)
    assert table.save_error is None and table.save_timer is None
    assert store.load_match(writer.id)[0].actions == table.match.actions
    assert "Every move is saved again." in table.chat
    room.shutdown()


async def test_a_moves_write_leaves_the_loop_keeps_its_order_and_shutdown_waits_for_it(
    store, monkeypatch
):
    """Issue #19: every session shares the loop, so a move's commit and fsync
    run on the store's writer thread: while the disk is slow (here: held) the
    room answers at once, the moves reach the store in the order played, the
    players are told nothing is wrong, and shutdown waits for the writes."""
    import threading
    import time

    room = Room(store, grace=60, bot_delay=0)
    table = started(room)
    writer = table.writer
    real_sync = writer.sync
    disk = threading.Event()
    seen = []

    def slow_sync(match):
        disk.wait(5)  # a slow fsync
        seen.append(len(match.actions))
        return real_sync(match)

    monkeypatch.setattr(writer, "sync", slow_sync)
    game = table.match.game
    started_at = time.monotonic()
    for _ in range(4):
        seat = game.to_move(table.match.state)[0]
        room.act(table.id, table.seats[seat].player, game.legal_for(table.match.state, seat)[0])
    assert time.monotonic() - started_at < 1.0, "a move waited for the disk on the loop"
    assert len(table.match.actions) == 4 and room.saves.pending == 4
    assert store.summary(writer.id).moves == 0
    disk.set()
    room.shutdown()  # waits for the four writes and hands out their outcomes
    assert seen == [1, 2, 3, 4] and room.saves.pending == 0
    assert store.load_match(writer.id)[0].actions == table.match.actions
    assert table.save_error is None and not any("could not save" in line for line in table.chat)


async def test_a_rematch_keeps_the_seats_for_their_players_and_starts_when_they_are_back(store):
    """Issue 20 (21): "Play again" at a finished table offers a rematch with the
    same seats: the asker sits where they sat, the other player's seat is kept for
    them (nobody else may take it), a bot keeps its level, and it starts when
    everyone is back."""
    room = Room(store, bot_delay=0)
    table = room.create("ana", "shifting-stones", 3, bots={2: "greedy"})
    room.join(table.id, "bob")
    with pytest.raises(TableError):
        room.rematch(table.id, "bob")  # not finished yet
    finish(room, table)
    with pytest.raises(TableError):
        room.rematch(table.id, "carol")  # not a player of it
    again = room.rematch(table.id, "bob")
    assert again.id != table.id and not again.started
    assert [s.player for s in again.seats] == [None, "bob", None]
    assert [s.bot for s in again.seats] == [None, None, "greedy"]
    assert (again.game_id, again.variant, again.options) == (
        table.game_id,
        table.variant,
        table.options,
    )
    assert again.seat_name(0) == "ana (invited)" and "waiting for ana" in again.status("ana")
    assert table.chat[-1].startswith(f"bob asks for a rematch at table {again.id}")
    assert again in room.tables_of("ana")  # listed as hers in her lobby
    with pytest.raises(TableError):
        room.join(again.id, "carol")  # ana's seat is kept for her
    assert room.rematch(table.id, "bob") is again  # asked twice: the same table
    assert room.rematch(table.id, "ANA") is again  # her Play again sits her there
    assert again.started and [s.player for s in again.seats] == ["ANA", "bob", None]


async def test_a_rematch_opener_may_start_it_with_bots_or_close_it(store):
    """Issue 20 (21): nobody is waited for forever: the opener starts the rematch
    (bots take the kept seats) or closes it, and then a new one may be asked for."""
    room = Room(store, bot_delay=0)
    table = started(room)
    finish(room, table)
    again = room.rematch(table.id, "ana")
    room.close(again.id, "ana")
    third = room.rematch(table.id, "ana")
    assert third.id != again.id
    room.start(third.id, "ana")
    assert third.started and [(s.player, s.bot) for s in third.seats] == [
        ("ana", None),
        (None, "greedy"),
    ]


async def test_a_rematch_against_bots_only_starts_at_once(store):
    room = Room(store, bot_delay=0)
    table = room.create("ana", "shifting-stones", 2, bots={1: "random"})
    finish(room, table)
    again = room.rematch(table.id, "ana")
    assert again.started and again.seats[1].bot == "random"
    assert not table.chat  # nobody to tell


async def test_a_greedy_bot_thinks_off_the_loop_and_a_paused_table_drops_its_answer(store):
    """Issue #21 ("No stalls"): a greedy bot's move (up to 0.4 s in Moonshell's solo)
    is thought in a thread, never on the loop every session shares; an answer that
    comes when the table is no longer as it was (paused here) is not made, and the
    bot thinks anew once the table plays on."""
    import threading

    room = Room(store, bot_delay=0)
    table = room.create("ana", "shifting-stones", 2, bots={1: "greedy"})  # (started)
    game = table.match.game
    helper = make_bot(game, "greedy", seed=1)
    while game.to_move(table.match.state) == (0,):  # ana's turn, played to its end
        state = table.match.state
        room.act(
            table.id, "ana", helper.choose(game, game.view(state, 0), 0, game.legal_for(state, 0))
        )
    release, calls = threading.Event(), []
    bot = table.bots.get(1) or make_bot(game, "greedy", seed=table.match.config.seed * 97 + 1)
    table.bots[1] = bot
    choose = bot.choose

    def slow(game, view, seat, legal):
        calls.append((len(table.match.actions), threading.current_thread()))
        if len(calls) == 1:
            assert release.wait(10)  # (on the loop: every session would wait this long)
        return choose(game, view, seat, legal)

    bot.choose = slow
    before = len(table.match.actions)
    for _ in range(200):
        if calls:
            break
        await asyncio.sleep(0.01)
    assert calls and calls[0][1] is not threading.main_thread()
    table.paused = True  # (as a restart leaves it: nothing moves there)
    release.set()
    for _ in range(50):
        await asyncio.sleep(0.01)
    assert len(table.match.actions) == before and table.thinking is None
    table.paused = False
    room.bots.schedule(table)
    for _ in range(500):
        if len(table.match.actions) > before:
            break
        await asyncio.sleep(0.01)
    assert len(table.match.actions) > before and len(calls) >= 2
