"""The underwater grid: nine cards and the twelve diver spots around them.

     a  ·   b  ▼1   c  ·      the spots above face columns a, b, c
 1   [card][card][card]       the spots to the right face rows 1, 2, 3
  ·  [card][card][card]  ◀2   (the letters and numbers label the lines)
     ...

A spot shows the diver on it (its seat number, the arrow pointing at the
line it faces), or, while a diver is being moved, the oxygen a dive there
gains or costs.  The widget draws what the screen hands it in :meth:`show`
and repaints only the cells that changed (a cursor move repaints two spots).  Clicks post ``CellClicked(self, key)``
with ``key`` = ``("spot", 0-11)`` or ``("cell", 0-8)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events

from tideboard.games.animal_splash.content import CELL_NAMES
from tideboard.games.animal_splash.state import EMPTY, UNPLACED
from tideboard.ui.animal_splash.cards import CURSOR, card_fill, card_lines, empty_lines
from tideboard.ui.shared import Canvas, CellClicked, game_colours, theme_colour
from tideboard.ui.shared.cell_grid import CellGrid

SPOT_W = 3  # the columns left and right of the cards for the spots
MIN_CARD, MAX_CARD = 9, 22  # 14 fit the 50 columns of a wide screen, 22 a huge one
CARD_H, TALL_CARD_H = 3, 5  # a tall card has a line of its background above and below


def grid_height(card_h: int) -> int:
    """The lines the grid takes with cards ``card_h`` lines tall (spots, cards, gaps)."""
    return 1 + 3 * card_h + 2 + 1


HEIGHT = grid_height(CARD_H)
ARROWS = ("▼", "◀", "▲", "▶")  # a diver on each side points at the grid


def splash_colours(app: Any) -> dict[str, str]:
    return game_colours(app, "animal-splash")


class GridBoard(CellGrid):
    """The 3x3 grid and the diver spots; see the module docstring for the clicks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grid: tuple[int, ...] = (EMPTY,) * 9
        self.pearls: dict[int, tuple[bool, bool]] = {}
        self.divers: tuple[int, ...] = ()
        self.costs: dict[int, int] = {}  # spot -> oxygen change of a dive there
        self.cursor_spot: int | None = None
        self.faced: frozenset[int] = frozenset()
        self.cursor_cell: int | None = None
        self._drawn: tuple | None = None

    def show(
        self,
        grid: tuple[int, ...],
        pearls: dict[int, tuple[bool, bool]],
        divers: tuple[int, ...],
        costs: dict[int, int],
        cursor_spot: int | None,
        faced: Iterable[int],
        cursor_cell: int | None,
    ) -> None:
        key = (
            grid,
            tuple(sorted(pearls.items())),
            divers,
            tuple(sorted(costs.items())),
            cursor_spot,
            frozenset(faced),
            cursor_cell,
        )
        if key == self._drawn:
            return
        self._drawn = key
        self.grid, self.pearls, self.divers = grid, pearls, divers
        self.costs, self.cursor_spot = costs, cursor_spot
        self.faced, self.cursor_cell = frozenset(faced), cursor_cell
        if self.is_mounted:
            self.paint(self.canvas())

    # -- geometry ----------------------------------------------------------
    def card_width(self) -> int:
        width = self.content_size.width or (2 * SPOT_W + 3 * MIN_CARD + 2)
        return max(MIN_CARD, min(MAX_CARD, (width - 2 * SPOT_W - 2) // 3))

    def card_height(self) -> int:
        """Tall cards when the widget has their lines (160x45 and up), else 3 lines."""
        return TALL_CARD_H if self.content_size.height >= grid_height(TALL_CARD_H) else CARD_H

    def cell_origin(self, cell: int) -> tuple[int, int]:
        row, col = divmod(cell, 3)
        w = self.card_width()
        return SPOT_W + col * (w + 1), 1 + row * (self.card_height() + 1)

    def spot_origin(self, spot: int) -> tuple[int, int]:
        side, i = divmod(spot, 3)
        w, h = self.card_width(), self.card_height()
        right = SPOT_W + 3 * w + 2
        if side == 0:
            return SPOT_W + i * (w + 1) + w // 2 - 1, 0
        if side == 1:  # beside the middle line of the row's cards
            return right + 1, 1 + h // 2 + i * (h + 1)
        if side == 2:
            return SPOT_W + (2 - i) * (w + 1) + w // 2 - 1, grid_height(h) - 1
        return 0, 1 + h // 2 + (2 - i) * (h + 1)

    # -- drawing -----------------------------------------------------------
    def spot_text(self, spot: int, colours: dict[str, str]) -> tuple[str, Style]:
        side = spot // 3
        for seat, at in enumerate(self.divers):
            if at == spot and at != UNPLACED:
                text = (
                    f"{ARROWS[side]}{seat + 1}" if side in (0, 1) else f"{seat + 1}{ARROWS[side]}"
                )
                return text, Style(color=colours[f"seat{seat + 1}"], bold=True)
        if spot in self.costs:
            change = self.costs[spot]
            text = f"+{change}" if change > 0 else "±0" if change == 0 else str(change)
            colour = (
                colours["oxygen"]
                if change > 0
                else colours["pearl"]
                if change == 0
                else theme_colour(self.app, "warning", "#f4d35e")
            )
            return text, Style(color=colour, bold=True)
        return "·", Style(color=colours["empty"])

    def canvas(self) -> Canvas:
        app = self.app
        colours = splash_colours(app)
        accent = theme_colour(app, "accent", "#f4a261")
        warn = theme_colour(app, "warning", "#f4d35e")
        w, h = self.card_width(), self.card_height()
        canvas = Canvas(SPOT_W * 2 + 3 * w + 3, grid_height(h))
        for cell, cid in enumerate(self.grid):
            x, y = self.cell_origin(cell)
            if cid == EMPTY:
                lines = empty_lines(w, colours)
            else:
                marks = {0: CURSOR, 1: CURSOR} if cell == self.cursor_cell else {}
                lines = card_lines(
                    cid, w, colours, self.pearls.get(cid, (False, False)), marks, accent, warn
                )
            if h > CARD_H:  # the card's background above and below its three lines
                pad = Text(" " * w, Style(bgcolor=card_fill(cid, colours)) if cid != EMPTY else "")
                lines = [pad] * ((h - CARD_H) // 2) + lines + [pad] * ((h - CARD_H + 1) // 2)
            for dy, line in enumerate(lines):
                canvas.put(x, y + dy, line)
            if cell in self.faced and cell != self.cursor_cell:
                canvas.put(x - 1, y + h // 2, "▸", Style(color=accent, bold=True))
            elif cell in self.faced:
                canvas.put(x - 1, y + h // 2, "▶", Style(color=accent, bold=True))
        label = Style(color=colours["empty"])
        for i in range(3):  # the columns' letters and the rows' numbers the words name
            canvas.put(self.cell_origin(i)[0], 0, "abc"[i], label)
            canvas.put(1, self.cell_origin(i * 3)[1] + h // 2 - 1, str(i + 1), label)
        for spot in range(12):
            x, y = self.spot_origin(spot)
            text, style = self.spot_text(spot, colours)
            if spot == self.cursor_spot:
                style = Style(color="#000000", bgcolor=accent, bold=True)
                text = text if text != "·" else "··"
            canvas.put(x, y, text, style)
        return canvas

    def on_mount(self) -> None:
        self.paint(self.canvas())

    def restyled(self) -> Canvas | None:
        return self.canvas() if self.is_mounted else None

    def on_resize(self, event: events.Resize) -> None:
        self.paint(self.canvas())

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x, event.y)
        if key is not None:
            self.post_message(CellClicked(self, key))

    def key_at(self, x: int, y: int) -> tuple[str, int] | None:
        for spot in range(12):
            sx, sy = self.spot_origin(spot)
            if sy == y and sx - 1 <= x <= sx + 2:
                return ("spot", spot)
        w = self.card_width()
        for cell in range(9):
            cx, cy = self.cell_origin(cell)
            if cx <= x < cx + w and cy <= y < cy + self.card_height():
                return ("cell", cell)
        return None


__all__ = ["CELL_NAMES", "GridBoard", "HEIGHT", "splash_colours"]
