"""Moments: a death, a beaten boss and the next dungeon get a panel that waits for a key
and says what changed.  (The campaign's end is the end screen's.)"""

from __future__ import annotations

import attrs
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import (
    DUNGEON_POINTS,
    DUNGEONS,
    LIVES,
    ROLL_LIMIT,
    boss_hearts,
    greens_for_boss,
    pool_size,
)
from tideboard.games.moonlighter.state import State


@attrs.frozen
class Moment:
    title: str
    body: Group
    toast: str  # the same news in one line (when a bot plays)
    bad: bool = False


def _facts(rows: list[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for name, value in rows:
        table.add_row(name, value)
    return table


def _lives(state: State) -> str:
    return f"{'♥' * state.lives}{'♡' * (LIVES - state.lives)} {state.lives} of {LIVES}"


def _score(state: State) -> str:
    return (
        f"{state.best * DUNGEON_POINTS} (best run: "
        f"{plural(state.best, 'dungeon')} of {DUNGEONS} cleared)"
    )


def _dungeon(state: State) -> str:
    return (
        f"{state.max_health} health, a {state.pool}-heart healing pool, the boss "
        f"({boss_hearts(state.dungeon)} hearts) after "
        f"{plural(greens_for_boss(state.dungeon), 'green room')}"
    )


def moment_for(before: State, after: State) -> Moment | None:
    """The moment the move from ``before`` to ``after`` deserves, if any."""
    events = " ".join(after.events)
    if after.over:
        return None
    if after.lives < before.lives:
        boss = "boss room" in events
        where = (
            f"The boss of dungeon {before.dungeon} kills you."
            if boss
            else f"You die in dungeon {before.dungeon}."
        )
        if boss:
            now = (
                f"Dungeon {after.dungeon} starts again with its tiles reset; you keep "
                f"the {after.pawn} pawn."
            )
        else:
            lost = f"; the {before.pawn} pawn is lost" if before.pawn != after.pawn else ""
            now = f"Run {after.run} starts in dungeon 1 with the white pawn{lost}."
            if before.cleared:
                now += (
                    f" Dungeons cleared this run: {before.cleared}, back to 0 (your "
                    "best run still counts)."
                )
        rows = [
            ("Lives left", _lives(after)),
            ("Now", now),
            (f"Dungeon {after.dungeon}", _dungeon(after)),
            ("Score", _score(after)),
            ("Tile rolls", f"{after.rolls} of {ROLL_LIMIT} used"),
        ]
        return Moment(
            f"You died: {plural(after.lives, 'life', 'lives')} left",
            Group(Text(where, style="bold"), Text(""), _facts(rows)),
            f"{where} {plural(after.lives, 'life', 'lives')} left.",
            bad=True,
        )
    if after.cleared > before.cleared:
        rows = [
            ("Next", f"dungeon {after.dungeon} of {DUNGEONS}"),
            ("Health", f"{after.max_health} maximum (was {before.max_health}), full again"),
            ("Healing pool", f"{after.pool} hearts, full (was {pool_size(before.dungeon)})"),
            (
                "Boss",
                f"{boss_hearts(after.dungeon)} hearts (was "
                f"{boss_hearts(before.dungeon)}), after "
                f"{plural(greens_for_boss(after.dungeon), 'green room')} (was "
                f"{greens_for_boss(before.dungeon)})",
            ),
            ("Pawn", f"you keep the {after.pawn} pawn"),
            ("Map", "a fresh map from one white room"),
            ("Score", _score(after)),
            ("Tile rolls", f"{after.rolls} of {ROLL_LIMIT} used"),
            ("Lives", _lives(after)),
        ]
        title = f"Dungeon {before.dungeon} cleared!"
        return Moment(
            title,
            Group(
                Text(
                    f"The boss falls: {plural(after.cleared, 'dungeon')} "
                    f"of {DUNGEONS} cleared in this run.",
                    style="bold",
                ),
                Text(""),
                _facts(rows),
            ),
            f"{title} Dungeon {after.dungeon} begins: {_dungeon(after)}.",
        )
    return None


TOAST_NEWS = ("Enough green rooms",)  # events told in a toast, not a moment


class MomentScreen(ModalScreen[None]):
    """A moment of the campaign, until Enter, space or Esc."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue", priority=True)]
    SHEETS = ("dialogs",)  # its box is a .dialog (themes/dialogs.tcss)

    def __init__(self, moment: Moment) -> None:
        super().__init__(classes="ml-moment")
        self.moment = moment

    def compose(self) -> ComposeResult:
        with Vertical(id="moment-box", classes="dialog bad" if self.moment.bad else "dialog"):
            yield Static(self.moment.title, id="moment-title")
            yield Static(self.moment.body, id="moment-body")
            yield Static("Enter, space or Esc: continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
