"""The Animal Splash screen: the grid with the divers, the tableaus, the side panel, the log.

Keys: the arrows (or j k l; h is a hint) move the cursor over what the turn is about: the
diver spots (each shows the oxygen a dive there gains or costs), then the
three cards the diver faces, then your tableau.  Enter does it (a dive, a
card: then ←/→ choose the end of the tableau and Enter adds it).  Tab moves
between the grid and your tableau at any time.  In the tableau: ``s`` scores
the area under the cursor, ``m`` moves the card (1 oxygen), ``p`` moves its
pearl (2), ``w`` swaps it with a grid card (3); each is previewed and needs
Enter.  ``e`` ends the turn, ``1``-``3`` take that mission and end it, ``o``
shows everyone's tableau.  The mouse works too: click a spot, a card, an area.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.animal_splash.content import LINES
from tideboard.games.animal_splash.state import (
    ACT,
    TAKE,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    Swap,
    Take,
)
from tideboard.ui.animal_splash.grid import GridBoard
from tideboard.ui.animal_splash.modes import GRID, PEARL, PLACE, SLIDE, SWAP, TABLEAU, Turn
from tideboard.ui.animal_splash.overview import overview_parts
from tideboard.ui.animal_splash.panels import BIG, HUGE, WIDE, TableDrawing, end_table
from tideboard.ui.animal_splash.tableau import TableauStrip
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.shared import CellClicked, GameLog, GameScreen, StatusLine
from tideboard.ui.title_line import TitleLine

TURN_ACTIONS = {
    "cursor",
    "confirm",
    "cancel",
    "switch_zone",
    "score",
    "slide",
    "pearl",
    "swap",
    "end_turn",
    "mission",
    "undo",
}


class AnimalSplashScreen(GameScreen):
    """The Animal Splash table: its widgets and keys.  Where the cursor is and what a key
    does on your turn is the turn's (``self.turn``, ``modes.py``); the drawing is
    ``self.drawing``'s (``panels.py``)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide"), (HUGE, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (BIG, "-big")]
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"overview"}
    BINDINGS = [
        Binding("up,k", "cursor('up')", "Move", show=False),
        Binding("down,j", "cursor('down')", "Move", show=False),
        Binding("left", "cursor('left')", "Move", show=False),
        Binding("right,l", "cursor('right')", "Move", show=False),
        Binding("enter", "confirm", "Do it"),
        Binding("escape", "cancel", "Drop"),
        Binding("tab", "switch_zone", "Grid/tableau", show=False),
        Binding("s", "score", "Score"),
        Binding("m", "slide", "Move"),
        Binding("p", "pearl", "Pearl"),
        Binding("w", "swap", "Swap"),
        Binding("e", "end_turn", "End"),
        *[Binding(str(n), f"mission({n - 1})", f"Mission {n}", show=False) for n in (1, 2, 3)],
        Binding("o", "overview", "All"),
        Binding("u", "undo", "Undo"),
        # a key that does nothing now is left out of the footer; pressed, it says why
        *[
            Binding(key, f"why_not('{name}')", show=False)
            for key, name in (
                ("enter", "confirm"),
                ("s", "score"),
                ("m", "slide"),
                ("p", "pearl"),
                ("w", "swap"),
                ("e", "end_turn"),
            )
        ],
        *[Binding(str(n), f"why_not_mission({n - 1})", show=False) for n in (1, 2, 3)],
    ]
    KEYS_HELP = [
        (
            "arrows / j k l",
            (
                "move the cursor: the diver spots, then the cards your diver "
                "faces, then your tableau (up/down: animal or plant area)"
            ),
        ),
        (
            "Enter",
            "dive / take the card (then ←/→ pick the end, Enter adds it) / carry out a preview",
        ),
        ("Esc", "drop the preview"),
        ("Tab", "between the grid and your tableau (paid actions and scoring work any time)"),
        ("s", "score: a pearl on the area under the cursor (◆ marks areas that would score)"),
        ("m", "move the card under the cursor (1 oxygen): ←/→ pick the place, Enter"),
        ("p", "move the pearl under the cursor one step (2 oxygen): an arrow, Enter"),
        ("w", "swap the card under the cursor with a grid card (3 oxygen): arrows, Enter"),
        ("e", "end the turn (the grid is refilled)"),
        ("1-3", "take that mission (side panel, ✓ marks who may) and end the turn"),
        ("o", "everyone's tableau, the missions and the end-scoring card"),
        (
            "spots",
            (
                "+1 / ±0 / -n: the oxygen a dive there gains or costs; ▼1 a diver; "
                "a b c and 1 2 3 name the grid's columns and rows (a1 the top left card)"
            ),
        ),
        (
            "cards",
            (
                "animal and colour (R Y B G, * any), background (O₂: an oxygen token), "
                "plants (2×: double, a/b: either); ● a pearl, ◆ would score"
            ),
        ),
        (
            "mouse",
            (
                "click a spot, a card or a tableau area to put the cursor there; a second "
                "click on the spot or card dives there or takes it, as Enter does"
            ),
        ),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turn = Turn(self)
        self.drawing = TableDrawing(self, self.turn)

    def compose(self) -> ComposeResult:
        yield TitleLine()
        with Horizontal(id="as-top"):
            yield GridBoard(id="as-grid")
            with Vertical(id="as-right"):
                yield Static(id="as-side")
                yield GameLog(id="as-log")
        yield TableauStrip(id="as-tableaus")
        yield StatusLine(id="as-status")
        yield KeysLine()

    def refresh_table(self) -> None:
        self.turn.follow()  # a new turn or phase puts the cursor where it starts
        self.drawing.draw()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.drawing.redraw)

    def highlight_hint(self, action: Any) -> str | None:
        """A hinted dive: the cursor on its spot; a take, a card moved, a pearl moved
        or a swap: previewed (Enter makes it); a group scored: the cursor on its area
        (Enter scores it); an end of the turn: e, or a mission's number key.  The key
        that makes the hinted move (None: none does now)."""
        turn, state = self.turn, self.state
        if isinstance(action, End):
            missions = state.open_missions
            return str(missions.index(action.mission) + 1) if action.mission in missions else "e"
        turn.follow()
        if isinstance(action, Dive):
            turn.zone, turn.mode, turn.pending, turn.spot = GRID, None, None, action.spot
        elif isinstance(action, Take) and state.phase == TAKE:
            line = LINES[state.divers[state.current]]
            if action.cell not in line:
                return None
            turn.zone, turn.cell = GRID, line.index(action.cell)
            turn.mode, turn.pending = PLACE, action
        elif isinstance(action, Slide | MovePearl | Swap | Score):  # (before a dive too)
            turn.zone = TABLEAU
            turn.pos = action.pos if isinstance(action, Swap | Score) else action.frm
            turn.area = action.area if isinstance(action, Score) else turn.area
            if isinstance(action, MovePearl):
                turn.area = action.frm_area
            if isinstance(action, Swap):
                turn.cell = action.cell
            mode = {Slide: SLIDE, MovePearl: PEARL, Swap: SWAP}.get(type(action))
            turn.mode, turn.pending = mode, (action if mode else None)
        else:
            return None
        self.refresh_table()
        return "Enter"

    def end_table(self) -> Table:
        return end_table(self)

    # -- which keys apply ---------------------------------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in TURN_ACTIONS:
            return super().offers(action, parameters)
        if self.human_to_move() is None:
            return False
        turn = self.turn
        if turn.mode is not None:
            return action in ("cursor", "cancel") or (
                action == "confirm" and turn.pending is not None
            )
        if action == "cancel":
            return False
        if action in ("end_turn", "mission"):
            return self.state.phase == ACT
        if action in ("slide", "pearl", "swap", "score") or (
            action == "confirm" and turn.zone == TABLEAU
        ):
            return turn.zone == TABLEAU and turn.tableau_key(action)
        if action == "undo":
            if not self.match.actions:
                return False
            before, after = self.match.states[-2], self.match.states[-1]
            return self.game.to_move(before)[:1] == (self.human_to_move(),) and self.game.undoable(
                before, self.match.actions[-1], after
            )
        return True

    def action_why_not(self, name: str) -> None:
        """A key whose action does nothing now: the action itself says why.  While a
        move is shown (a mode), the keys the footer leaves out wait for it."""
        if not self._previewing():
            getattr(self, f"action_{name}")()

    def action_why_not_mission(self, index: int) -> None:
        """1-3 when taking a mission does nothing now: it says why."""
        if not self._previewing():
            self.action_mission(index)

    def _previewing(self) -> bool:
        """Whether a move is shown, waiting for Enter or Esc (then said so)."""
        if self.human_to_move() is None or self.turn.mode is None:
            return False
        self.say("First Enter (make the move shown) or Esc (drop it).", error=True)
        return True

    # -- the keys: the turn's ------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        self.turn.arrow(direction)

    def action_confirm(self) -> None:
        self.turn.confirm()

    def action_cancel(self) -> None:
        self.turn.cancel()

    def action_switch_zone(self) -> None:
        self.turn.switch_zone()

    def action_score(self) -> None:
        self.turn.score()

    def action_slide(self) -> None:
        self.turn.slide()

    def action_pearl(self) -> None:
        self.turn.pearl()

    def action_swap(self) -> None:
        self.turn.swap()

    def action_end_turn(self) -> None:
        self.turn.end_turn()

    def action_mission(self, index: int) -> None:
        self.turn.mission(index)

    def action_overview(self) -> None:
        self.show_blocks(overview_parts(self), key="o")

    # -- the mouse ----------------------------------------------------------
    @on(CellClicked, "GridBoard")
    def grid_clicked(self, message: CellClicked) -> None:
        kind, index = message.key
        self.turn.grid_clicked(kind, index)

    @on(CellClicked, "TableauStrip")
    def tableau_clicked(self, message: CellClicked) -> None:
        seat, pos, area = message.key
        self.turn.tableau_clicked(seat, pos, area)
