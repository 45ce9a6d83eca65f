"""The ocean: the 5x5 board and the eight rocks, drawn from the viewer's side."""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events

from tideboard.games.moonshell.content import COLOURS, COLUMNS, EMPTY, MOONSHELL, URCHIN
from tideboard.ui.moonshell.names import clip, label_lines
from tideboard.ui.moonshell.tiles import (
    DOUBLE,
    PLAIN,
    THICK,
    shell_colours,
    tile_style,
    tile_text,
    type_word,
)
from tideboard.ui.shared import Canvas, CellClicked, theme_colour
from tideboard.ui.shared.cell_grid import CellGrid


# Board geometry (characters): at 80x24 cells are 6x3; on large terminals 8x4.
class Geometry(NamedTuple):  # (a named tuple: cheaper to define than an attrs class)
    cell_w: int
    cell_h: int

    @property
    def gutter(self) -> int:
        return self.cell_w + 1

    @property
    def width(self) -> int:
        return self.gutter * 2 + self.cell_w * 5

    @property
    def rock_y(self) -> int:
        """The row of your own rocks."""
        return 1 + self.cell_h * 5

    @property
    def height(self) -> int:
        return self.rock_y + self.cell_h + 1


SMALL, LARGE, HUGE = Geometry(6, 3), Geometry(8, 4), Geometry(10, 5)  # 80x24, 120x40, 160x45
GUTTER, CELL_W, CELL_H = SMALL.gutter, SMALL.cell_w, SMALL.cell_h
ROCK_Y = SMALL.rock_y  # 16
COLOUR_WORDS = {URCHIN: "urchin", MOONSHELL: "moon"}


def tile_word(tile: int) -> str:
    """The second line of a large tile: its colour, or what it is."""
    if tile in COLOUR_WORDS:
        return COLOUR_WORDS[tile]
    if 0 <= tile < 16:
        return COLOURS[tile % 4]
    return ""


