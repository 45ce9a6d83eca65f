"""The Moonshell screen: the ocean with its rocks, your treasure chest, the table, the log.

The ocean is drawn from the side of the player at the screen (your rocks at
the bottom, columns 1-5 from your left).  Every tile shows a shape glyph and
its colour + shape letters (``◓ wC``), so colour is never the only cue.

Keys: ``r`` rotates the ocean; ``p`` (or a column key 1-5) previews a pull
(arrows pick the column, up/down the rock for the centre column, Enter pulls:
it draws from the bag, so it cannot be taken back); ``c`` collects (pick the
rock, then the chest column; the landing space is shown, Enter drops it);
``m`` places the moonshell; ``x`` passes with a full chest; ``k``/Enter keeps
a secret objective in the keep phase; ``o`` shows every objective and chest.
The action that ends your turn (the third, or a pass) waits: the board after it,
and Enter hands the turn over, ``u``/Esc take it back (``turn_end``).
The mouse works too: click a column, a rock, a chest column or a secret card.
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.moonshell.state import EVENT, KEEP, MERMAID, Pull, State
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.moonshell import ending, moves
from tideboard.ui.moonshell.cards import OfferStrip, objective_parts
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.journal import entry_for
from tideboard.ui.moonshell.mermaids import POWER_KEYS, mermaid_moves
from tideboard.ui.moonshell.modes import Turn, turn_end
from tideboard.ui.moonshell.names import seat_tag
from tideboard.ui.moonshell.ocean import OceanBoard
from tideboard.ui.moonshell.panels import TableDrawing
from tideboard.ui.shared import CellClicked, GameLog, GameScreen, StatusLine
from tideboard.ui.shared.control import TurnEnd
from tideboard.ui.title_line import TitleLine


class MoonshellScreen(GameScreen):
    """The Moonshell table: its widgets and keys.  What a key does on your turn is the
    turn's (``self.turn``, ``modes.py`` and ``moves.py``); the drawing is
    ``self.drawing``'s (``panels.py``)."""

    # -wide: the objectives panel; -tall: the others' chests under the ocean; from 160x45
    # (-vast, -deep) huge ocean cells and the others' chests full size (panels.huge)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (160, "-vast")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (45, "-deep")]
    # A key the footer lists only when it applies now (check_action); a hidden binding of
    # the same key runs when it does not, so that the key still says why not.
    # the overview window helps to study the final board too
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"objectives", "chests"}
    BINDINGS = [
        Binding("left", "move(-1)", "Move", show=False),
        Binding("right", "move(1)", "Move", show=False),
        Binding("up", "toggle_rock(-1)", "Rock", show=False),
        Binding("down", "toggle_rock(1)", "Rock", show=False),
        *[Binding(str(n), f"number({n})", f"Column {n}", show=False) for n in range(1, 6)],
        Binding("r", "rotate", "Rotate"),
        Binding("p", "pull", "Pull"),
        Binding("c", "collect", "Collect"),
        Binding("m", "moonshell", "Moon"),
        Binding("k", "keep", "Keep"),
        Binding("x", "decline", "Decline"),  # Moonrise (the first x the footer allows wins)
        Binding("x", "pass_turn", "Pass"),
        Binding("w", "moonrise", "Place ☾"),  # Moonrise: w lights the chest columns
        Binding("w", "pick_mermaid", "Mermaid"),  # the choice before the game
        Binding("w", "power", "Power"),
        Binding("enter", "confirm", "Confirm", show=False),
        Binding("escape", "cancel", "Cancel"),
        Binding("o", "objectives", "Objectives"),
        Binding("t", "chests", "Chests"),  # the others' chests where the screen is short
        Binding("u", "undo", "Undo"),  # (GameScreen's, repeated: the why_not below replaces it)
        *[
            Binding(key, f"why_not('{name}')", "", show=False)
            for key, name in (
                ("r", "rotate"),
                ("p", "pull"),
                ("c", "collect"),
                ("m", "moonshell"),
                ("k", "keep"),
                ("x", "pass_turn"),
                ("u", "undo"),
                ("w", "power"),
            )
        ],
    ]
    SECRETS = "your secret objective cards"  # named on the hot-seat hand-over screen
    KEYS_HELP = [
        ("r", "rotate the ocean a quarter turn (the tides token's direction)"),
        ("p, or 1-5", "preview a pull: the column's two nearest tiles slide onto your rocks"),
        ("← →  (pulling)", "choose the column; ↑ ↓ choose the rock for the centre column"),
        ("Enter / Esc", "carry out / drop the previewed pull, collect or moonshell"),
        (
            "c",
            (
                "collect: ← → pick the rock, Enter, then ← → or 1-4 the chest column "
                "(the landing space is marked ▶ ◀), Enter drops it"
            ),
        ),
        ("m", "place your moonshell: ← → or 1-4 the chest column, Enter"),
        ("x", "pass the rest of your turn (only with a full chest)"),
        (
            "Enter / u (turn's end)",
            (
                "your last action (or a pass) shows the board and waits: Enter hands "
                "the turn over, u or Esc takes it back (not a pull: it drew from the bag)"
            ),
        ),
        ("k or Enter", "keep phase: keep the chosen secret objective (← → or 1 2 choose)"),
        *POWER_KEYS,
        ("o", "every objective with its pattern, the running scores and every chest"),
        ("t", "the other players' chests in the ocean's place (when not under it); t again"),
        (
            "mouse",
            (
                "click an ocean column to preview its pull (again to pull), one of your "
                "rocks to collect from it, a chest column to drop the tile there, a "
                "secret card to choose it"
            ),
        ),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turn = Turn(self)
        self.drawing = TableDrawing(self, self.turn)
        self.log_frame: int | None = None  # the side the log's lines are worded for

    def compose(self) -> ComposeResult:
        yield TitleLine()
        with Horizontal(id="ms-top"):
            with Vertical(id="ms-left"):
                yield OceanBoard(id="ms-board")
                yield Static(id="ms-others")
            with Vertical(id="ms-side"):
                with Horizontal(id="ms-chestrow"):
                    yield ChestView(id="ms-chest")
                    yield Static(id="ms-info")
                yield OfferStrip(id="ms-offers")
                yield Static(id="ms-table")
                yield Static(id="ms-mermaid")
                yield Static(id="ms-objectives")
                yield GameLog(id="ms-log")
        yield StatusLine(id="ms-status")
        yield KeysLine()

    def on_resize(self, event: events.Resize) -> None:
        """A new terminal size may change the ocean's cells and the legend: redraw."""
        if self.is_mounted and self.app.size != self.drawing.drawn_size:
            self.call_after_refresh(self.refresh_table)

    # -- which keys apply now ------------------------------------------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chests":
            return self.drawing.chests_offered()
        """The table's keys only when they do something now; ``w`` has three names
        (Mermaid before the game, Place ☾ in Moonrise, Power in play), ``x`` two."""
        if action in ("power", "pick_mermaid"):
            state: State = self.state
            if state.over or state.phase == KEEP or self.human_to_move() is None:
                return False
            if action == "pick_mermaid" or state.phase == MERMAID:
                return action == "pick_mermaid" and state.phase == MERMAID
            return state.phase != EVENT and bool(mermaid_moves(self.game, state))
        if action not in (
            "rotate",
            "pull",
            "collect",
            "moonshell",
            "keep",
            "pass_turn",
            "cancel",
            "undo",
            "decline",
            "moonrise",
        ):
            return super().offers(action, parameters)
        return self.turn.applies(action)

    def turn_end(self, before: State, action: Any, after: State) -> TurnEnd | None:
        """Your last action (or a pass) waits for Enter before the turn passes
        (``modes.turn_end``: what the table shows meanwhile, whether u takes it back)."""
        return turn_end(self.game, before, action, after)

    def needs_privacy(self, seat: int) -> bool:
        """The mermaid choice is public (everyone sees who took which mermaid, and no
        secret card has been kept yet): in hot-seat it is made without the hand-over
        screen, at the spectator's view.  Everything else (keeping a secret, the turns,
        Moonrise's placement, which may follow the secret objective) is private."""
        return self.state.phase != MERMAID

    # -- names and the views --------------------------------------------------------------
    def home_seat(self) -> int:
        """The seat whose side is drawn at the bottom."""
        if self.viewer is not None:
            return self.viewer
        humans = self.human_seats
        seats = self.game.to_move(self.state)
        if seats and seats[0] in humans:
            return seats[0]
        return humans[0] if humans else 0

    def who(self, seat: int) -> str:
        if self.match.config.solo and seat == 1:
            return "Automaton"
        return self.seat_name(seat)

    def short(self, seat: int) -> str:
        """The seat's name where room is short (the scores, the board's sides, the other
        chests): its player's name without a bot's level ("Player 2", at a server table
        "ana"), "(you)" on the seat whose secrets are shown."""
        return seat_tag(self.who(seat), seat == self.viewer)

    def reef_on(self) -> bool:
        """Sea anemones and clownfish are in this game (Lunar Reef: Dive, Tsunami, the
        ``reef`` option), so the tables show the stacked pairs' points."""
        return self.game.info.option_values(self.match.config).get("reef", "none") != "none"

    def board_width(self) -> int:
        return self.query_one(OceanBoard).geo.width

    def highlight_hint(self, action: Any) -> str | None:
        """The hinted move on the board (``moves.show_hint``); the key that makes it."""
        return moves.show_hint(self.turn, action)

    def refresh_table(self) -> None:
        self.drawing.draw()

    def end_table(self) -> Any:
        config = self.match.config
        return ending.end_table(
            self.state,
            self.reef_on(),
            lambda seat: self.control.named(  # (a served table's players' names)
                ending.end_name(seat, config.solo, self.bot_levels, self.human_seats)
            ),
            self.who,
        )

    # -- the log, in the reader's frame ----------------------------------------------
    def follow_log(self) -> None:
        """Write the new log entries; rewrite them all when the reader's frame (the side
        drawn at the bottom) changed, or the history got shorter (undo)."""
        log = self.query_one(GameLog)
        frame = self.state.sides[self.home_seat()]
        lines = self.match.log
        count = len(lines)
        rewrite = frame != self.log_frame or count < self.logged
        start = 0 if rewrite else self.logged
        self.log_frame = frame
        entries = []
        if start < count:
            states, actions = self.match.states, self.match.actions
            worded = self.control.move_line
            # one walk of the history each (an index is a walk from the newest move)
            entries = [
                entry_for(worded(i, line), state, action, frame)
                for i, line, state, action in zip(
                    range(start, count),
                    lines[start:count],
                    states[start:count],
                    actions[start:count],
                    strict=True,
                )
            ]
        if rewrite:
            log.show([self.control.log_heading(), *entries])
        else:
            for entry in entries:
                log.add(entry)
        self.logged = count

    # -- keys ---------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self.turn.move(step)

    def action_toggle_rock(self, step: int = 1) -> None:
        self.turn.toggle_rock(step)

    def action_number(self, n: int) -> None:
        self.turn.number(n)

    def action_confirm(self) -> None:
        self.turn.confirm()

    def action_cancel(self) -> None:
        self.turn.cancel()

    def action_keep(self) -> None:
        self.turn.keep()

    def action_pull(self) -> None:
        moves.pull(self.turn)

    def action_collect(self) -> None:
        moves.collect(self.turn)

    def action_moonshell(self) -> None:
        moves.place_moonshell(self.turn)

    def action_rotate(self) -> None:
        moves.rotate(self.turn)

    def action_pass_turn(self) -> None:
        moves.pass_turn(self.turn)

    def action_decline(self) -> None:
        """x in Moonrise: let the offer go (the footer says "x Decline", as the hint does)."""
        moves.pass_turn(self.turn)

    def action_power(self) -> None:
        self.turn.use_power()

    def action_pick_mermaid(self) -> None:
        """w before the game: the mermaid window (footer "Mermaid"; in play "Power")."""
        self.turn.use_power()

    def action_moonrise(self) -> None:
        """w in Moonrise: light the chest columns to place the moonshell (footer "Place ☾")."""
        self.turn.use_power()

    def action_why_not(self, name: str) -> None:
        """A key that does not apply now: its action says why (the footer hides it)."""
        getattr(self, f"action_{name}")()

    def action_undo(self) -> None:
        """Undo, with Moonshell's own reasons when there is nothing to take back."""
        if self.control.held is not None:  # the turn's end waiting: its own u
            self.control.take_back()
            return
        self.turn.touch()
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return
        self.turn.mode = None
        match = self.match
        if match.actions and len(match.states) >= 2:
            before, after = match.states[-2], match.states[-1]
            if after.turn != before.turn or after.current != before.current:
                self.refresh_table()
                self.say(
                    "Nothing to undo: you have not taken an action yet this turn (what "
                    "the others did cannot be taken back).",
                    error=True,
                )
                return
            if isinstance(match.actions[-1], Pull):
                self.refresh_table()
                self.say(
                    "Your pull cannot be taken back: it drew new tiles from the bag. "
                    "Rotating and collecting can be undone.",
                    error=True,
                )
                return
        before_count = len(match.actions)
        super().action_undo()
        if len(self.match.actions) < before_count:  # the taken-back move leaves the log
            self.log_frame = None  # (no "(undone)" line)
            self.write_log()

    def action_chests(self) -> None:
        """t: the other players' chests in the ocean's place, or the ocean back."""
        self.turn.touch()
        self.drawing.toggle_chests()

    def action_objectives(self) -> None:
        self.turn.touch()
        self.show_blocks(
            objective_parts(
                self.app, self.shown, self.home_seat(), self.viewer, self.who, self.reef_on()
            ),
            key="o",
        )

    # -- mouse ---------------------------------------------------------------------------
    @on(CellClicked, "OceanBoard")
    def ocean_clicked(self, message: CellClicked) -> None:
        moves.ocean_click(self.turn, message.key)

    @on(CellClicked, "ChestView")
    def chest_clicked(self, message: CellClicked) -> None:
        moves.chest_click(self.turn, message.key)

    @on(CellClicked, "OfferStrip")
    def offer_clicked(self, message: CellClicked) -> None:
        moves.offer_click(self.turn, message.key)
