"""The stone grid: nine large stones, the cursor and the cells a previewed move touches.

Drawn line by line (Textual's line API) from strips cached per stone look, so a
cursor move repaints only the two stones concerned: :meth:`StoneGrid.show`
compares what each cell looks like with what is on screen and refreshes only
the cells that changed.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from tideboard.games.shifting_stones.content import LETTERS, NAMES
from tideboard.games.shifting_stones.rules import ADJACENT
from tideboard.ui.shared import CellClicked, game_colours, ink_for, theme_colour

GLYPHS = ("-☼-", " ☾ ", "><>", "\\v/", " ♞ ", "\\_/", " • ", " ♣ ")
CELL_W, CELL_H = 10, 4  # the smallest stone; a larger grid widget gets larger stones
MAX_CELL_W, MAX_CELL_H = 22, 11  # 200x50
LABEL_W = 2  # the row numbers' column
DIRECTIONS = {"up": -3, "down": 3, "left": -1, "right": 1}
PLAIN, CURSOR, MARKED = "plain", "cursor", "marked"
FRAMES = {PLAIN: "┌─┐│└┘", CURSOR: "┏━┓┃┗┛", MARKED: "╔═╗║╚╝"}


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


def neighbour(cell: int, key: str) -> int | None:
    target = cell + DIRECTIONS[key]
    return target if (cell, target) in ADJACENT else None


def text_strip(text: Text, console: Any) -> Strip:
    return Strip(list(text.render(console)), text.cell_len)


def stone_lines(
    face: int, look: str, width: int, height: int, colours: dict[str, str], accent: str, warn: str
) -> list[Text]:
    """One stone ``width`` x ``height``: its frame (cursor, marked or plain), the glyph
    and the name on the face's colour."""
    colour = colours[NAMES[face]]
    fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
    edge = {
        PLAIN: Style(color=colour),
        CURSOR: Style(color=accent, bold=True),
        MARKED: Style(color=warn, bold=True),
    }[look]
    tl, hz, tr, vt, bl, br = tuple(FRAMES[look])  # (six box-drawing characters)
    inner, rows = width - 2, height - 2
    glyph_at = (rows - 2) // 2  # the glyph and the name in the middle of the face
    lines = [Text(tl + hz * inner + tr, style=edge)]
    for row in range(rows):
        line = Text(vt, style=edge)
        if row == glyph_at:
            line.append(f"{GLYPHS[face]:^{inner}}", fill)
        elif row == glyph_at + 1:
            line.append_text(stone_name(face, inner, fill))
        else:
            line.append(" " * inner, fill)
        lines.append(line.append(vt, edge))
    lines.append(Text(bl + hz * inner + br, style=edge))
    return lines


class StoneGrid(Widget):
    """The 3x3 grid drawn large; a click posts ``CellClicked(self, cell)`` (0-8, row by row).

    The screen calls :meth:`show`; the stones grow with the widget (up to
    ``MAX_CELL_W`` x ``MAX_CELL_H``).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grid: tuple[int, ...] = (0,) * 9
        self.cursor = 4
        self.marked: frozenset[int] = frozenset()  # the cells a pending move touches
        self._looks: tuple[tuple[int, str], ...] | None = None
        self._cache: dict[tuple, list[Strip]] = {}
        self._cache_key: tuple = ()

    # -- what the screen calls ---------------------------------------------
    def show(self, grid: tuple[int, ...], cursor: int, marked: frozenset[int]) -> None:
        """Draw ``grid`` with the cursor and the marked cells, repainting only the
        stones whose look changed."""
        self.grid, self.cursor, self.marked = grid, cursor, frozenset(marked)
        looks = self.looks()
        before, self._looks = self._looks, looks
        if before is None:
            self.refresh()
            return
        for cell, (old, new) in enumerate(zip(before, looks)):
            if old != new:
                self.refresh(self.cell_region(cell))

    def looks(self) -> tuple[tuple[int, str], ...]:
        return tuple(
            (face, MARKED if cell in self.marked else CURSOR if cell == self.cursor else PLAIN)
            for cell, face in enumerate(self.grid)
        )

    # -- geometry ----------------------------------------------------------
    def cell_size(self) -> tuple[int, int]:
        width, height = self.content_size
        cell_w = max(CELL_W, min(MAX_CELL_W, (width - LABEL_W) // 3))
        cell_h = max(CELL_H, min(MAX_CELL_H, (height - 1) // 3))
        return min(cell_w, max(CELL_W, 2 * cell_h)), cell_h  # no wider than twice as tall

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """With ``width: auto`` (160x45 and up): as wide as the stones the height allows."""
        cell_h = max(CELL_H, min(MAX_CELL_H, (container.height - 1) // 3))
        return LABEL_W + 3 * min(MAX_CELL_W, max(CELL_W, 2 * cell_h))

    def cell_region(self, cell: int) -> Region:
        cell_w, cell_h = self.cell_size()
        row, col = divmod(cell, 3)
        return Region(LABEL_W + col * cell_w, 1 + row * cell_h, cell_w, cell_h)

    # -- drawing -----------------------------------------------------------
    def _stone(self, face: int, look: str, cell_w: int, cell_h: int) -> list[Strip]:
        app = self.app
        key = (app.theme, cell_w, cell_h)
        if key != self._cache_key:
            self._cache, self._cache_key = {}, key
        strips = self._cache.get((face, look))
        if strips is None:
            lines = stone_lines(
                face,
                look,
                cell_w,
                cell_h,
                stone_colours(app),
                theme_colour(app, "accent", "#f4a261"),
                theme_colour(app, "warning", "#f4d35e"),
            )
            strips = [text_strip(line, app.console) for line in lines]
            self._cache[(face, look)] = strips
        return strips

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.rich_style
        cell_w, cell_h = self.cell_size()
        bold = Style(bold=True)
        if y == 0:
            head = " " * LABEL_W + "".join(f"{c:^{cell_w}}" for c in "abc")
            return Strip([Segment(head, bold)]).crop_extend(0, width, None).apply_style(base)
        row, line = divmod(y - 1, cell_h)
        if row >= 3:
            return Strip.blank(width, base)
        looks = self._looks or self.looks()
        label = f"{row + 1} " if line == (cell_h - 2) // 2 else "  "
        parts = [Strip([Segment(label, bold)])]
        for col in range(3):
            face, look = looks[row * 3 + col]
            parts.append(self._stone(face, look, cell_w, cell_h)[line])
        return Strip.join(parts).crop_extend(0, width, None).apply_style(base)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        cell_w, cell_h = self.cell_size()
        col = (event.x - LABEL_W) // cell_w
        row = (event.y - 1) // cell_h
        if 0 <= col < 3 and 0 <= row < 3 and event.x >= LABEL_W and event.y >= 1:
            self.post_message(CellClicked(self, row * 3 + col))
