"""Issue 20 (found playing over SSH): a chat line said before any move was shown,
when its player re-opened the table, after the moves made since; the re-opened
log shows each line said where it was said among the moves."""

from __future__ import annotations

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room
from tests.ui.helpers import settle, wait_for
from tideboard.engine.bots import make_bot
from tideboard.serve.table_screen import CHAT_MARK, RemoteTable
from tideboard.ui.shared.log import GameLog


def moves(room, table, count: int) -> None:
    game = table.match.game
    bot = make_bot(game, "greedy", seed=1)
    for _ in range(count):
        state = table.match.state
        seat = game.to_move(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        room.act(table.id, table.seats[seat].player, action)


async def test_a_reopened_table_shows_old_chat_among_the_moves_where_it_was_said(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    room.chat(table.id, "ana", "hello bob, good luck")  # before any move
    moves(room, table, 3)
    room.chat(table.id, "bob", "nice one")  # after three
    moves(room, table, 2)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        app.call_later(app.open_table, table)
        await wait_for(pilot, lambda: isinstance(getattr(app.screen, "control", None), RemoteTable))
        await settle(pilot)
        entries = list(app.screen.query_one(GameLog).entries)
        said = [n for n, entry in enumerate(entries) if entry.startswith(CHAT_MARK)]
        assert [entries[n] for n in said] == [
            f"{CHAT_MARK}ana: hello bob, good luck",
            f"{CHAT_MARK}bob: nice one",
        ]
        # the heading, then the line said before any move; the next after three moves
        assert said == [1, 1 + 1 + 3]
        assert len(entries) == 1 + 5 + 2
