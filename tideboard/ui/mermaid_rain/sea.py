"""The sea: hex spaces in offset rows, surf tiles, mermaids, treasures, the cursor.

Each space is a coloured cell with a letter for its symbol (D Dolphin,
G Seagull, T Sea Turtle, M mermaid symbol, S start; lower case on a surf
tile; ``~`` sea, ``^`` rock), the mermaids on it (a badge in the seat's colour:
``@`` your own, the seat number for the others, ``+`` several) and its
treasures (upper case face up, ``?`` face down, lower case a face-down one you
looked at; a small raised number when there are several).  A dark-bordered tile shows ``▪``.
Odd rows sit half a cell to the right, so each space touches two above, two
below and one on each side.

Small: 4 columns a space, one line a row (80x24).  Wide and tall: 6 columns
and two lines (the treasures on the second).  Huge (160x45 and up): 8 columns and
three lines (the symbol, every mermaid's badge, the treasures).  A cursor move repaints only the
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
# a space's size (columns, lines) -> how many mermaid badges and treasure marks it shows
BADGES = {4: 1, 6: 2, 8: 6}
TREASURES = {4: 1, 6: 3, 8: 5}
MARKS_BESIDE = {BADGES[w]: TREASURES[w] for w in BADGES}  # the treasures by the badges


def sea_size(wide: bool, tall: bool, huge: bool = False) -> tuple[int, int]:
    """A space's columns and lines for the terminal's size."""
    return (8, 3) if huge else (6 if wide else 4, 2 if tall else 1)


def treasure_mark(state: State, tid: int) -> str:
    kind = state.kinds[tid]
    if tid in state.face_up:
        return TREASURE_LETTERS[kind].upper()
    return "?" if kind == HIDDEN else TREASURE_LETTERS[kind]


def mark_rank(mark: str) -> int:
    """Which treasure mark a crowded space shows first: a face-up kind (upper case), then
    a face-down one the viewer looked at (lower case), then ``?``."""
    return 0 if mark.isupper() else 1 if mark != "?" else 2


def mermaid_marks(seats: list[int], me: int | None, room: int) -> list[tuple[str, int | None]]:
    """The badges of the mermaids on a space, at most ``room`` of them: ``(mark, seat)``,
    the mark ``@`` for ``me``'s mermaid and the seat number for another's; when they do not
    fit, ``+`` (seat None) stands for the rest (``me`` first, so yours is never hidden by
    one other)."""
    seats = sorted(seats, key=lambda s: s != me)
    marks: list[tuple[str, int | None]] = [("@" if s == me else str(s + 1), s) for s in seats]
    return marks if len(marks) <= room else [*marks[: room - 1], ("+", None)]


def badge_style(colours: dict[str, str], seat: int | None) -> Style:
    """A mermaid's badge: its seat's colour (``seat-N``, the side table's colour for that
    player) behind the mark; several mermaids (None) in white on black."""
    bg = colours.get(f"seat-{seat + 1}", "#ffffff") if seat is not None else "#000000"
    return Style(color=ink_for(bg), bgcolor=bg, bold=True)


class HexBoard(CellGrid):
    """The board, drawn from ``state`` (a view) with the screen's cursor and marks.

    ``targets``: cells that a legal action of the player reaches (highlighted);
    ``preview``: cells of a surf tile about to be laid; ``cursor``: the cell
    under the keyboard cursor, or None.
    """

    DEFAULT_CSS = "HexBoard { height: 10; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.targets: frozenset[int] = frozenset()
        self.preview: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.me: int | None = None  # the seat at the screen: its mermaid shows ``@``
        self.cell_w, self.row_h = 4, 1

    @property
    def badge_room(self) -> int:
        """How many mermaid badges a space shows (more are one ``+``)."""
        return BADGES[self.cell_w]

    def layout_for(self, wide: bool, tall: bool, huge: bool = False) -> None:
        size = sea_size(wide, tall, huge)
        if size != (self.cell_w, self.row_h):
            self.cell_w, self.row_h = size
            self._paint()

    def show(
        self,
        state: State,
        targets: frozenset[int],
        preview: tuple[int, ...],
        cursor: int | None,
        me: int | None = None,
    ) -> None:
        new = (state, targets, preview, cursor, me)
        if new == (self.state, self.targets, self.preview, self.cursor, self.me):
            return
        self.state, self.targets, self.preview, self.cursor, self.me = new
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
        w = self.cell_w
        half = w // 2
        out = Text(no_wrap=True, overflow="crop")
        out.append(
            " " * LABEL_W + "".join(f"{c + 1:<{w}}" for c in range(COLS)).rstrip(), Style(dim=True)
        )
        for r in range(ROWS):
            lines = [Text(f"{ROW_LETTERS[r]}  ", Style(dim=True))]
            lines += [Text(" " * LABEL_W) for _ in range(self.row_h - 1)]
            for line in lines:
                line.append(" " * (half if r % 2 else 0))
            for c in range(COLS):
                cell = r * COLS + c
                top, below, style, gap = self._cell(state, cell, colours, w)
                for part, part_style in top:
                    lines[0].append(part, part_style)
                lines[0].append(gap, style if gap != " " else None)
                for line, parts in zip(lines[1:], below):
                    for part, part_style in parts:
                        line.append(part, part_style or style)
                    line.append(" ")
            for line in lines:
                out.append("\n")
                out.append_text(line)
        return out

    def _cell(self, state: State, cell: int, colours: dict[str, str], w: int):
        tile = state.cover[cell]
        sym = TILE_SYMBOL[tile] if tile >= 0 else BASE[cell]
        glyph = GLYPHS[sym].lower() if tile >= 0 else GLYPHS[sym]
        space = cell if tile < 0 else state.tile_cells[tile][0]
        seats = [s for s, at in enumerate(state.at) if at == space]
        ids = state.spaces[cell]
        gold = (
            "".join(treasure_mark(state, t) for t in ids)
            if len(ids) <= TREASURES[w]
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
        cursor = Style(reverse=True) if cell == self.cursor else None
        badges: list[tuple[str, Style | None]] = [
            (mark, badge_style(colours, seat) + cursor)
            for mark, seat in mermaid_marks(seats, self.me, BADGES[w])
        ]
        bottom: list[tuple[str, Style | None]] = [(f" {gold:<{w - 2}}"[: w - 1], None)]
        if w == 4:  # the symbol, a badge, one treasure mark: the one saying most
            marks = [treasure_mark(state, t) for t in ids]
            best = min(marks, key=mark_rank, default=" ")
            many = "²³⁴⁵⁶⁷⁸⁹"[min(len(ids), 9) - 2] if len(ids) > 1 else ""
            if badges or not many:
                top = [(glyph, style), *(badges or [(" ", style)]), (best, style)]
            else:  # no mermaid there: the mark, then how many lie there ("MC²")
                top = [(glyph, style), (best, style), (many, style)]
            return top, [], style, gap
        if self.row_h == 3:  # the symbol, then the badges on a line of their own
            top = [(f" {glyph}" + " " * (w - 3), style)]
            middle = [(" ", None), *badges, (" " * (w - 2 - len(badges)), None)]
            return top, [middle, bottom], style, gap
        top = [(f" {glyph} ", style), *badges, (" " * (w - 4 - len(badges)), style)]
        return top, [bottom], style, gap

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
