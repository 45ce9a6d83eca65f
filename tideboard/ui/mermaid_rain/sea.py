"""The sea: hex spaces in offset rows, surf tiles, mermaids, treasures, the cursor.

Each space is a coloured cell with a letter for its symbol (D Dolphin,
G Seagull, T Sea Turtle, M mermaid symbol, S start; lower case on a surf
tile; ``~`` sea, ``^`` rock), the seat numbers of the mermaids on it and its
treasures (upper case face up, ``?`` face down, lower case a face-down one you
looked at; a small raised number when there are several).  A dark-bordered tile shows ``▪``.
Odd rows sit half a cell to the right, so each space touches two above, two
below and one on each side.

Small: 4 columns a space, one line a row (80x24).  Wide and tall: 6 columns
and two lines (the treasures on the second).  A cursor move repaints only the
cells that changed (``CellGrid``).  A click posts ``CellClicked(self, cell)``
with the board cell (``row * COLS + col``).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events

from tideboard.games.mermaid_rain.content import (
    BASE,
    COLS,
    DOLPHIN,
    MER,
    ROCK,
    ROW_LETTERS,
    ROWS,
    SEAGULL,
    START,
    TILE_DARK,
    TILE_SYMBOL,
    TREASURE_LETTERS,
    TURTLE,
    WATER,
)
from tideboard.games.mermaid_rain.state import HIDDEN, State
from tideboard.ui.shared import Canvas, CellClicked, game_colours, ink_for
from tideboard.ui.shared.cell_grid import CellGrid, text_canvas

GLYPHS = {DOLPHIN: "D", SEAGULL: "G", TURTLE: "T", MER: "M", START: "S", WATER: "~", ROCK: "^"}
COLOUR_OF = {
    DOLPHIN: "dolphin",
    SEAGULL: "seagull",
    TURTLE: "turtle",
    MER: "mermaid",
    START: "start",
    WATER: "sea",
    ROCK: "rock",
}
LABEL_W = 3  # the row letters on the left


def treasure_mark(state: State, tid: int) -> str:
    kind = state.kinds[tid]
    if tid in state.face_up:
        return TREASURE_LETTERS[kind].upper()
    return "?" if kind == HIDDEN else TREASURE_LETTERS[kind]


class HexBoard(CellGrid):
    """The board, drawn from ``state`` (a view) with the screen's cursor and marks.

    ``targets``: cells that a legal action of the player reaches (highlighted);
    ``preview``: cells of a surf tile about to be laid; ``cursor``: the cell
    under the keyboard cursor, or None.
    """

    DEFAULT_CSS = "HexBoard { height: 11; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.targets: frozenset[int] = frozenset()
        self.preview: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.cell_w, self.row_h = 4, 1

    def layout_for(self, wide: bool, tall: bool) -> None:
        size = (6 if wide else 4, 2 if tall else 1)
        if size != (self.cell_w, self.row_h):
            self.cell_w, self.row_h = size
            self._paint()

    def show(
        self, state: State, targets: frozenset[int], preview: tuple[int, ...], cursor: int | None
    ) -> None:
        if (state, targets, preview, cursor) == (
            self.state,
            self.targets,
            self.preview,
            self.cursor,
        ):
            return
        self.state, self.targets, self.preview, self.cursor = state, targets, preview, cursor
        self._paint()

    def _paint(self) -> None:
        if self.is_mounted:
            self.paint(text_canvas(self.as_text()))

    def on_mount(self) -> None:
        self._paint()

    def restyled(self) -> Canvas | None:
        return text_canvas(self.as_text()) if self.is_mounted else None

    def as_text(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        colours = game_colours(self.app, "mermaid-rain")
        w, tall = self.cell_w, self.row_h == 2
        half = w // 2
        out = Text(no_wrap=True, overflow="crop")
        out.append(
            " " * LABEL_W + "".join(f"{c + 1:<{w}}" for c in range(COLS)).rstrip(), Style(dim=True)
        )
        for r in range(ROWS):
            lines = [Text(f"{ROW_LETTERS[r]}  ", Style(dim=True))]
            if tall:
                lines.append(Text(" " * LABEL_W))
            for line in lines:
                line.append(" " * (half if r % 2 else 0))
            for c in range(COLS):
                cell = r * COLS + c
                top, bottom, style, gap = self._cell(state, cell, colours, w)
                lines[0].append(top, style)
                lines[0].append(gap, style if gap != " " else None)
                if tall:
                    lines[1].append(bottom, style)
                    lines[1].append(" ")
            for line in lines:
                out.append("\n")
                out.append_text(line)
        return out

    def _cell(self, state: State, cell: int, colours: dict[str, str], w: int):
        tile = state.cover[cell]
        sym = TILE_SYMBOL[tile] if tile >= 0 else BASE[cell]
        glyph = GLYPHS[sym].lower() if tile >= 0 else GLYPHS[sym]
        space = cell if tile < 0 else state.tile_cells[tile][0]
        seats = "".join(str(s + 1) for s, at in enumerate(state.at) if at == space)
        ids = state.spaces[cell]
        gold = (
            "".join(treasure_mark(state, t) for t in ids)
            if len(ids) <= w - 3
            else "²³⁴⁵⁶⁷⁸⁹"[min(len(ids), 9) - 2]
        )
        bg = colours.get(COLOUR_OF[sym], "#000000")
        style = Style(color=ink_for(bg), bgcolor=bg, bold=tile >= 0)
        if cell in self.preview:
            bg = colours.get("preview", "#ff8800")
            style = Style(color=ink_for(bg), bgcolor=bg, bold=True)
        elif cell in self.targets:
            style += Style(
                underline=True,
                bold=True,
                color=colours.get("target", "#ffff00") if sym in (WATER, ROCK) else None,
            )
        if cell == self.cursor:
            style += Style(reverse=True)
        gap = "▪" if tile >= 0 and TILE_DARK[tile] else " "
        if w == 4:
            mer = seats[:1] if len(seats) <= 1 else "+"
            many = "²³⁴⁵⁶⁷⁸⁹"[min(len(ids), 9) - 2] if len(ids) > 1 else ""
            return f"{glyph}{mer or ' '}{many or gold or ' '}", "", style, gap
        top = f" {glyph} {seats[:2]:<2}"[: w - 1]
        bottom = f" {gold:<{w - 2}}"[: w - 1]
        return top, bottom, style, gap

    def cell_at(self, x: int, y: int) -> int | None:
        row = (y - 1) // self.row_h
        if y < 1 or not 0 <= row < ROWS:
            return None
        x -= LABEL_W + (self.cell_w // 2 if row % 2 else 0)
        col = x // self.cell_w
        if x < 0 or not 0 <= col < COLS:
            return None
        return row * COLS + col

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.post_message(CellClicked(self, cell))
