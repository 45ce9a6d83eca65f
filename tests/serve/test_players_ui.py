"""Issue 22: players' pages and leaderboards in the lobby, driven by Textual's
Pilot (no SSH): ``p`` on a table's line opens its players' pages, ``r`` a
game's leaderboard, and each leads to the other and to replays."""

from __future__ import annotations

import re

import attrs

from tests.serve.lobby_helpers import (
    fixed_ids,
    lobby_app,
    new_room,
    play_out,
    play_out_against_a_bot,
)
from tests.ui.helpers import settle
from tideboard.engine.bots import make_bot
from tideboard.serve import storage
from tideboard.serve.lobby import LobbyList, LobbyScreen
from tideboard.serve.players import LeaderboardScreen, PlayerScreen
from tideboard.store import ratings
from tideboard.ui.shared.replay import Replay

GAME = "shifting-stones"


def lines(app) -> list[str]:
    return [text for _kind, _key, text in app.screen.query_one(LobbyList).entries]


def title(app) -> str:
    return str(app.screen.query_one("#players-title").render())


def rated_room(tmp_path, monkeypatch):
    """ana, bob and carol (with keys) after three rated tables and one with a bot."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for name in ("ana", "Bob", "carol"):
        storage.claim(room.store, name, f"SHA256:{name}")
    for one, other in (("ana", "bob"), ("bob", "carol"), ("ana", "carol")):
        table = room.create(one, GAME, 2)
        room.join(table.id, other)
        play_out(room, table)
    with_bot = room.create("ana", GAME, 2, bots={1: "greedy"})
    play_out_against_a_bot(room, with_bot, "ana")
    assert with_bot.over
    room.saves.deliver(wait=True)  # every move and end written (and rated) before a page reads
    return room


def won(room, name) -> int:
    return sum(
        t.seat_of(name) in t.match.game.winners(t.match.state)
        for t in room.tables.values()
        if t.over and t.seat_of(name) is not None
    )


def her_bot_beats_bob(room, table, seat: int) -> None:
    """The bot that took ana's ``seat`` for good plays greedy moves, bob random ones,
    to the end: her seat wins (the case where her record must not count it)."""
    game = table.match.game
    bot, weak = make_bot(game, "greedy", seed=3), make_bot(game, "random", seed=3)
    while not table.over:
        state = table.match.state
        mover = game.to_move(state)[0]
        player = bot if mover == seat else weak
        action = player.choose(game, game.view(state, mover), mover, game.legal_for(state, mover))
        if mover == seat:
            room._apply(table, action)
        else:
            room.act(table.id, "bob", action)
    room.saves.deliver(wait=True)
    assert tuple(game.winners(table.match.state)) == (seat,)


async def test_p_on_a_table_opens_its_other_players_page_and_arrows_go_to_the_next(
    tmp_path, monkeypatch
):
    room = rated_room(tmp_path, monkeypatch)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one(LobbyList).point_at("done", "t001")  # ana and bob's table
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PlayerScreen)
        assert title(app) == "Player: Bob (2 of 2: ←→ the others)"  # (as first spelled)
        rating = ratings.ratings_of(room.store, "bob")[GAME]
        games = "\n".join(lines(app))
        assert re.search(
            rf"Shifting Stones +2 +{won(room, 'bob')} +{rating.shown} \(2 rated\)", games
        ), games
        assert "t002  Shifting Stones" in games and "t003" not in games  # (bob was not there)
        await pilot.press("right")
        await settle(pilot)
        assert title(app) == "Player: ana (you) (1 of 2: ←→ the others)"
        games = "\n".join(lines(app))
        assert re.search(rf"Shifting Stones +3 +{won(room, 'ana')} ", games), games
        assert "t004  Shifting Stones" in games and "(unrated)" in games  # (the bot's table)
        assert "(2 rated)" in games  # the bot's table counts as played, not as rated
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


async def test_the_leaderboard_lists_by_rating_and_opens_pages_and_replays(tmp_path, monkeypatch):
    room = rated_room(tmp_path, monkeypatch)
    app = lobby_app(room, "carol")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n", "r")  # on Shifting Stones' line
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        assert title(app) == "Leaderboard: Shifting Stones (←→ another game)"
        board = ratings.leaderboard(room.store, GAME)
        shown = [r.shown for r in board]
        assert shown == sorted(shown, reverse=True) and len(board) == 3
        rows = [line for line in lines(app) if re.match(r" +[0-9] ", line)]
        assert [row.split()[1] for row in rows] == [r.name for r in board]
        assert [int(row.split()[-2]) for row in rows] == shown
        await pilot.press("right")  # the next game: Moonshell, nobody rated yet
        await settle(pilot)
        assert "Moonshell" in title(app)
        assert "  (no rated Moonshell table has finished yet)" in lines(app)
        await pilot.press("left")
        await settle(pilot)
        await pilot.press("end", "enter")  # the last player's page
        await settle(pilot)
        assert isinstance(app.screen, PlayerScreen) and board[-1].name in title(app)
        app.screen.query_one(LobbyList).point_at("game", GAME)
        await pilot.press("enter")  # a game's line: its leaderboard again
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("escape")  # back to the page
        await settle(pilot)
        page = app.screen
        assert isinstance(page, PlayerScreen)
        table_line = next(
            key for kind, key, _ in page.query_one(LobbyList).entries if kind == "done"
        )
        page.query_one(LobbyList).point_at("done", table_line)
        await pilot.press("enter")  # a recent table: its replay, as from the lobby
        await settle(pilot)
        assert isinstance(app.screen.control, Replay)
        assert app.screen.control.whole is room.tables[table_line].match


async def test_a_guests_page_says_guests_are_never_rated(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room, "guest-1234")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # (no table under the cursor: your own page)
        await settle(pilot)
        assert title(app) == "Player: guest-1234 (you)"
        assert "guest-1234 plays as a guest: guests are never rated." in lines(app)[0]
        await pilot.press("r")  # the first game's leaderboard, empty
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        assert "  (no rated Shifting Stones table has finished yet)" in lines(app)


async def test_a_private_tables_replay_is_not_on_a_page_for_those_outside_it(tmp_path, monkeypatch):
    """ana and bob's invitation-only table, finished: dave (outside it) sees ana's
    record on her page but not that table among her recent tables (its id, its
    replay); bob (inside it) does."""
    from tideboard.serve.access import INVITED

    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for name in ("ana", "bob", "dave"):
        storage.claim(room.store, name, f"SHA256:{name}")
    table = room.create("ana", GAME, 2, who=INVITED, names=["bob"])
    room.join(table.id, "bob")
    play_out(room, table)
    room.saves.deliver(wait=True)
    for viewer, shown in (("dave", False), ("bob", True)):
        app = lobby_app(room, viewer)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.push_screen(PlayerScreen(room, viewer, ["ana"]))
            await settle(pilot)
            text = "\n".join(lines(app))
            assert re.search(r"Shifting Stones +1 ", text), text  # the record counts it
            assert (table.id in text) is shown, text


async def test_a_resigned_table_counts_as_played_not_won_and_is_on_the_page(tmp_path, monkeypatch):
    """Found over OpenSSH: ana resigned a rated table (her rating moved), but her
    page said "played 0" for it and left it out of her recent tables.  A table a
    player resigned (or left, or ran out of time at) is one they played and did not
    win, whatever their seat's bot made of it."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for name in ("ana", "bob"):
        storage.claim(room.store, name, f"SHA256:{name}")
    table = room.create("ana", GAME, 2)
    room.join(table.id, "bob")
    seat = table.seat_of("ana")
    room.resign(table.id, "ana")
    her_bot_beats_bob(room, table, seat)
    record = ratings.table_records(room.store, "ana")[GAME]
    assert (record.played, record.won) == (1, 0)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(PlayerScreen(room, "ana", ["ana"]))
        await settle(pilot)
        page = "\n".join(lines(app))
        assert re.search(r"Shifting Stones +1 +0 ", page), page
        assert f"{table.id}  Shifting Stones" in page, page


def test_a_table_run_out_of_time_at_counts_as_played_not_won(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for name in ("ana", "bob"):
        storage.claim(room.store, name, f"SHA256:{name}")
    table = room.create("ana", GAME, 2, clock="rt:300+0")
    room.join(table.id, "bob")
    seat = table.seat_of("ana")
    clocks = table.timing.clocks
    remaining = tuple(0.0 if s == seat else 300.0 for s in range(2))
    table.timing.clocks = attrs.evolve(clocks, remaining=remaining)
    room.clock_room.catch_up(table)  # her flag: a bot plays her seat for good
    her_bot_beats_bob(room, table, seat)
    record = ratings.table_records(room.store, "ana")[GAME]
    assert (record.played, record.won) == (1, 0)
