"""Issue 18, point 7: table spam.  A name has at most a few tables waiting for
players, and however many tables there are, every lobby line is a few keys
away: PgUp/PgDn, Home/End, n for the games, and / filters."""

from __future__ import annotations

import pytest

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room
from tests.ui.helpers import settle
from tideboard.serve.lobby import LobbyList, LobbyScreen
from tideboard.serve.new_table import NewTableScreen
from tideboard.serve.tables import Room, TableError


def crowded_room(tmp_path, monkeypatch, players: int = 40) -> Room:
    """``players`` players with a table each waiting for a second player, and
    one Moonshell table of zed's."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for number in range(players):
        room.create(f"p{number:02}", "shifting-stones", 2)
    room.create("zed", "moonshell", 2)
    return room


def lobby(app) -> LobbyList:
    return app.screen_stack[0].query_one(LobbyList)


async def test_a_player_has_at_most_max_open_tables_waiting(tmp_path):
    room = new_room(tmp_path)
    room.max_open = 3
    tables = [room.create("ana", "shifting-stones", 2) for _ in range(3)]
    with pytest.raises(TableError, match="3 tables waiting for players"):
        room.create("ANA", "moonshell", 2)  # the same player in another case
    room.create("bob", "moonshell", 2)  # others are not held back
    room.create("ana", "moonshell", 2, bots={1: "greedy"})  # starts at once: not waiting
    room.close(tables[0].id, "ana")
    room.create("ana", "moonshell", 2)  # a closed table frees its place
    room.join(tables[1].id, "bob")  # a started one too
    room.create("ana", "moonshell", 2)
    assert len([t for t in room.tables.values() if not t.started and t.creator == "ana"]) == 3


async def test_the_lobby_says_why_a_fourth_table_is_refused(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    for _ in range(3):
        room.create("ana", "shifting-stones", 2)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewTableScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and len(room.tables) == 3
        text = str(app.screen.query_one("#lobby-status").render())
        assert "3 tables waiting for players" in text


@pytest.mark.every_frame  # the list follows its cursor as it draws (LobbyLines.window)
async def test_end_home_and_page_keys_reach_every_line(tmp_path, monkeypatch):
    room = crowded_room(tmp_path, monkeypatch)
    app = lobby_app(room, "erin")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        listing = lobby(app)
        lines = listing.choosable()
        assert listing.cursor == lines[0] and len(listing.entries) > 40
        await pilot.press("end")
        assert listing.cursor == lines[-1] and listing.current()[0] == "game"
        await settle(pilot)
        assert listing.current()[2][:20] in app.screen.query_one(LobbyList).render().plain
        await pilot.press("home")
        assert listing.cursor == lines[0]
        # PgDn turns a page: a window of the list at a time, each line shown once
        seen: list[int] = []
        for _ in range(10):
            await pilot.press("pagedown")
            await settle(pilot)
            seen.append(listing.cursor)
            assert listing.top <= listing.cursor < listing.top + listing.size.height
        assert seen[0] - lines[0] >= listing.size.height - 2  # a page, not a line
        assert seen[-1] == lines[-1]  # the end in a few presses (it took 45 Downs)
        await pilot.press("pageup", "pageup")
        assert listing.cursor < lines[-1]
        await pilot.press("n")  # straight to the games
        assert listing.current() == next(e for e in listing.entries if e[0] == "game")


async def test_slash_filters_the_lines_and_esc_clears_it(tmp_path, monkeypatch):
    room = crowded_room(tmp_path, monkeypatch)
    app = lobby_app(room, "erin")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        listing = lobby(app)
        await pilot.press("slash", *"moonsh")
        await settle(pilot)
        kinds = [(kind, key) for kind, key, _text in listing.entries if kind != "head"]
        # zed's Moonshell table and the Moonshell game only (q, w, s typed in the box)
        assert kinds == [("open", "t041"), ("game", "moonshell")], kinds
        assert any("Filter: 'moonsh'" in text for _k, _key, text in listing.entries)
        assert len(room.tables) == 41 and app.is_running
        await pilot.press("enter")  # keeps the filter, back to the list
        await settle(pilot)
        assert listing.has_focus and listing.current()[:2] == ("open", "t041")
        await pilot.press("enter")  # and Enter sits at that table
        await settle(pilot)
        assert room.tables["t041"].seat_of("erin") == 1
        assert len(app.screen_stack) == 2  # the table started: its screen is up
        await pilot.press("q", "y")  # back to the lobby (the seat is kept)
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert len([e for e in listing.entries if e[0] == "open"]) == 40
        # a table id and a player's name filter too
        await pilot.press("slash", *"p17")
        await settle(pilot)
        assert [e[1] for e in listing.entries if e[0] == "open"] == ["t018"]
        await pilot.press("escape")
        await settle(pilot)
        assert not app.screen_stack[0].filter
