"""The Shifting Stones screen: the stone grid, your hand, the table, the log.

Keys: arrows (j k l; h is a hint) move the cursor over the stones; 1-9 or [ ] pick a card;
``s`` starts a shift from the cursor (an arrow picks the neighbour), ``f``
flips the stone under the cursor; both are previewed and need Enter to go
through (Esc drops them).  ``c`` scores the picked card, ``e`` ends the turn,
``x`` skips it.  The mouse works too: click a stone or a card.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, SOLO_STRIKES
from tideboard.games.shifting_stones.rules import ADJACENT, can_skip
from tideboard.games.shifting_stones.state import END_TURN, SKIP, EndTurn, Flip, Score, Shift, Skip
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.shared import CellClicked, GameLog, GameScreen, StatusLine
from tideboard.ui.shifting_stones.hand import BIG_APP, HUGE_APP, TALL_APP, WIDE_APP, HandStrip
from tideboard.ui.shifting_stones.modes import Turn
from tideboard.ui.shifting_stones.panels import (
    TableDrawing,
    cards_phrase,
    end_table,
    points,
    scored_parts,
)
from tideboard.ui.shifting_stones.stone_grid import StoneGrid, neighbour
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


class ShiftingStonesScreen(GameScreen):
    """The Shifting Stones table: its widgets and keys.  The cursor, the picked card and
    the preview are the turn's (``self.turn``, ``modes.py``); the drawing and the hints
    are ``self.drawing``'s (``panels.py``)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE_APP, "-wide"), (HUGE_APP, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_APP, "-tall"), (BIG_APP, "-big")]
    # the overview window helps to study the final board too
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"table"}
    BINDINGS = [
        Binding("up,k", "cursor('up')", "Move", show=False),
        Binding("down,j", "cursor('down')", "Move", show=False),
        Binding("left", "cursor('left')", "Move", show=False),
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
        ("arrows / j k l", "move the cursor over the stones"),
        ("1-9, [ ], Tab", "pick a card in your hand (by its place, left to right)"),
        (
            "s then an arrow",
            "shift: swap the stone under the cursor with that neighbour (the cursor follows it)",
        ),
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
        self.turn = Turn(self)
        self.drawing = TableDrawing(self, self.turn)

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

    def refresh_table(self) -> None:
        self.drawing.draw()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.drawing.redraw)

    def end_table(self) -> Table:
        return end_table(self)

    # -- which keys apply (the footer lists those) --------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in TURN_ACTIONS:
            return super().offers(action, parameters)
        if self.human_to_move() is None:
            return False
        turn = self.turn
        if turn.busy() and action not in ("confirm", "cancel"):
            return False  # a preview or a shift waiting for its arrow: Enter or Esc
        if action in ("shift", "flip", "score"):
            # (c stays offered whichever card is picked: a footer that changed with
            # every pick would be rebuilt on every key; the ✓ marks what scores)
            return bool(turn.hand)
        if action == "skip":
            return can_skip(self.state)
        if action == "confirm":
            return turn.pending is not None
        if action == "cancel":
            return turn.busy()
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
        turn = self.turn
        if turn.shift_from is not None and self.human_to_move() is not None:
            target = neighbour(turn.shift_from, direction)
            if target is None:
                self.say(
                    "No stone that way; pick another direction (Esc drops the shift).", error=True
                )
                return
            self._preview(Shift(turn.picked_card() or 0, turn.shift_from, target))
            return
        target = neighbour(turn.cursor, direction)
        if target is not None:
            turn.cursor = target
            if isinstance(turn.pending, Flip):  # the flip was of the stone left behind
                turn.pending = None
                self.refresh_table()
            else:
                self.drawing.show_cursor()

    def action_pick(self, step: int) -> None:
        if self.turn.hand:
            self.turn.selected = (self.turn.selected + step) % len(self.turn.hand)
            self._repick()

    def action_pick_at(self, index: int) -> None:
        hand = self.turn.hand
        if index < len(hand):
            self.turn.selected = index
            self._repick()
        elif self._my_turn():
            held = f"only {len(hand)} card{'s' if len(hand) != 1 else ''}" if hand else "no cards"
            keys = f": pick with 1-{len(hand)}" if len(hand) > 1 else ""
            self.say(f"There is no card {index + 1}: you hold {held}{keys}.", error=True)

    def _repick(self) -> None:
        turn = self.turn
        turn.repay()
        if turn.pending is not None:
            self.refresh_table()
            self.say(self.drawing.preview_words(turn.pending))
        else:
            self.drawing.show_pick()

    def action_shift(self) -> None:
        if not self._my_turn():
            return
        turn = self.turn
        if turn.picked_card() is None:
            self.say("You need a card to discard for a shift; e ends your turn.", error=True)
            return
        turn.pending = None
        turn.start_shift(turn.cursor)
        self.refresh_table()
        self.say(
            f"Shift from {CELL_NAMES[turn.cursor]}: press an arrow to pick the neighbour "
            "to swap with (Esc drops it)."
        )

    def action_flip(self) -> None:
        if not self._my_turn():
            return
        card = self.turn.picked_card()
        if card is None:
            self.say("You need a card to discard for a flip; e ends your turn.", error=True)
            return
        self._preview(Flip(card, self.turn.cursor))

    def highlight_hint(self, action: Any) -> str | None:
        """The hinted move's card picked and, for a shift or a flip, previewed (Enter
        makes it, Esc drops it); an end of the turn or a skip has a key of its own.
        The key that makes the hinted move (None: none does now)."""
        if isinstance(action, (EndTurn, Skip)):
            return "e" if isinstance(action, EndTurn) else "x"
        card = getattr(action, "card", None)
        if card not in self.turn.hand:
            return None
        self.turn.drop()
        self.turn.selected = self.turn.hand.index(card)
        if isinstance(action, (Shift, Flip)):
            self.turn.cursor = action.cell if isinstance(action, Flip) else action.a
            self._preview(action)
        else:
            self.refresh_table()
        return "Enter"

    def _preview(self, action: Shift | Flip) -> None:
        self.turn.preview(action)
        self.refresh_table()
        self.say(self.drawing.preview_words(action))

    def action_confirm(self) -> None:
        turn = self.turn
        if turn.pending is not None:
            action, turn.pending = turn.pending, None
            if self.dispatch(action):
                self.refresh_table()
        elif turn.shift_from is not None:
            self.say("Pick the neighbour with an arrow first (Esc drops the shift).", error=True)
        else:
            self.action_score()

    def action_cancel(self) -> None:
        if self.turn.busy():
            self.turn.drop()
            self.refresh_table()
            self.say("Dropped. " + self.drawing.hint())

    def action_score(self) -> None:
        if not self._my_turn():
            return
        card = self.turn.picked_card()
        if card is None:
            self.say("You have no card to score.", error=True)
            return
        self.turn.drop()
        if self.dispatch(Score(card)) and self.human_to_move() is not None:
            self.say(
                f"Scored card {card} for {points(CARD_BY_ID[card].points)}. " + self.drawing.hint()
            )

    def action_end_turn(self) -> None:
        seat = self.turn_or_wait()
        if seat is None:
            return
        state = self.turn.state
        scorable = [c for c in state.hands[seat] if CARD_BY_ID[c].matches(state.grid)]
        self.turn.drop()
        warnings = []
        if scorable:
            warnings.append(f"{cards_phrase(scorable)} the stones now (c scores).")
        if self.turn.strike_ahead():
            warnings.append(
                f"You have scored nothing this turn: ending it now takes strike "
                f"{state.strikes + 1} of {SOLO_STRIKES}."
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
        state = self.turn.state
        if not can_skip(state):
            reason = (
                "you skipped your last turn"
                if state.skipped_last[state.current]
                else "you have already acted this turn"
            )
            self.say(f"You cannot skip: {reason}.", error=True)
            return
        self.turn.drop()
        question = "Skip your turn and draw two cards?"
        scorable = [c for c in state.hands[state.current] if CARD_BY_ID[c].matches(state.grid)]
        if scorable:
            question = f"{cards_phrase(scorable)} the stones now; a skip scores nothing. {question}"
        if state.solo:
            question += (
                f" In solo a skip counts as a turn without scoring: strike "
                f"{state.strikes + 1} of {SOLO_STRIKES}."
            )
        self.ask(question, "Skip", "Stay", lambda yes: yes and self.dispatch(SKIP))

    def action_table(self) -> None:
        self.show_blocks(scored_parts(self), key="t")

    @on(CellClicked, "StoneGrid")
    def stone_clicked(self, message: CellClicked) -> None:
        turn, cell = self.turn, message.key
        if turn.shift_from is not None and (turn.shift_from, cell) in ADJACENT:
            self._preview(Shift(turn.picked_card() or 0, turn.shift_from, cell))
            return
        turn.cursor = cell
        if turn.pending is not None:
            turn.pending = None
            self.refresh_table()
        else:
            self.drawing.show_cursor()

    @on(CellClicked, "HandStrip")
    def card_clicked(self, message: CellClicked) -> None:
        self.action_pick_at(message.key)
