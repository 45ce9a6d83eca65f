"""Tables where players take turns, for the tests of "your move" (issue #22)."""

from __future__ import annotations

from tideboard.engine.bots import make_bot
from tideboard.serve.tables import Room


def two_player(room: Room, one: str, other: str, game: str = "shifting-stones"):
    """A started two-player table, ``one`` at seat 1 (the first to move)."""
    table = room.create(one, game, 2)
    room.join(table.id, other)
    return table


def play_turn(room: Room, table, name: str) -> None:
    """``name`` plays greedy moves until the table no longer waits for them."""
    game = table.match.game
    seat = table.seat_of(name)
    bot = make_bot(game, "greedy", seed=seat)
    for _ in range(200):
        state = table.match.state
        if game.is_over(state) or seat not in game.to_move(state):
            return
        view = game.view(state, seat)
        room.act(table.id, name, bot.choose(game, view, seat, game.legal_for(state, seat)))
    raise AssertionError("the turn never ended")
