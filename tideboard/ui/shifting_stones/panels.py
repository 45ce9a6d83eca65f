"""What the Shifting Stones screen draws, and when: the grid, your hand, the table,
the hint line.

Two kinds of redraw: :meth:`StonesTable.refresh_table` after the state changed
(every widget compares with what it shows and repaints only what differs), and
the cheap ones for a cursor move (:meth:`StonesTable.show_cursor`) or a newly
picked card (:meth:`StonesTable.show_pick`), which touch the grid or the hand
and the hint line only.
"""

from __future__ import annotations

from rich.table import Table
from textual import events
from textual.widgets import Static

from tideboard.engine.plurals import plural
from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, NAMES
from tideboard.games.shifting_stones.rules import can_skip
from tideboard.games.shifting_stones.state import Flip, Shift, State
from tideboard.ui.shared import GameScreen
from tideboard.ui.shifting_stones.hand import TALL_APP, HandStrip
from tideboard.ui.shifting_stones.stone_grid import StoneGrid
from tideboard.ui.shifting_stones.table import final_table, pack, side_table, table_key

__all__ = ["StonesTable", "cards_phrase", "pack", "points"]


def cards_phrase(cards: list[int]) -> str:
    """ "Card 7 matches" or "Cards 7, 12 match"."""
    if len(cards) == 1:
        return f"Card {cards[0]} matches"
    return f"Cards {', '.join(map(str, cards))} match"


def points(n: int) -> str:
    return plural(n, "point")


