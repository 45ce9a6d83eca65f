"""Issue 22: which server tables are rated, at the room's level (no SSH): a
player who leaves and never comes back loses (placed last, the table rated), a
bot that played for an away player who came back makes the table unrated, and
a restart or a replay never rates a table twice."""

from __future__ import annotations

import asyncio

import attrs
from openskill.models import PlackettLuce

from tests.serve.lobby_helpers import new_room, play_out, play_out_against_a_bot
from tests.serve.test_ratings_ssh import all_ratings
from tideboard.engine.bots import make_bot
from tideboard.serve import storage
from tideboard.serve.tables import Room, note_hint

GAME = "shifting-stones"


def noop(table, what):
    pass


def keyed_room(tmp_path, *names) -> Room:
    room = new_room(tmp_path)
    for name in names:
        storage.claim(room.store, name, f"SHA256:{name}")
    return room


def rated_row(room, table):
    return tuple(
        room.store.db.read(
            "SELECT rated, reason FROM rated_games WHERE game_id = ?", (table.writer.id,)
        )[0]
    )


async def ana_plays_bob_is_stood_in(room, table, until_stood_in=False) -> None:
    """ana (present) plays greedy moves; bob's seat waits for the stand-in (away
    past the grace) to play it, until the end (or its first move for bob)."""
    game = table.match.game
    bot = make_bot(game, "greedy", seed=1)
    for _ in range(5000):
        if table.over or (until_stood_in and table.standin_moves):
            break
        state = table.match.state
        if game.to_move(state)[0] == 0:
            room.act(
                table.id, "ana", bot.choose(game, game.view(state, 0), 0, game.legal_for(state, 0))
            )
        else:  # bob's seat: after the grace, a bot plays it for him
            await asyncio.sleep(0.01)


