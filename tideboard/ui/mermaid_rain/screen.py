"""The Mermaid Rain screen: keys and clicks turned into actions.

Melds: d, g, t pick cards (m the Mermaid card), Enter shows them; the others
cannot see them until every seat has chosen (in hot-seat each player chooses
behind the hand-over screen).  Tiles: Left/Right or a digit picks, Enter
takes.  Riding: the arrows move a cursor over the sea; highlighted spaces are
where you may start, lay your tile or move; Enter does what the hint line
says (the cards a move costs are named first), c pays another way, r turns
a tile, Tab picks your other tile, x discards it, digits take a treasure, e
ends the turn.  A click on a space moves the cursor there; a second click
does what Enter would.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from tideboard.games.mermaid_rain.content import CELLS, COLS, MERMAID
from tideboard.games.mermaid_rain.state import (
    Action,
    Draw,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Pick,
    Show,
    Take,
)
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.mermaid_rain.modes import Picks
from tideboard.ui.mermaid_rain.panels import (
    BIG,
    HUGE,
    TALL,
    WIDE,
    TableDrawing,
    end_table,
    ranking_table,
)
from tideboard.ui.mermaid_rain.sea import HexBoard
from tideboard.ui.shared import CellClicked, GameLog, GameScreen, StatusLine
from tideboard.ui.title_line import TitleLine

STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


class MermaidRainScreen(GameScreen):
    """The Mermaid Rain table: its widgets and keys.  What the keys have picked and the
    action Enter takes are ``self.picks``'s (``modes.py``); the drawing is
    ``self.drawing``'s (``panels.py``)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide"), (HUGE, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall"), (BIG, "-big")]

    SECRETS = "your hand and your choices"
    BINDINGS = [
        Binding("up,k", "step('up')", "Up", show=False),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("left", "step('left')", "Left", show=False),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("enter,space", "confirm", "Go"),
        Binding("d", "card(0)", "Dolphin", show=False),
        Binding("g", "card(1)", "Seagull", show=False),
        Binding("t", "card(2)", "Turtle", show=False),
        Binding("m", "card(3)", "Mermaid", show=False),
        Binding("backspace,escape", "clear", "Clear", show=False),
        Binding("c", "pay", "Pay other", show=False),
        Binding("r", "turn", "Turn tile", show=False),
        Binding("tab", "next_tile", "Next tile", show=False),
        Binding("x", "drop", "Discard tile", show=False),
        Binding("e", "end", "End turn"),
        Binding("o", "melds", "Melds"),
        *[Binding(str(n), f"number({n})", show=False) for n in range(1, 10)],
        # Enter when it would do nothing (so not in the footer) still says what to do
        Binding("enter,space", "confirm_why", show=False),
    ]
    KEYS_HELP = [
        ("d g t", "pick a Dolphin, Seagull or Sea Turtle card (meld, keeping two)"),
        ("m", "pick your Mermaid card: stop adding to your meld"),
        ("Backspace / Esc", "clear the picked cards"),
        (
            "Enter / space",
            "do what the hint line says (show the meld, take the tile, start, "
            "lay the tile, move or teleport)",
        ),
        ("arrows / j k l", "move the cursor over the sea (tiles: Left/Right pick)"),
        ("c", "pay for the move another way (a single card or a pair as a wild)"),
        ("r / Tab / x", "turn the tile you lay / your other tile / discard it (asks first)"),
        ("1-9", "take treasure number N on your space; pick face-up tile N; Waltz: shape N"),
        ("e", "end your surf-riding turn (asks first)"),
        ("o", "the table of the eight melds"),
        (
            "the sea",
            (
                "D Dolphin, G Seagull, T Sea Turtle, M mermaid symbol, S start space "
                "(lower case: a surf tile, ▪ a dark one leaving at the round's end), "
                "~ sea, ^ rock; then the mermaids, in their seat's colour as in the "
                "table: @ yours, the seat number for the others, + several; then "
                "treasures: A Abalone, C Coral, Y Crystal, P Pearl, Z Dragon Scale, "
                "? face down, lower case a face-down one you looked at, ²³ how many lie "
                "there.  The legend under the sea names the marks on it now"
            ),
        ),
        (
            "the table",
            (
                "▶ who is to choose, * you, each name in its mermaid's colour, then "
                "points (pt) and cards in hand (c); "
                "below: the meld (D G T), its turn order and name (3.Mist), and $ the "
                "treasures in letters as on the sea, a number for several (A2C?)"
            ),
        ),
        ("mouse", "click a space to put the cursor there, click it again to act"),
    ]
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"melds"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.picks = Picks(self)
        self.drawing = TableDrawing(self, self.picks)

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists Go, End turn and Undo only when they apply now: Go when
        Enter would act (cards picked, a space it reaches), Undo when the last move
        was yours and may be taken back (never during a meld or a keep)."""
        if action in ("confirm", "end", "undo") and not self.ended:
            mode = self.picks.mode(self.shown) if self.is_mounted else "wait"
            if action == "end":
                return mode == "move"
            if action == "undo":
                return mode != "wait" and self.picks.can_undo()
            return mode != "wait" and self.picks.planned() is not None
        return super().offers(action, parameters)

    def compose(self) -> ComposeResult:
        yield TitleLine()
        with Horizontal(id="mr-top"):
            yield HexBoard(id="mr-board")
            yield Static(id="mr-side")
        yield Static(id="mr-legend")
        yield Static(id="mr-hand")
        yield GameLog(id="mr-log")
        yield StatusLine(id="mr-status")
        yield KeysLine()

    def on_resize(self, event: events.Resize) -> None:
        self.drawing.resized(event.size)

    def highlight_hint(self, action: Any) -> str | None:
        """A hinted meld or keep: its cards picked; a face-up tile or a start space:
        under the cursor; a tile laid: that tile on those cells; a move or a jump:
        the cursor on its space, paid as hinted (Enter makes each); a treasure taken,
        a shape drawn, a tile discarded, the end of the ride: its own key.  The key
        that makes the hinted move (None: none does now)."""
        picks, shown = self.picks, self.shown
        if isinstance(action, (Take, Draw)):
            return str((action.index if isinstance(action, Take) else action.shape) + 1)
        if isinstance(action, (Drop, End)):
            return "x" if isinstance(action, Drop) else "e"
        if isinstance(action, (Show, Keep)):
            picks.cards = list(action.cards)
        elif isinstance(action, Pick) and action.tile in shown.offer:
            picks.offer_index = shown.offer.index(action.tile)
        elif isinstance(action, (Enter, Home)):
            picks.cursor = action.cell
        elif not picks.pick_hint(action):
            return None
        self.refresh_table()
        return "Enter"

    def refresh_table(self) -> None:
        self.drawing.draw()

    def end_table(self) -> Table:
        return end_table(self)

    def _act(self, action: Action | None) -> None:
        if action is None:
            self.say(self.picks.hint(self.shown) or "Nothing to do with that now.", error=True)
            return
        self.picks.cost_index = self.picks.turn_index = 0
        self.picks.cards = []
        self.dispatch(action)

    # -- keys -----------------------------------------------------------------
    def action_step(self, direction: str) -> None:
        if self.turn_or_wait() is None:
            return
        shown = self.shown
        mode = self.picks.mode(shown)
        if mode == "offer" and direction in ("left", "right"):
            step = 1 if direction == "right" else -1
            self.picks.offer_index = (self.picks.offer_index + step) % len(shown.offer)
        elif mode in self.picks.BOARD_MODES:
            dr, dc = STEPS[direction]
            row, col = divmod(self.picks.cursor, COLS)
            row, col = row + dr, col + dc
            if 0 <= row < CELLS // COLS and 0 <= col < COLS:
                self.picks.cursor = row * COLS + col
                self.picks.cost_index = self.picks.turn_index = 0
        else:
            return
        self.drawing.redraw_marks()

    def action_confirm(self) -> None:
        if self.turn_or_wait() is None:
            return
        self._act(self.picks.planned())

    def action_confirm_why(self) -> None:
        if self.turn_or_wait() is not None:
            self.say(self.picks.hint(self.shown) or "Nothing to do with that now.", error=True)

    def action_card(self, kind: int) -> None:
        if self.turn_or_wait() is None:
            return
        if self.picks.mode(self.shown) != "cards":
            self.say("Cards are picked only for a meld or when keeping two.", error=True)
            return
        shown = self.shown
        seat = self.viewer
        first = shown.phase != "meld" or sum(shown.melds[seat]) == 0
        if kind == MERMAID:
            if first:
                self.say(
                    "The first two meld cards are adventure cards; stop later with m.", error=True
                )
                return
            self.picks.cards = [MERMAID]
        else:
            size = 2 if first else 1
            if size == 1 or MERMAID in self.picks.cards:
                self.picks.cards = []  # one card at a time: a new key picks another
            elif len(self.picks.cards) >= size:
                picked = " ".join("DGT"[k] for k in self.picks.cards)
                verb = "shows" if shown.phase == "meld" else "keeps"
                self.say(
                    f"You have picked two cards ({picked}). Enter {verb} them; "
                    "Backspace clears them to pick again.",
                    error=True,
                )
                return
            have = shown.hands[seat][kind] - self.picks.cards.count(kind)
            if have <= 0:
                self.say("You have no more of that card.", error=True)
                return
            self.picks.cards = [*self.picks.cards, kind]
        self.drawing.redraw_marks()

    def action_clear(self) -> None:
        self.picks.cards = []
        self.drawing.redraw_marks()

    def action_pay(self) -> None:
        self.picks.cost_index += 1
        self.drawing.redraw_marks()

    def action_turn(self) -> None:
        self.picks.turn_index += 1
        self.drawing.redraw_marks()

    def action_next_tile(self) -> None:
        self.picks.tile_index += 1
        self.picks.turn_index = 0
        self.drawing.redraw_marks()

    def action_number(self, number: int) -> None:
        if self.turn_or_wait() is None:
            return
        mode = self.picks.mode(self.shown)
        if mode == "offer":
            if number <= len(self.shown.offer):
                self.picks.offer_index = number - 1
                self.drawing.redraw_marks()
            return
        if mode == "shape":
            self._act(self.picks.shape_action(number))
        elif mode == "move":
            self._act(self.picks.take_action(number))

    def action_drop(self) -> None:
        seat = self.turn_or_wait()
        if seat is None:
            return
        held = self.shown.held[seat]
        if self.picks.mode(self.shown) != "place" or not held:
            self.say("You hold no surf tile to discard.", error=True)
            return
        tile = held[self.picks.tile_index % len(held)]

        def answer(yes: bool | None) -> None:
            if yes:
                self._act(Drop(seat, tile))

        self.ask("Discard this surf tile without laying it?", "Discard", "Keep it", answer)

    def action_end(self) -> None:
        seat = self.turn_or_wait()
        if seat is None:
            return
        if End(seat) not in self.picks.legal_now():
            self.say("You cannot end a turn now: " + self.picks.hint(self.shown), error=True)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._act(End(seat))

        self.ask("End your surf-riding turn?", "End turn", "Keep riding", answer)

    def action_melds(self) -> None:
        if self.is_active:
            self.show_blocks([("The eight melds, best first", ranking_table())], key="o")

    @on(CellClicked, "HexBoard")
    def clicked(self, message: CellClicked) -> None:
        if (
            self.human_to_move() is None
            or self.picks.mode(self.shown) not in self.picks.BOARD_MODES
        ):
            return
        if message.key == self.picks.cursor:
            self.action_confirm()
            return
        self.picks.cursor = message.key
        self.picks.cost_index = self.picks.turn_index = 0
        self.drawing.redraw_marks()