class StonesTable(GameScreen):
    """What the Shifting Stones screen draws: the grid, your hand, the table, the hints.

    Subclassed by :class:`~tideboard.ui.shifting_stones.screen.ShiftingStonesScreen`,
    which adds the keys; the state it reads is ``cursor``, ``selected``,
    ``pending`` and ``shift_from`` (set in the screen's ``__init__``).
    """

    cursor: int
    selected: int
    pending: Shift | Flip | None
    shift_from: int | None
    _table_drawn: tuple | None = None

    # -- names ------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if self.match.config.solo and seat == 0 and seat in self.bot_levels:
            return f"Player 1 ({self.bot_levels[seat]})"  # a bot plays the solo game
        return super().seat_name(seat)

    def row_name(self, seat: int) -> str:
        """The seat's name in a table: "(you)" marks the one person playing bots."""
        name = self.seat_name(seat)
        if self.bot_levels and self.human_seats == [seat] and name != "You":
            name += " (you)"
        return name

    # -- the state on screen ------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        seat = self.human_to_move()
        return () if seat is None else self.state.hands[seat]

    def picked_card(self) -> int | None:
        hand = self.hand
        if not hand:
            return None
        self.selected = min(self.selected, len(hand) - 1)
        return hand[self.selected]

    def _marked_cells(self) -> frozenset[int]:
        if isinstance(self.pending, Shift):
            return frozenset((self.pending.a, self.pending.b))
        if isinstance(self.pending, Flip):
            return frozenset((self.pending.cell,))
        if self.shift_from is not None:
            return frozenset((self.shift_from,))
        return frozenset()

    # -- redraws ----------------------------------------------------------
    def refresh_table(self) -> None:
        """The state (or a preview) changed: bring every widget up to date."""
        shown: State = self.shown
        grid = shown.grid
        if self.pending is not None:
            grid = self.game.apply(self.state, self.pending).grid
        self.query_one(StoneGrid).show(grid, self.cursor, self._marked_cells())
        self._show_hand(grid)
        self._show_side(shown)
        seat = self.game.to_move(self.state)
        turn = self.to_play(seat[0]) if seat else "game over"
        title = f"Shifting Stones - {turn}"
        if self.title != title:
            self.title = title
            self.app.title = title
        self._show_hint()
        self.sync_bindings()

    def show_cursor(self) -> None:
        """Only the cursor moved: repaint the two stones and the hint."""
        self.query_one(StoneGrid).show(
            self.query_one(StoneGrid).grid, self.cursor, self._marked_cells()
        )
        self._show_hint()

    def show_pick(self) -> None:
        """Only another card was picked: repaint the two cards and the hint."""
        self._show_hand(self.query_one(StoneGrid).grid)
        self._show_hint()

    def _show_hint(self) -> None:
        if self.human_to_move() is not None and self.pending is None and self.shift_from is None:
            self.say(self._hint())

    def _show_hand(self, grid: tuple[int, ...]) -> None:
        hand_widget = self.query_one(HandStrip)
        me = self.viewer
        if me is None and self.state.over:
            hand_widget.show(
                (),
                0,
                set(),
                set(),
                "Game over: the table beside the stones has the totals; t shows every scored card.",
            )
            return
        if me is None:
            hand_widget.show(
                (),
                0,
                set(),
                set(),
                self.control.secrets_note(
                    "Hands are hidden until the next player is ready.", "hands"
                ),
            )
            return
        shown = self.shown
        cards = shown.hands[me]
        matching = {c for c in cards if CARD_BY_ID[c].matches(shown.grid)}
        # the card paying for the previewed move is gone after it: no → on it
        would = (
            {c for c in cards if CARD_BY_ID[c].matches(grid) and c != self.pending.card}
            if self.pending
            else set()
        )
        hand_widget.show(cards, self.selected, matching, would)

    def _show_side(self, shown: State) -> None:
        widget = self.query_one("#ss-table", Static)
        width = widget.content_size.width or 46
        current = self.game.to_move(self.state)
        key = (table_key(shown, current, width), self.app.theme, self.size.height >= TALL_APP)
        if key == self._table_drawn:
            return
        self._table_drawn = key
        totals = self.game.scores(shown)
        winners = set(self.game.winners(shown)) if shown.over else set()
        widget.update(
            side_table(
                shown,
                self.row_name,
                current,
                totals,
                width,
                winners,
                roomy=self.size.height >= TALL_APP,
            )
        )

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self.is_mounted and self.match is not None:
            self._table_drawn = None  # the table packs its lines to the width
            self._show_side(self.shown)

    # -- words ------------------------------------------------------------
    def _strike_ahead(self) -> bool:
        """Solo: would ending the turn now earn a strike?"""
        return self.state.solo and not self.state.scored_this_turn

    def _hint(self) -> str:
        card = self.picked_card()
        end = "e end turn" + (" (a strike: nothing scored yet)" if self._strike_ahead() else "")
        if card is None:
            return f"No cards left: {end} and refill your hand to four."
        hand = self.hand
        c = CARD_BY_ID[card]
        under = f"{CELL_NAMES[self.cursor]} {NAMES[self.state.grid[self.cursor]]}"
        skip = ", x skip" if can_skip(self.state) else ""
        others = [
            (str(index + 1) if index < 9 else "Tab", other)
            for index, other in enumerate(hand)
            if other != card and CARD_BY_ID[other].matches(self.state.grid)
        ]
        if c.matches(self.state.grid):
            head = f"Card {card} matches: c scores it ({points(c.points)})."
        else:
            head = f"Card {card} picked ({c.points}★)."
        if len(others) == 1:
            key, other = others[0]
            head += (
                f" Card {other} matches{' too' if c.matches(self.state.grid) else ''}: "
                f"key {key} picks it."
            )
        elif others:
            head += (
                f" Cards {', '.join(str(o) for _, o in others)} match: keys "
                f"{', '.join(str(k) for k, _ in others)}."
            )
        picks = f"1-{min(len(hand), 9)} pick, " if len(hand) > 1 else ""
        return f"{head} Cursor on {under}: s shift, f flip (pay with {card}), {picks}{end}{skip}."

    def end_table(self) -> Table:
        state: State = self.state
        return final_table(
            state, self.row_name, self.game.scores(state), set(self.game.winners(state))
        )
