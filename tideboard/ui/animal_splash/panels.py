"""What the Animal Splash screen draws, and when: the grid and the divers, the tableaus,
the side panel (players, missions, the end card) and the hint line.

:meth:`SplashTable.refresh_table` redraws from the state, or from a preview
(``pending``: the dive, card, slide, pearl move or swap the keys have picked
but not yet carried out); each widget compares what it is handed with what it
shows and repaints only on a change.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tideboard.engine.core import IllegalAction
from tideboard.engine.plurals import plural
from tideboard.games.animal_splash.content import CELL_NAMES, LINES
from tideboard.games.animal_splash.logline import card_words, spot_words
from tideboard.games.animal_splash.rules import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import (
    ACT,
    MOVE,
    TAKE,
    Action,
    Dive,
    End,
    MovePearl,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import scorable
from tideboard.ui.animal_splash.cards import CURSOR, GROUP, NEW
from tideboard.ui.animal_splash.grid import GridBoard, splash_colours
from tideboard.ui.animal_splash.info import areas_words, final_table, side_info
from tideboard.ui.animal_splash.tableau import ROW_H, TableauRow, TableauStrip
from tideboard.ui.shared import GameScreen

TALL = 34  # from this many rows every player's tableau is on screen
WIDE = 110  # from this many columns the side panel spells things out

GRID, TABLEAU = "grid", "tableau"
PLACE, SLIDE, PEARL, SWAP = "place", "slide", "pearl", "swap"


class SplashTable(GameScreen):
    """Draws the table; :class:`~tideboard.ui.animal_splash.screen.AnimalSplashScreen`
    adds the keys.  The cursor state it reads is set in the screen's ``__init__``:
    ``zone`` (where the cursor is: the grid or the tableau), ``spot``, ``cell``, ``pos``, ``area``, ``mode``
    and ``pending``."""

    zone: str  # GRID or TABLEAU
    spot: int
    cell: int
    pos: int
    area: int
    mode: str | None
    pending: Action | None
    _side_drawn: tuple | None = None

    def row_name(self, seat: int) -> str:
        name = self.seat_name(seat)
        if self.bot_levels and self.human_seats == [seat] and name != "You":
            name += " (you)"
        return name

    def previewed(self) -> State:
        """The state shown: after the pending action if there is one."""
        if self.pending is None:
            return self.shown
        try:
            after = self.game.apply(self.state, self.pending)
        except IllegalAction:  # (never picked: the keys pick legal moves only)
            return self.shown
        return self.game.view(after, self.viewer)

    # -- redraws ----------------------------------------------------------
    def refresh_table(self) -> None:
        shown = self.previewed()
        mover = self.human_to_move()
        self._show_grid(shown, mover)
        self._show_tableaus(shown, mover)
        self._show_side(self.shown)
        seat = self.game.to_move(self.state)
        title = f"Animal Splash - {self.to_play(seat[0]) if seat else 'game over'}"
        if self.title != title:
            self.title = title
            self.app.title = title
        if mover is not None:
            self.say(self.hint())
        self.sync_bindings()

    def _show_grid(self, shown: State, mover: int | None) -> None:
        state = self.state
        costs: dict[int, int] = {}
        cursor_spot = None
        if mover is not None and state.phase == MOVE and self.zone == GRID:
            oxygen = state.oxygen[mover]
            if state.divers[mover] >= 0:  # (a first placement is free everywhere)
                costs = {
                    spot: dive_oxygen(steps)
                    for spot, steps in dive_steps(state).items()
                    if dive_oxygen(steps) + oxygen >= 0
                }
            cursor_spot = self.spot
        faced: tuple[int, ...] = ()
        cursor_cell = None
        if shown.phase == TAKE or isinstance(self.pending, Take):
            faced = LINES[shown.divers[shown.current]]
            if mover is not None and self.zone == GRID and self.mode is None:
                cursor_cell = faced[self.cell]
        if self.mode == SWAP:
            cursor_cell = self.cell
        pearls = {cid: shown.pearls_on(cid) for cid in shown.grid if cid >= 0}
        self.query_one(GridBoard).show(
            shown.grid, pearls, shown.divers, costs, cursor_spot, faced, cursor_cell
        )

    def tableau_seats(self, shown: State) -> list[int]:
        if self.size.height >= TALL:
            return list(range(shown.players))
        seat = shown.current if not shown.over else (self.viewer or 0)
        return [seat]

    def _show_tableaus(self, shown: State, mover: int | None) -> None:
        colours = splash_colours(self.app)
        rows = []
        for seat in self.tableau_seats(shown):
            cards = shown.tableaus[seat]
            marks: dict[int, dict[int, str]] = {}
            if seat == shown.current and not shown.over:
                for pos, area in scorable(cards, shown.pearls[seat]):
                    marks.setdefault(pos, {})[area] = GROUP
                new = self._new_position(shown)
                if new is not None:
                    marks.setdefault(new, {})
                    marks[new] = {
                        0: NEW,
                        1: NEW,
                        **{a: m for a, m in marks[new].items() if m == GROUP},
                    }
                if mover is not None and self.zone == TABLEAU and self.mode != SWAP:
                    at = min(self.pos, len(cards) - 1)
                    marks.setdefault(at, {})[self.area] = CURSOR
            pearls = {
                cid: (cid * 2 in shown.pearls[seat], cid * 2 + 1 in shown.pearls[seat])
                for cid in cards
            }
            rows.append(TableauRow(seat, self.heading(shown, seat, colours), cards, pearls, marks))
        strip = self.query_one(TableauStrip)
        strip.styles.height = ROW_H * len(rows)
        strip.show(rows)

    def _new_position(self, shown: State) -> int | None:
        """Where the previewed card lands (a take, a slide or a swap), if any."""
        action = self.pending
        if isinstance(action, Take):
            return len(shown.tableaus[shown.current]) - 1 if action.right else 0
        if isinstance(action, Slide):
            return action.to
        if isinstance(action, Swap):
            return action.pos
        return None

    def heading(self, shown: State, seat: int, colours: dict[str, str]) -> Text:
        from tideboard.games.animal_splash.scoring import mission_points, pearls

        text = Text()
        text.append(f"{seat + 1} ", style=Style(color=colours[f"seat{seat + 1}"], bold=True))
        text.append(self.row_name(seat), style="bold" if seat == shown.current else "")
        text.append(f"  O₂ {shown.oxygen[seat]}", style=Style(color=colours["oxygen"]))
        text.append(f"  ● {pearls(shown, seat)}", style=Style(color=colours["pearl"]))
        if shown.held[seat]:
            text.append(
                f"  {plural(len(shown.held[seat]), 'mission')} ({mission_points(shown, seat)}pt)"
            )
        if (
            seat == shown.current
            and not shown.over
            and scorable(shown.tableaus[seat], shown.pearls[seat])
        ):
            text.append("  ◆ would score", style="dim")
        return text

    def _show_side(self, shown: State) -> None:
        widget = self.query_one("#as-side", Static)
        wide = self.size.width >= WIDE
        # four or five players at 80 columns: a line per mission, so the log keeps some
        fit = (widget.size.width or 38) if not wide and shown.players >= 4 else 0
        key = (
            shown,
            wide,
            fit,
            self.app.theme,
            tuple(self.row_name(s) for s in range(shown.players)),
        )
        if key == self._side_drawn:
            return
        self._side_drawn = key
        widget.update(side_info(shown, self.row_name, splash_colours(self.app), wide, fit))

    def on_resize(self, event: Any) -> None:
        self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self.is_mounted and self.match is not None:
            self._side_drawn = None
            self.refresh_table()

    # -- words ------------------------------------------------------------
    def hint(self) -> str:
        """What the player to move can do now (the status line)."""
        state = self.state
        if self.mode is not None:
            return self.mode_hint()
        if state.phase == MOVE and self.zone == GRID:
            where = spot_words(self.spot)
            if state.divers[state.current] < 0:
                return (
                    f"Place your diver: arrows pick a free spot ({where}), Enter places "
                    "it. Tab: your tableau."
                )
            steps = dive_steps(state).get(self.spot)
            if steps is None:
                return "Arrows pick a free spot clockwise; Enter dives there."
            change = dive_oxygen(steps)
            words = "+1 oxygen" if change > 0 else "free" if change == 0 else f"{-change} oxygen"
            return (
                f"Dive {steps} step{'s' if steps != 1 else ''} to {where} ({words}): Enter. "
                "Arrows pick another spot (each shows what it gains or costs). "
                "Tab: your tableau."
            )
        if state.phase == TAKE and self.zone == GRID:
            cell = LINES[state.divers[state.current]][self.cell]
            text = (
                f"Enter takes {CELL_NAMES[cell]} ({card_words(state.grid[cell])}), then "
                "←/→ pick the end of your tableau. Arrows: another card your diver faces "
                "(▸)."
            )
            return text + (" Tab: your tableau." if len(text) < 130 else "")
        seat = state.current
        cards = state.tableaus[seat]
        pos = min(self.pos, len(cards) - 1)
        parts = [f"Card {pos + 1} {'animal' if self.area == 0 else 'plants'}"]
        groups = scorable(cards, state.pearls[seat])
        if (pos, self.area) in groups:
            parts.append("s scores it")
        elif groups:
            parts.append(f"◆ {areas_words(groups)} would score: arrows there, s")
        pearl = cards[pos] * 2 + self.area in state.pearls[seat]
        paid = [
            k
            for k, cost in (
                ("m moves the card (1 O₂)", 1),
                ("p moves its pearl (2)" if pearl else "", 2),
                ("w swaps it (3)", 3),
            )
            if k and state.oxygen[seat] >= cost
        ]
        if paid:
            parts.append(", ".join(paid))
        if state.phase == ACT:
            parts.append("e ends the turn")
            if any(isinstance(a, End) and a.mission for a in self.game.legal_actions(state)):
                parts.append("1-3 take a mission (✓) and end it")
        else:
            parts.append("Tab: back to the grid")
        return ": ".join(parts[:2]) + ("; " if len(parts) > 2 else "") + "; ".join(parts[2:]) + "."

    def mode_hint(self) -> str:
        action = self.pending
        if self.mode == PLACE and isinstance(action, Take):
            side = "right" if action.right else "left"
            return (
                f"Add {CELL_NAMES[action.cell]} at the {side} end (←/→ switch). "
                "Enter takes it, Esc drops it."
            )
        if self.mode == SLIDE and isinstance(action, Slide):
            return (
                f"Move card {action.frm + 1} to place {action.to + 1} for 1 oxygen "
                "(←/→ pick the place): Enter does it, Esc drops it."
            )
        if self.mode == PEARL:
            if isinstance(action, MovePearl):
                return (
                    f"Move the pearl to card {action.to + 1}'s "
                    f"{'animal' if action.to_area == 0 else 'plants'} for 2 oxygen: "
                    "Enter does it, an arrow picks another way, Esc drops it."
                )
            return "Move this pearl: an arrow picks the way (up/down: the other area)."
        if self.mode == SWAP and isinstance(action, Swap):
            return (
                f"Swap card {action.pos + 1} with {CELL_NAMES[action.cell]} for 3 oxygen "
                "(arrows pick the grid card): Enter does it, Esc drops it."
            )
        if self.mode == SWAP:
            try:
                self.game.apply(self.state, Swap(self.pos, self.cell))
            except IllegalAction as why:
                return f"{why} An arrow picks another grid card; Esc drops it."
        return "Esc drops it."

    def end_table(self) -> Table:
        state: State = self.state
        return final_table(state, self.row_name, set(self.game.winners(state)))


__all__ = ["GRID", "PEARL", "PLACE", "SLIDE", "SWAP", "SplashTable", "TABLEAU", "Dive"]
