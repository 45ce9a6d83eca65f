"""Whether a server table's game is rated (issue #22): the moments during play
that make it unrated are written to the store as they happen, so a restart keeps
them; the rating itself is made by the store when the game ends
(``tideboard/store/ratings.py``, which also refuses tables with a bot seat, a
guest or one player).

- a bot moved for an away player who then came back (:func:`came_back`; a
  player who never does has left the game: a loss, see :func:`stood_in`);
- a player used a hint: :func:`~tideboard.serve.tables.note_hint` calls
  :func:`mark_unrated`.

A player who leaves a table and stays away past the grace, until its end, has
left the game: the first move a bot makes for them (:func:`stood_in`, from
:class:`~tideboard.serve.bot_moves.BotMoves`) is kept in their seat
(``left_move``, in the store too), and at the end that seat counts as resigned
then (placed last; the table stays rated for the others).  A player who comes
back first (to the table, or a key after being idle) clears it, and the table
is unrated instead (the stand-in's moves were not theirs): a short absence
costs them nothing.

When a rated table's end is saved, the table is told how its players'
ratings moved (:func:`before_the_end`, :func:`said_at_the_end`).

The write runs on the store's writer thread, in order with the moves' writes,
so it is on disk before the move that ends the game.
"""

from __future__ import annotations

from typing import Any

from tideboard.serve import storage
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


def stood_in(room: Any, table: Any, seat: int) -> None:
    """A bot moves for the away player of ``seat`` (not for good: out of time or
    expelled is the clock's): the first such move since they were last here is
    kept in the seat, and in the store before the move is, so that at the end a
    player who never came back counts as resigned then."""
    state = table.seats[seat]
    if state.left_move is not None or state.player is None or table.match is None:
        return
    state.left_move = len(table.match.actions)
    _save_seats(room, table)


def came_back(room: Any, table: Any, seat: int) -> None:
    """The player of ``seat`` is back: if a bot moved for them meanwhile, the
    table is unrated (those moves were not theirs), and they have not left."""
    state = table.seats[seat]
    if state.left_move is None or state.player is None:
        return
    state.left_move = None
    mark_unrated(room, table, f"a bot played for {state.player}")
    _save_seats(room, table)


def _save_seats(room: Any, table: Any) -> None:
    """The table's row saved now, as a resignation's is (before any move still
    to be written, the end's among them: the rating reads it there)."""
    try:
        storage.save_table(room.store, table.row())
    except Exception as error:  # (a full disk: kept in memory, saved with the next row)
        log(f"table {table.id}: could not save its seats: {error}")


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
    why = placed_last(table)
    for name, was in before.items():
        now = ratings.ratings_of(room.store, name).get(table.game_id)
        gone = f" ({why[name]}: placed last)" if name in why else ""
        moved.append(f"{name} {was} -> {now.shown if now else was}{gone}")
    return f"Rated: {', '.join(moved)}."


def placed_last(table: Any) -> dict[str, str]:
    """The players placed last whatever their seat's bot made of it, and why: they
    resigned, left the game, ran out of time or were expelled (the ratings' rule:
    ``ratings.gave_up``, of each seat as the store keeps it)."""
    why: dict[str, str] = {}
    out = table.timing.out if table.timing is not None else {}
    for number, seat in enumerate(table.seats):
        name = seat.resigned or seat.player
        kept = {"resigned": seat.resigned, "resigned_move": seat.resigned_at[1]}
        given = ratings.gave_up({**kept, "left_move": seat.left_move}, out.get(number))
        if name is not None and given is not None:
            why[name] = given.why
    return why
