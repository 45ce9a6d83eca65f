"""The stone grid: nine large stones, the cursor and the cells a previewed move touches."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from tideboard.games.shifting_stones.content import LETTERS, NAMES
from tideboard.games.shifting_stones.rules import ADJACENT
from tideboard.ui.shared import CellClicked, game_colours, ink_for, theme_colour


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


def neighbour(cell: int, key: str) -> int | None:
    target = cell + DIRECTIONS[key]
    return target if (cell, target) in ADJACENT else None


class StoneGrid(Widget):
    """The 3x3 grid drawn large; a click posts ``CellClicked(self, cell)`` (0-8, row by row)."""

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
            self.post_message(CellClicked(self, row * 3 + col))
