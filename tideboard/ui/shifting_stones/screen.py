"""The Shifting Stones screen: the stone grid, your hand, the table, the log.

Keys: arrows/hjkl move the cursor over the stones; 1-9 or [ ] pick a card;
``s`` starts a shift from the cursor (an arrow picks the neighbour), ``f``
flips the stone under the cursor; both are previewed and need Enter to go
through (Esc drops them).  ``c`` scores the picked card, ``e`` ends the turn,
``x`` skips it.  The mouse works too: click a stone or a card.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, NAMES, SOLO_STRIKES
from tideboard.games.shifting_stones.rules import ADJACENT, can_skip
from tideboard.games.shifting_stones.state import END_TURN, SKIP, Flip, Score, Shift, State
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.shared import CellClicked, GameLog, StatusLine
from tideboard.ui.shifting_stones.hand import TALL_APP, WIDE_APP, CardRows, HandStrip
from tideboard.ui.shifting_stones.panels import StonesTable, cards_phrase, points
from tideboard.ui.shifting_stones.stone_grid import StoneGrid, neighbour
from tideboard.ui.shifting_stones.table import scored_title
from tideboard.ui.title_line import TitleLine

# key -> the action it runs when it applies; otherwise ``explain`` says why not
EXPLAINED = {
    "s": "shift",
    "f": "flip",
    "c": "score",
    "enter": "confirm",
    "e": "end_turn",
    "x": "skip",
    "u": "undo",
}
TURN_ACTIONS = {"shift", "flip", "score", "confirm", "cancel", "end_turn", "skip", "undo"}


class ShiftingStonesScreen(StonesTable):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE_APP, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_APP, "-tall")]
    # the overview window helps to study the final board too
    ANY_TIME_ACTIONS = StonesTable.ANY_TIME_ACTIONS | {"table"}
    BINDINGS = [
        Binding("up,k", "cursor('up')", "Move", show=False),
        Binding("down,j", "cursor('down')", "Move", show=False),
        Binding("left,h", "cursor('left')", "Move", show=False),
        Binding("right,l", "cursor('right')", "Move", show=False),
        Binding("left_square_bracket", "pick(-1)", "Card", show=False),
        Binding("right_square_bracket,tab", "pick(1)", "Next card", show=False),
        *[Binding(str(n), f"pick_at({n - 1})", f"Card {n}", show=False) for n in range(1, 10)],
        Binding("s", "shift", "Shift"),
        Binding("f", "flip", "Flip"),
        Binding("c", "score", "Score"),
        Binding("enter", "confirm", "Do it"),
        Binding("escape", "cancel", "Drop"),
        Binding("e", "end_turn", "End turn"),
        Binding("x", "skip", "Skip"),
        Binding("t", "table", "Scored"),
        Binding("u", "undo", "Undo"),  # (as in GameScreen) listed before its explain below
        # the same keys when the footer does not offer them: say why nothing happens
        *[Binding(key, f"explain('{name}')", show=False) for key, name in EXPLAINED.items()],
    ]
    SECRETS = "your hand"  # named on the hot-seat hand-over screen
    KEYS_HELP = [
        ("arrows / h j k l", "move the cursor over the stones"),
        ("1-9, [ ], Tab", "pick a card in your hand (by its place, left to right)"),
        ("s then an arrow", "shift: swap the stone under the cursor with that neighbour"),
        ("f", "flip the stone under the cursor"),
        (
            "Enter / Esc",
            "carry out / drop the previewed shift or flip (it discards the picked card)",
        ),
        ("c", "score the picked card (it must match the stones now)"),
        ("e", "end your turn and refill your hand to four"),
        ("x", "skip your turn and draw two (not twice in a row)"),
        ("t", "everyone's scored cards and the discard pile"),
        ("mouse", "click a stone to move the cursor there, a card to pick it"),
        (
            "card letters",
            (
                "S Sun, M Moon, F Fish, B Bird, H Horse, O Boat, E Seed, T Tree "
                "(underlined in the stone's name); ▪ any stone"
            ),
        ),
        ("card marks", "✓ matches now (c scores it); → would match after the previewed move"),
        (
            "anywhere",
            "a card smaller than the grid (a pair, a row or column of 3, a 2x2 "
            "block) matches wherever it fits on the stones; a 3x3 card is the grid",
        ),
        ("◀ ▶ under cards", "more cards in hand than fit: [ ] or Tab scroll to them"),
        ("↺ in the table", "that player skipped last turn, so may not skip this one"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 4
        self.selected = 0
        self.pending: Shift | Flip | None = None
        self.shift_from: int | None = None

    def compose(self) -> ComposeResult:
        yield TitleLine()
        with Horizontal(id="ss-top"):
            yield StoneGrid(id="ss-grid")
            with Vertical(id="ss-side"):
                yield Static(id="ss-table")
                yield GameLog(id="ss-log")
        yield HandStrip(id="ss-hand")
        yield StatusLine(id="ss-status")
        yield KeysLine()

    # -- which keys apply (the footer lists those) --------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in TURN_ACTIONS:
            return super().offers(action, parameters)
        if self.human_to_move() is None:
            return False
        busy = self.pending is not None or self.shift_from is not None
        if busy and action not in ("confirm", "cancel"):
            return False  # a preview or a shift waiting for its arrow: Enter or Esc
        if action in ("shift", "flip", "score"):
            # (c stays offered whichever card is picked: a footer that changed with
            # every pick would be rebuilt on every key; the ✓ marks what scores)
            return bool(self.hand)
        if action == "skip":
            return can_skip(self.state)
        if action == "confirm":
            return self.pending is not None
        if action == "cancel":
            return self.pending is not None or self.shift_from is not None
        if action == "undo":  # a move of this turn that drew nothing
            if not self.match.actions:
                return False
            before, after = self.match.states[-2], self.match.states[-1]
            return self.game.to_move(before)[:1] == (self.human_to_move(),) and self.game.undoable(
                before, self.match.actions[-1], after
            )
        return True

    def action_explain(self, name: str) -> None:
        """A key the footer does not offer now: the action says why (not your turn,
        no matching card...), or that the game is over."""
        if self.game.is_over(self.state):
            self.say("The game is over: t shows every scored card, q leaves.", error=True)
            return
        getattr(self, f"action_{name}")()

    # -- input ------------------------------------------------------------
    def _my_turn(self) -> bool:
        return self.turn_or_wait() is not None

    def action_cursor(self, direction: str) -> None:
        if self.shift_from is not None and self.human_to_move() is not None:
            target = neighbour(self.shift_from, direction)
            if target is None:
                self.say(
                    "No stone that way; pick another direction (Esc drops the shift).", error=True
                )
                return
            self._set_pending(Shift(self.picked_card() or 0, self.shift_from, target))
            return
        target = neighbour(self.cursor, direction)
        if target is not None:
            self.cursor = target
            if isinstance(self.pending, Flip):  # the flip was of the stone left behind
                self.pending = None
                self.refresh_table()
            else:
                self.show_cursor()

    def action_pick(self, step: int) -> None:
        if self.hand:
            self.selected = (self.selected + step) % len(self.hand)
            self._repick()

    def action_pick_at(self, index: int) -> None:
        hand = self.hand
        if index < len(hand):
            self.selected = index
            self._repick()
        elif self._my_turn():
            held = f"only {len(hand)} card{'s' if len(hand) != 1 else ''}" if hand else "no cards"
            keys = f": pick with 1-{len(hand)}" if len(hand) > 1 else ""
            self.say(f"There is no card {index + 1}: you hold {held}{keys}.", error=True)

    def _repick(self) -> None:
        card = self.picked_card()
        if isinstance(self.pending, Shift) and card is not None:
            self.pending = Shift(card, self.pending.a, self.pending.b)
        elif isinstance(self.pending, Flip) and card is not None:
            self.pending = Flip(card, self.pending.cell)
        if self.pending is not None:
            self.refresh_table()
            self._describe_pending()
        else:
            self.show_pick()

    def action_shift(self) -> None:
        if not self._my_turn():
            return
        if self.picked_card() is None:
            self.say("You need a card to discard for a shift; e ends your turn.", error=True)
            return
        self.pending = None
        self.shift_from = self.cursor
        self.refresh_table()
        self.say(
            f"Shift from {CELL_NAMES[self.cursor]}: press an arrow to pick the neighbour "
            "to swap with (Esc drops it)."
        )

    def action_flip(self) -> None:
        if not self._my_turn():
            return
        card = self.picked_card()
        if card is None:
            self.say("You need a card to discard for a flip; e ends your turn.", error=True)
            return
        self.shift_from = None
        self._set_pending(Flip(card, self.cursor))

    def _set_pending(self, action: Shift | Flip) -> None:
        self.pending = action
        self.shift_from = None
        if isinstance(action, Shift):
            self.cursor = action.b
        self.refresh_table()
        self._describe_pending()

    def _describe_pending(self) -> None:
        action = self.pending
        if action is None:
            return
        grid = self.state.grid
        if isinstance(action, Shift):
            what = (
                f"swap {NAMES[grid[action.a]]} {CELL_NAMES[action.a]} with "
                f"{NAMES[grid[action.b]]} {CELL_NAMES[action.b]}"
            )
        else:
            what = (
                f"flip {CELL_NAMES[action.cell]} {NAMES[grid[action.cell]]} to "
                f"{NAMES[grid[action.cell] ^ 1]}"
            )
        after = self.game.apply(self.state, action)
        new = [c for c in after.hands[after.current] if CARD_BY_ID[c].matches(after.grid)]
        gain = f" Then matching: {', '.join(map(str, new))}." if new else ""
        card = CARD_BY_ID[action.card]
        warn = ""
        if card.matches(self.state.grid):
            warn = f" Careful: {action.card} matches now (c would score it)."
        elif card.matches(after.grid):
            warn = (
                f" But {action.card} would match after it: pay with another card "
                f"({'[ ]' if len(self.hand) > 9 else f'1-{len(self.hand)}'}) to keep it."
            )
        self.say(
            f"Preview: discard {action.card} to {what}.{gain}{warn} Enter does it, Esc drops it."
        )

    def action_confirm(self) -> None:
        if self.pending is not None:
            action, self.pending = self.pending, None
            if self.dispatch(action):
                self.refresh_table()
        elif self.shift_from is not None:
            self.say("Pick the neighbour with an arrow first (Esc drops the shift).", error=True)
        else:
            self.action_score()

    def action_cancel(self) -> None:
        if self.pending is not None or self.shift_from is not None:
            self.pending, self.shift_from = None, None
            self.refresh_table()
            self.say("Dropped. " + self._hint())

    def action_score(self) -> None:
        if not self._my_turn():
            return
        card = self.picked_card()
        if card is None:
            self.say("You have no card to score.", error=True)
            return
        self.pending, self.shift_from = None, None
        if self.dispatch(Score(card)) and self.human_to_move() is not None:
            self.say(f"Scored card {card} for {points(CARD_BY_ID[card].points)}. " + self._hint())

    def action_end_turn(self) -> None:
        if not self._my_turn():
            return
        seat = self.human_to_move()
        scorable = [c for c in self.state.hands[seat] if CARD_BY_ID[c].matches(self.state.grid)]
        self.pending, self.shift_from = None, None
        warnings = []
        if scorable:
            warnings.append(f"{cards_phrase(scorable)} the stones now (c scores).")
        if self._strike_ahead():
            warnings.append(
                f"You have scored nothing this turn: ending it now takes strike "
                f"{self.state.strikes + 1} of {SOLO_STRIKES}."
            )
        if warnings:
            question = " ".join(warnings) + " End your turn anyway?"

            def answer(yes: bool | None) -> None:
                if yes:
                    self.dispatch(END_TURN)

            self.ask(question, "End turn", "Keep playing", answer)
            return
        self.dispatch(END_TURN)

    def action_skip(self) -> None:
        if not self._my_turn():
            return
        if not can_skip(self.state):
            reason = (
                "you skipped your last turn"
                if self.state.skipped_last[self.state.current]
                else "you have already acted this turn"
            )
            self.say(f"You cannot skip: {reason}.", error=True)
            return
        self.pending, self.shift_from = None, None
        question = "Skip your turn and draw two cards?"
        seat = self.state.current
        scorable = [c for c in self.state.hands[seat] if CARD_BY_ID[c].matches(self.state.grid)]
        if scorable:
            question = f"{cards_phrase(scorable)} the stones now; a skip scores nothing. {question}"
        if self.state.solo:
            question += (
                f" In solo a skip counts as a turn without scoring: strike "
                f"{self.state.strikes + 1} of {SOLO_STRIKES}."
            )
        self.ask(question, "Skip", "Stay", lambda yes: yes and self.dispatch(SKIP))

    def action_table(self) -> None:
        shown: State = self.shown
        parts: list[tuple[str, object]] = [
            (scored_title(self.row_name(seat), shown, seat), CardRows(self.app, cards))
            for seat, cards in enumerate(shown.scored)
        ]
        parts.append(
            (
                f"Discard pile, newest first ({len(shown.discard)})",
                CardRows(self.app, shown.discard[::-1]),
            )
        )
        self.show_blocks(parts, key="t")

    @on(CellClicked, "StoneGrid")
    def stone_clicked(self, message: CellClicked) -> None:
        cell = message.key
        if self.shift_from is not None and (self.shift_from, cell) in ADJACENT:
            self._set_pending(Shift(self.picked_card() or 0, self.shift_from, cell))
            return
        self.cursor = cell
        if self.pending is not None:
            self.pending = None
            self.refresh_table()
        else:
            self.show_cursor()

    @on(CellClicked, "HandStrip")
    def card_clicked(self, message: CellClicked) -> None:
        self.action_pick_at(message.key)
