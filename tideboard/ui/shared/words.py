"""Words that agree with their numbers and their players."""

from __future__ import annotations

from typing import Any

from tideboard.engine.plurals import plural  # noqa: F401  (re-exported)
from tideboard.engine.core import seat_label


class SeatNames:
    """How a game screen names its seats (a mixin of ``GameScreen``)."""

    match: Any
    bot_levels: dict[int, str]

    def seat_name(self, seat: int) -> str:
        """"You" for the solo player, "Player 2 (greedy)" for a bot, else "Player 2"."""
        level = self.bot_levels.get(seat)
        if level:
            return f"{seat_label(seat)} ({level})"
        return "You" if self.match.config.solo and seat == 0 else seat_label(seat)

    def secrets_note(self, hot_seat: str, what: str) -> str:
        """What a screen showing no seat's secrets says where they would be:
        ``hot_seat`` here (between two players at one keyboard); a spectator
        at a server table is told the players' ``what`` are theirs alone."""
        return hot_seat

    def seat_does(self, seat: int, verb: str, you_verb: str, name: str | None = None) -> str:
        """``seat`` (or ``name``) with the verb that agrees: "Player 2 is" / "You are"."""
        name = name or self.seat_name(seat)
        return f"{name} {you_verb if name == 'You' else verb}"

    def to_play(self, seat: int, name: str | None = None) -> str:
        """"Your turn" for you, else "Player 2 to play" (``name`` overrides the name)."""
        name = name or self.seat_name(seat)
        return "Your turn" if name == "You" else f"{name} to play"
