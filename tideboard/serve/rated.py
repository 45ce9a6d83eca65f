"""Whether a server table's game is rated (issue #22): the moments during play
that make it unrated are written to the store as they happen, so a restart keeps
them; the rating itself is made by the store when the game ends
(``tideboard/store/ratings.py``, which also refuses tables with a bot seat, a
guest or one player).

- a bot moved for an away player (the first such move of the seat):
  :func:`~tideboard.serve.bot_moves.BotMoves` calls :func:`mark_unrated`;
- a player used a hint: :func:`~tideboard.serve.tables.note_hint` does.

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
