"""The Animal Splash screen: the grid with the divers, the tableaus, the side panel, the log.

Keys: the arrows (or h j k l) move the cursor over what the turn is about: the
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

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.animal_splash.content import LINES
from tideboard.games.animal_splash.rules import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import ACT, MOVE, TAKE, Dive, MovePearl, Slide, Swap, Take
from tideboard.games.animal_splash.tableau import scorable
from tideboard.ui.animal_splash.grid import GridBoard
from tideboard.ui.animal_splash.modes import SplashModes
from tideboard.ui.animal_splash.overview import overview_parts
from tideboard.ui.animal_splash.panels import GRID, PLACE, SWAP, TABLEAU, WIDE
from tideboard.ui.animal_splash.tableau import TableauStrip
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.shared import CellClicked, GameLog, StatusLine
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
STEP = {"up": -1, "left": -1, "down": 1, "right": 1}


class AnimalSplashScreen(SplashModes):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    ANY_TIME_ACTIONS = SplashModes.ANY_TIME_ACTIONS | {"overview"}
    BINDINGS = [
        Binding("up,k", "cursor('up')", "Move", show=False),
        Binding("down,j", "cursor('down')", "Move", show=False),
        Binding("left,h", "cursor('left')", "Move", show=False),
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
            "arrows / h j k l",
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
        self.zone, self.spot, self.cell, self.pos, self.area = GRID, 0, 0, 0, 0
        self.mode: str | None = None
        self.pending = None
        self._turn: tuple | None = None

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

    # -- the cursor follows the turn ----------------------------------------
    def refresh_table(self) -> None:
        state = self.state
        turn = (state.current, state.round, state.phase, state.over)
        if turn != self._turn:
            self._turn = turn
            self.mode = self.pending = None
            self._start_step()
        super().refresh_table()

    def _start_step(self) -> None:
        state = self.state
        if state.over:
            return
        if state.phase == MOVE:
            self.zone = GRID
            steps = dive_steps(state)
            if state.divers[state.current] < 0:
                self.spot = min(steps)
            else:  # the free two-step dive, else the nearest
                self.spot = min(steps, key=lambda s: (steps[s] != 2, steps[s]))
        elif state.phase == TAKE:
            self.zone, self.cell = GRID, 0
        else:
            self.zone = TABLEAU

    # -- which keys apply ---------------------------------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in TURN_ACTIONS:
            return super().offers(action, parameters)
        if self.human_to_move() is None:
            return False
        state = self.state
        if self.mode is not None:
            return action in ("cursor", "cancel") or (
                action == "confirm" and self.pending is not None
            )
        if action == "cancel":
            return False
        if action in ("end_turn", "mission"):
            return state.phase == ACT
        if action in ("slide", "pearl", "swap", "score") or (
            action == "confirm" and self.zone == TABLEAU
        ):
            return self.zone == TABLEAU and self._tableau_key(action)
        if action == "undo":
            if not self.match.actions:
                return False
            before, after = self.match.states[-2], self.match.states[-1]
            return self.game.to_move(before)[:1] == (self.human_to_move(),) and self.game.undoable(
                before, self.match.actions[-1], after
            )
        return True

    def action_why_not(self, name: str) -> None:
        """A key whose action does nothing now: the action itself says why."""
        getattr(self, f"action_{name}")()

    def action_why_not_mission(self, index: int) -> None:
        """1-3 when taking a mission does nothing now: it says why."""
        self.action_mission(index)

    def _tableau_key(self, action: str) -> bool:
        """Whether a tableau key does something at the cursor now (the footer shows it)."""
        state = self.state
        seat = state.current
        cards, oxygen = state.tableaus[seat], state.oxygen[seat]
        pos = min(self.pos, len(cards) - 1)
        if action in ("score", "confirm"):  # Enter on the tableau scores
            return (pos, self.area) in scorable(cards, state.pearls[seat])
        if action == "slide":
            return oxygen >= 1 and len(cards) >= 2
        if action == "pearl":
            return oxygen >= 2 and cards[pos] * 2 + self.area in state.pearls[seat]
        return oxygen >= 3  # swap

    # -- input ------------------------------------------------------------
    def _mine(self) -> bool:
        return self.turn_or_wait() is not None

    def action_cursor(self, direction: str) -> None:
        if self.human_to_move() is None:
            return
        step = STEP[direction]
        if self.mode is not None:
            self._mode_arrow(direction, step)
        elif self.zone == GRID and self.state.phase == MOVE:
            spots = self._dive_spots()
            ahead = [(self.spot + k * step) % 12 for k in range(1, 13)]
            self.spot = next((s for s in ahead if s in spots), self.spot)
        elif self.zone == GRID and self.state.phase == TAKE:
            self.cell = (self.cell + step) % 3
        elif self.zone == TABLEAU:
            if direction in ("left", "right"):
                count = len(self.state.tableaus[self.state.current])
                self.pos = max(0, min(count - 1, self.pos + step))
            else:
                self.area = 1 - self.area
        self.refresh_table()

    def _dive_spots(self) -> list[int]:
        state = self.state
        oxygen = state.oxygen[state.current]
        return [s for s, k in dive_steps(state).items() if dive_oxygen(k) + oxygen >= 0]

    def action_confirm(self) -> None:
        if not self._mine():
            return
        state = self.state
        if self.mode is not None:
            action = self.pending
            if action is None:
                self.say("Pick where with an arrow first (Esc drops it).", error=True)
                return
            self.mode = self.pending = None
            if self.dispatch(action):
                if isinstance(action, Take):
                    self.zone = TABLEAU
                    self.pos = len(self.state.tableaus[state.current]) - 1 if action.right else 0
                    self.area = 0
                elif isinstance(action, Slide):
                    self.pos = action.to
                elif isinstance(action, MovePearl):
                    self.pos, self.area = action.to, action.to_area
                self.refresh_table()
            else:
                self.refresh_table()
            return
        if self.zone == GRID and state.phase == MOVE:
            self.dispatch(Dive(self.spot))
        elif self.zone == GRID and state.phase == TAKE:
            self.mode, self.pending = (
                PLACE,
                Take(LINES[state.divers[state.current]][self.cell], True),
            )
            self.refresh_table()
        elif self.zone == TABLEAU:
            self.action_score()
        else:
            self.say("Tab goes to your tableau; e ends the turn.", error=True)

    def action_cancel(self) -> None:
        if self.mode is not None:
            self.mode = self.pending = None
            self.refresh_table()

    def action_switch_zone(self) -> None:
        """Tab: the cursor to the grid or to your tableau."""
        if not self._mine() or self.mode is not None:
            return
        if self.state.phase == ACT:
            self.say(
                "Your card is taken: the grid is done for this turn (w swaps with it).", error=True
            )
            return
        self.zone = TABLEAU if self.zone == GRID else GRID
        self.refresh_table()

    def action_overview(self) -> None:
        self.show_blocks(overview_parts(self), key="o")

    # -- the mouse ----------------------------------------------------------
    @on(CellClicked, "GridBoard")
    def grid_clicked(self, message: CellClicked) -> None:
        if self.human_to_move() is None:
            return
        kind, index = message.key
        state = self.state
        if kind == "spot" and state.phase == MOVE and self.mode is None:
            if index in self._dive_spots():
                again = self.zone == GRID and self.spot == index
                self.zone, self.spot = GRID, index
                self._click_done(again)
        elif kind == "cell" and self.mode == SWAP:
            if state.grid[index] >= 0:
                self.cell, self.pending = index, Swap(self.pos, index)
                self.refresh_table()
        elif kind == "cell" and state.phase == TAKE and self.mode is None:
            line = LINES[state.divers[state.current]]
            if index in line:
                again = self.zone == GRID and line[self.cell] == index
                self.zone, self.cell = GRID, line.index(index)
                self._click_done(again)

    def _click_done(self, again: bool) -> None:
        """A click moved the cursor; on the same place again it acts as Enter."""
        if again:
            self.action_confirm()
        else:
            self.refresh_table()

    @on(CellClicked, "TableauStrip")
    def tableau_clicked(self, message: CellClicked) -> None:
        seat, pos, area = message.key
        if self.human_to_move() is None or seat != self.state.current or self.mode is not None:
            return
        self.zone, self.pos, self.area = TABLEAU, pos, area
        self.refresh_table()
