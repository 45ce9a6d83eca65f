"""The Shifting Stones screen: the stone grid, your hand, the table, the log.

Keys: arrows/hjkl move the cursor over the stones; 1-9 or [ ] pick a card;
``s`` starts a shift from the cursor (an arrow picks the neighbour), ``f``
flips the stone under the cursor; both are previewed and need Enter to go
through (Esc drops them).  ``c`` scores the picked card, ``e`` ends the turn,
``x`` skips it.  The mouse works too: click a stone or a card.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from tideboard.engine.core import seat_label
from tideboard.games.shifting_stones.content import (
    CARD_BY_ID,
    CELL_NAMES,
    END_TRIGGER,
    LETTERS,
    NAMES,
    SOLO_STRIKES,
    letter_to_face,
)
from tideboard.games.shifting_stones.rules import ADJACENT, can_skip
from tideboard.games.shifting_stones.scoring import (
    bonus_seats,
    card_points,
    one_point_counts,
)
from tideboard.games.shifting_stones.state import (
    END_TURN,
    SKIP,
    Flip,
    Score,
    Shift,
    State,
)
from tideboard.ui.shared.game_screen import GameLog, GameScreen
from tideboard.ui.shared.modals import ConfirmScreen
from tideboard.ui.shared import (
    BlocksScreen,
    StatusLine,
    game_colours,
    ink_for,
    theme_colour,
)

GLYPHS = ("-☼-", " ☾ ", "><>", "\\v/", " ♞ ", "\\_/", " • ", " ♣ ")
CELL_W, CELL_H = 10, 4
DIRECTIONS = {"up": -3, "down": 3, "left": -1, "right": 1}


def stone_colours(app: Any) -> dict[str, str]:
    return game_colours(app, "shifting-stones")


def stone_name(face: int, width: int, style: Style) -> Text:
    """The face's name in capitals, centred in ``width``, with the letter the cards
    use for it underlined (sEed, bOat...), so the grid teaches the card letters."""
    name = NAMES[face].upper()
    left = (width - len(name)) // 2
    text = Text(" " * left + name + " " * (width - len(name) - left), style=style)
    at = left + name.index(LETTERS[face])
    text.stylize(Style(underline=True), at, at + 1)
    return text


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


def neighbour(cell: int, key: str) -> int | None:
    target = cell + DIRECTIONS[key]
    return target if (cell, target) in ADJACENT else None


class StoneGrid(Widget):
    """The 3x3 grid drawn large; click a stone to put the cursor on it."""

    class Clicked(Message):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grid: tuple[int, ...] = (0,) * 9
        self.cursor = 4
        self.marked: set[int] = set()    # the cells a pending move touches
        self.preview = False

    def render(self) -> Text:
        colours = stone_colours(self.app)
        accent = theme_colour(self.app, "accent", "#f4a261")
        warn = self.app.theme_variables.get("warning", "#f4d35e")
        out = Text()
        out.append("  " + "".join(f"{c:^{CELL_W}}" for c in "abc") + "\n", style="bold")
        for row in range(3):
            for line in range(CELL_H):
                out.append(f"{row + 1} " if line == 1 else "  ", style="bold")
                for col in range(3):
                    cell = row * 3 + col
                    face = self.grid[cell]
                    colour = colours[NAMES[face]]
                    fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
                    if cell in self.marked:
                        edge, (tl, hz, tr, vt, bl, br) = Style(color=warn, bold=True), "╔═╗║╚╝"
                    elif cell == self.cursor:
                        edge, (tl, hz, tr, vt, bl, br) = Style(color=accent, bold=True), "┏━┓┃┗┛"
                    else:
                        edge, (tl, hz, tr, vt, bl, br) = Style(color=colour), "┌─┐│└┘"
                    inner = CELL_W - 2
                    if line == 0:
                        out.append(tl + hz * inner + tr, edge)
                    elif line == CELL_H - 1:
                        out.append(bl + hz * inner + br, edge)
                    else:
                        out.append(vt, edge)
                        if line == 1:
                            out.append(f"{GLYPHS[face]:^{inner}}", fill)
                        else:
                            out.append_text(stone_name(face, inner, fill))
                        out.append(vt, edge)
                out.append("\n")
        return out

    def on_click(self, event: events.Click) -> None:
        col = (event.x - 2) // CELL_W
        row = (event.y - 1) // CELL_H
        if 0 <= col < 3 and 0 <= row < 3 and event.x >= 2 and event.y >= 1:
            self.post_message(self.Clicked(row * 3 + col))


CARD_W = 10
GUTTER = 2  # columns each side of a hand too wide to show whole, for the ◀ ▶ marks


def card_row(app: Any, cards: tuple[int, ...], selected: int | None = None,
             matching: set[int] = frozenset(), would_match: set[int] = frozenset(),
             first_key: int | None = None) -> Text:
    """Pattern cards drawn side by side, each ``CARD_W`` wide and six lines tall:
    the number, the points, a mark (✓ matches now, → would match after the
    previewed move) and the pattern with each stone's letter in its colour.
    With ``first_key``, each card's bottom edge shows the key that picks it."""
    return Text("\n").join(card_lines(app, cards, selected, matching, would_match, first_key))


