"""Saving a local game's match in the game store (tideboard/store.py).

Every game played in the app is a record in the store: created when the game
screen starts (or the stored game it continues), one committed transaction per
move (the bots' too), cut back on undo, and finished with the result.  A failed
write (a full disk, a store another program holds) never stops the game: it is
shown to the player (a notice and "NOT SAVED" in the header) and retried after
the next change, every ``RETRY_SECONDS`` while nothing changes, and when the
game screen closes; the first write that succeeds saves every move missing.
A game the app ends with moves not saved is in :data:`UNSAVED`, so the command
that ran the app can say so (``tideboard play``/``resume`` exit 2).
"""

from __future__ import annotations

import itertools
from typing import Any

from tideboard.engine.core import TideboardError

RETRY_SECONDS = 5.0  # a failed save is tried again this often while nothing changes

# The games (a key per local game) not saved, with what went wrong; a save that
# succeeds removes its entry.
UNSAVED: dict[int, str] = {}
_KEYS = itertools.count(1)


def save_match(game: Any) -> bool:
    """Bring ``game.writer``'s record up to ``game.match`` (creating the record the
    first time); True if it is saved, else the player is told.  ``game`` is a
    :class:`~tideboard.ui.shared.local_game.LocalGame` on its screen."""
    from tideboard.game_writer import GameWriter
    from tideboard.records import default_seats

    screen = game.screen
    message = None
    try:
        if game.writer is None:
            store = screen.app.open_store()
            seats = default_seats(game.match.config.players, game.bot_levels)
            game.writer = GameWriter.new(store, game.match, seats)
        message = game.writer.sync(game.match)
    except TideboardError as error:
        message = f"Could not save the game: {error}"
    if message:
        if message != game.save_error:
            screen.notify(f"{message}. Your moves are kept on screen; saving is tried "
                          "again after every move and every few seconds.",
                          severity="error", timeout=10)
        game.save_error = message
        screen.app.sub_title = "NOT SAVED"
        UNSAVED[_key(game)] = _unsaved_text(game, message)
        _retry_later(game)
        return False
    UNSAVED.pop(_key(game), None)
    if game.save_error:
        screen.notify("The game is saved again.", timeout=3)
        screen.app.sub_title = ""
    game.save_error = None
    return True


def last_save(game: Any) -> None:
    """A last try when the game screen closes, if its game is not saved."""
    if game.save_error is not None:
        try:
            save_match(game)
        except Exception:  # the app is ending: never raise from here
            pass


def _retry_later(game: Any) -> None:
    """Try the save again in RETRY_SECONDS (once: a failed retry schedules the next)."""
    if getattr(game, "_save_retry", None) is not None:
        return

    def retry() -> None:
        game._save_retry = None
        if game.save_error is not None and game.screen.is_attached:
            save_match(game)

    try:
        game._save_retry = game.screen.set_timer(RETRY_SECONDS, retry, name="save retry")
    except Exception:  # not mounted (or no longer): the next change retries
        game._save_retry = None


def _key(game: Any) -> int:
    key = getattr(game, "_unsaved_key", None)
    if key is None:
        key = game._unsaved_key = next(_KEYS)
    return key


def _unsaved_text(game: Any, message: str) -> str:
    writer = game.writer
    saved = len(writer.saved) if writer is not None else 0
    missing = max(len(game.match.actions) - saved, 0)
    where = f"game {writer.id}" if writer is not None else "the new game"
    what = f"its last {missing} moves are" if missing > 1 else (
        "its last move is" if missing == 1 else "its latest change is")
    return f"{where} is not completely saved: {what} missing ({message})"
