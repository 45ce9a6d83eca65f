"""Issue 20 (21): "Play again" at a finished server table is a rematch with the
same seats, driven by two players' session apps (Textual's Pilot, no SSH)."""

from __future__ import annotations

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room, play_out
from tests.ui.helpers import settle, wait_for
from tideboard.serve.lobby import LobbyList, LobbyScreen
from tideboard.serve.table_screen import RemoteTable, at_table
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.modals import EndScreen


def status(app) -> str:
    return str(app.screen_stack[0].query_one("#lobby-status").render())


async def test_play_again_opens_a_rematch_that_the_other_player_joins(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    done = room.create("ana", "shifting-stones", 2)
    room.join(done.id, "bob")
    play_out(room, done)
    ana, bob = lobby_app(room, "ana"), lobby_app(room, "bob")
    async with ana.run_test(size=(80, 24)) as pa, bob.run_test(size=(80, 24)) as pb:
        for app, pilot in ((ana, pa), (bob, pb)):
            app.call_later(app.open_table, done)  # (in the app's own context)
            await wait_for(pilot, lambda app=app: app.screen.is_modal)  # the results, over it
            assert isinstance(app.screen_stack[-2].control, RemoteTable)
        await pa.pause(EndScreen.GUARD)  # the results take keys after their guard
        await pa.press("a")  # "Play again (a)"
        await wait_for(pa, lambda: done.rematch is not None)
        await settle(pa)
        again = room.tables[done.rematch]
        assert isinstance(ana.screen, LobbyScreen)  # she waits there for bob
        assert f"Rematch at table {again.id}: it starts when bob sits down" in status(ana)
        assert ana.screen.query_one(LobbyList).current()[:2] == ("mine", again.id)
        await wait_for(
            pb, lambda: "rematch" in str(bob.screen_stack[-2].query_one(GameLog).entries)
        )
        log = "\n".join(bob.screen_stack[-2].query_one(GameLog).entries)
        assert f"ana asks for a rematch at table {again.id}" in log
        await pb.press("a")
        await wait_for(pb, lambda: at_table(bob.screen, again))
        await wait_for(pa, lambda: at_table(ana.screen, again))
        assert again.started and [s.player for s in again.seats] == ["ana", "bob"]
        assert at_table(bob.screen, again) and at_table(ana.screen, again)


def noop(table, what):
    pass


async def test_a_bot_playing_for_an_away_player_is_logged_as_bot_for_them(tmp_path, monkeypatch):
    """Issue 20 (21): a move a stand-in bot made for an away player reads "Bot for
    ana ..." in the log, and ana's own moves read "ana ..."."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    room.grace = 0.05
    table = room.create("ana", "shifting-stones", 2)
    room.attach(table, "ana", noop)
    room.join(table.id, "bob")
    game = table.match.game
    bob = lobby_app(room, "bob")
    async with bob.run_test(size=(100, 30)) as pilot:
        bob.call_later(bob.open_table, table)
        await wait_for(pilot, lambda: at_table(bob.screen, table))
        own = 0

        def play(name: str) -> None:
            seat = table.seat_of(name)
            room.act(table.id, name, game.legal_for(table.match.state, seat)[0])

        while not own:  # ana plays a move of her own
            if game.to_move(table.match.state)[0] == 0:
                play("ana")
                own += 1
            else:
                play("bob")
        room.detach(table, "ana", noop)  # she goes: after the grace, a bot plays for her
        while not table.standin_moves:
            if game.to_move(table.match.state)[0] == 1:
                play("bob")
            else:
                await pilot.pause(0.05)
        await wait_for(pilot, lambda: bob.screen.logged == len(table.match.log))
        entries = list(bob.screen.query_one(GameLog).entries)
        assert sum(e.startswith("Bot for ana:") for e in entries) == len(table.standin_moves)
        assert sum(e.startswith("ana:") for e in entries) == own
        assert own and table.standin_moves


async def test_a_on_a_finished_table_in_the_lobby_asks_for_a_rematch(tmp_path, monkeypatch):
    """Players who went back to the lobby before the end ask from there: `a` on
    one of their finished tables; the other player finds it under their tables."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    done = room.create("ana", "shifting-stones", 2)
    room.join(done.id, "bob")
    play_out(room, done)
    ana = lobby_app(room, "ana")
    async with ana.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n", "a")  # on a game line: nothing to rematch
        assert "Choose one of your finished tables" in status(ana) and done.rematch is None
        lobby = ana.screen.query_one(LobbyList)
        lobby.point_at("done", done.id)
        await pilot.press("a")
        await wait_for(pilot, lambda: done.rematch is not None)
        again = room.tables[done.rematch]
        assert "it starts when bob sits down" in status(ana)
        assert lobby.current()[:2] == ("mine", again.id)
        assert again in room.tables_of("bob")
        room.join(again.id, "bob")
        await wait_for(pilot, lambda: at_table(ana.screen, again))
