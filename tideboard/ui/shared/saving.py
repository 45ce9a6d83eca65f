"""Saving a game screen's match in the game store (tideboard/store/games.py).

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

# The games (a key per screen) not saved, with what went wrong; a save that
# succeeds removes its screen's entry.
UNSAVED: dict[int, str] = {}
_KEYS = itertools.count(1)


def save_match(screen: Any) -> bool:
    """Bring ``screen.writer``'s record up to ``screen.match`` (creating the
    record the first time); True if it is saved, else the player is told."""
    from tideboard.store.writer import GameWriter
    from tideboard.store.records import default_seats

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
                          "again after every move and every few seconds.",
                          severity="error", timeout=10)
        screen.save_error = message
        screen.app.sub_title = "NOT SAVED"
        UNSAVED[_key(screen)] = _unsaved_text(screen, message)
        _retry_later(screen)
        return False
    UNSAVED.pop(_key(screen), None)
    if screen.save_error:
        screen.notify("The game is saved again.", timeout=3)
        screen.app.sub_title = ""
    screen.save_error = None
    return True


def last_save(screen: Any) -> None:
    """A last try when the game screen closes, if its game is not saved."""
    if screen.save_error is not None:
        try:
            save_match(screen)
        except Exception:  # the app is ending: never raise from here
            pass


def _retry_later(screen: Any) -> None:
    """Try the save again in RETRY_SECONDS (once: a failed retry schedules the next)."""
    if getattr(screen, "_save_retry", None) is not None:
        return

    def retry() -> None:
        screen._save_retry = None
        if screen.save_error is not None and screen.is_attached:
            save_match(screen)

    try:
        screen._save_retry = screen.set_timer(RETRY_SECONDS, retry, name="save retry")
    except Exception:  # not mounted (or no longer): the next change retries
        screen._save_retry = None


def _key(screen: Any) -> int:
    key = getattr(screen, "_unsaved_key", None)
    if key is None:
        key = screen._unsaved_key = next(_KEYS)
    return key


def _unsaved_text(screen: Any, message: str) -> str:
    writer = screen.writer
    saved = len(writer.saved) if writer is not None else 0
    missing = max(len(screen.match.actions) - saved, 0)
    where = f"game {writer.id}" if writer is not None else "the new game"
    what = f"its last {missing} moves are" if missing > 1 else (
        "its last move is" if missing == 1 else "its latest change is")
    return f"{where} is not completely saved: {what} missing ({message})"
