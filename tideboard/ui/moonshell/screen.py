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
The mouse works too: click a column, a rock, a chest column or a secret card.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import CARDS, CENTRE, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.state import EVENT, MOON, PASS, ROTATE, Collect, Pull, State
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.moonshell.aiming import AimKeys
from tideboard.ui.moonshell.board import OceanBoard
from tideboard.ui.moonshell.cards import OfferStrip, objective_card_lines
from tideboard.ui.moonshell.chest import ChestView, chest_text
from tideboard.ui.moonshell.ending import MoonshellEnding
from tideboard.ui.moonshell.mermaids import POWER_KEYS, MermaidKeys
from tideboard.ui.moonshell.tiles import MOON_GLYPH, REEF_PAIR_GLYPH, ROCK_WORDS, URCHIN_GLYPH
from tideboard.ui.shared import CellClicked, GameLog, GameScreen, StatusLine, grid_of
from tideboard.ui.title_line import TitleLine


class MoonshellScreen(MermaidKeys, AimKeys, MoonshellEnding, GameScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    # A key the footer lists only when it applies now (check_action); a hidden binding of
    # the same key runs when it does not, so that the key still says why not.
    # the overview window helps to study the final board too
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"objectives"}
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
        ("k or Enter", "keep phase: keep the chosen secret objective (← → or 1 2 choose)"),
        *POWER_KEYS,
        ("o", "every objective with its pattern, the running scores and every chest"),
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
        self.mode: str | None = None  # None, "pull", "rock" (pick a rock), "chest"
        self.column = CENTRE  # ocean column cursor (viewer's 0-4)
        self.first = 0  # centre column pull: rock of the nearest tile
        self.rock = 0  # rock picked to collect from
        self.source = 0  # Collect.source of the pending collect
        self.chest_column = 0
        self.offer = 0
        self.note = ""  # what just happened, shown before the hint
        self.power_target = None  # Targets of the w window's highlighted move
        self._baseline: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        # automaton turns already pointed out: those before the screen opened are not news
        self._auto_seen = self.match.state.auto_turns

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
        if self.is_mounted and self.app.size != getattr(self, "_drawn_size", None):
            self.call_after_refresh(self.refresh_table)

    def action_rotate(self) -> None:
        self._touch()
        if self._my_turn() is None or self._answering():
            return
        if self._in_keep():
            self._illegal(ROTATE)
            return
        self._play(ROTATE, note=f"The ocean turned {self.state.direction}.")

    def action_moonshell(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None or self._answering():
            return
        state: State = self.state
        if self._in_keep():
            self._illegal(Collect(MOON, 0))
            return
        if not state.moonshells[seat]:
            self.say("Your moonshell is already in your treasure chest.", error=True)
            return
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            self.say("Your treasure chest is full: there is no room for the moonshell.", error=True)
            return
        self.source = MOON
        self._enter_chest()

    def action_decline(self) -> None:
        """x in Moonrise: let the offer go (the footer says "x Decline", as the hint does)."""
        self.action_pass_turn()

    def action_pick_mermaid(self) -> None:
        """w before the game: the mermaid window (footer "Mermaid"; in play "Power")."""
        self.action_power()

    def action_moonrise(self) -> None:
        """w in Moonrise: light the chest columns to place the moonshell (footer "Place ☾")."""
        self.action_power()

    def action_pass_turn(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is not None and self.state.phase == EVENT:
            self.decline_offer()
            return
        if seat is None or self._answering():
            return
        if (
            self._illegal(PASS)
            if rules.chest_count(self.state.chests[seat]) < CHEST_SIZE
            else False
        ):
            return
        n = self.state.actions_left
        self.ask(
            f"Pass: give up your {n} remaining action{'s' if n != 1 else ''}?",
            "Pass",
            "Keep playing",
            lambda yes: yes and self._play(PASS),
        )

    def action_undo(self) -> None:
        """Undo, with Moonshell's own reasons when there is nothing to take back."""
        self._touch()
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return
        self.mode = None
        actions = self.match.actions
        if actions and len(self.match.states) >= 2:
            before, after = self.match.states[-2], self.match.states[-1]
            if after.turn != before.turn or after.current != before.current:
                self.refresh_table()
                self.say(
                    "Nothing to undo: you have not taken an action yet this turn (what "
                    "the others did cannot be taken back).",
                    error=True,
                )
                return
            if isinstance(actions[-1], Pull):
                self.refresh_table()
                self.say(
                    "Your pull cannot be taken back: it drew new tiles from the bag. "
                    "Rotating and collecting can be undone.",
                    error=True,
                )
                return
        before = len(self.match.actions)
        super().action_undo()
        if len(self.match.actions) < before:
            self.rewrite_log()  # the taken-back move leaves the log (no "(undone)" line)

    def action_objectives(self) -> None:
        self._touch()
        self.show_blocks(self._objective_parts(), key="o")

    def _objective_parts(self) -> list[tuple[str, Any]]:
        shown: State = self.shown
        me = self.home_seat()
        parts: list[tuple[str, Any]] = []
        scores = [scoring.breakdown(shown, s, secret=False) for s in range(shown.players)]
        width = max(20, int(self.app.size.width * 0.9) - 10)
        cards = [objective_card_lines(self.app, c) for c in shown.open_cards]
        parts.append(("Open objectives (everyone scores them)", grid_of(cards, width)))
        table = Table(box=None, padding=(0, 1))
        table.add_column("Now")
        for card_id in shown.open_cards:
            table.add_column(card_id, justify="right")
        reef = self.reef_on()
        for head in (URCHIN_GLYPH, *[REEF_PAIR_GLYPH] * reef, MOON_GLYPH, "Total"):
            table.add_column(head, justify="right")
        for seat in range(shown.players):
            row = scores[seat]
            table.add_row(
                self.who(seat),
                *[str(row[CARDS[c].deck]) for c in shown.open_cards],
                *[str(row[k]) for k in ("urchins", *["reef"] * reef, "moonshell", "total")],
            )
        parts.append(("Running scores (secret objectives are added at the end)", table))
        secret = shown.secrets[me] if self.viewer is not None else ""
        if secret and secret in CARDS:
            points = scoring.breakdown(shown, me)["secret"]
            parts.append(
                (
                    f"Your secret objective (only you see it): {points} now",
                    grid_of([objective_card_lines(self.app, secret)], width),
                )
            )
        blocks = []
        for seat in range(shown.players):
            head = Text(f"{self.who(seat)[:20]}: {scores[seat]['total']}", style="bold")
            blocks.append(
                [head] + list(chest_text(self.app, shown.chests[seat], header=False).split())
            )
        parts.append(("Treasure chests", grid_of(blocks, width, gap=3)))
        if shown.solo and shown.auto_log:
            steps = Text("\n").join(
                Text(f"{i}. {line}") for i, line in enumerate(shown.auto_log, 1)
            )
            parts.append(("The automaton's last turn", steps))
        return parts + self.advanced_parts()

    # -- mouse -------------------------------------------------------------------------
    @on(CellClicked, "OceanBoard")
    def ocean_clicked(self, message: CellClicked) -> None:
        kind, index = message.key[:2]
        self._touch()
        seat = self._my_turn()
        if seat is not None and self.mode == "aim":
            self.aim_click(
                [("cell", message.key[2]), ("col", index), ("col", index - 1)]
                if kind == "column"
                else [(kind, index)]
            )
            return
        if seat is None or self._answering() or kind == "corner":
            return
        if kind == "column":
            if self.mode == "pull" and self.column == index:
                self._confirm_pull()
                return
            self.column = index
            self._start_pull()
            return
        side = self.state.sides[seat]
        if index // 2 != side:
            self.say(
                "That rock is not in front of you: you collect only from your own two "
                "rocks (at the bottom).",
                error=True,
            )
            return
        k = index % 2
        if self.mode == "pull" and self.column == CENTRE:
            self.first = k
            self._refresh_mode()
            return
        if rules.seat_rocks(self.state, seat)[k] == EMPTY:
            self.say(f"There is no tile on your {ROCK_WORDS[k]} rock.", error=True)
            return
        self.rock = self.source = k
        self.mode = "rock"
        self._enter_chest()

    @on(CellClicked, "ChestView")
    def chest_clicked(self, message: CellClicked) -> None:
        column, row = message.key
        self._touch()
        seat = self._my_turn()
        if seat is not None and self.mode == "aim":
            self.aim_click(
                ([] if row is None else [("slot", row * 4 + column)]) + [("chest", column)]
            )
            return
        if seat is None or self._in_keep() or self._answering():
            return
        if self.mode == "chest" and self.chest_column == column:
            self.action_confirm()
            return
        if self.mode == "rock":
            self.source = self.rock
        elif self.mode != "chest":
            rocks = rules.seat_rocks(self.state, seat)
            present = [k for k in (0, 1) if rocks[k] != EMPTY]
            if len(present) != 1:
                self.action_collect()
                return
            self.source = present[0]
        self.mode, self.chest_column = "chest", column
        self._refresh_mode()

    @on(CellClicked, "OfferStrip")
    def offer_clicked(self, message: CellClicked) -> None:
        index = message.key
        self._touch()
        if self._my_turn() is None or not self._in_keep():
            return
        if self.offer == index:
            self.action_keep()
            return
        self.offer = index
        self.refresh_table()
        self.say(
            f"Secret {self.state.offers[self.state.current][self.offer]} chosen: "
            "click it again, k or Enter keeps it."
        )
