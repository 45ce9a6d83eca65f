"""The ocean: the 5x5 board and the eight rocks, drawn from the viewer's side."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from tideboard.games.moonshell.content import COLUMNS, EMPTY
from tideboard.ui.moonshell.tiles import DOUBLE, PLAIN, THICK, shell_colours, tile_text
from tideboard.ui.shared import Canvas, CellClicked, theme_colour


# Board geometry (characters): left gutter, cell width and height.
GUTTER, CELL_W, CELL_H = 7, 6, 3
BOARD_W = GUTTER * 2 + CELL_W * 5      # 44
BOARD_H = 20
ROCK_Y = 1 + CELL_H * 5                # the row of your own rocks (16)


class OceanCanvas(Canvas):
    """The shared :class:`Canvas` with the Moonshell tile box."""

    def box(self, x: int, y: int, tile: int, colours: dict[str, str], edge: Style,
            chars: str = PLAIN, top: str = "", bottom: str = "") -> None:
        """A tile in a 6x3 box; ``top``/``bottom`` go into the border."""
        tl, hz, tr, vt, bl, br = chars
        self.put(x, y, tl + hz * 4 + tr, edge)
        if top:
            self.put(x + 1, y, top, edge + Style(bold=True))
        self.put(x, y + 1, vt, edge)
        self.put(x + 1, y + 1, tile_text(tile, colours))
        self.put(x + 5, y + 1, vt, edge)
        self.put(x, y + 2, bl + hz * 4 + br, edge)
        if bottom:
            self.put(x + 2, y + 2, bottom, edge + Style(bold=True))


# -- the ocean board ------------------------------------------------------------------
def rock_spots(viewer_side: int) -> dict[int, tuple[str, int, int]]:
    """Absolute rock index -> (kind, x, y) with the viewer's side at the bottom.

    Sides in turn order go bottom, left, top, right on screen; each player's
    left rock is on their own left as they face the ocean.
    """
    spots: dict[int, tuple[str, int, int]] = {}
    for rel in range(4):
        base = ((viewer_side + rel) % 4) * 2
        if rel == 0:
            spots[base] = ("box", GUTTER + CELL_W, ROCK_Y)
            spots[base + 1] = ("box", GUTTER + CELL_W * 3, ROCK_Y)
        elif rel == 1:
            spots[base] = ("box", 0, 1 + CELL_H)
            spots[base + 1] = ("box", 0, 1 + CELL_H * 3)
        elif rel == 2:
            spots[base] = ("line", GUTTER + CELL_W * 3, 0)
            spots[base + 1] = ("line", GUTTER + CELL_W, 0)
        else:
            spots[base] = ("box", BOARD_W - CELL_W, 1 + CELL_H * 3)
            spots[base + 1] = ("box", BOARD_W - CELL_W, 1 + CELL_H)
    return spots


class OceanBoard(Widget):
    """The 5x5 ocean and the eight rock spaces.

    A click posts ``CellClicked(self, (kind, index))``: ``("column", 0-4 from the
    viewer's left)`` or ``("rock", absolute rock index)``.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ocean: tuple[int, ...] = (EMPTY,) * 25
        self.rocks: tuple[int, ...] = (EMPTY,) * 8
        self.side = 0
        self.labels: dict[int, str] = {}     # side -> seat label shown there
        self.cursor: int | None = None       # screen column of the cursor
        self.pulling = False                 # the cursor column is previewed as pulled
        self.pull_arrow = ""                 # "◀"/"▶" the centre column's chosen rock
        self.legal_columns: set[int] = set()
        self.flash_cells: set[int] = set()
        self.flash_rocks: set[int] = set()
        self.rock_marks: dict[int, str] = {}  # absolute rock -> "legal" / "selected"
        self.column_marks: set[int] = set()   # absolute cells changed by the previewed pull
        self.tides = "counter-clockwise"
        self.rotated = False

    def render(self) -> Text:
        colours = shell_colours(self.app)
        accent = Style(color=theme_colour(self.app, "accent", "#f4a261"), bold=True)
        warn = Style(color=theme_colour(self.app, "warning", "#f4d35e"), bold=True)
        good = Style(color=theme_colour(self.app, "success", "#06d6a0"), bold=True)
        edge = Style(color=colours["edge"])
        canvas = OceanCanvas(BOARD_W, BOARD_H)
        cols = COLUMNS[self.side]
        for r in range(5):
            for c in range(5):
                cell = cols[c][4 - r]
                tile = self.ocean[cell]
                style, chars = edge, PLAIN
                if self.pulling and c == self.cursor:
                    style, chars = (warn, DOUBLE) if cell in self.column_marks else (accent, THICK)
                elif cell in self.flash_cells:
                    style, chars = warn, DOUBLE
                number = ""
                if r == 4:
                    number = str(c + 1)
                canvas.box(GUTTER + CELL_W * c, 1 + CELL_H * r, tile, colours, style, chars,
                           bottom=number)
                if r == 4:
                    num_style = style
                    if c == self.cursor:
                        num_style = accent + Style(reverse=True)
                    elif c in self.legal_columns:
                        num_style = good
                    canvas.put(GUTTER + CELL_W * c + 2, 1 + CELL_H * 5 - 1, number, num_style)
        for rock, (kind, x, y) in rock_spots(self.side).items():
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
            if kind == "box":
                canvas.box(x, y, tile, colours, style, chars, top=letter)
            else:
                canvas.put(x, y, "[", style)
                canvas.put(x + 1, y, tile_text(tile, colours))
                canvas.put(x + 5, y, "]", style)
                if rock % 2 == 0:  # the top player's left rock is on our right
                    canvas.put(x + 6, y, letter, style)
                else:
                    canvas.put(x - 1, y, letter, style)
        # seat labels on each side
        dim = Style(dim=True)
        for rel in range(4):
            label = self.labels.get((self.side + rel) % 4, "")
            if rel == 0:
                canvas.put(0, ROCK_Y + 1, f"{label[:12]:<12}", Style(bold=True))
            elif rel == 1:
                canvas.put(0, 1 + CELL_H * 2 + 1, f"{label[:6]:^6}", dim)
            elif rel == 2:
                canvas.put(0, 0, f"{label[:11]:<11}", dim)
            else:
                canvas.put(BOARD_W - CELL_W, 1 + CELL_H * 2 + 1, f"{label[:6]:^6}", dim)
        if self.pull_arrow:
            canvas.put(GUTTER + CELL_W * 2 + 1, ROCK_Y + 1, f" {self.pull_arrow*2} ", accent)
        arrow = "↻" if self.tides == "clockwise" else "↺"
        tides = Text(f"Tides {arrow} {self.tides}", style=warn if self.rotated else dim)
        if self.rotated:
            tides.append("  (just turned)", style=warn)
        canvas.put(0, BOARD_H - 1, tides)
        canvas.put(BOARD_W - 2, 0, arrow, dim)
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        x, y = event.x, event.y
        if GUTTER <= x < GUTTER + CELL_W * 5 and 1 <= y < 1 + CELL_H * 5:
            self.post_message(CellClicked(self, ("column", (x - GUTTER) // CELL_W)))
            return
        for rock, (kind, rx, ry) in rock_spots(self.side).items():
            height = 3 if kind == "box" else 1
            if rx <= x < rx + CELL_W and ry <= y < ry + height:
                self.post_message(CellClicked(self, ("rock", rock)))
                return
