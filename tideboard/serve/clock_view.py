"""A timed table's clocks on its screens and in the lobby (issue #22).

Each seat's time left, the running ones marked ``▸``, in the sub-title of
every screen at the table (the game's title line: ``TitleLine``), updated once
a second by a timer of that screen while a clock runs, and in the lobby's line
of the table (its clock's kind: "5 min + 20 s").  Short enough for 80 columns: names are cut, and past the
title's room the line drops the names for the seats' numbers.
"""

from __future__ import annotations

import time
from typing import Any

from textual.screen import Screen

from tideboard.serve import clocks as model
from tideboard.serve.seats import Table
from tideboard.ui.title_line import TitleLine

NAME_CELLS = 8  # a player's name on a clock face, at most
TITLE_ROOM = 62  # the title line's cells at 80 columns, less the icon's and the clock space's
TITLE_FRAME = 18  # ... the icon's and the clock space's cells (TitleLine)


def faces(table: Table, now: float, names: bool = True, running_only: bool = False) -> str:
    """ "▸ana 4:32 bob 5:00", or "▸1 4:32 2 5:00" (``names`` False); "" untimed."""
    timing = table.timing
    if timing is None or timing.clocks is None:
        return ""
    clocks = timing.clocks
    parts = []
    for seat, state in enumerate(table.seats):
        if state.bot is not None or (running_only and seat not in clocks.running):
            continue  # (a bot's seat has no clock)
        who = (state.player or f"P{seat + 1}")[:NAME_CELLS] if names else str(seat + 1)
        mark = "▸" if seat in clocks.running and not clocks.paused else ""
        face = "bot" if seat in timing.out else model.shown(model.remaining(clocks, seat, now))
        parts.append(f"{mark}{who} {face}")
    return " ".join(parts)


def title_clock(table: Table, title: str, now: float | None = None, width: int = TITLE_ROOM) -> str:
    """The sub-title for a screen whose title is ``title``: the clocks, fitted
    in the title's ``width`` cells (with the " — " between them)."""
    now = time.time() if now is None else now
    room = width - len(title) - 3
    line = faces(table, now)
    if len(line) > room:
        line = faces(table, now, names=False)
    if len(line) > room:  # (six players under a long title: the running seats only)
        line = faces(table, now, names=False, running_only=True)
    if len(line) > room:  # (... all of them choosing at once: the one with least time)
        line = least(table, now)
    return line


def least(table: Table, now: float) -> str:
    """The running seat with the least time left: "▸3 1:04 least"."""
    timing = table.timing
    assert timing is not None and timing.clocks is not None
    clocks = timing.clocks
    if not clocks.running:
        return ""
    seat = min(sorted(clocks.running), key=lambda s: model.remaining(clocks, s, now))
    return f"▸{seat + 1} {model.shown(model.remaining(clocks, seat, now))} least"


def lobby_clock(table: Table) -> str:
    """The lobby line's note of a timed table: "5 min + 20 s", "1 day a move"
    (the times left are on the table's screens, which redraw them each second)."""
    return table.timing.spec.words() if table.timing is not None else ""


class ClockFace:
    """A table screen's clocks: its sub-title, redrawn each second while a clock runs."""

    def __init__(self, screen: Any, table: Table) -> None:
        self.screen = screen
        self.table = table
        self.timer: Any = None

    def start(self) -> None:
        if self.table.timing is None:
            return
        self.screen.call_after_refresh(self.show)  # (once the game has set its title)
        self.timer = self.screen.set_interval(1.0, self.show)

    def show(self) -> None:
        screen, table = self.screen, self.table
        if not screen.is_attached:
            return
        if table.over and self.timer is not None:
            self.timer.stop()
            self.timer = None
        title = screen.title if screen.title is not None else screen.app.title
        width = max(TITLE_ROOM, screen.app.size.width - TITLE_FRAME)
        text = title_clock(table, str(title or ""), width=width)
        if screen.sub_title != text:
            # Only the title line is drawn again: the sub-title is a reactive that
            # repaints the whole screen when set, which every second, on every
            # screen at a timed table, was most of the server's work between moves.
            screen.set_reactive(Screen.sub_title, text)
            for line in screen.query(TitleLine):
                line.refresh()


def ask_to_expel(control: Any) -> None:
    """X at a turn-based table: expel the first player out of time, after a
    question whose default (Enter) is No."""
    from tideboard.engine.core import TideboardError
    from tideboard.ui.shared.modals import ConfirmScreen

    room, table, name = control.room, control.table, control.player
    seats = room.expellable(table, name)
    screen = control.screen
    if not seats:
        screen.say("Nobody may be expelled: only a player whose time for the move is up.", True)
        return
    seat = seats[0]
    player = table.seat_name(seat)

    def answer(yes: bool | None) -> None:
        if not yes:
            return
        try:
            room.expel(table.id, name, seat)
        except TideboardError as error:
            if screen.is_attached:
                screen.say(str(error), error=True)

    screen.app.push_screen(
        ConfirmScreen(
            f"Expel {player}? Their time for this move is up; a bot of the table's level "
            "plays their seat for the rest of the game.",
            "Expel",
            "Keep waiting",
        ),
        answer,
    )