def card_lines(app: Any, cards: tuple[int, ...], selected: int | None = None,
               matching: set[int] = frozenset(),
               would_match: set[int] = frozenset(),
               first_key: int | None = None) -> list[Text]:
    """The six lines of :func:`card_row`."""
    colours = stone_colours(app)
    accent = app.theme_variables.get("accent", "#f4a261")
    good = app.theme_variables.get("success", "#06d6a0")
    inner = CARD_W - 2
    lines = [Text() for _ in range(6)]
    for index, cid in enumerate(cards):
        card = CARD_BY_ID[cid]
        chosen = index == selected
        if cid in matching:
            edge, mark = Style(color=good, bold=True), "✓"
        elif cid in would_match:
            edge, mark = Style(color=good), "→"
        else:
            edge, mark = Style(dim=True), " "
        if chosen:
            edge = Style(color=accent, bold=True)
        tl, hz, tr, vt, bl, br = "┏━┓┃┗┛" if chosen else "╭─╮│╰╯"
        lines[0].append(tl + hz * inner + tr, edge)
        head = f"{cid:>2} {card.points}★ {mark}"
        lines[1].append(vt, edge).append(f"{head:<{inner}}", Style(bold=True)).append(vt, edge)
        for r in range(3):
            line = lines[2 + r]
            line.append(vt, edge).append(" ")
            row = card.rows[r] if r < card.height else ""
            for c in range(3):
                ch = row[c] if c < len(row) else ""
                if not ch:
                    line.append("  ")
                elif ch == "*":
                    line.append("▪ ", Style(color="grey50"))
                else:
                    face = letter_to_face(ch)
                    line.append(LETTERS[face] + " ", Style(color=colours[NAMES[face]], bold=True))
            line.append(" " * (inner - 7)).append(vt, edge)
        key = None if first_key is None else first_key + index
        if key is not None and key <= 9:
            label = f" key {key} "
            lines[5].append(bl + hz, edge).append(label, Style(bold=True, dim=not chosen))
            lines[5].append(hz * (inner - 1 - len(label)) + br, edge)
        else:
            lines[5].append(bl + hz * inner + br, edge)
        for line in lines:
            line.append(" ")
    return lines


