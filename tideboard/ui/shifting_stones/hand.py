"""Pattern cards: your hand strip, and rows of cards for the scored/discard view."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from tideboard.games.shifting_stones.content import CARD_BY_ID, LETTERS, NAMES, letter_to_face
from tideboard.ui.shared import CellClicked, border_line
from tideboard.ui.shifting_stones.board import stone_colours


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
            border_line(lines[5], bl + hz + br, inner, edge, label, Style(bold=True, dim=not chosen))
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
    """The cards in hand, side by side; a click posts ``CellClicked(self, index in hand)``."""

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
                    self.post_message(CellClicked(self, start - 1))
                return
        index = x // (CARD_W + 1)
        if index >= shown:  # the ▶ gutter: the card just out of sight to the right
            if start + shown < len(self.cards):
                self.post_message(CellClicked(self, start + shown))
            return
        if 0 <= start + index < len(self.cards):
            self.post_message(CellClicked(self, start + index))
