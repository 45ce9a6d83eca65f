"""What the Shifting Stones screen draws, and when: the grid, your hand, the table,
the hint line.

Two kinds of redraw: :meth:`TableDrawing.draw` after the state changed (every widget
compares with what it shows and repaints only what differs), and the cheap ones for a
cursor move (:meth:`TableDrawing.show_cursor`) or a newly picked card
(:meth:`TableDrawing.show_pick`), which touch the grid or the hand and the hint line
only.  The cursor, the picked card and the preview are the turn's (``modes.py``).
"""

from __future__ import annotations

from rich.table import Table
from textual.widgets import Static

from tideboard.engine.plurals import plural
from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, NAMES
from tideboard.games.shifting_stones.rules import can_skip
from tideboard.games.shifting_stones.state import Flip, Shift, State
from tideboard.ui.shared import GameScreen
from tideboard.ui.shifting_stones.hand import TALL_APP, CardRows, HandStrip
from tideboard.ui.shifting_stones.modes import Turn
from tideboard.ui.shifting_stones.stone_grid import StoneGrid
from tideboard.ui.shifting_stones.table import (
    final_table,
    pack,
    scored_title,
    side_table,
    table_key,
)

__all__ = [
    "TableDrawing",
    "cards_phrase",
    "end_table",
    "pack",
    "points",
    "row_name",
    "scored_parts",
]


def cards_phrase(cards: list[int]) -> str:
    """ "Card 7 matches" or "Cards 7, 12 match"."""
    if len(cards) == 1:
        return f"Card {cards[0]} matches"
    return f"Cards {', '.join(map(str, cards))} match"


def points(n: int) -> str:
    return plural(n, "point")


def row_name(screen: GameScreen, seat: int) -> str:
    """The seat's name in a table: "(you)" marks the one person playing bots."""
    name = screen.seat_name(seat)
    if screen.bot_levels and screen.human_seats == [seat] and name != "You":
        name += " (you)"
    return name


def end_table(screen: GameScreen) -> Table:
    """The results: each player's cards, 1-point cards, bonus and total."""
    state: State = screen.state
    return final_table(
        state,
        lambda seat: row_name(screen, seat),
        screen.game.scores(state),
        set(screen.game.winners(state)),
    )


def scored_parts(screen: GameScreen) -> list[tuple[str, object]]:
    """The scored/discard view (t): everyone's scored cards, then the discard pile."""
    shown: State = screen.shown
    parts: list[tuple[str, object]] = [
        (scored_title(row_name(screen, seat), shown, seat), CardRows(screen.app, cards))
        for seat, cards in enumerate(shown.scored)
    ]
    parts.append(
        (
            f"Discard pile, newest first ({len(shown.discard)})",
            CardRows(screen.app, shown.discard[::-1]),
        )
    )
    return parts


