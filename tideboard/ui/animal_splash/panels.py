"""What the Animal Splash screen draws, and when: the grid and the divers, the tableaus,
the side panel (players, missions, the end card) and the hint line.

:meth:`TableDrawing.draw` redraws from the state, or from a preview (the turn's
``pending``: the card, slide, pearl move or swap the keys have picked but not yet
carried out); each widget compares what it is handed with what it shows and
repaints only on a change.
"""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tideboard.engine.core import IllegalAction
from tideboard.engine.plurals import plural
from tideboard.games.animal_splash.content import CELL_NAMES, LINES
from tideboard.games.animal_splash.logline import card_words, spot_words
from tideboard.games.animal_splash.moves import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import (
    ACT,
    MOVE,
    TAKE,
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
from tideboard.ui.animal_splash.modes import GRID, PEARL, PLACE, SLIDE, SWAP, TABLEAU, Turn
from tideboard.ui.animal_splash.tableau import ROW_H, TableauRow, TableauStrip
from tideboard.ui.shared import GameScreen

TALL = 34  # from this many rows every player's tableau is on screen
WIDE = 110  # from this many columns the side panel spells things out
HUGE, BIG = 160, 45  # from 160x45 the grid's cards are larger (screen.tcss)


class TableDrawing:
    """Draws the Animal Splash ``screen``'s table from its state and its ``turn``'s
    cursor and preview."""

    def __init__(self, screen: GameScreen, turn: Turn) -> None:
        self.screen = screen
        self.turn = turn
        self._side_drawn: tuple | None = None

    def previewed(self) -> State:
        """The state shown: after the pending action if there is one."""
        screen, pending = self.screen, self.turn.pending
        if pending is None:
            return screen.shown
        try:
            after = screen.game.apply(screen.state, pending)
        except IllegalAction:  # (never picked: the keys pick legal moves only)
            return screen.shown
        return screen.game.view(after, screen.viewer)

    # -- redraws ----------------------------------------------------------
    def draw(self) -> None:
        """Redraw the grid, the tableaus, the side panel, the title and the hint."""
        screen = self.screen
        shown = self.previewed()
        mover = screen.human_to_move()
        self._show_grid(shown, mover)
        self._show_tableaus(shown, mover)
        self._show_side(screen.shown)
        seat = screen.game.to_move(screen.state)
        title = f"Animal Splash - {screen.to_play(seat[0]) if seat else 'game over'}"
        if screen.title != title:
            screen.title = title
            screen.app.title = title
        if mover is not None:
            screen.say(self.hint())
        screen.sync_bindings()

    def _show_grid(self, shown: State, mover: int | None) -> None:
        state: State = self.screen.state
        turn = self.turn
        costs: dict[int, int] = {}
        cursor_spot = None
        if mover is not None and state.phase == MOVE and turn.zone == GRID:
            oxygen = state.oxygen[mover]
            if state.divers[mover] >= 0:  # (a first placement is free everywhere)
                costs = {
                    spot: dive_oxygen(steps)
                    for spot, steps in dive_steps(state).items()
                    if dive_oxygen(steps) + oxygen >= 0
                }
            cursor_spot = turn.spot
        faced: tuple[int, ...] = ()
        cursor_cell = None
        if shown.phase == TAKE or isinstance(turn.pending, Take):
            faced = LINES[shown.divers[shown.current]]
            if mover is not None and turn.zone == GRID and turn.mode is None:
                cursor_cell = faced[turn.cell]
        if turn.mode == SWAP:
            cursor_cell = turn.cell
        pearls = {cid: shown.pearls_on(cid) for cid in shown.grid if cid >= 0}
        self.screen.query_one(GridBoard).show(
            shown.grid, pearls, shown.divers, costs, cursor_spot, faced, cursor_cell
        )

    def tableau_seats(self, shown: State) -> list[int]:
        if self.screen.size.height >= TALL:
            return list(range(shown.players))
        seat = shown.current if not shown.over else (self.screen.viewer or 0)
        return [seat]

    def _show_tableaus(self, shown: State, mover: int | None) -> None:
        turn = self.turn
        colours = splash_colours(self.screen.app)
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
                if mover is not None and turn.zone == TABLEAU and turn.mode != SWAP:
                    at = min(turn.pos, len(cards) - 1)
                    marks.setdefault(at, {})[turn.area] = CURSOR
            pearls = {
                cid: (cid * 2 in shown.pearls[seat], cid * 2 + 1 in shown.pearls[seat])
                for cid in cards
            }
            rows.append(TableauRow(seat, self.heading(shown, seat, colours), cards, pearls, marks))
        strip = self.screen.query_one(TableauStrip)
        strip.styles.height = ROW_H * len(rows)
        strip.show(rows)

    def _new_position(self, shown: State) -> int | None:
        """Where the previewed card lands (a take, a slide or a swap), if any."""
        action = self.turn.pending
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
        text.append(self.screen.player_name(seat), style="bold" if seat == shown.current else "")
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
        screen = self.screen
        widget = screen.query_one("#as-side", Static)
        wide = screen.size.width >= WIDE
        # four or five players at 80 columns: a line per mission, so the log keeps some
        fit = (widget.size.width or 38) if not wide and shown.players >= 4 else 0
        key = (
            shown,
            wide,
            fit,
            screen.app.theme,
            tuple(screen.player_name(s) for s in range(shown.players)),
        )
        if key == self._side_drawn:
            return
        self._side_drawn = key
        widget.update(side_info(shown, screen.player_name, splash_colours(screen.app), wide, fit))

    def redraw(self) -> None:
        """Everything again (the terminal was resized)."""
        if self.screen.is_mounted:
            self._side_drawn = None
            self.screen.refresh_table()

    # -- words ------------------------------------------------------------
    def hint(self) -> str:
        """What the player to move can do now (the status line)."""
        state: State = self.screen.state
        turn = self.turn
        if turn.mode is not None:
            return self.mode_hint()
        if state.phase == MOVE and turn.zone == GRID:
            where = spot_words(turn.spot)
            if state.divers[state.current] < 0:
                return (
                    f"Place your diver: arrows pick a free spot ({where}), Enter places "
                    "it. Tab: your tableau."
                )
            steps = dive_steps(state).get(turn.spot)
            if steps is None:
                return "Arrows pick a free spot clockwise; Enter dives there."
            change = dive_oxygen(steps)
            words = "+1 oxygen" if change > 0 else "free" if change == 0 else f"{-change} oxygen"
            return (
                f"Dive {steps} step{'s' if steps != 1 else ''} to {where} ({words}): Enter. "
                "Arrows pick another spot (each shows what it gains or costs). "
                "Tab: your tableau."
            )
        if state.phase == TAKE and turn.zone == GRID:
            cell = LINES[state.divers[state.current]][turn.cell]
            text = (
                f"Enter takes {CELL_NAMES[cell]} ({card_words(state.grid[cell])}), then "
                "←/→ pick the end of your tableau. Arrows: another card your diver faces "
                "(▸)."
            )
            return text + (" Tab: your tableau." if len(text) < 130 else "")
        seat = state.current
        cards = state.tableaus[seat]
        pos = min(turn.pos, len(cards) - 1)
        parts = [f"Card {pos + 1} {'animal' if turn.area == 0 else 'plants'}"]
        groups = scorable(cards, state.pearls[seat])
        if (pos, turn.area) in groups:
            parts.append("s scores it")
        elif groups:
            parts.append(f"◆ {areas_words(groups)} would score: arrows there, s")
        pearl = cards[pos] * 2 + turn.area in state.pearls[seat]
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
            legal = self.screen.game.legal_actions(state)
            if any(isinstance(a, End) and a.mission for a in legal):
                parts.append("1-3 take a mission (✓) and end it")
        else:
            parts.append("Tab: back to the grid")
        return ": ".join(parts[:2]) + ("; " if len(parts) > 2 else "") + "; ".join(parts[2:]) + "."

    def mode_hint(self) -> str:
        turn, action = self.turn, self.turn.pending
        if turn.mode == PLACE and isinstance(action, Take):
            side = "right" if action.right else "left"
            return (
                f"Add {CELL_NAMES[action.cell]} at the {side} end (←/→ switch). "
                "Enter takes it, Esc drops it."
            )
        if turn.mode == SLIDE and isinstance(action, Slide):
            return (
                f"Move card {action.frm + 1} to place {action.to + 1} for 1 oxygen "
                "(←/→ pick the place): Enter does it, Esc drops it."
            )
        if turn.mode == PEARL:
            if isinstance(action, MovePearl):
                return (
                    f"Move the pearl to card {action.to + 1}'s "
                    f"{'animal' if action.to_area == 0 else 'plants'} for 2 oxygen: "
                    "Enter does it, an arrow picks another way, Esc drops it."
                )
            return "Move this pearl: an arrow picks the way (up/down: the other area)."
        if turn.mode == SWAP and isinstance(action, Swap):
            return (
                f"Swap card {action.pos + 1} with {CELL_NAMES[action.cell]} for 3 oxygen "
                "(arrows pick the grid card): Enter does it, Esc drops it."
            )
        if turn.mode == SWAP:
            try:
                self.screen.game.apply(self.screen.state, Swap(turn.pos, turn.cell))
            except IllegalAction as why:
                return f"{why} An arrow picks another grid card; Esc drops it."
        return "Esc drops it."


def end_table(screen: GameScreen) -> Table:
    """The results: each player's points by kind, the winners marked."""
    state: State = screen.state
    return final_table(state, screen.player_name, set(screen.game.winners(state)))


__all__ = ["BIG", "HUGE", "TALL", "TableDrawing", "WIDE", "end_table"]