def ranks_with_bob_last(room, table):
    """ana's and bob's ratings as openskill gives them with bob placed last."""
    model = PlackettLuce()
    [[ana], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    return {"ana": {GAME: (ana.mu, ana.sigma, 1)}, "bob": {GAME: (bob.mu, bob.sigma, 1)}}


async def test_a_player_who_never_comes_back_loses_and_the_table_stays_rated(tmp_path):
    room = keyed_room(tmp_path, "ana", "bob")
    room.grace = 0.01
    table = room.create("ana", GAME, 2)
    room.attach(table, "ana", noop)  # ana stays; bob never opens the table
    room.join(table.id, "bob")
    await ana_plays_bob_is_stood_in(room, table)
    assert table.over and table.standin_moves
    room.saves.deliver(wait=True)
    assert rated_row(room, table) == (1, None)
    assert all_ratings(room.store) == ranks_with_bob_last(room, table)  # whatever the scores
    said = next((line for line in table.chat if line.startswith("Rated:")), str(table.chat))
    assert "bob 0 -> " in said and said.endswith("(left the game: placed last).")
    room.shutdown()


async def test_a_player_back_after_a_bots_moves_makes_the_table_unrated_not_lost(tmp_path):
    room = keyed_room(tmp_path, "ana", "bob")
    room.grace = 0.01
    table = room.create("ana", GAME, 2)
    room.attach(table, "ana", noop)
    room.join(table.id, "bob")
    await ana_plays_bob_is_stood_in(room, table, until_stood_in=True)
    assert table.standin_moves and not table.over
    room.attach(table, "bob", noop)  # bob is back, and plays it out himself
    play_out(room, table)
    room.saves.deliver(wait=True)
    assert rated_row(room, table) == (0, "a bot played for bob")
    assert all_ratings(room.store) == {}
    room.shutdown()


async def test_a_players_absence_is_remembered_across_a_restart(tmp_path):
    """A bot moved for bob, then the server restarted: bob back afterwards makes
    the table unrated; bob never back loses it."""
    room = keyed_room(tmp_path, "ana", "bob")
    room.grace = 0.01
    back, gone = room.create("ana", GAME, 2), room.create("ana", GAME, 2)
    for table in (back, gone):
        room.attach(table, "ana", noop)
        room.join(table.id, "bob")
        await ana_plays_bob_is_stood_in(room, table, until_stood_in=True)
        assert table.standin_moves and not table.over
    room.shutdown()
    again = Room(room.store, grace=0.01, bot_delay=0)  # a restart: the room's memory is gone
    again.load()
    back, gone = again.tables[back.id], again.tables[gone.id]
    again.attach(back, "ana", noop)
    again.attach(back, "bob", noop)
    play_out(again, back)
    again.saves.deliver(wait=True)
    assert rated_row(again, back) == (0, "a bot played for bob")
    again.attach(gone, "ana", noop)  # (bob stays away: after the grace a bot plays for him)
    await ana_plays_bob_is_stood_in(again, gone)
    again.saves.deliver(wait=True)
    assert rated_row(again, gone) == (1, None)
    assert all_ratings(again.store) == ranks_with_bob_last(again, gone)
    again.shutdown()


def test_a_restart_or_a_replay_never_rates_a_table_twice(tmp_path):
    room = keyed_room(tmp_path, "ana", "bob")
    table = room.create("ana", GAME, 2)
    room.join(table.id, "bob")
    play_out(room, table)
    once = all_ratings(room.store)
    assert once["ana"][GAME][2] == once["bob"][GAME][2] == 1
    again = Room(room.store, bot_delay=0)
    again.load()  # a restart: every table comes back, the finished one too
    assert again.tables[table.id].over
    again.store.load_match(table.writer.id)  # a replay loads it once more
    assert all_ratings(room.store) == once and rated_row(room, table) == (1, None)


def test_a_table_killed_before_its_end_was_recorded_is_rated_when_it_comes_back(tmp_path):
    """The server stopped between the last move and the end's record: the next
    load records the end, and rates it, once."""
    room = keyed_room(tmp_path, "ana", "bob")
    table = room.create("ana", GAME, 2)
    room.join(table.id, "bob")
    finish = room.store.finish
    room.store.finish = lambda *args, **kwargs: None  # (the kill: no end recorded)
    play_out(room, table)
    room.store.finish = finish
    assert not room.store.summary(table.writer.id).finished and all_ratings(room.store) == {}
    again = Room(room.store, bot_delay=0)
    again.load()
    assert room.store.summary(table.writer.id).finished
    rated = all_ratings(room.store)
    assert rated["ana"][GAME][2] == rated["bob"][GAME][2] == 1
    Room(room.store, bot_delay=0).load()
    assert all_ratings(room.store) == rated


def test_a_hint_is_remembered_by_the_store_across_a_restart(tmp_path):
    room = keyed_room(tmp_path, "ana", "bob")
    table = room.create("ana", GAME, 2)
    room.join(table.id, "bob")
    note_hint(room, table.id, "bob")
    again = Room(room.store, bot_delay=0)  # a restart: the table's memory is gone
    again.load()
    comeback = again.tables[table.id]
    again.attach(comeback, "ana", noop)  # (a player opens it: it plays on)
    play_out(again, comeback)
    assert rated_row(again, comeback) == (0, "bob used a hint")
    assert all_ratings(room.store) == {}


def test_a_rated_tables_end_tells_how_the_ratings_moved(tmp_path, monkeypatch):
    """Once a rated table's end is saved, the table reads each player's rating
    before and after ("Rated: ana 0 -> 4, bob 0 -> -3."); a table with a bot
    seat, never rated, says nothing of ratings."""
    from tideboard.serve import tables
    from tideboard.store import ratings

    # a game one of them wins (with a new seed each run, now and then a tie failed this)
    monkeypatch.setattr(tables, "new_seed", lambda: 7)
    room = keyed_room(tmp_path, "ana", "bob")
    table = room.create("ana", GAME, 2)
    room.join(table.id, "bob")
    play_out(room, table)
    room.saves.deliver(wait=True)
    now = {name: ratings.ratings_of(room.store, name)[GAME].shown for name in ("ana", "bob")}
    assert now["ana"] != now["bob"]  # (one of them won)
    assert f"Rated: ana 0 -> {now['ana']}, bob 0 -> {now['bob']}." in table.chat
    with_bot = room.create("ana", GAME, 2, bots={1: "greedy"})
    play_out_against_a_bot(room, with_bot, "ana")
    assert with_bot.over
    room.saves.deliver(wait=True)
    assert not any(line.startswith("Rated:") for line in with_bot.chat)


async def test_the_rated_line_says_who_resigned_or_ran_out_of_time_and_was_placed_last(tmp_path):
    """Found over OpenSSH: the game said "bob wins" (his seat's bot won it) and the
    next line "Rated: ana -2 -> 2, bob 3 -> 1": bob had run out of time, which
    places him last whatever his bot made of it, and nothing said so."""
    room = keyed_room(tmp_path, "ana", "bob", "carol")
    table = room.create("ana", GAME, 3, clock="rt:300+0")
    room.join(table.id, "bob")
    room.join(table.id, "carol")
    for name in ("ana", "bob", "carol"):
        room.attach(table, name, noop)
    room.resign(table.id, "carol")
    bob = table.seat_of("bob")
    clocks = table.timing.clocks
    table.timing.clocks = attrs.evolve(
        clocks, remaining=tuple(0.0 if s == bob else 300.0 for s in range(3))
    )
    room.clock_room.catch_up(table)  # bob's flag: a bot plays his seat for good
    game = table.match.game
    bot = make_bot(game, "greedy", seed=1)
    for _ in range(5000):
        if table.over:
            break
        state = table.match.state
        seat = game.to_move(state)[0]
        if table.seats[seat].player == "ana":
            action = bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
            room.act(table.id, "ana", action)
        else:  # the bots of bob (out of time) and carol (resigned)
            await asyncio.sleep(0.01)
    assert table.over
    room.saves.deliver(wait=True)
    said = next((line for line in table.chat if line.startswith("Rated:")), str(table.chat))
    assert "carol 0 -> " in said and said.count("placed last") == 2, said
    assert "(resigned: placed last)" in said and "(out of time: placed last)" in said, said
    room.shutdown()