class TableDrawing:
    """Draws the Shifting Stones ``screen``'s table and hints from its state and its
    ``turn``'s cursor, picked card and preview."""

    def __init__(self, screen: GameScreen, turn: Turn) -> None:
        self.screen = screen
        self.turn = turn
        self._table_drawn: tuple | None = None

    # -- redraws ----------------------------------------------------------
    def draw(self) -> None:
        """The state (or a preview) changed: bring every widget up to date."""
        screen, turn = self.screen, self.turn
        turn.follow()
        shown: State = screen.shown
        grid = shown.grid
        if turn.pending is not None:
            grid = screen.game.apply(screen.state, turn.pending).grid
        screen.query_one(StoneGrid).show(grid, turn.cursor, turn.marked_cells())
        self._show_hand(grid)
        self._show_side(shown)
        seat = screen.game.to_move(screen.state)
        title = f"Shifting Stones - {screen.to_play(seat[0]) if seat else 'game over'}"
        if screen.title != title:
            screen.title = title
            screen.app.title = title
        self.show_hint()
        screen.sync_bindings()

    def show_cursor(self) -> None:
        """Only the cursor moved: repaint the two stones and the hint."""
        grid = self.screen.query_one(StoneGrid)
        grid.show(grid.grid, self.turn.cursor, self.turn.marked_cells())
        self.show_hint()

    def show_pick(self) -> None:
        """Only another card was picked: repaint the two cards and the hint."""
        self._show_hand(self.screen.query_one(StoneGrid).grid)
        self.show_hint()

    def show_hint(self) -> None:
        """The hint, when it is your turn and nothing is previewed."""
        if self.screen.human_to_move() is not None and not self.turn.busy():
            self.screen.say(self.hint())

    def _show_hand(self, grid: tuple[int, ...]) -> None:
        screen, turn = self.screen, self.turn
        hand_widget = screen.query_one(HandStrip)
        me = screen.viewer
        if me is None and screen.state.over:
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
                screen.control.secrets_note(
                    "Hands are hidden until the next player is ready.", "hands"
                ),
            )
            return
        shown: State = screen.shown
        cards = shown.hands[me]
        matching = {c for c in cards if CARD_BY_ID[c].matches(shown.grid)}
        # the card paying for the previewed move is gone after it: no → on it
        pending = turn.pending
        would = (
            {c for c in cards if CARD_BY_ID[c].matches(grid) and c != pending.card}
            if pending
            else set()
        )
        hand_widget.show(cards, turn.selected, matching, would)

    def _show_side(self, shown: State) -> None:
        screen = self.screen
        widget = screen.query_one("#ss-table", Static)
        width = widget.content_size.width or 46
        current = screen.game.to_move(screen.state)
        roomy = screen.size.height >= TALL_APP
        names = tuple(row_name(screen, seat) for seat in range(len(shown.hands)))
        key = (table_key(shown, current, width), names, screen.app.theme, roomy)
        if key == self._table_drawn:
            return
        self._table_drawn = key
        totals = screen.game.scores(shown)
        winners = set(screen.game.winners(shown)) if shown.over else set()
        widget.update(
            side_table(
                shown,
                lambda seat: row_name(screen, seat),
                current,
                totals,
                width,
                winners,
                roomy=roomy,
            )
        )

    def redraw(self) -> None:
        """The table again (the terminal was resized: it packs its lines to the width)."""
        if self.screen.is_mounted and self.screen.match is not None:
            self._table_drawn = None
            self._show_side(self.screen.shown)

    # -- words ------------------------------------------------------------
    def hint(self) -> str:
        """What the player to move can do now (the status line)."""
        turn = self.turn
        state = turn.state
        card = turn.picked_card()
        end = "e end turn" + (" (a strike: nothing scored yet)" if turn.strike_ahead() else "")
        if card is None:
            return f"No cards left: {end} and refill your hand to four."
        hand = turn.hand
        c = CARD_BY_ID[card]
        under = f"{CELL_NAMES[turn.cursor]} {NAMES[state.grid[turn.cursor]]}"
        skip = ", x skip" if can_skip(state) else ""
        others = [
            (str(index + 1) if index < 9 else "Tab", other)
            for index, other in enumerate(hand)
            if other != card and CARD_BY_ID[other].matches(state.grid)
        ]
        if c.matches(state.grid):
            head = f"Card {card} matches: c scores it ({points(c.points)})."
        else:
            head = f"Card {card} picked ({c.points}★)."
        if len(others) == 1:
            key, other = others[0]
            head += (
                f" Card {other} matches{' too' if c.matches(state.grid) else ''}: "
                f"key {key} picks it."
            )
        elif others:
            head += (
                f" Cards {', '.join(str(o) for _, o in others)} match: keys "
                f"{', '.join(str(k) for k, _ in others)}."
            )
        picks = f"1-{min(len(hand), 9)} pick, " if len(hand) > 1 else ""
        return f"{head} Cursor on {under}: s shift, f flip (pay with {card}), {picks}{end}{skip}."

    def preview_words(self, action: Shift | Flip) -> str:
        """What the previewed ``action`` does, what matches after it, and the keys."""
        screen, state = self.screen, self.turn.state
        grid = state.grid
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
        after: State = screen.game.apply(state, action)
        new = [c for c in after.hands[after.current] if CARD_BY_ID[c].matches(after.grid)]
        gain = f" Then matching: {', '.join(map(str, new))}." if new else ""
        card = CARD_BY_ID[action.card]
        warn = ""
        if card.matches(grid):
            warn = f" Careful: {action.card} matches now (c would score it)."
        elif card.matches(after.grid):
            hand = self.turn.hand
            warn = (
                f" But {action.card} would match after it: pay with another card "
                f"({'[ ]' if len(hand) > 9 else f'1-{len(hand)}'}) to keep it."
            )
        return f"Preview: discard {action.card} to {what}.{gain}{warn} Enter does it, Esc drops it."
