"""The lobby and the new-table dialog, driven key by key with Textual's Pilot."""

from __future__ import annotations

from tests.serve.lobby_helpers import at_table, busy_room, fixed_ids, lobby_app, new_room, play_out
from tests.ui.helpers import settle
from tideboard.serve.app import ServeApp
from tideboard.serve.lobby import LobbyList, LobbyScreen
from tideboard.serve.new_table import NewTableScreen
from tideboard.serve.table_screen import RemoteTable
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.modals import ConfirmScreen, HelpScreen
from tideboard.ui.shared.replay import Replay


def lines(app) -> list[tuple[str, str, str]]:
    return app.screen_stack[0].query_one(LobbyList).entries


def line_texts(app) -> dict[str, str]:
    """The lobby's lines by their key (a table id, a game id)."""
    return {key: text for _kind, key, text in lines(app)}


def under_cursor(app):
    return app.screen_stack[0].query_one(LobbyList).current()


async def cursor_to(pilot, kind: str, key: str) -> None:
    """Move the lobby's cursor with j/k to the line (kind, key)."""
    lobby = pilot.app.screen.query_one(LobbyList)
    target = next(n for n, e in enumerate(lobby.entries) if e[:2] == (kind, key))
    while lobby.cursor != target:
        await pilot.press("j" if lobby.cursor < target else "k")


def status(app) -> str:
    return str(app.screen_stack[0].query_one("#lobby-status").render())


async def test_lobby_lists_tables_finished_tables_and_games(tmp_path, monkeypatch):
    """Issue 12: the lobby shows the player's unfinished tables, the open tables
    (game, rules, seats, watchers), the player's finished tables for replay, and
    the playable games."""
    room = busy_room(tmp_path, monkeypatch)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        kinds = {(kind, key) for kind, key, _text in lines(app)}
        assert ("mine", "t002") in kinds and ("done", "t001") in kinds
        assert {("open", "t003"), ("open", "t004")} <= kinds
        assert ("game", "moonshell") in kinds and ("game", "mermaid-rain") in kinds
        text = {key: line for _kind, key, line in lines(app)}
        assert "watching: carol" in text["t003"] and "medium bot" in text["t003"]
        assert "Moonshell (dive, events on)" in text["t004"]
        assert text["t001"].startswith("t001  Shifting Stones: finished")
        # another player sees neither ana's table nor her finished one as theirs
    other = lobby_app(room, "erin")
    async with other.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        kinds = {kind for kind, _key, _text in lines(other)}
        assert "mine" not in kinds and "done" not in kinds


async def test_lobby_keys_move_and_open_the_dialog_and_esc_cancels(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert under_cursor(app)[:2] == ("game", "shifting-stones")
        await pilot.press("j")
        assert under_cursor(app)[:2] == ("game", "moonshell")
        await pilot.press("k", "k", "k")  # stops at the first line that can be chosen
        assert under_cursor(app)[:2] == ("game", "shifting-stones")
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewTableScreen) and app.screen.info.id == "moonshell"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and not room.tables
        await pilot.press("w")  # on a game line: nothing to watch
        assert "Choose a table first" in status(app)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_new_table_dialog_keys_set_players_variant_options_and_bots(tmp_path, monkeypatch):
    """Issue 12: a player creates a table (game, players, variant and options,
    which seats are bots); a variant sets its options; a seat's option shows
    only with that seat at the table."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen)
        labels = [row[2] for row in dialog.rows()]
        assert labels[:3] == ["Players", "Variant", "Moonshell"] and "Mermaid 1" not in labels
        await pilot.press("l", "l")  # players 2 -> 3 -> 4
        assert dialog.players == 4
        await pilot.press("l")  # 4 -> 1: solo
        assert dialog.players == 1 and "(solo)" in dialog.rows()[0][3]
        await pilot.press("l", "l")  # 1 -> 2 -> 3
        await pilot.press("j", "l", "l")  # variant: standard -> wade -> submerge
        assert dialog.values["powers"] == "passive" and dialog.values["urchins"] == "none"
        labels = [row[2] for row in dialog.rows()]
        assert "Mermaid 3" in labels and "Mermaid 4" not in labels  # three players
        await pilot.press("j", "h")  # Moonshell: on -> off
        assert dialog.values["moonshell"] == "off"
        seat3 = next(n for n, row in enumerate(dialog.rows()) if row[2] == "Seat 3")
        while dialog.row != seat3:
            await pilot.press("j")
        await pilot.press("l")  # Seat 3: a player -> greedy, the default level (issue #20)
        assert dialog.rows()[seat3][3] == "medium"
        await pilot.press("enter")
        await settle(pilot)
        (table,) = room.tables.values()
        assert (table.game_id, table.players, table.variant) == ("moonshell", 3, "submerge")
        assert table.options == (("moonshell", "off"),)
        assert [(s.player, s.bot) for s in table.seats] == [
            ("ana", None),
            (None, None),
            (None, "greedy"),
        ]
        assert "You sit at table t001" in status(app)
        assert under_cursor(app)[:2] == ("mine", "t001")  # the cursor on it (issue #20)
        # s starts it now: a bot takes the free seat, and the table opens
        await pilot.press(*["k"] * 8, "s")
        await settle(pilot)
        assert table.started and isinstance(app.screen.control, RemoteTable)


async def test_x_closes_an_open_table_only_after_a_yes(tmp_path, monkeypatch):
    """Confirmations default to the safe answer: Enter keeps the table, y closes it."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    room.create("ana", "shifting-stones", 3)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await cursor_to(pilot, "mine", "t001")
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert "t001" in room.tables
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert "t001" not in room.tables
        assert ("mine", "t001") not in {e[:2] for e in lines(app)}


