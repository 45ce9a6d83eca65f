"""Your turn on the Shifting Stones screen: what the keys have picked.

The cursor is on one of the nine stones (``cursor``), a card of your hand is picked
(``selected``: its place, left to right), and a shift or a flip may be on its way:
``shift_from`` while a shift waits for the arrow that picks the neighbour, then
``pending`` (the :class:`Shift` or :class:`Flip` Enter carries out; Esc drops it).  The
screen's keys and clicks set these fields (``screen.py``); the table and the hints are
drawn from them (``panels.py``).
"""

from __future__ import annotations

from tideboard.games.shifting_stones.state import Flip, Shift, State
from tideboard.ui.shared import GameScreen
from tideboard.ui.shared.on_position import OnPosition, moved_on

__all__ = ["Turn"]


class Turn:
    """What the person at the Shifting Stones ``screen`` has picked on their turn."""

    # the previewed move, and a shift waiting for its neighbour: each belongs to the
    # position it was picked on (``follow``)
    pending: OnPosition[Shift | Flip | None] = OnPosition(None)
    shift_from: OnPosition[int | None] = OnPosition(None)

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.cursor = 4  # the stone under the cursor (0-8, the middle one first)
        self.selected = 0  # the picked card's place in the hand

    @property
    def state(self) -> State:
        return self.screen.state

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the seat to move, if it is the person at the screen's (else none)."""
        seat = self.screen.human_to_move()
        return () if seat is None else self.state.hands[seat]

    def picked_card(self) -> int | None:
        hand = self.hand
        if not hand:
            return None
        self.selected = min(self.selected, len(hand) - 1)
        return hand[self.selected]

    def busy(self) -> bool:
        """A preview or a shift waiting for its arrow: only Enter or Esc apply."""
        return self.pending is not None or self.shift_from is not None

    def drop(self) -> None:
        """No preview, no shift waiting."""
        self.pending, self.shift_from = None, None

    def follow(self) -> None:
        """The preview and the shift waiting belong to the position they were picked on:
        once the game has moved on (a move the same burst of keys made, say: the skip
        question answered after a flip was previewed), they go."""
        if moved_on(self, "pending", "shift_from"):
            self.drop()

    def start_shift(self, cell: int) -> None:
        """A shift from ``cell`` waits for the arrow that picks its neighbour."""
        self.shift_from = cell

    def marked_cells(self) -> frozenset[int]:
        """The stones the preview (or the shift waiting) touches."""
        if isinstance(self.pending, Shift):
            return frozenset((self.pending.a, self.pending.b))
        if isinstance(self.pending, Flip):
            return frozenset((self.pending.cell,))
        if self.shift_from is not None:
            return frozenset((self.shift_from,))
        return frozenset()

    def repay(self) -> None:
        """Another card was picked: the previewed move discards it instead."""
        self.follow()  # (a preview from before the game moved on is not carried over)
        card = self.picked_card()
        if isinstance(self.pending, Shift) and card is not None:
            self.pending = Shift(card, self.pending.a, self.pending.b)
        elif isinstance(self.pending, Flip) and card is not None:
            self.pending = Flip(card, self.pending.cell)

    def preview(self, action: Shift | Flip) -> None:
        """``action`` is previewed.  A shift puts the cursor where the stone it started
        from (``shift_from``: the cursor's) goes, in every direction; the action keeps its
        cells in order (``a <= b``), so which one that is comes from ``shift_from``."""
        if isinstance(action, Shift):
            start = self.shift_from if self.shift_from is not None else self.cursor
            if start in (action.a, action.b):
                self.cursor = action.b if start == action.a else action.a
        self.pending = action
        self.shift_from = None

    def strike_ahead(self) -> bool:
        """Solo: would ending the turn now earn a strike?"""
        return self.state.solo and not self.state.scored_this_turn