def shape_word(tile: int) -> str:
    """The third line of a huge tile: its shape ('clam', 'auger', ...)."""
    return type_word(1 << (tile // 4)) if 0 <= tile < 16 else ""


class OceanCanvas(Canvas):
    """The shared :class:`Canvas` with the Moonshell tile box."""

    def box(
        self,
        x: int,
        y: int,
        tile: int,
        colours: dict[str, str],
        edge: Style,
        chars: str = PLAIN,
        top: str = "",
        bottom: str = "",
        geo: Geometry = SMALL,
    ) -> None:
        """A tile in a cell_w x cell_h box; ``top``/``bottom`` go into the border."""
        tl, hz, tr, vt, bl, br = tuple(chars)  # (six box-drawing characters)
        w, h = geo.cell_w, geo.cell_h
        self.put(x, y, tl + hz * (w - 2) + tr, edge)
        if top:
            self.put(x + 1, y, top, edge + Style(bold=True))
        inner = w - 2
        for row in range(1, h - 1):
            self.put(x, y + row, vt, edge)
            self.put(x + w - 1, y + row, vt, edge)
        pad = (inner - 4) // 2
        style = tile_style(tile, colours)
        if h > 3:
            self.put(x + 1, y + 1, " " * inner, style)
            self.put(x + 1 + pad, y + 1, tile_text(tile, colours))
            self.put(x + 1, y + 2, f"{tile_word(tile):^{inner}}"[:inner], style)
            if h > 4:  # huge cells: the shape spelt out under the colour
                self.put(x + 1, y + 3, f"{shape_word(tile):^{inner}}"[:inner], style)
        else:
            self.put(x + 1, y + 1, tile_text(tile, colours))
        self.put(x, y + h - 1, bl + hz * (w - 2) + br, edge)
        if bottom:
            self.put(x + w // 2 - 1, y + h - 1, bottom, edge + Style(bold=True))


# -- the ocean board ------------------------------------------------------------------
def corner_spot(corner: int, geo: Geometry = SMALL) -> tuple[int, int]:
    """Where a board corner's mark is drawn: 0 your left (bottom left), 1 far left,
    2 far right, 3 your right (the gutters beside the first and last rows)."""
    x = 1 if corner in (0, 1) else geo.width - geo.cell_w + 1
    return x, 1 + geo.cell_h // 2 + (0 if corner in (1, 2) else 4 * geo.cell_h)


def rock_spots(viewer_side: int, geo: Geometry = SMALL) -> dict[int, tuple[str, int, int]]:
    """Absolute rock index -> (kind, x, y) with the viewer's side at the bottom.

    Sides in turn order go bottom, left, top, right on screen; each player's
    left rock is on their own left as they face the ocean.
    """
    w, h, gutter = geo.cell_w, geo.cell_h, geo.gutter
    spots: dict[int, tuple[str, int, int]] = {}
    for rel in range(4):
        base = ((viewer_side + rel) % 4) * 2
        if rel == 0:
            spots[base] = ("box", gutter + w, geo.rock_y)
            spots[base + 1] = ("box", gutter + w * 3, geo.rock_y)
        elif rel == 1:
            spots[base] = ("box", 0, 1 + h)
            spots[base + 1] = ("box", 0, 1 + h * 3)
        elif rel == 2:
            spots[base] = ("line", gutter + w * 3, 0)
            spots[base + 1] = ("line", gutter + w, 0)
        else:
            spots[base] = ("box", geo.width - w, 1 + h * 3)
            spots[base + 1] = ("box", geo.width - w, 1 + h)
    return spots


class OceanBoard(CellGrid):
    """The 5x5 ocean and the eight rock spaces.

    The screen sets the attributes, then calls :meth:`redraw`, which repaints
    only the cells that changed (a cursor move repaints the two column numbers).
    A click posts ``CellClicked(self, (kind, index, ...))``: ``("column", 0-4 from the
    viewer's left, the absolute cell clicked)``, ``("rock", absolute rock index)`` or
    ``("corner", 0-3 from the viewer's left corner, clockwise)``.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.geo = SMALL
        self.ocean: tuple[int, ...] = (EMPTY,) * 25
        self.rocks: tuple[int, ...] = (EMPTY,) * 8
        self.side = 0
        self.labels: dict[int, str] = {}  # side -> seat label shown there
        self.cursor: int | None = None  # screen column of the cursor
        self.pulling = False  # the cursor column is previewed as pulled
        self.pull_arrow = ""  # "◀"/"▶" the centre column's chosen rock
        self.legal_columns: set[int] = set()
        self.flash_cells: set[int] = set()
        self.flash_rocks: set[int] = set()
        self.rock_marks: dict[int, str] = {}  # absolute rock -> "legal" / "selected"
        self.column_marks: set[int] = set()  # absolute cells changed by the previewed pull
        self.tides = "counter-clockwise"
        self.tides_why = ""  # e.g. "1 mermeeple out" (with powers)
        self.rotated = False
        self.target_cells: set[int] = set()  # absolute cells a power acts on (w window)
        self.corner: int | None = None  # a board corner a power acts on, 0-3 from
        # the viewer's left (bottom-left, clockwise)
        self.lit_cells: set[int] = set()  # absolute cells a power may be aimed at
        self.meeples: dict[tuple[str, int], str] = {}  # ("cell"/"rock", absolute) or
        # ("corner", 0-3 from the viewer): "M1"...
        self.lit_corners: set[int] = set()  # corners a power may be aimed at

    def redraw(self) -> None:
        self.paint(self.draw())

    def draw(self) -> OceanCanvas:
        geo = self.geo
        w, h, gutter = geo.cell_w, geo.cell_h, geo.gutter
        colours = shell_colours(self.app)
        accent = Style(color=theme_colour(self.app, "accent", "#f4a261"), bold=True)
        warn = Style(color=theme_colour(self.app, "warning", "#f4d35e"), bold=True)
        good = Style(color=theme_colour(self.app, "success", "#06d6a0"), bold=True)
        edge = Style(color=colours["edge"])
        canvas = OceanCanvas(geo.width, geo.height)
        cols = COLUMNS[self.side]
        for r in range(5):
            for c in range(5):
                cell = cols[c][4 - r]
                tile = self.ocean[cell]
                style, chars = edge, PLAIN
                if cell in self.target_cells:
                    style, chars = accent, THICK
                elif cell in self.lit_cells:
                    style, chars = good, PLAIN
                elif self.pulling and c == self.cursor:
                    style, chars = (warn, DOUBLE) if cell in self.column_marks else (accent, THICK)
                elif cell in self.flash_cells:
                    style, chars = warn, DOUBLE
                number = str(c + 1) if r == 4 else ""
                canvas.box(
                    gutter + w * c,
                    1 + h * r,
                    tile,
                    colours,
                    style,
                    chars,
                    top=self.meeples.get(("cell", cell), ""),
                    bottom=number,
                    geo=geo,
                )
                if r == 4:
                    num_style = style
                    if c == self.cursor:
                        num_style = accent + Style(reverse=True)
                    elif c in self.legal_columns:
                        num_style = good
                    canvas.put(gutter + w * c + w // 2 - 1, geo.rock_y - 1, number, num_style)
        for rock, (kind, x, y) in rock_spots(self.side, geo).items():
            tile = self.rocks[rock]
            mark = self.rock_marks.get(rock)
            style, chars = Style(color=colours["edge"], dim=True), PLAIN
            if tile != EMPTY:
                style = edge
            if rock in self.flash_rocks:
                style, chars = warn, DOUBLE
            if mark == "legal":
                style, chars = good, PLAIN
            elif mark == "selected":
                style, chars = accent, THICK
            letter = "LR"[rock % 2]
            meeple = self.meeples.get(("rock", rock), "")
            if kind == "box":
                canvas.box(x, y, tile, colours, style, chars, top=letter, geo=geo)
                if meeple:
                    canvas.put(x + w - 3, y, meeple, accent)
            else:
                if meeple:
                    canvas.put(x - 3, y, meeple, accent)
                pad = (w - 6) // 2
                canvas.put(x + pad, y, "[", style)
                canvas.put(x + pad + 1, y, tile_text(tile, colours))
                canvas.put(x + pad + 5, y, "]", style)
                if rock % 2 == 0:  # the top player's left rock is on our right
                    canvas.put(x + pad + 6, y, letter, style)
                else:
                    canvas.put(x + pad - 1, y, letter, style)
        # seat labels on each side
        dim = Style(dim=True)
        for rel in range(4):  # the names, wrapped between words where there are rows
            label = self.labels.get((self.side + rel) % 4, "")
            if not label:
                continue
            if rel == 0:  # beside your left rock
                lines = label_lines(label, gutter + w - 1, h)
                top = geo.rock_y + (h - len(lines)) // 2
                for i, line in enumerate(lines):
                    canvas.put(0, top + i, line, Style(bold=True))
            elif rel == 2:  # the top line, left of the far rocks
                canvas.put(0, 0, clip(label, gutter + w - 2), dim)
            else:  # the gutter between the side's two rocks
                lines = label_lines(label, w, h)
                top = 1 + h * 2 + (h - len(lines)) // 2
                x = 0 if rel == 1 else geo.width - w
                for i, line in enumerate(lines):
                    canvas.put(x, top + i, f"{line:^{w}}", dim)
        for corner in range(4):  # your left, far left, far right, your right
            x, y = corner_spot(corner, geo)
            if corner == self.corner or corner in self.lit_corners:
                canvas.put(
                    x,
                    y,
                    f"{'☾':^{w - 2}}",
                    accent + Style(reverse=True) if corner == self.corner else good,
                )
            if ("corner", corner) in self.meeples:
                canvas.put(x, y + 1, f"{self.meeples['corner', corner]:^{w - 2}}", accent)
        if self.pull_arrow:
            canvas.put(
                gutter + w * 2 + w // 2 - 2, geo.rock_y + h // 2, f" {self.pull_arrow * 2} ", accent
            )
        arrow = "↻" if self.tides == "clockwise" else "↺"
        tides = Text(f"Tides {arrow} {self.tides}", style=warn if self.rotated else dim)
        if self.rotated:
            tides.append(" (just turned)", style=warn)
        if self.tides_why and tides.cell_len + len(self.tides_why) + 2 <= geo.width:
            tides.append(f": {self.tides_why}", style=dim)
        canvas.put(0, geo.height - 1, tides)
        canvas.put(geo.width - 2, 0, arrow, dim)
        return canvas

    def on_click(self, event: events.Click) -> None:
        geo = self.geo
        x, y = event.x, event.y
        if geo.gutter <= x < geo.gutter + geo.cell_w * 5 and 1 <= y < 1 + geo.cell_h * 5:
            column = (x - geo.gutter) // geo.cell_w
            self.post_message(
                CellClicked(
                    self, ("column", column, COLUMNS[self.side][column][4 - (y - 1) // geo.cell_h])
                )
            )
            return
        for corner in range(4):
            cx, cy = corner_spot(corner, geo)
            if cx - 1 <= x < cx + geo.cell_w - 1 and cy - 1 <= y <= cy + 1:
                self.post_message(CellClicked(self, ("corner", corner)))
                return
        for rock, (kind, rx, ry) in rock_spots(self.side, geo).items():
            height = geo.cell_h if kind == "box" else 1
            if rx <= x < rx + geo.cell_w and ry <= y < ry + height:
                self.post_message(CellClicked(self, ("rock", rock)))
                return
