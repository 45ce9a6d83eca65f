"""The dungeon map: rooms as coloured tiles around you, open sides, the whole-map view."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from tideboard.games.moonlighter import MAP_LETTERS
from tideboard.games.moonlighter.content import (
    BLACK,
    BLUE,
    GREEN,
    ORANGE,
    PAWN_TEXT,
    RED,
    STEP,
    WHITE,
    YELLOW,
)
from tideboard.games.moonlighter.state import State
from tideboard.ui.shared import CellClicked, border_line, game_colours, ink_for, luminance


# -- how rooms look ------------------------------------------------------------
CELL_W, CELL_H = 8, 3           # one room on the map, borders included
GLYPHS = {WHITE: "·", ORANGE: "⚔", BLACK: "⊠", GREEN: "✓", YELLOW: "$", BLUE: "≈", RED: "☠"}
LETTERS = MAP_LETTERS           # W O K G Y B R, as in the text map
ROOM_WORDS = {WHITE: "white", ORANGE: "orange", BLACK: "black", GREEN: "cleared",
              YELLOW: "chest", BLUE: "pool", RED: "boss"}
PAWN_ABBR = {"white": "wht", "red": "red", "orange": "org", "yellow": "yel", "green": "grn",
             "blue": "blu", "purple": "pur", "pink": "pnk", "black": "blk"}
PAWN_SHORT = {  # fits the side panel after "Pawn purple: "
    "white": "no power",
    "red": "2x hits on boss",
    "orange": "a 1 also hits",
    "yellow": "4 chest rooms",
    "green": "kill clears room",
    "blue": "2x dmg both ways",
    "purple": "a 3 = chest room",
    "pink": "+2 max health",
    "black": "never locked in",
}
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
BOXES = {  # tl, hz, tr, vt, bl, br
    "you": "╔═╗║╚╝",
    "picked": "┏━┓┃┗┛",
    "room": "╭─╮│╰╯",
    "open": "┌╌┐╎└┘",
}


def room_colours(app: Any) -> dict[str, str]:
    return game_colours(app, "moonlighter")


def fit_axis(lo: int, hi: int, size: int, player: int, origin: int | None) -> int:
    """The first map coordinate to show on one axis of the view.

    Content from ``lo`` to ``hi`` that fits in ``size`` cells is centred.
    Larger content scrolls: the old ``origin`` is kept while the player and a
    cell either side of it stay in view, otherwise the view recentres on the
    player; it never scrolls further than the content reaches.
    """
    span = hi - lo + 1
    if span <= size:
        return lo - (size - span) // 2
    margin = 1 if size >= 3 else 0
    if origin is None or not (origin + margin <= player <= origin + size - 1 - margin):
        origin = player - size // 2
    return max(lo, min(origin, hi - size + 1))


def hearts(full: int, total: int) -> str:
    return "♥" * full + "♡" * max(0, total - full)


def step_between(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The side of ``a`` that ``b`` lies on, if they are neighbours."""
    for d, (dx, dy) in STEP.items():
        if (a[0] + dx, a[1] + dy) == b:
            return d
    return None


def neighbour(pos: tuple[int, int], d: str) -> tuple[int, int]:
    dx, dy = STEP[d]
    return (pos[0] + dx, pos[1] + dy)


def power(pawn: str) -> str:
    """What a pawn does, without brackets of its own (so it can go inside some)."""
    return PAWN_TEXT[pawn].replace(" (", ", ").replace(")", "")


def room_locked(state: State, room: Any) -> bool:
    """A black room that still holds its enemies locks whoever walks in."""
    return room.tile == BLACK and not room.cleared and state.pawn != "black"


