"""Treasure chests: yours (with the landing space of a collect) and the others' in small."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events

from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CHEST_COLUMNS, CHEST_ROWS, EMPTY
from tideboard.ui.moonshell.tiles import shell_colours, tile_label, tile_style, tile_text
from tideboard.ui.shared import Canvas, CellClicked, theme_colour
from tideboard.ui.shared.cell_grid import CellGrid

# Chest geometry: shared borders, cells 4 wide.
CHEST_W = 1 + 5 * CHEST_COLUMNS  # 21


# -- the treasure chest -----------------------------------------------------------------
def chest_text(
    app: Any,
    chest: tuple[tuple[int, ...], ...],
    chosen: int | None = None,
    landing: int | None = None,
    legal: AbstractSet[int] = frozenset(),
    header: bool = True,
) -> Text:
    """:func:`chest_canvas` as a Text."""
    return chest_canvas(app, chest, chosen, landing, legal, header).text()


def chest_canvas(
    app: Any,
    chest: tuple[tuple[int, ...], ...],
    chosen: int | None = None,
    landing: int | None = None,
    legal: AbstractSet[int] = frozenset(),
    header: bool = True,
    marks: frozenset[int] = frozenset(),
    lit: frozenset[int] = frozenset(),
) -> Canvas:
    """A chest drawn with shared borders, 21 wide: a number row (▼ over the
    chosen column) and three rows; ``landing`` is the tile that would drop
    into the chosen column, drawn where it lands between ▶ ◀ marks."""
    colours = shell_colours(app)
    accent = Style(color=theme_colour(app, "accent", "#f4a261"), bold=True)
    good = Style(color=theme_colour(app, "success", "#06d6a0"), bold=True)
    edge = Style(color=colours["edge"])
    height = 8 if header else 7
    canvas = Canvas(CHEST_W, height)
    top = 1 if header else 0
    if header:
        for c in range(CHEST_COLUMNS):
            full = len(chest[c]) >= CHEST_ROWS
            if c == chosen:
                label, style = f"▼{c + 1}", accent
            elif full:
                label, style = f"×{c + 1}", Style(dim=True)
            else:
                label, style = f" {c + 1}", good if c in legal else Style(bold=True)
            canvas.put(1 + 5 * c, 0, f"{label:^4}", style)
    canvas.put(0, top, "┌" + "┬".join(["────"] * CHEST_COLUMNS) + "┐", edge)
    rows = rules.chest_rows(chest)
    land_row = None
    if chosen is not None and landing is not None and len(chest[chosen]) < CHEST_ROWS:
        land_row = CHEST_ROWS - 1 - len(chest[chosen])
    for r, row in enumerate(rows):
        y = top + 1 + 2 * r
        canvas.put(0, y, "│" + "│".join(["    "] * CHEST_COLUMNS) + "│", edge)
        for c, tile in enumerate(row):
            if r == land_row and c == chosen and landing is not None:
                canvas.put(1 + 5 * c, y, tile_text(landing, colours))
                canvas.put(5 * c, y, "▶", accent)
                canvas.put(5 * c + 5, y, "◀", accent)
            elif tile != EMPTY:
                canvas.put(1 + 5 * c, y, tile_text(tile, colours))
                cell = (CHEST_ROWS - 1 - r) * CHEST_COLUMNS + c
                if cell in marks:  # a power's target
                    canvas.put(5 * c, y, "▶", accent)
                    canvas.put(5 * c + 5, y, "◀", accent)
                elif cell in lit:  # a place a power may be aimed at
                    canvas.put(5 * c, y, "▷", good)
                    canvas.put(5 * c + 5, y, "◁", good)
            elif c == chosen:
                canvas.put(1 + 5 * c, y, "  · ", Style(dim=True))
        if r < CHEST_ROWS - 1:
            canvas.put(0, y + 1, "├" + "┼".join(["────"] * CHEST_COLUMNS) + "┤", edge)
    canvas.put(0, top + 2 * CHEST_ROWS, "└" + "┴".join(["────"] * CHEST_COLUMNS) + "┘", edge)
    return canvas


def mini_chest(app: Any, chest: tuple[tuple[int, ...], ...]) -> list[Text]:
    """Three lines of four two-letter tiles (for the other players' chests)."""
    colours = shell_colours(app)
    lines = []
    for row in rules.chest_rows(chest):
        line = Text()
        for tile in row:
            if tile == EMPTY:
                line.append(" ··", Style(dim=True))
            else:
                line.append(" ")
                line.append(tile_label(tile)[-2:], tile_style(tile, colours))
        lines.append(line)
    return lines


class ChestView(CellGrid):
    """Your treasure chest; a click posts ``CellClicked(self, (chest column 0-3, row))``,
    the row from the floor (0-2) or None on the column numbers.

    The screen sets the attributes and calls :meth:`redraw` (only changed cells repaint).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chest: tuple[tuple[int, ...], ...] = ((), (), (), ())
        self.chosen: int | None = None
        self.landing: int | None = None
        self.legal: set[int] = set()
        self.marks: frozenset[int] = frozenset()  # cells row * 4 + column a power acts on
        self.lit: frozenset[int] = frozenset()  # cells a power may be aimed at

    def redraw(self) -> None:
        self.paint(
            chest_canvas(
                self.app,
                self.chest,
                self.chosen,
                self.landing,
                self.legal,
                marks=self.marks,
                lit=self.lit,
            )
        )

    def on_click(self, event: events.Click) -> None:
        if 0 < event.x < CHEST_W - 1 and event.y >= 0:
            row = CHEST_ROWS - 1 - (event.y - 2) // 2 if 2 <= event.y < 2 * CHEST_ROWS + 1 else None
            self.post_message(CellClicked(self, (min(CHEST_COLUMNS - 1, (event.x - 1) // 5), row)))
