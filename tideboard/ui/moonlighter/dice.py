"""The dice panel: the die, its face and what the roll means; :class:`DiceBox` shows it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from tideboard.games.moonlighter.state import Roll, State

DIE_SIDES = {"tile": (0, 9), "attack": (1, 6), "loot": (1, 8)}
DIE_NAMES = {"tile": "Tile die d10", "attack": "Attack die d6", "loot": "Loot die d8"}


# -- the dice panel ----------------------------------------------------------------
def die_face(value: int | str, style: Style) -> Text:
    face = Text(no_wrap=True)
    face.append("╭───╮\n", style)
    face.append(f"│{value!s:^3}│\n", style)
    face.append("╰───╯", style)
    return face


def dice_panel(roll: Roll | None, current: bool, tumbling: int | None = None) -> Any:
    """The die, its face and the outcome in words (``tumbling``: a face while it rolls)."""
    if roll is None:
        return Text("No dice rolled yet.\nr rolls the tile die.", style="italic")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=5, no_wrap=True)
    grid.add_column(ratio=1)
    name = Text(
        DIE_NAMES[roll.die] if current else f"Earlier: {roll.die} die",
        style="bold" if current else "dim",
    )
    if tumbling is not None:
        grid.add_row(
            die_face(tumbling, Style(dim=True)), Group(name, Text("rolling...", style="italic"))
        )
        return grid
    words = Text(roll.meaning, style="" if current else "dim")
    grid.add_row(die_face(roll.value, Style(bold=current, dim=not current)), Group(name, words))
    return grid


class DiceBox(Static):
    """The dice panel: the latest die, tumbling a few frames when it was just rolled, then
    highlighted a moment (class ``fresh``); :meth:`follow` shows the match's latest."""

    ROLL_FRAMES = 4  # tumbling faces shown before a rolled die settles
    ROLL_FRAME_SECONDS = 0.07
    FLASH_SECONDS = 1.2  # how long a fresh result stays highlighted

    def __init__(self, seen_steps: int = 0, **kwargs: Any) -> None:
        """``seen_steps``: the match's states already shown (their dice are not news)."""
        super().__init__(**kwargs)
        self.seen_steps = seen_steps
        self.words = ""  # the panel in words (for tests and logs)
        self._drawn: Any = None  # what the panel shows (a key of it)
        self._tumble_left = 0
        self._tumble_timer: Timer | None = None
        self._flash_timer: Timer | None = None

    def on_mount(self) -> None:
        self.border_title = "Dice"

    def follow(self, states: Sequence[State]) -> None:
        """Show the latest die of ``states`` (a match's): tumbling if the last one rolled."""
        steps = len(states)
        changed = steps != self.seen_steps
        fresh = steps > self.seen_steps and bool(states[-1].last_rolls)
        self.seen_steps = steps
        roll, current = latest_roll(states)
        if fresh and roll is not None:
            self._start_tumble(states)
            return
        if changed:  # a move without dice: the old result is no longer news
            self._stop_timers()
            self.remove_class("fresh")
        if self._tumble_timer is None:
            self._show(roll, current)

    def _start_tumble(self, states: Sequence[State]) -> None:
        roll, _ = latest_roll(states)
        assert roll is not None
        self._stop_timers()
        self.remove_class("fresh")
        self._tumble_left = self.ROLL_FRAMES
        if self._tumble_left <= 0:
            self._settle(states)
            return
        self._tumble_tick(states, roll)
        self._tumble_timer = self.set_interval(
            self.ROLL_FRAME_SECONDS, lambda: self._tumble_tick(states, roll)
        )

    def _tumble_tick(self, states: Sequence[State], roll: Roll) -> None:
        self._tumble_left -= 1
        if self._tumble_left < 0:
            self._settle(states)
            return
        lo, hi = DIE_SIDES[roll.die]
        face = random.randint(lo, hi)
        self._update(dice_panel(roll, True, tumbling=face), ("tumbling", roll, face))

    def _settle(self, states: Sequence[State]) -> None:
        if self._tumble_timer is not None:
            self._tumble_timer.stop()
            self._tumble_timer = None
        roll, current = latest_roll(states)
        self._show(roll, current)
        if current and self.FLASH_SECONDS > 0:
            self.add_class("fresh")
            self._flash_timer = self.set_timer(self.FLASH_SECONDS, self._unflash)

    def _show(self, roll: Roll | None, current: bool) -> None:
        self._update(dice_panel(roll, current), (roll, current))
        self.words = (
            ""
            if roll is None
            else f"{DIE_NAMES[roll.die]}: {roll.value}, {roll.meaning}"
            + ("" if current else " (earlier)")
        )

    def _update(self, content: Any, key: Any) -> None:
        """Show ``content`` unless the panel shows ``key`` already."""
        if key != self._drawn:
            self._drawn = key
            self.update(content)

    def _unflash(self) -> None:
        self._flash_timer = None
        self.remove_class("fresh")

    def _stop_timers(self) -> None:
        for timer in (self._tumble_timer, self._flash_timer):
            if timer is not None:
                timer.stop()
        self._tumble_timer = self._flash_timer = None


def latest_roll(states: Sequence[State]) -> tuple[Roll | None, bool]:
    """The most recent die rolled in ``states``, and whether the last state rolled it."""
    for age, state in enumerate(reversed(states)):
        if state.last_rolls:
            return state.last_rolls[-1], age == 0
    return None, False
