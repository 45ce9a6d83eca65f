"""The app's handle on one stored game: ``GameWriter.sync(match)`` after every
move, undo or the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tideboard.store.games import StaleError, Store, StoreError
from tideboard.store.records import Result, Seat, default_seats, turn_text


class GameWriter:
    """The app's handle on one stored game.

    After every change to the match on screen (a move, an undo, the end of the
    game) call ``sync(match)``: it appends the new moves, deletes undone ones
    and records the result, each in its own transaction, and returns None or a
    message for the player (it never raises for a failed save, and the match
    on screen is never changed by one).  A later ``sync`` retries what failed.
    """

    def __init__(
        self,
        store: Store,
        game_id: str,
        actions: Sequence[Any] = (),
        finished: bool = False,
        seats: Sequence[Seat] = (),
    ) -> None:
        self.store = store
        self.id = game_id
        self.seats = tuple(seats)
        self._saved: tuple[Any, ...] = tuple(actions)  # action objects now on disk
        self.finished = finished

    @classmethod
    def new(cls, store: Store, match: Any, seats: Sequence[Seat] | None = None) -> GameWriter:
        """Store ``match`` (usually just started) as a new game."""
        game = match.game
        seats = tuple(seats) if seats is not None else default_seats(match.config.players)
        gid = store.create(
            game.info.id,
            match.config,
            seats,
            [game.format_action(a) for a in match.actions],
            turn=turn_text(match, seats),
        )
        writer = cls(store, gid, match.actions, seats=seats)
        writer.sync(match)  # records the result if it is over already
        return writer

    @classmethod
    def resume(cls, store: Store, game_id: str) -> tuple[GameWriter, Any, dict[int, str]]:
        """(writer, match, bots) for a stored game; RecordError/StoreError if it
        cannot be loaded."""
        match, bots = store.load_match(game_id)
        summary = store.summary(game_id)
        writer = cls(store, summary.id, match.actions, summary.finished, summary.seats)
        return writer, match, bots

    @property
    def saved(self) -> tuple[Any, ...]:
        """The actions the store holds for this game (as far as this writer knows)."""
        return self._saved

    def sync(self, match: Any) -> str | None:
        for attempt in range(2):
            try:
                return self._sync(match)
            except StaleError as error:
                # A write that reported a failure may still have reached the
                # disk (an I/O error after the commit): if the store holds a
                # beginning of this very match, carry on from there; else it
                # was played elsewhere, and that is reported.
                if attempt or not self._catch_up(match):
                    return f"Could not save the game: {error}"
        return None  # (not reached)

    def _catch_up(self, match: Any) -> bool:
        try:
            stored = self.store.actions(self.id)
        except StoreError:
            return False
        game, actions = match.game, match.actions
        if len(stored) > len(actions) or any(
            text != game.format_action(action) for text, action in zip(stored, actions)
        ):
            return False
        self._saved = tuple(actions[: len(stored)])
        return True

    def _sync(self, match: Any) -> str | None:
        game, actions = match.game, match.actions
        # the match only grows or is undone, so the histories agree up to the
        # last position where they hold the same action
        keep = min(len(self._saved), len(actions))
        while keep and self._saved[keep - 1] != actions[keep - 1]:
            keep -= 1
        try:
            if keep < len(self._saved):
                turn = turn_text(match, self.seats) if keep == len(actions) else None
                self.store.truncate(self.id, keep, expected_count=len(self._saved), turn=turn)
                self._saved = self._saved[:keep]
            for number, action in enumerate(actions[keep:], keep + 1):
                turn = turn_text(match, self.seats) if number == len(actions) else None
                self.store.append(self.id, game.format_action(action), len(self._saved), turn)
                self._saved += (action,)
            if not self.finished and game.is_over(match.state):
                self.store.finish(
                    self.id, Result.of(game, match.state), expected_count=len(self._saved)
                )
                self.finished = True
        except StaleError:
            raise
        except StoreError as error:
            return f"Could not save the game: {error}"
        return None
