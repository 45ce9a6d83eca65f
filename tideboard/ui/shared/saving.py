"""Saving a game screen's match in the game store (tideboard/store.py).

Every game played in the app is a record in the store: created when the game
screen starts (or the stored game it continues), one committed transaction per
move (the bots' too), cut back on undo, and finished with the result.  A failed
write never stops the game: it is shown to the player (a notice and "NOT SAVED"
in the header) and retried after the next change.
"""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import TideboardError


def save_match(screen: Any) -> bool:
    """Bring ``screen.writer``'s record up to ``screen.match`` (creating the
    record the first time); True if it is saved, else the player is told."""
    from tideboard.game_writer import GameWriter
    from tideboard.records import default_seats

    message = None
    try:
        if screen.writer is None:
            store = screen.app.open_store()
            seats = default_seats(screen.match.config.players, screen.bot_levels)
            screen.writer = GameWriter.new(store, screen.match, seats)
        message = screen.writer.sync(screen.match)
    except TideboardError as error:
        message = f"Could not save the game: {error}"
    if message:
        if message != screen.save_error:
            screen.notify(f"{message}. Your moves are kept on screen; saving is tried "
                          "again after every move.", severity="error", timeout=10)
        screen.save_error = message
        screen.app.sub_title = "NOT SAVED"
        return False
    if screen.save_error:
        screen.notify("The game is saved again.", timeout=3)
        screen.app.sub_title = ""
    screen.save_error = None
    return True
