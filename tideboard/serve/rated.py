"""Whether a server table's game is rated (issue #22): the moments during play
that make it unrated are written to the store as they happen, so a restart keeps
them; the rating itself is made by the store when the game ends
(``tideboard/store/ratings.py``, which also refuses tables with a bot seat, a
guest or one player).

- a bot moved for an away player (the first such move of the seat):
  :func:`~tideboard.serve.bot_moves.BotMoves` calls :func:`mark_unrated`;
- a player used a hint: :func:`~tideboard.serve.tables.note_hint` does.

When a rated table's end is saved, the table is told how its players'
ratings moved (:func:`before_the_end`, :func:`said_at_the_end`).

The write runs on the store's writer thread, in order with the moves' writes,
so it is on disk before the move that ends the game.
"""

from __future__ import annotations

from typing import Any

from tideboard.serve.limits import log
from tideboard.store import ratings


def mark_unrated(room: Any, table: Any, reason: str) -> None:
    """Mark ``table``'s game unrated for ``reason`` (the first reason is kept)."""
    writer = table.writer
    if writer is None or table.over:
        return
    store, game_id = room.store, writer.id

    def done(error: str | None) -> None:
        if error is not None:
            log(f"table {table.id}: could not mark it unrated ({reason}): {error}")

    room.saves.later(lambda: ratings.mark_unrated(store, game_id, reason), done)


def before_the_end(room: Any, table: Any) -> dict[str, int] | None:
    """The shown ratings of ``table``'s players in its game, read as its last move
    is made (None: a guest, a bot's seat: no rating to move)."""
    names = [seat.player or seat.resigned for seat in table.seats]
    if any(name is None for name in names) or len(names) < 2:
        return None
    shown = ratings.ratings_of
    return {
        name: (r.shown if (r := shown(room.store, name).get(table.game_id)) else 0)
        for name in names
    }


def said_at_the_end(room: Any, table: Any, before: dict[str, int]) -> str | None:
    """Once the end is saved: "Rated: ana 0 -> 4, bob 0 -> -3." if the table was
    rated (the store decided it in the transaction that recorded the end)."""
    writer = table.writer
    if writer is None or not ratings.rated_flags(room.store, [writer.id]).get(writer.id):
        return None
    moved = []
    for name, was in before.items():
        now = ratings.ratings_of(room.store, name).get(table.game_id)
        moved.append(f"{name} {was} -> {now.shown if now else was}")
    return f"Rated: {', '.join(moved)}."
