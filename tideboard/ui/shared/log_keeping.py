"""The game log's side of a game screen: a mixin of
:class:`~tideboard.ui.shared.game_screen.GameScreen` that keeps the
:class:`~tideboard.ui.shared.log.GameLog` showing the match's log, and the keys
that scroll it."""

from __future__ import annotations

from typing import Any

from tideboard.ui.shared.log import GameLog


class LogKeeping:
    """The log's heading, its lines after each move or undo, PgUp/PgDn/Home/End."""

    game: Any
    match: Any
    state: Any
    logged: int
    query_one: Any

    def log_heading(self) -> str:
        """The log's first line; the seed only once the game is over (before that it
        gives away hidden cards or dice to come, as ``tideboard script`` knows)."""
        info = self.game.info
        if not self.game.is_over(self.state):
            return f"{info.name}, {'game resumed' if self.match.actions else 'new game'}."
        return f"{info.name}, seed {self.match.config.seed}."

    def _write_log(self) -> None:
        """Make the log show the match's log (after the heading): new lines are
        added; after an undo the undone lines go."""
        log = self.query_one(GameLog)
        lines = self.match.log
        if len(lines) < self.logged:
            log.show([*log.entries[:1], *lines])
        else:
            for line in lines[self.logged:]:
                log.add(line)
        self.logged = len(lines)

    def action_log_scroll(self, direction: int) -> None:
        self.query_one(GameLog).page(direction)

    def action_log_edge(self, end: int) -> None:
        self.query_one(GameLog).edge(bool(end))
