"""Issue 22, turn-based play: which of a player's tables wait for their move
(``serve/your_move.py``), the longest wait first; the lobby's count and marks,
and ``N`` in the lobby and at a table (Pilot, no SSH: tests/serve/test_your_move_ssh.py
has what a player sees over SSH)."""

from __future__ import annotations

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room
from tests.serve.turn_helpers import play_turn, two_player
from tests.ui.helpers import wait_for
from tideboard.serve import your_move
from tideboard.serve.lobby_list import LobbyList
from tideboard.serve.lobby_title import LobbyTitle
from tideboard.serve.table_screen import RemoteTable
from tideboard.serve.tables import Room
from tideboard.serve.your_move import waiting_tables, waits_for


def ids(tables) -> list[str]:
    return [table.id for table in tables]


def test_waiting_tables_longest_wait_first_and_only_the_players_own_moves(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    first = two_player(room, "ana", "bob")  # ana to move
    second = two_player(room, "ana", "carol")  # ana to move, a later wait
    theirs = two_player(room, "bob", "ana")  # bob to move: not ana's
    watched = two_player(room, "dave", "erin")
    room.attach(watched, "ana", lambda table, what: None)  # ana watches: not hers
    assert watched.watchers == {"ana": 1}
    assert ids(waiting_tables(room, "ana")) == [first.id, second.id]
    assert not waits_for(theirs, "ana") and not waits_for(watched, "ana")
    assert ids(waiting_tables(room, "bob")) == [theirs.id]  # (bob's own)
    # ana moves at the first: it waits for bob; bob moves: ana's wait there is newer
    play_turn(room, first, "ana")
    assert ids(waiting_tables(room, "ana")) == [second.id]
    assert ids(waiting_tables(room, "bob")) == [theirs.id, first.id]
    play_turn(room, first, "bob")
    assert ids(waiting_tables(room, "ana")) == [second.id, first.id]
    # bob's table comes to ana's move after both: it waits least
    play_turn(room, theirs, "bob")
    assert ids(waiting_tables(room, "ana")) == [second.id, first.id, theirs.id]


def test_simultaneous_choices_count_for_every_waiting_seat(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "mermaid-rain", 3)
    room.join(table.id, "bob")
    room.join(table.id, "carol")
    game = table.match.game
    assert game.to_move(table.match.state) == (0, 1, 2)  # the melds, chosen at once
    assert all(waits_for(table, name) for name in ("ana", "bob", "carol"))
    play_turn(room, table, "bob")  # bob has chosen; the others still choose
    assert 1 not in game.to_move(table.match.state)
    assert not waits_for(table, "bob")
    assert waits_for(table, "ana") and waits_for(table, "carol")
    assert ids(waiting_tables(room, "carol")) == [table.id]


def test_a_seat_a_bot_plays_for_its_away_player_or_a_resigned_one_is_not_counted(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = two_player(room, "ana", "bob")
    assert waits_for(table, "ana")
    table.seats[0].standin = True  # (what the grace's end does)
    assert not waits_for(table, "ana") and waiting_tables(room, "ana") == []
    table.seats[0].standin = False
    room.resign(table.id, "ana")
    assert not waits_for(table, "ana")


def test_tables_brought_back_by_a_restart_wait_in_the_order_of_their_last_moves(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    first = two_player(room, "bob", "ana")
    second = two_player(room, "carol", "ana")
    play_turn(room, second, "carol")  # ana's wait at the second table began first
    play_turn(room, first, "bob")
    room.shutdown()
    again = Room(room.store, bot_delay=0)
    again.load()
    assert ids(waiting_tables(again, "ana")) == [second.id, first.id]
    later = two_player(again, "ana", "dave")  # a wait begun since the restart comes last
    assert ids(waiting_tables(again, "ana")) == [second.id, first.id, later.id]


def test_count_words() -> None:
    assert your_move.count_words(0) == ""
    assert your_move.count_words(1) == "Your move in 1 table: N goes to it"
    assert your_move.count_words(3) == "Your move in 3 tables: N goes to the next"


def title(app) -> str:
    return str(app.screen_stack[0].query_one(LobbyTitle).render())


def status(app) -> str:
    return str(app.screen_stack[0].query_one("#lobby-status").render())


def at(app):
    """The table whose screen ``app`` shows (None: not a table's)."""
    control = getattr(app.screen, "control", None)
    return control.table if isinstance(control, RemoteTable) else None


async def test_the_lobby_counts_and_marks_the_tables_waiting_and_n_steps_through_them(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    first = two_player(room, "ana", "bob")
    second = two_player(room, "ana", "carol")
    theirs = two_player(room, "bob", "ana")
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Your move in 2 tables: N goes to the next" in title(app))
        lines = {key: text for kind, key, text in app.screen.query_one(LobbyList).entries}
        assert "▶ your move" in lines[first.id] and "▶ your move" in lines[second.id]
        assert "▶ your move" not in lines[theirs.id] and "playing" in lines[theirs.id]
        # a move lands at bob's table: it waits for ana too now (the lobby redraws)
        play_turn(room, theirs, "bob")
        await wait_for(pilot, lambda: "Your move in 3 tables" in title(app))
        # N: the longest wait first; at a table, the next one but this
        await pilot.press("N")
        await wait_for(pilot, lambda: at(app) is first)
        await pilot.press("N")
        await wait_for(pilot, lambda: at(app) is second)
        # ana plays at the first and the third: N at the second finds none other
        play_turn(room, first, "ana")
        play_turn(room, theirs, "ana")
        await pilot.press("N")
        line = app.screen.query_one("StatusLine")
        await wait_for(pilot, lambda: "No other table waits for your move." in str(line.render()))
        assert at(app) is second  # (still here)
        play_turn(room, second, "ana")
        app.show_picker()  # back in the lobby: none waits now
        await wait_for(pilot, lambda: app.screen is app.screen_stack[0])
        await wait_for(pilot, lambda: "Your move" not in title(app))
        await pilot.press("N")
        await wait_for(pilot, lambda: "No table waits for your move." in status(app))
        assert app.screen is app.screen_stack[0]


def bound_keys(cls) -> set[str]:
    """The keys ``cls`` binds with its bases (``BINDINGS``, as Textual merges them)."""
    from textual.binding import BindingsMap

    keys: set[str] = set()
    for base in reversed(cls.__mro__):
        keys.update(BindingsMap(base.__dict__.get("BINDINGS", [])).key_to_bindings)
    return keys


def test_n_is_the_apps_key_and_free_on_the_lobby_and_every_game_screen() -> None:
    """A screen's binding of N would come before the app's: none has one."""
    from tideboard.engine import registry
    from tideboard.serve.app import ServeApp
    from tideboard.serve.lobby import LOBBY_KEYS_HELP, LobbyScreen
    from tideboard.serve.table_screen import TABLE_KEYS_HELP
    from tideboard.ui.screens import has_screen, screen_class

    assert "N" in bound_keys(ServeApp)
    screens = [screen_class(g) for g in registry.GAMES if has_screen(g)]
    assert len(screens) == 5
    for screen in [LobbyScreen, *screens]:
        assert "N" not in bound_keys(screen), screen
    assert ("N" in dict(LOBBY_KEYS_HELP)) and ("N" in dict(TABLE_KEYS_HELP))


async def test_after_a_restart_the_title_and_the_lines_agree_on_the_paused_tables(
    tmp_path, monkeypatch
):
    """A table brought back by a restart is paused until one of its players opens
    it: one that waits for the player's move counts in the title (opening it
    resumes it: it waits for them alone) and its line says "▶ your move" with
    "paused"; one that waits for another player says paused, and is not counted."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    mine = two_player(room, "ana", "bob")  # ana to move
    theirs = two_player(room, "bob", "ana")  # bob to move
    room.shutdown()
    again = Room(room.store, bot_delay=0)
    assert again.load() == []
    assert again.tables[mine.id].paused and again.tables[theirs.id].paused
    app = lobby_app(again)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Your move in 1 table: N goes to it" in title(app))
        lines = {key: text for kind, key, text in app.screen.query_one(LobbyList).entries}
        assert "▶ your move" in lines[mine.id] and "paused" in lines[mine.id], lines
        assert "▶ your move" not in lines[theirs.id] and "paused" in lines[theirs.id], lines
        await pilot.press("N")  # to it, and the table plays on
        await wait_for(pilot, lambda: at(app) is again.tables[mine.id])
        assert not again.tables[mine.id].paused and again.tables[theirs.id].paused
