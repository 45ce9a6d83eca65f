"""A server's lobby driven by Textual's Pilot (no SSH): a room in a fresh
store, table ids that do not change between runs, tables in every state."""

from __future__ import annotations

import itertools

from tideboard.engine.bots import make_bot
from tideboard.serve import storage
from tideboard.serve.app import ServeApp
from tideboard.serve.tables import Room
from tideboard.store.games import Store


def fixed_ids(monkeypatch) -> None:
    """Table ids t001, t002... and one seed (a snapshot cannot show random ones)."""
    numbers = itertools.count(1)
    monkeypatch.setattr(storage, "new_table_id", lambda store: f"t{next(numbers):03}")
    monkeypatch.setattr("tideboard.serve.tables.new_seed", lambda: 7)


def new_room(tmp_path) -> Room:
    return Room(Store.open(tmp_path / "serve.db", import_autosaves=False), bot_delay=0)


def play_out(room: Room, table) -> None:
    """Both seated players play greedy moves until the game is over."""
    game = table.match.game
    bots = {seat: make_bot(game, "greedy", seed=seat) for seat in range(table.players)}
    while not table.over:
        state = table.match.state
        seat = game.to_move(state)[0]
        action = bots[seat].choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        room.act(table.id, table.seats[seat].player, action)


def play_out_against_a_bot(room: Room, table, name: str) -> None:
    """``name`` (seat 1) and the table's bot seat play greedy moves until the game is
    over, the bot's moves made here, not by the room's timer."""
    game = table.match.game
    bot = make_bot(game, "greedy", seed=3)
    for _ in range(1000):
        if table.over:
            break
        state = table.match.state
        seat = game.to_move(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        if seat == 0:
            room.act(table.id, name, action)
        else:
            room._apply(table, action)


def busy_room(tmp_path, monkeypatch) -> Room:
    """ana's finished table, her table under way, bob's table waiting for a
    player (watched by carol), and carol's Moonshell table in a mode."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    done = room.create("ana", "shifting-stones", 2)
    room.join(done.id, "bob")
    play_out(room, done)
    playing = room.create("ana", "shifting-stones", 3, bots={2: "greedy"})
    room.join(playing.id, "dave")
    waiting = room.create("bob", "mermaid-rain", 3, bots={2: "greedy"})
    waiting.watchers["carol"] = 1
    room.create("carol", "moonshell", 2, "dive", options={"events": "on"})
    return room


def lobby_app(room: Room, name: str = "ana") -> ServeApp:
    """``name``'s session app (drawn by Pilot's headless driver, not to a channel)."""
    return ServeApp(room, name, None, (80, 24), {"TERM": "xterm-256color"})


async def at_table(pilot, table):
    """The session's lobby drawn, then ``table`` opened from it as Enter opens it:
    its screen once settled."""
    from tests.ui.helpers import settle

    await settle(pilot)
    pilot.app.open_table(table)
    await settle(pilot)
    return pilot.app.screen
