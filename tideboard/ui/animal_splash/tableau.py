"""The tableaus: each player's cards as a row, left to right, with their pearls.

A row is a heading line (the player, oxygen, pearls, points) and the cards
(three lines each, see ``cards.py``).  Areas in a group that would score now
are marked (◆, underlined); the cursor's area is lit.  Cards shrink to fit
the width as a tableau grows (a 9-card tableau fits 80 columns).  A cursor
move repaints only the cells that changed (``CellGrid``).  A click posts
``CellClicked(self, (seat, position, area))``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events

from tideboard.ui.animal_splash.cards import card_lines, short_words
from tideboard.ui.animal_splash.grid import splash_colours
from tideboard.ui.shared import Canvas, CellClicked, theme_colour
from tideboard.ui.shared.cell_grid import CellGrid, text_canvas

ROW_H = 4  # the heading and three card lines
MIN_CARD, MAX_CARD = 7, 13
HUGE_CARD, HUGE_STRIP = 20, 160  # a strip this wide (160 columns and up) has larger cards


class TableauRow:
    """What one row shows (plain data the screen fills in)."""

    def __init__(
        self,
        seat: int,
        heading: Text,
        cards: tuple[int, ...],
        pearls: dict[int, tuple[bool, bool]],
        marks: dict[int, dict[int, str]],
    ):
        self.seat, self.heading, self.cards = seat, heading, cards
        self.pearls, self.marks = pearls, marks

    def key(self) -> tuple:
        """Equal keys draw the same row."""
        return (
            self.seat,
            self.heading.plain,
            repr(self.heading.spans),
            self.cards,
            tuple(sorted(self.pearls.items())),
            tuple(sorted((p, tuple(sorted(m.items()))) for p, m in self.marks.items())),
        )


class TableauStrip(CellGrid):
    """Rows of tableaus (the screen picks whose: the player to move, or everyone's)."""

    DEFAULT_CSS = """
    TableauStrip { width: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[TableauRow] = []
        self._drawn: tuple | None = None

    def show(self, rows: list[TableauRow]) -> None:
        key = tuple(row.key() for row in rows)
        if key == self._drawn:
            return
        self._drawn = key
        self.rows = rows
        if self.is_mounted:
            self.paint(self.canvas())

    def card_width(self, count: int) -> int:
        width = self.content_size.width or 80
        most = HUGE_CARD if width >= HUGE_STRIP else MAX_CARD
        return max(MIN_CARD, min(most, (width + 1) // max(count, 5) - 1))

    def canvas(self) -> Canvas:
        app = self.app
        colours = splash_colours(app)
        accent = theme_colour(app, "accent", "#f4a261")
        warn = theme_colour(app, "warning", "#f4d35e")
        lines: list[Text] = []
        for row in self.rows:
            w = self.card_width(len(row.cards))
            lines.append(self.with_legend(row.heading, [short_words(cid, w) for cid in row.cards]))
            blocks = [
                card_lines(
                    cid,
                    w,
                    colours,
                    row.pearls.get(cid, (False, False)),
                    row.marks.get(pos),
                    accent,
                    warn,
                )
                for pos, cid in enumerate(row.cards)
            ]
            for line in range(3):
                lines.append(Text(" ").join(block[line] for block in blocks))
        return text_canvas(lines)

    def with_legend(self, heading: Text, shorts: list[dict[str, str]]) -> Text:
        """The heading, then what the row's shortened words stand for ("octo octopus"),
        as many as the line has room for (a word is never cut)."""
        room = (self.content_size.width or 80) - heading.cell_len
        legend: dict[str, str] = {}
        for words in shorts:
            legend.update(words)
        if not legend:
            return heading
        out = heading.copy()
        for short, full in legend.items():
            entry = f"  {short} {full}"
            if len(entry) > room:
                break
            out.append(entry, "dim")
            room -= len(entry)
        return out

    def on_mount(self) -> None:
        self.paint(self.canvas())

    def restyled(self) -> Canvas | None:
        return self.canvas() if self.is_mounted else None

    def on_resize(self, event: events.Resize) -> None:
        self.paint(self.canvas())

    def on_click(self, event: events.Click) -> None:
        index, line = divmod(event.y, ROW_H)
        if index >= len(self.rows) or line == 0:
            return
        row = self.rows[index]
        w = self.card_width(len(row.cards))
        pos = event.x // (w + 1)
        if pos < len(row.cards) and event.x % (w + 1) < w and line in (1, 3):
            self.post_message(CellClicked(self, (row.seat, pos, 0 if line == 1 else 1)))


__all__ = ["ROW_H", "TableauRow", "TableauStrip"]
