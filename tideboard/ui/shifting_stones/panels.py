"""The table beside the grid, the hint line and the end table of Shifting Stones."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.widgets import Static

from tideboard.engine.core import seat_label
from tideboard.games.shifting_stones.content import (
    CARD_BY_ID,
    CELL_NAMES,
    END_TRIGGER,
    NAMES,
    SOLO_STRIKES,
)
from tideboard.games.shifting_stones.rules import can_skip
from tideboard.games.shifting_stones.scoring import bonus_seats, card_points, one_point_counts
from tideboard.games.shifting_stones.state import Flip, Shift, State
from tideboard.ui.shared import GameScreen
from tideboard.ui.shifting_stones.board import StoneGrid
from tideboard.ui.shifting_stones.hand import HandStrip


def cards_phrase(cards: list[int]) -> str:
    """"Card 7 matches" or "Cards 7, 12 match"."""
    if len(cards) == 1:
        return f"Card {cards[0]} matches"
    return f"Cards {', '.join(map(str, cards))} match"


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def pack(items: list[Text], width: int) -> Text:
    """``items`` two spaces apart, a new line before any item that would not fit
    whole on the current one (so "Ends at 10 cards" never breaks in the middle)."""
    out, used = Text(), 0
    for item in items:
        if used and used + 2 + item.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(item)
        used += item.cell_len
    return out


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

    # -- drawing ----------------------------------------------------------
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

    def refresh_table(self) -> None:
        shown: State = self.shown
        seat = self.game.to_move(self.state)
        grid_widget = self.query_one(StoneGrid)
        grid = shown.grid
        if self.pending is not None:
            grid = self.game.apply(self.state, self.pending).grid
        grid_widget.grid = grid
        grid_widget.cursor = self.cursor
        grid_widget.marked = self._marked_cells()
        grid_widget.refresh()

        hand_widget = self.query_one(HandStrip)
        me = self.viewer
        if me is None:
            hand_widget.cards = ()
            hand_widget.hidden_note = "Hands are hidden until the next player is ready."
        else:
            hand_widget.hidden_note = ""
            hand_widget.cards = shown.hands[me]
            hand_widget.selected = min(self.selected, max(0, len(shown.hands[me]) - 1))
            hand_widget.matching = {c for c in shown.hands[me]
                                    if CARD_BY_ID[c].matches(shown.grid)}
            # the card paying for the previewed move is gone after it: no → on it
            hand_widget.would_match = ({c for c in shown.hands[me]
                                        if CARD_BY_ID[c].matches(grid)
                                        and c != self.pending.card}
                                       if self.pending else set())
        hand_widget.refresh()
        self.query_one("#ss-table", Static).update(self._table(shown))
        turn = self.to_play(seat[0]) if seat else "Game over"
        self.title = f"Shifting Stones - {turn}"
        self.app.title = self.title
        if self.human_to_move() is not None and self.pending is None and self.shift_from is None:
            self.say(self._hint())

    def _marked_cells(self) -> set[int]:
        if isinstance(self.pending, Shift):
            return {self.pending.a, self.pending.b}
        if isinstance(self.pending, Flip):
            return {self.pending.cell}
        if self.shift_from is not None:
            return {self.shift_from}
        return set()

    def _table(self, shown: State) -> Group:
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column("", width=1)
        table.add_column("Player", ratio=1, no_wrap=True)
        table.add_column("Hand", justify="right")
        table.add_column("Scored", justify="right")
        if not shown.solo:  # the 1-point bonus is not played solo
            table.add_column("1s", justify="right")
        table.add_column("Pts", justify="right")
        current = self.game.to_move(self.state)
        ones = one_point_counts(shown)
        bonus = set(bonus_seats(shown))  # who would get it if the game ended now
        for seat in range(shown.players):
            name = self.seat_name(seat) + (" ↺" if shown.skipped_last[seat] else "")
            pts = str(card_points(shown, seat))
            ones_cell = [] if shown.solo else [str(ones[seat])]
            table.add_row("▶" if current and current[0] == seat else "", name,
                          str(len(shown.hands[seat])), str(len(shown.scored[seat])),
                          *ones_cell, pts)
        items = [Text(f"Deck {len(shown.deck)}")]
        items.append(Text(f"Discard {len(shown.discard)}"))  # t shows it all
        if shown.solo:
            items.append(Text(f"Strikes {shown.strikes}/{SOLO_STRIKES}",
                              style="bold red" if shown.strikes else ""))
            items.append(Text(f"Scored {len(shown.scored[0])}/16"))
        elif shown.end_triggered:
            items.append(Text("Last round!", style="bold"))
        else:
            items.append(Text(f"Ends at {END_TRIGGER[shown.players]} cards scored"))
        if bonus:
            holders = ", ".join(seat_label(s) for s in sorted(bonus))
            items.append(Text(f"+3 bonus for most 1s now: {holders}", style="dim"))
        width = self.query_one("#ss-table", Static).content_size.width or 46
        return Group(table, pack(items, width))

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
        others = [(str(index + 1) if index < 9 else "Tab", other)
                  for index, other in enumerate(hand)
                  if other != card and CARD_BY_ID[other].matches(self.state.grid)]
        if c.matches(self.state.grid):
            head = f"Card {card} matches: c scores it ({points(c.points)})."
        else:
            head = f"Card {card} picked ({c.points}★)."
        if len(others) == 1:
            key, other = others[0]
            head += f" Card {other} matches{' too' if c.matches(self.state.grid) else ''}: " \
                    f"key {key} picks it."
        elif others:
            head += (f" Cards {', '.join(str(o) for _, o in others)} match: keys "
                     f"{', '.join(str(k) for k, _ in others)}.")
        picks = f"1-{min(len(hand), 9)} pick, " if len(hand) > 1 else ""
        return (f"{head} Cursor on {under}: s shift, f flip (pay with {card}), "
                f"{picks}{end}{skip}.")

    def end_table(self) -> Table:
        state: State = self.state
        table = Table(box=None, padding=(0, 1))
        if state.solo:  # no bonus solo: the cards, the strikes, the points
            for col in ("Player", "Scored", "Strikes", "Points"):
                table.add_column(col, justify="left" if col == "Player" else "right")
            table.add_row(self.seat_name(0), f"{len(state.scored[0])}/16",
                          f"{state.strikes}/{SOLO_STRIKES}", str(card_points(state, 0)))
            return table
        for col in ("Player", "Scored", "1s", "Points", "Bonus", "Total"):
            table.add_column(col, justify="left" if col == "Player" else "right",
                             no_wrap=col == "Player")
        winners = set(self.game.winners(state))
        bonus = set(bonus_seats(state))
        totals = self.game.scores(state)
        ones = one_point_counts(state)
        for seat in range(state.players):
            table.add_row(("★ " if seat in winners else "  ") + self.seat_name(seat),
                          str(len(state.scored[seat])), str(ones[seat]),
                          str(card_points(state, seat)), "+3" if seat in bonus else "",
                          str(totals[seat]))
        return table

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self.is_mounted and self.match is not None:
            self.query_one("#ss-table", Static).update(self._table(self.shown))