def card_rows(app: Any, cards: tuple[int, ...], width: int) -> Text:
    """``cards`` in as many rows of :func:`card_row` as ``width`` needs."""
    per_row = max(1, width // (CARD_W + 1))
    if not cards:
        return Text("none", style="dim italic")
    chunks = [card_row(app, cards[i:i + per_row]) for i in range(0, len(cards), per_row)]
    return Text("\n").join(chunks)


class HandStrip(Widget):
    """The cards in hand, side by side; click one to pick it."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[int, ...] = ()
        self.selected = 0
        self.matching: set[int] = set()
        self.would_match: set[int] = set()
        self.hidden_note = ""
        self.start = 0  # the first card shown when the hand is too wide to show whole

    def window(self) -> tuple[int, int]:
        """(first card shown, how many) for the widget's width; the picked card is
        always among them.  A hand that fits is shown whole from the first card."""
        count = len(self.cards)
        width = self.size.width or 80
        if count * (CARD_W + 1) - 1 <= width:
            self.start = 0
            return 0, count
        shown = max(1, (width - 2 * GUTTER + 1) // (CARD_W + 1))
        selected = min(self.selected, count - 1)
        if selected < self.start:
            self.start = selected
        elif selected >= self.start + shown:
            self.start = selected - shown + 1
        self.start = max(0, min(self.start, count - shown))
        return self.start, shown

    def render(self) -> Text:
        if self.hidden_note:
            return Text(self.hidden_note, style="italic")
        if not self.cards:
            return Text("No cards in hand: press e to end your turn and draw.", style="italic")
        start, shown = self.window()
        if shown == len(self.cards):
            return card_row(self.app, self.cards, self.selected, self.matching, self.would_match,
                            first_key=1)
        lines = card_lines(self.app, self.cards[start:start + shown], self.selected - start,
                           self.matching, self.would_match, first_key=start + 1)
        before, after = start, len(self.cards) - start - shown
        mark = Style(bold=True)
        out = []
        for index, line in enumerate(lines):
            left = {2: "◀ " if before else "  ", 3: f"{before:<2}" if before else "  "}
            right = {2: " ▶" if after else "", 3: f"{after:>2}" if after else ""}
            out.append(Text.assemble((left.get(index, "  "), mark), line[:-1],
                                     (right.get(index, ""), mark)))
        return Text("\n").join(out)

    def on_click(self, event: events.Click) -> None:
        start, shown = self.window()
        x = event.x
        if shown < len(self.cards):
            x -= GUTTER
            if x < 0:  # the ◀ gutter: the card just out of sight to the left
                if start > 0:
                    self.post_message(self.Clicked(start - 1))
                return
        index = x // (CARD_W + 1)
        if index >= shown:  # the ▶ gutter: the card just out of sight to the right
            if start + shown < len(self.cards):
                self.post_message(self.Clicked(start + shown))
            return
        if 0 <= start + index < len(self.cards):
            self.post_message(self.Clicked(start + index))


class ShiftingStonesScreen(GameScreen):
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
        Binding("enter", "confirm", "Confirm", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("e", "end_turn", "End turn"),
        Binding("x", "skip", "Skip"),
        Binding("t", "table", "Scored"),
    ]
    KEYS_HELP = [
        ("arrows / h j k l", "move the cursor over the stones"),
        ("1-9, [ ], Tab", "pick a card in your hand (by its place, left to right)"),
        ("s then an arrow", "shift: swap the stone under the cursor with that neighbour"),
        ("f", "flip the stone under the cursor"),
        ("Enter / Esc", "carry out / drop the previewed shift or flip (it discards the picked card)"),
        ("c", "score the picked card (it must match the stones now)"),
        ("e", "end your turn and refill your hand to four"),
        ("x", "skip your turn and draw two (not twice in a row)"),
        ("t", "everyone's scored cards and the discard pile"),
        ("mouse", "click a stone to move the cursor there, a card to pick it"),
        ("card letters", ("S Sun, M Moon, F Fish, B Bird, H Horse, O Boat, E Seed, T Tree "
                          "(underlined in the stone's name); ▪ any stone")),
        ("card marks", "✓ matches now (c scores it); → would match after the previewed move"),
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
        yield Header()
        with Horizontal(id="ss-top"):
            yield StoneGrid(id="ss-grid")
            with Vertical(id="ss-side"):
                yield Static(id="ss-table")
                yield GameLog(id="ss-log")
        yield HandStrip(id="ss-hand")
        yield StatusLine(id="ss-status")
        yield Footer()

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
        turn = (f"{self.seat_name(seat[0])} to play" if seat else "Game over")
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

    # -- input ------------------------------------------------------------
    def _my_turn(self) -> bool:
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return False
        return True

    def action_cursor(self, direction: str) -> None:
        if self.shift_from is not None and self.human_to_move() is not None:
            target = neighbour(self.shift_from, direction)
            if target is None:
                self.say("No stone that way; pick another direction (Esc drops the shift).",
                         error=True)
                return
            self._set_pending(Shift(self.picked_card() or 0, self.shift_from, target))
            return
        target = neighbour(self.cursor, direction)
        if target is not None:
            self.cursor = target
            self.pending = None if isinstance(self.pending, Flip) else self.pending
            self.refresh_table()

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
            held = (f"only {len(hand)} card{'s' if len(hand) != 1 else ''}"
                    if hand else "no cards")
            keys = f": pick with 1-{len(hand)}" if len(hand) > 1 else ""
            self.say(f"There is no card {index + 1}: you hold {held}{keys}.", error=True)

    def _repick(self) -> None:
        card = self.picked_card()
        if isinstance(self.pending, Shift) and card is not None:
            self.pending = Shift(card, self.pending.a, self.pending.b)
        elif isinstance(self.pending, Flip) and card is not None:
            self.pending = Flip(card, self.pending.cell)
        self.refresh_table()
        if self.pending is not None:
            self._describe_pending()

    def action_shift(self) -> None:
        if not self._my_turn():
            return
        if self.picked_card() is None:
            self.say("You need a card to discard for a shift; e ends your turn.", error=True)
            return
        self.pending = None
        self.shift_from = self.cursor
        self.refresh_table()
        self.say(f"Shift from {CELL_NAMES[self.cursor]}: press an arrow to pick the neighbour "
                 "to swap with (Esc drops it).")

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
            what = (f"swap {NAMES[grid[action.a]]} {CELL_NAMES[action.a]} with "
                    f"{NAMES[grid[action.b]]} {CELL_NAMES[action.b]}")
        else:
            what = (f"flip {CELL_NAMES[action.cell]} {NAMES[grid[action.cell]]} to "
                    f"{NAMES[grid[action.cell] ^ 1]}")
        after = self.game.apply(self.state, action)
        new = [c for c in after.hands[after.current] if CARD_BY_ID[c].matches(after.grid)]
        gain = f" Then matching: {', '.join(map(str, new))}." if new else ""
        card = CARD_BY_ID[action.card]
        warn = ""
        if card.matches(self.state.grid):
            warn = f" Careful: {action.card} matches now (c would score it)."
        elif card.matches(after.grid):
            warn = (f" But {action.card} would match after it: pay with another card "
                    f"({'[ ]' if len(self.hand) > 9 else f'1-{len(self.hand)}'}) to keep it.")
        self.say(f"Preview: discard {action.card} to {what}.{gain}{warn} "
                 "Enter does it, Esc drops it.")

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
            self.say(f"Scored card {card} for {points(CARD_BY_ID[card].points)}. "
                     + self._hint())

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
            warnings.append(f"You have scored nothing this turn: ending it now takes strike "
                            f"{self.state.strikes + 1} of {SOLO_STRIKES}.")
        if warnings:
            question = " ".join(warnings) + " End your turn anyway?"
            self.app.push_screen(ConfirmScreen(question, "End turn", "Keep playing"),
                                 lambda yes: yes and self._end())
            return
        self._end()

    def _end(self) -> None:
        self.dispatch(END_TURN)

    def action_skip(self) -> None:
        if not self._my_turn():
            return
        if not can_skip(self.state):
            reason = ("you skipped your last turn" if self.state.skipped_last[self.state.current]
                      else "you have already acted this turn")
            self.say(f"You cannot skip: {reason}.", error=True)
            return
        self.pending, self.shift_from = None, None
        question = "Skip your turn and draw two cards?"
        seat = self.state.current
        scorable = [c for c in self.state.hands[seat] if CARD_BY_ID[c].matches(self.state.grid)]
        if scorable:
            question = (f"{cards_phrase(scorable)} the stones now; a skip scores nothing. "
                        f"{question}")
        if self.state.solo:
            question += (f" In solo a skip counts as a turn without scoring: strike "
                         f"{self.state.strikes + 1} of {SOLO_STRIKES}.")
        self.app.push_screen(ConfirmScreen(question, "Skip", "Stay"),
                             lambda yes: yes and self.dispatch(SKIP))

    def action_table(self) -> None:
        shown: State = self.shown
        parts = [(f"{self.seat_name(seat)}: {len(cards)} scored, {card_points(shown, seat)} points",
                  cards) for seat, cards in enumerate(shown.scored)]
        parts.append((f"Discard pile, newest first ({len(shown.discard)})", shown.discard[::-1]))
        width = max(20, self.app.size.width - 12)
        self.app.push_screen(BlocksScreen([(title, card_rows(self.app, cards, width))
                                           for title, cards in parts], key="t"))

    def on_stone_grid_clicked(self, message: StoneGrid.Clicked) -> None:
        if self.shift_from is not None and (self.shift_from, message.cell) in ADJACENT:
            self._set_pending(Shift(self.picked_card() or 0, self.shift_from, message.cell))
            return
        self.cursor = message.cell
        self.pending = None
        self.refresh_table()

    def on_hand_strip_clicked(self, message: HandStrip.Clicked) -> None:
        self.action_pick_at(message.index)

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


GAME_SCREEN = ShiftingStonesScreen
