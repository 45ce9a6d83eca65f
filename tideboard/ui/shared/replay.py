"""Replays: a game's own screen, read-only, stepping through a stored game.

``replay_screen(match, bots, finished)`` opens the game's screen with a
:class:`Replay` controller, so the table is drawn by the game's own code while

- the match on screen is a prefix of the whole game (``position`` moves),
  stepped with Right/n (next), Left/p (previous), Home and End;
- nothing is played: no bots run, no privacy screen, no end screen, and every
  move is refused;
- only the replay's keys and those that only look (help, the game's overviews,
  the log's) apply;
- the log holds every move, with the current one highlighted;
- a finished game shows every seat's secrets (the whole state; the hand drawn
  is the one of the player about to move), an unfinished one only what every
  player sees (the public view, viewer None).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.match import Match
from tideboard.ui.screens import screen_class
from tideboard.ui.shared.control import REPLAY_ACTIONS, TABLE_ACTIONS, Control
from tideboard.ui.shared.log import GameLog

LEAVE_ACTIONS = frozenset({"leave"})  # besides the replay's and those that only look
LOG_WINDOW = 400  # log lines shown each side of the current move


class Replay(Control):
    """A stored game, shown one position at a time (``position``: the moves made)."""

    def __init__(
        self,
        match: Match,
        bots: dict[int, str],
        finished: bool,
        names: Sequence[str] = (),
        named: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(match.undo(len(match.actions)), bots)
        self.whole = match
        self.finished = finished
        self.position = 0
        # a served table's replay names its players ("ana", not "Player 1")
        self.names, self.namer = tuple(names), named

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else super().seat_name(seat)

    def named(self, text: str) -> str:
        return text if self.namer is None else self.namer(text)

    # -- what is shown ------------------------------------------------------
    def shown(self) -> Any:
        if self.finished:
            return self.match.state  # every seat's secrets: the game is over
        return self.view_for(None)

    def waiting(self, wait: str) -> str:
        return self.hint()

    def play(self, action: Any) -> bool:
        self.screen.say(self.hint(), error=True)
        return False

    def allows(self, action: str) -> bool | None:
        if action in REPLAY_ACTIONS:
            return True
        if action in TABLE_ACTIONS:
            return False
        look = action in LEAVE_ACTIONS or action in self.screen.ANY_TIME_ACTIONS
        return None if look else False

    def hint(self) -> str:
        total = len(self.whole.actions)
        where = "the start" if self.position == 0 else f"move {self.position} of {total}"
        secrets = (
            "every hand shown: the game is over"
            if self.finished
            else "only what every player sees: the game is not over"
        )
        return f"Replay, {where} ({secrets}). Right/n next, Left/p back, Home/End, q leaves."

    # -- the screen ---------------------------------------------------------
    def advance(self) -> None:
        seats = self.match.game.to_move(self.match.state)
        self.viewer = seats[0] if self.finished and seats else None
        screen = self.screen
        screen.refresh_table()
        screen.say(self.hint())
        screen.sync_bindings()

    def write_log(self) -> None:
        """Every move of the whole game (the nearest ``LOG_WINDOW`` each side), the
        current one highlighted and in the middle of the log."""
        screen = self.screen
        lines = self.whole.log
        low = max(0, self.position - LOG_WINDOW)
        high = min(len(lines), self.position + LOG_WINDOW)
        entries = [f"{self.match.game.info.name}: replay"]
        marks = {0: "bold"}
        if low:
            marks[len(entries)] = "dim"
            entries.append(f"({low} earlier moves)")
        current = 0
        for number, line in enumerate(lines[low:high], low + 1):
            if number == self.position:
                current = len(entries)
                marks[current] = "reverse bold"
                entries.append(f"▶ {self.named(line)}")
            else:
                if number > self.position:
                    marks[len(entries)] = "dim"
                entries.append(f"  {self.named(line)}")
        if high < len(lines):
            marks[len(entries)] = "dim"
            entries.append(f"({len(lines) - high} later moves)")
        # wrapped to the log's width as a game's log is (again on a resize)
        screen.query_one(GameLog).show(entries, marks, centre=current)
        screen.logged = len(self.match.log)

    def go_to(self, position: int) -> None:
        total = len(self.whole.actions)
        position = max(0, min(total, position))
        self.position = position
        self.match = self.whole.undo(total - position)
        self.write_log()
        self.advance()

    # -- keys ---------------------------------------------------------------
    def step(self, moves: int) -> None:
        total = len(self.whole.actions)
        if not 0 <= self.position + moves <= total:
            self.screen.say(
                "That is the end of the game." if moves > 0 else "That is the start of the game.",
                error=True,
            )
            return
        self.go_to(self.position + moves)

    def go_to_end(self, end: bool) -> None:
        self.go_to(len(self.whole.actions) if end else 0)

    def undo(self) -> None:
        self.step(-1)

    def leave(self) -> None:
        self.screen.app.leave_game()  # (out to the shell if 'tideboard replay' opened it)


def replay_screen(match: Match, bots: dict[int, str], finished: bool, **names: Any) -> Any:
    """The game's screen stepping through ``match`` (secrets shown only if
    ``finished``); ``names``: :class:`Replay`'s ``names`` and ``named``."""
    return screen_class(match.game.info.id)(control=Replay(match, bots, finished, **names))