# -- the map ---------------------------------------------------------------------
class DungeonMap(Widget):
    """The placed rooms as coloured tiles around the player.

    A click on a room or an open side posts ``CellClicked(self, (x, y))`` in map coordinates.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.targets: dict[tuple[int, int], str] = {}   # open sides to place on -> side
        self.picked: tuple[int, int] | None = None       # the highlighted target
        self.origin: tuple[int, int] | None = None       # map coordinates of the top-left cell
        self.cols = self.rows = 1
        self.x_off = 0

    # the view -------------------------------------------------------------
    def layout_view(self) -> tuple[int, int]:
        """Work out how many rooms fit and which map cell is at the top left."""
        state = self.state
        assert state is not None
        width, height = max(self.size.width, CELL_W), max(self.size.height, CELL_H + 2)
        self.cols = max(1, width // CELL_W)
        self.rows = max(1, (height - 2) // CELL_H)
        self.x_off = (width - self.cols * CELL_W) // 2
        cells = list(state.cells) + list(self.targets)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        old = self.origin or (None, None)
        x0 = fit_axis(min(xs), max(xs), self.cols, state.pos[0], old[0])
        y0 = fit_axis(min(ys), max(ys), self.rows, state.pos[1], old[1])
        self.origin = (x0, y0)
        return x0, y0

    def visible(self, pos: tuple[int, int]) -> bool:
        if self.origin is None:
            return False
        x0, y0 = self.origin
        return x0 <= pos[0] < x0 + self.cols and y0 <= pos[1] < y0 + self.rows

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        x0, y0 = self.layout_view()
        width = self.size.width
        colours = room_colours(self.app)
        theme = self.app.theme_variables
        accent = theme.get("accent", "#f4a261")
        warn = theme.get("warning", "#f4d35e")
        fg = theme.get("foreground", "#e6edf3")
        bg = theme.get("background", "#0b1a2a")
        # a room's outline is drawn in its colour, unless that colour would vanish
        # into the background (white rooms on the light theme, black on the dark)
        self._outline = {tile: Style(color=colour) if abs(luminance(colour) - luminance(bg)) > 60
                         else Style(color=fg, dim=True) for tile, colour in colours.items()
                         if not tile.startswith(("pawn-", "heart"))}
        self._label = Style(color=fg, bold=True)
        rooms = state.rooms_by_pos()

        out = Text(no_wrap=True, overflow="crop")
        # caption: where we are, and where more of the map is hidden
        xs = [x for x, _ in state.cells]
        ys = [y for _, y in state.cells]
        more = "".join(mark for mark, hidden in (
            ("◂", min(xs) < x0), ("▸", max(xs) >= x0 + self.cols),
            ("▴", min(ys) < y0), ("▾", max(ys) >= y0 + self.rows)) if hidden)
        caption = Text(f" Dungeon {state.dungeon} · {len(state.rooms)} room"
                       f"{'s' * (len(state.rooms) != 1)} · north ↑",
                       style="bold")
        if more:
            caption.append(f"  more {more}", style=Style(color=warn, bold=True))
        caption.truncate(width)
        out.append_text(caption)
        out.append("\n")

        for row in range(self.rows):
            for line in range(CELL_H):
                out.append(" " * self.x_off)
                for col in range(self.cols):
                    pos = (x0 + col, y0 + row)
                    self._cell(out, state, rooms.get(pos), pos, line, colours, accent, warn, fg)
                out.append("\n")

        legend = Text(" ")
        for tile in (WHITE, ORANGE, BLACK, GREEN, YELLOW, BLUE, RED):
            colour = colours[tile]
            legend.append(f"{GLYPHS[tile]}{LETTERS[tile]}",
                          Style(bgcolor=colour, color=ink_for(colour), bold=True))
            legend.append(" ")
        legend.append("@ you ♙ pawn", style="bold")
        legend.truncate(width)
        out.append_text(legend)
        return out

    def _cell(self, out: Text, state: State, room: Any, pos: tuple[int, int], line: int,
              colours: dict[str, str], accent: str, warn: str, fg: str) -> None:
        inner = CELL_W - 2
        picked = pos == self.picked
        if room is None:
            side = self.targets.get(pos)
            if side is None:
                out.append(" " * CELL_W)
                return
            tile = state.tile if picked else None
            box = BOXES["picked" if picked else "open"]
            edge = Style(color=accent if picked else warn, bold=True)
            if tile is not None:
                colour = colours[tile]
                fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
                middle = f" {GLYPHS[tile]}{LETTERS[tile]} {ARROWS[side]} "
            else:
                fill = Style(color=warn, bold=True)
                middle = f"{ARROWS[side] + side.upper():^{inner}}"
            self._box(out, box, edge, fill, line, middle, "", "")
            return
        colour = colours[room.colour]
        fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
        here = pos == state.pos
        if here:
            box, edge = BOXES["you"], Style(color=fg, bold=True)
        elif picked:
            box, edge = BOXES["picked"], Style(color=accent, bold=True)
        else:
            box, edge = BOXES["room"], self._outline[room.colour]
        middle = f" {GLYPHS[room.colour]}{LETTERS[room.colour]} {'@' if here else ' '} "
        top = "lock" if room_locked(state, room) else ""
        bottom = f"♙{PAWN_ABBR.get(room.pawn, room.pawn[:3])}" if room.pawn else ""
        self._box(out, box, edge, fill, line, middle, top, bottom, self._label)

    @staticmethod
    def _box(out: Text, box: str, edge: Style, fill: Style, line: int, middle: str,
             top: str, bottom: str, label_style: Style | None = None) -> None:
        tl, hz, tr, vt, bl, br = box
        inner = CELL_W - 2
        if line in (0, CELL_H - 1):
            left, right = (tl, tr) if line == 0 else (bl, br)
            label = top if line == 0 else bottom
            border_line(out, left + hz + right, inner, edge, label, label_style)
        else:
            out.append(vt, edge)
            out.append(middle, fill)
            out.append(vt, edge)

    def on_click(self, event: events.Click) -> None:
        if self.origin is None:
            return
        x, y = event.x - self.x_off, event.y - 1
        if x < 0 or y < 0:
            return
        col, row = x // CELL_W, y // CELL_H
        if col < self.cols and row < self.rows:
            self.post_message(CellClicked(self, (self.origin[0] + col, self.origin[1] + row)))


def whole_map(app: Any, state: State) -> Text:
    """Every room of the dungeon as a two-cell coloured tile: letter and mark."""
    colours = room_colours(app)
    rooms = state.rooms_by_pos()
    xs = [x for x, _ in rooms]
    ys = [y for _, y in rooms]
    out = Text()
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            room = rooms.get((x, y))
            if room is None:
                out.append(" · ", Style(dim=True))
                continue
            colour = colours[room.colour]
            mark = "@" if (x, y) == state.pos else "*" if room.pawn else " "
            out.append(f"{MAP_LETTERS[room.colour]}{mark} ",
                       Style(bgcolor=colour, color=ink_for(colour), bold=True))
        out.append("\n")
    return out
