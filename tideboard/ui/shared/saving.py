"""Saving a local game's match in the game store (tideboard/store/games.py).

Every game played in the app is a record in the store: created when the game
screen starts (or the stored game it continues), one committed transaction per
move (the bots' too), cut back on undo, and finished with the result.  A failed
write (a full disk, a store another program holds) never stops the game: it is
shown to the player (a notice and "NOT SAVED" in the header) and retried after
the next change, every ``RETRY_SECONDS`` while nothing changes, and when the
game screen closes; the first write that succeeds saves every move missing.
The writes run on the store's writer thread, never on the event loop (a
commit waits for an fsync); their outcomes come back to the loop in order,
and the game screen closing waits for the ones still running.
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


class SaveState:
    """What saving keeps for one local game (``LocalGame.saving``): its writes still
    on the store's thread, the timer of the next retry, its key in :data:`UNSAVED`."""

    def __init__(self) -> None:
        self.saves: Any = None  # a store.background.Saves, made with the first save
        self.retry: Any = None  # the retry timer while one is due
        self.key = next(_KEYS)

    @property
    def pending(self) -> int:
        """Saves asked and not yet handed back to the app."""
        return 0 if self.saves is None else self.saves.pending

    def wait(self) -> None:
        """Block until every save asked has run and its outcome is handed back."""
        if self.saves is not None:
            self.saves.deliver(wait=True)


def save_match(game: Any) -> None:
    """Bring ``game.writer``'s record up to ``game.match`` (``game``: a LocalGame;
    creating the record the first time).  The write runs on the store's writer thread
    (tideboard/store/background.py), never on the event loop; its outcome
    comes back to the loop, in the order asked, and a failure is shown."""
    from tideboard.store.background import Saves

    try:
        job = _Job(game)
    except TideboardError as error:  # the store cannot be opened
        _saved(game, f"Could not save the game: {error}")
        return
    state = game.saving
    if state.saves is None:
        state.saves = Saves(job.store)
    state.saves.later(job, lambda message: _saved(game, message))


def last_save(game: Any) -> None:
    """When the game screen closes: the saves still running are waited for,
    and a game not saved (a full disk) gets a last try.  A game left without a
    move is not kept: "Continue a game" would fill up with empty games."""
    try:
        game.saving.wait()
        if game.save_error is not None:
            _saved(game, _Job(game)())
        writer = game.writer
        if writer is not None and not game.match.actions and game.save_error is None:
            writer.store.delete(writer.id)
    except Exception:  # the app is ending: never raise from here
        pass


class _Job:
    """One save of the match on screen now, run by the store's writer thread
    (or at once): None, or the message for the player."""

    def __init__(self, game: Any) -> None:
        from tideboard.store.records import default_seats

        self.game, self.match = game, game.match
        writer = game.writer
        self.store = writer.store if writer is not None else game.screen.app.open_store()
        self.seats = default_seats(self.match.config.players, game.bot_levels)

    def __call__(self) -> str | None:
        from tideboard.store.writer import GameWriter

        game = self.game
        try:
            if game.writer is None:  # the first save creates the record
                game.writer = GameWriter.new(self.store, self.match, self.seats)
            return game.writer.sync(self.match)
        except TideboardError as error:
            return f"Could not save the game: {error}"


def _saved(game: Any, message: str | None) -> None:
    """A save's outcome, on the loop: the player told of a failure (once) and
    of the first save that succeeds after one."""
    if message:
        UNSAVED[game.saving.key] = _unsaved_text(game, message)
        if message != game.save_error:
            game.screen.notify(
                f"{message}. Your moves are kept on screen; saving is tried "
                "again after every move and every few seconds.",
                severity="error",
                timeout=10,
            )
        game.save_error = message
        game.screen.app.sub_title = "NOT SAVED"
        _retry_later(game)
        return
    UNSAVED.pop(game.saving.key, None)
    if game.save_error:
        game.screen.notify("The game is saved again.", timeout=3)
        game.screen.app.sub_title = ""
    game.save_error = None


def _retry_later(game: Any) -> None:
    """Try the save again in RETRY_SECONDS (once: a failed retry schedules the next)."""
    state = game.saving
    if state.retry is not None:
        return

    def retry() -> None:
        state.retry = None
        if game.save_error is not None and game.screen.is_attached:
            save_match(game)

    try:
        state.retry = game.screen.set_timer(RETRY_SECONDS, retry, name="save retry")
    except Exception:  # not mounted (or no longer): the next change retries
        state.retry = None


def _unsaved_text(game: Any, message: str) -> str:
    writer = game.writer
    saved = len(writer.saved) if writer is not None else 0
    missing = max(len(game.match.actions) - saved, 0)
    where = f"game {writer.id}" if writer is not None else "the new game"
    what = (
        f"its last {missing} moves are"
        if missing > 1
        else ("its last move is" if missing == 1 else "its latest change is")
    )
    return f"{where} is not completely saved: {what} missing ({message})"