async def test_enter_on_a_finished_table_replays_it(tmp_path, monkeypatch):
    """Issue 12: finished tables are replayable by their players."""
    room = busy_room(tmp_path, monkeypatch)
    app = lobby_app(room, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await cursor_to(pilot, "done", "t001")
        await pilot.press("enter")
        await settle(pilot)
        replay = app.screen.control
        table = room.tables["t001"]
        assert isinstance(replay, Replay) and replay.whole is table.match
        await pilot.press("end")
        await settle(pilot)
        assert replay.position == len(replay.whole.actions)
        # the players by their names, as at the table (found in a browser: "Player 1")
        names = [table.seat_name(seat) for seat in range(table.players)]
        assert [replay.seat_name(seat) for seat in range(table.players)] == names
        log = "\n".join(str(line) for line in app.screen.query_one(GameLog).entries)
        assert "Player 1" not in log and f"{names[0]}:" in log, log
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


async def test_a_watcher_gets_no_seat_hints_and_the_log_names_the_players(tmp_path, monkeypatch):
    """Issue 12: the spectator gets no hot-seat hint ("until the next player is
    ready"); the log names players by their names where the table has them."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    app = lobby_app(room, "carol")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await cursor_to(pilot, "open", table.id)
        await pilot.press("w")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen.control, RemoteTable) and screen.control.seat is None
        hand = screen.query_one("#ss-hand").hidden_note
        assert "You are watching" in hand and "ready" not in hand
        game = table.match.game
        seat = game.to_move(table.match.state)[0]
        room.act(table.id, table.seats[seat].player, game.legal_for(table.match.state, seat)[-1])
        await settle(pilot)
        entries = screen.query_one(GameLog).entries
        assert entries[-1].startswith(f"{table.seats[seat].player}:"), entries
        assert not any("Player 1" in e or "Player 2" in e for e in entries)


async def test_back_in_the_lobby_the_cursor_is_on_your_table(tmp_path, monkeypatch):
    """Leaving a table for the lobby (q, then y) puts the cursor on that table, so
    Enter goes back to it (not to the game line last used to open it)."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # a new Shifting Stones table...
        await settle(pilot)
        await pilot.press("j", "l", "enter")  # ...seat 2 (j skips yours) a greedy bot: it starts
        await settle(pilot)
        table = room.tables["t001"]
        assert table.started and isinstance(app.screen.control, RemoteTable)
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert under_cursor(app)[:2] == ("mine", "t001")
        assert "Enter returns to table t001" in status(app)
        await pilot.press("question_mark")  # a window closing leaves the cursor be
        await settle(pilot)
        await pilot.press("escape", "j")
        await settle(pilot)
        assert under_cursor(app)[0] == "game"
        await pilot.press("k", "enter")
        await settle(pilot)
        assert isinstance(app.screen.control, RemoteTable) and app.screen.control.table is table


async def test_a_watcher_never_gets_a_turn_even_at_a_public_decision(tmp_path, monkeypatch):
    """A decision everyone may watch (Moonshell's mermaid choice: no hand-over screen
    in hot-seat) is still only its seat's at a server table: the spectator's screen
    offers no turn, and the seat's player has it on their own screen."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "moonshell", 2, "tsunami")
    room.join(table.id, "bob")
    game = table.match.game
    seat = game.to_move(table.match.state)[0]
    for name, expected in (
        ("carol", None),
        (table.seats[seat].player, seat),
        (table.seats[1 - seat].player, None),
    ):
        app = lobby_app(room, name)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(pilot, table)
            assert isinstance(screen.control, RemoteTable)
            if name == "carol":
                assert not screen.needs_privacy(seat)  # the public decision of this test
            assert screen.human_to_move() == expected


async def test_a_finished_table_names_its_players_in_the_result(tmp_path, monkeypatch):
    """Issue #20: the results at a served table said "Player 1 wins."; they name
    the players, as the log does."""
    from tideboard.ui.shared.modals import EndScreen

    room = new_room(tmp_path)
    fixed_ids(monkeypatch)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, table)
        play_out(room, table)  # the last move arrives while ana's screen is open
        for _ in range(50):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, EndScreen)
        winners = [("ana", "bob")[s] for s in table.match.game.winners(table.match.state)]
        assert winners and all(name in app.screen.result for name in winners)
        assert "Player 1" not in app.screen.result and "Player 2" not in app.screen.result


async def test_a_table_is_watched_from_before_it_starts(tmp_path, monkeypatch):
    """Issue #20: w on a table still gathering players said it had not started;
    now the watcher's screen opens on it as it starts."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("bob", "shifting-stones", 2)
    app = lobby_app(room, "carol")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await cursor_to(pilot, "open", table.id)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert f"You will watch table {table.id}" in status(app)
        room.join(table.id, "dave")  # the last seat taken: the table starts
        for _ in range(50):
            if isinstance(getattr(app.screen, "control", None), RemoteTable):
                break
            await pilot.pause(0.02)
        control = app.screen.control
        assert isinstance(control, RemoteTable) and control.table is table
        assert control.seat is None  # watching: no seat, no secrets


async def test_a_burst_of_table_changes_draws_the_lobby_once_and_no_change_not_at_all(
    tmp_path, monkeypatch
):
    """Ten bot tables move several times a second and every session's lobby hears
    each move: the lobby gathers the changes of REFILL seconds into one fill, and a
    fill that changes no line draws nothing (the SSH players' keys wait less)."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("bob", "shifting-stones", 2)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        fills, refreshes = [], []
        fill, listed = lobby.fill, lobby.query_one(LobbyList)
        monkeypatch.setattr(lobby, "fill", lambda: (fills.append(1), fill()))
        refresh = listed.refresh
        monkeypatch.setattr(listed, "refresh", lambda *a, **k: (refreshes.append(1), refresh()))
        for n in range(20):  # twenty changes in a burst (chat lines: no lobby line changes)
            room.chat(table.id, "bob", f"hello {n}")
        await pilot.pause(0.3)
        await settle(pilot)
        assert len(fills) == 1
        assert refreshes == []  # the lines are the same: nothing redrawn
        room.join(table.id, "carol")  # a change the lobby shows
        await pilot.pause(0.3)
        await settle(pilot)
        assert len(fills) == 2 and refreshes
        assert "carol" in line_texts(app)[table.id]


async def test_a_lobby_under_a_table_is_not_drawn_again_until_it_is_back(tmp_path, monkeypatch):
    """A player at a table does not see the lobby: the server's other tables'
    changes do not fill it again meanwhile (with a hundred players at tables their
    lobbies' fills were most of the server's work as players arrived); back in the
    lobby it shows them, and a window over the lobby still sees them at once."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen_stack[0]
        await at_table(pilot, table)
        fills = []
        fill = lobby.fill
        monkeypatch.setattr(lobby, "fill", lambda: (fills.append(1), fill()))
        carols = room.create("carol", "moonshell", 2)  # a change at the server
        await pilot.pause(0.3)
        await settle(pilot)
        assert fills == [] and carols.id not in line_texts(app)
        await pilot.press("q")  # back to the lobby (asked: leave? yes)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is lobby and fills
        assert carols.id in line_texts(app)
        await pilot.press("question_mark")  # a window over the lobby: it still follows
        await settle(pilot)
        daves = room.create("dave", "moonshell", 2)
        await pilot.pause(0.3)
        await settle(pilot)
        assert daves.id in line_texts(app)


async def test_a_change_made_from_another_session_leaves_a_lobby_under_a_table_alone(
    tmp_path, monkeypatch
):
    """A table's change calls every session's lobby from the task of the session
    that made it (whose app is Textual's active app there): a lobby under its
    own session's table must see that it is out of sight and schedule nothing
    (each scheduled fill made that session's table screen draw itself again, so
    every arrival at the server redrew every session: 0.5-1 s an arrival at 50)."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    ana, bob = lobby_app(room, "ana"), lobby_app(room, "bob")
    async with ana.run_test(size=(80, 24)) as pilot:
        lobby = ana.screen_stack[0]
        await at_table(pilot, table)
        async with bob.run_test(size=(80, 24)) as bobs:
            await settle(bobs)
            room.create("bob", "moonshell", 2)  # made in bob's session
            assert not lobby._refill  # nothing scheduled for ana's hidden lobby
            assert bob.screen_stack[0]._refill  # bob's lobby, in sight, fills


async def test_a_page_down_at_the_server_jumps_at_once(tmp_path):
    """A served app does not animate its scrolls (each frame of a glide is a redraw
    that every session of the server waits out): one page down in help moves
    the page at once, with nothing left animating."""
    app = lobby_app(new_room(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        box = app.screen.query_one("#help-box")
        assert box.scroll_y == 0 and box.max_scroll_y > 0
        seen: list[float] = []
        app.screen.watch(box, "scroll_y", lambda y: seen.append(y), init=False)
        await pilot.press("pagedown")
        await settle(pilot)
        assert len(seen) == 1 and seen[0] > 0, f"glided through {seen}"


async def test_the_arrows_move_the_new_table_rows_when_they_do_not_fit(tmp_path, monkeypatch):
    """Moonshell's dialog is taller than 80x24 (its rows scroll): Down and Up move
    the row cursor, as j and k do, and never scroll the box instead (the
    scrolling box took the arrows while it had focus)."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen) and dialog.info.id == "moonshell"
        box = dialog.query_one("#new-table-box")
        assert box.max_scroll_y > 0  # (the case: the rows do not fit)
        await pilot.press("down", "down", "down")
        assert dialog.row == 3
        await pilot.press("up")
        assert dialog.row == 2
        await pilot.press("right")  # changes the cursor's row (Moonshell: off), not a scroll
        await settle(pilot)
        assert dialog.rows()[2][3] != "on"


async def test_a_session_that_opens_its_table_at_once_fills_its_lobby_only_when_back(
    tmp_path, monkeypatch
):
    """Connecting opens the table waiting for you: the lobby under it was filled
    twice before (on mount and on its first resume), a few tables' lines each,
    for nothing; it is filled when the player comes back to it."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    fills = []
    monkeypatch.setattr(
        LobbyScreen, "fill", lambda self, f=LobbyScreen.fill: fills.append(1) or f(self)
    )
    app = ServeApp(room, "ana", None, (80, 24), {"TERM": "xterm-256color"}, table_id=table.id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(app.screen_stack) == 2 and not fills
        await pilot.press("q", "y")  # back to the lobby
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and fills
        assert ("mine", table.id) in [(kind, key) for kind, key, _text in lines(app)]


async def test_a_new_sessions_lobby_is_filled_once(tmp_path, monkeypatch):
    """Its mount and its first resume both filled it, every table's line each
    time, as each player arrived; the second fill changed nothing."""
    fixed_ids(monkeypatch)
    room = busy_room(tmp_path, monkeypatch)
    fills = []
    monkeypatch.setattr(
        LobbyScreen, "fill", lambda self, f=LobbyScreen.fill: fills.append(1) or f(self)
    )
    app = lobby_app(room, "erin")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(fills) == 1 and lines(app)
        await pilot.press("question_mark")  # a window over it and back: filled again
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert len(fills) == 2
