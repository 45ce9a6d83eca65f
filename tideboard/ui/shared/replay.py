"""Replays: a game's own screen, read-only, stepping through a stored game.

``replay_screen(match, bots, finished)`` builds the game's screen class with
:class:`ReplayMode` mixed in front of it, so the table is drawn by the game's
own code while

- the match on screen is a prefix of the whole game (``position`` moves),
  stepped with Right/n (next), Left/p (previous), Home and End;
- nothing is played: no bots run, no privacy screen, no end screen, and
  ``dispatch`` refuses every move;
- the log holds every move, with the current one highlighted;
- a finished game shows every seat's secrets (the whole state; the hand drawn
  is the one of the player about to move), an unfinished one only what every
  player sees (the public view, viewer None).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from tideboard.engine.match import Match
from tideboard.ui.screens import screen_class
from tideboard.ui.shared.log import GameLog

# the actions a replay offers; any other key of the game's screen is hidden
# from the footer, and a move it would make is refused
REPLAY_ACTIONS = {"replay_step", "replay_to", "help", "leave", "next_theme",
                  "table", "whole_map", "objectives"}
LOG_WINDOW = 400  # log lines shown each side of the current move


class ReplayMode:
    """Mixed in front of a :class:`GameScreen` subclass (see :func:`replay_screen`)."""

    BINDINGS = [
        Binding("right,n", "replay_step(1)", "Next", priority=True),
        Binding("left,p", "replay_step(-1)", "Back", priority=True),
        Binding("home", "replay_to('start')", "Start", priority=True),
        Binding("end", "replay_to('end')", "End", priority=True),
    ]
    replay = True

    def __init__(self, match: Match, bots: dict[int, str], finished: bool) -> None:
        super().__init__(match, bots, 0.0)  # type: ignore[call-arg]
        self.whole = match
        self.finished = finished
        self.position = 0
        self.match = match.undo(len(match.actions))

    # -- what is shown ------------------------------------------------------
    @property
    def shown(self) -> Any:
        if self.finished:
            return self.state  # every seat's secrets: the game is over
        return self.game.view(self.state, None)

    def human_to_move(self) -> int | None:
        return None  # nobody plays in a replay

    def turn_or_wait(self, wait: str = "") -> int | None:
        self.say(self._replay_hint(), error=True)
        return None

    def dispatch(self, action: Any) -> bool:
        self.say(self._replay_hint(), error=True)
        return False

    def save(self) -> bool:
        return True  # a replay never writes to the store

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in REPLAY_ACTIONS:
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def _replay_hint(self) -> str:
        total = len(self.whole.actions)
        where = "the start" if self.position == 0 else f"move {self.position} of {total}"
        secrets = ("every hand shown: the game is over" if self.finished
                   else "only what every player sees: the game is not over")
        return (f"Replay, {where} ({secrets}). Right/n next, Left/p back, Home/End, "
                "q leaves.")

    # -- the loop, replaced ---------------------------------------------------
    def _advance(self) -> None:
        seats = self.game.to_move(self.state)
        self.viewer = seats[0] if self.finished and seats else None
        self.refresh_table()
        self.say(self._replay_hint())
        self.sync_bindings()

    def _write_log(self) -> None:
        log = self.query_one(GameLog)
        log.clear()
        lines = self.whole.log
        low = max(0, self.position - LOG_WINDOW)
        high = min(len(lines), self.position + LOG_WINDOW)
        log.write(Text(f"{self.game.info.name}: replay", style="bold"))
        if low:
            log.write(Text(f"({low} earlier moves)", style="dim"))
        for number, line in enumerate(lines[low:high], low + 1):
            if number == self.position:
                log.write(Text(f"▶ {line}", style="reverse bold"))
            else:
                log.write(Text(f"  {line}", style="" if number < self.position else "dim"))
        if high < len(lines):
            log.write(Text(f"({len(lines) - high} later moves)", style="dim"))
        self.logged = len(self.match.log)
        current = self.position - low + (1 if low else 0)  # its line in the log
        log.scroll_to(y=max(0, current - log.size.height // 2), animate=False)

    def go_to(self, position: int) -> None:
        total = len(self.whole.actions)
        position = max(0, min(total, position))
        self.position = position
        self.match = self.whole.undo(total - position)
        self._write_log()
        self._advance()

    # -- keys ---------------------------------------------------------------
    def action_replay_step(self, step: int) -> None:
        total = len(self.whole.actions)
        if not 0 <= self.position + step <= total:
            self.say("That is the end of the game." if step > 0 else
                     "That is the start of the game.", error=True)
            return
        self.go_to(self.position + step)

    def action_replay_to(self, where: str) -> None:
        self.go_to(0 if where == "start" else len(self.whole.actions))

    def action_undo(self) -> None:
        self.action_replay_step(-1)

    def action_leave(self) -> None:
        if self.app.loaded_match is not None:  # opened by 'tideboard replay'
            self.app.exit()
        else:
            self.app.show_picker()


_CLASSES: dict[type, type] = {}


def replay_class(game_id: str) -> type:
    """The game's screen class with :class:`ReplayMode` in front."""
    base = screen_class(game_id)
    if base not in _CLASSES:
        # Textual reads BINDINGS only from DOMNode classes: give them to the new one
        _CLASSES[base] = type(f"Replay{base.__name__}", (ReplayMode, base),
                              {"BINDINGS": ReplayMode.BINDINGS})
    return _CLASSES[base]


def replay_screen(match: Match, bots: dict[int, str], finished: bool) -> Any:
    """A screen stepping through ``match`` (secrets shown only if ``finished``)."""
    return replay_class(match.game.info.id)(match, bots, finished)
