"""The dungeon map: rooms as coloured tiles around you, open sides, the whole-map view."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tideboard.engine.plurals import plural
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
from tideboard.games.moonlighter.game import MAP_LETTERS
from tideboard.games.moonlighter.state import State
from tideboard.ui.shared import CellClicked, border_line, game_colours, ink_for, luminance
from tideboard.ui.shared.log import cell_width

# -- how rooms look ------------------------------------------------------------
CELL_W, CELL_H = 8, 3  # one room on the map, borders included
HUGE = (16, 7)  # a room drawn huge (a 200x50 terminal), while the dungeon fits that way
BIG = (12, 5)  # ... or large
MEDIUM = (10, 4)  # ... or a little larger, while it fits that way
BIG_VIEW = 5  # ... in a view at least this many rooms each way
GLYPHS = {WHITE: "·", ORANGE: "⚔", BLACK: "⊠", GREEN: "✓", YELLOW: "$", BLUE: "≈", RED: "☠"}
LETTERS = MAP_LETTERS  # W O K G Y B R, as in the text map
TILE_WORDS = {
    WHITE: "white",
    ORANGE: "orange",
    BLACK: "black",
    YELLOW: "chest",
    BLUE: "pool",
    RED: "boss",
}
ROOM_WORDS = {
    WHITE: "white",
    ORANGE: "orange",
    BLACK: "black",
    GREEN: "cleared",
    YELLOW: "chest",
    BLUE: "pool",
    RED: "boss",
}
PAWN_ABBR = {
    "white": "wht",
    "red": "red",
    "orange": "org",
    "yellow": "yel",
    "green": "grn",
    "blue": "blu",
    "purple": "pur",
    "pink": "pnk",
    "black": "blk",
}
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

    Drawn with the line API: every line of the map is kept as a ``Strip`` and
    rebuilt only when the state, the size or the theme changes.  Moving the
    cursor (:meth:`move_cursor`) redraws the two cells concerned and repaints
    only their regions.  Rooms are drawn large (``BIG``) while the dungeon fits
    the view that way (or ``MEDIUM``), else small (``CELL_W`` x ``CELL_H``).

    A click on a room or an open side posts ``CellClicked(self, (x, y))`` in map coordinates.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.targets: dict[tuple[int, int], str] = {}  # open sides to place on -> side
        self.picked: tuple[int, int] | None = None  # the highlighted target
        self.origin: tuple[int, int] | None = None  # map coordinates of the top-left cell
        self.cols = self.rows = 1
        self.x_off = 0
        self.top = 1  # the line of the first row of rooms
        self.cell_w, self.cell_h = CELL_W, CELL_H  # the room size now drawn
        self._lines: list[Strip] | None = None  # the drawn lines (None: to draw)
        self._drawn_for: tuple[Any, ...] | None = None  # (size, theme) they were drawn for
        self._styles: dict[str, Any] = {}
        self._rooms: dict[tuple[int, int], Any] = {}

    # what the screen calls ------------------------------------------------------
    def show(
        self, state: State, targets: dict[tuple[int, int], str], picked: tuple[int, int] | None
    ) -> None:
        """A new state (or new open sides): everything is drawn again."""
        self.state, self.targets, self.picked = state, targets, picked
        self._rooms = state.rooms_by_pos()
        self._lines = None
        self.refresh()

    def move_cursor(self, picked: tuple[int, int] | None) -> None:
        """Only the highlighted cell changed: redraw and repaint the old and new cells."""
        old, self.picked = self.picked, picked
        if old == picked:
            return
        if self._lines is None or self.origin is None:
            self.refresh()
            return
        for pos in (old, picked):
            if pos is None or not self.in_view(pos):
                continue
            self._draw_row(pos[1] - self.origin[1])
            self.refresh(self.cell_region(pos))

    # the view -------------------------------------------------------------
    def layout_view(self) -> tuple[int, int]:
        """Work out the room size, how many rooms fit and which map cell is at the top left."""
        state = self.state
        assert state is not None
        cells = list(state.cells) + list(self.targets)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        span_x, span_y = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        for cell_w, cell_h in (HUGE, BIG, MEDIUM, (CELL_W, CELL_H)):
            width = max(self.size.width, cell_w)
            height = max(self.size.height, cell_h + 2)
            cols, rows = max(1, width // cell_w), max(1, (height - 2) // cell_h)
            if span_x <= cols and span_y <= rows and min(cols, rows) >= BIG_VIEW:
                break
        if (cell_w, cell_h) != (self.cell_w, self.cell_h):
            self.origin = None  # another zoom: centre afresh
        self.cell_w, self.cell_h, self.cols, self.rows = cell_w, cell_h, cols, rows
        self.x_off = (width - cols * cell_w) // 2
        self.top = 1 + max(0, (self.size.height - 2 - rows * cell_h) // 2)
        old = self.origin or (None, None)
        x0 = fit_axis(min(xs), max(xs), cols, state.pos[0], old[0])
        y0 = fit_axis(min(ys), max(ys), rows, state.pos[1], old[1])
        self.origin = (x0, y0)
        return x0, y0

    def cell_region(self, pos: tuple[int, int]) -> Region:
        """Where map cell ``pos`` is drawn, in the widget's coordinates."""
        assert self.origin is not None
        col, row = pos[0] - self.origin[0], pos[1] - self.origin[1]
        return Region(
            self.x_off + col * self.cell_w, self.top + row * self.cell_h, self.cell_w, self.cell_h
        )

    def in_view(self, pos: tuple[int, int]) -> bool:
        """Whether the room at ``pos`` is in the part of the dungeon drawn now."""
        if self.origin is None:
            return False
        x0, y0 = self.origin
        return x0 <= pos[0] < x0 + self.cols and y0 <= pos[1] < y0 + self.rows

    # drawing ----------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        key = (self.size, self.app.theme)
        if self._lines is None or self._drawn_for != key:
            self._draw()
            self._drawn_for = key
        lines = self._lines or []
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.rich_style)

    def as_text(self) -> Text:
        """The whole map as one Text (what is on screen; for tests and the whole-map view)."""
        if self.state is None:
            return Text("")
        self.layout_view()
        self._set_styles()
        lines = [self._caption()] + [Text()] * (self.top - 1)
        for row in range(self.rows):
            lines += self._row_texts(row)
        lines += [Text()] * (self.size.height - 1 - len(lines)) + [self._legend()]
        return Text("\n").join(lines)

    def _strip(self, text: Text) -> Strip:
        width = self.size.width
        # measured without Rich's cell-length cache: a campaign draws thousands
        # of different map lines, and that cache would keep 4,096 of them
        strip = Strip(list(text.render(self.app.console)), cell_width(text.plain))
        return strip.apply_style(self.rich_style).crop_extend(0, width, self.rich_style)

    def _draw(self) -> None:
        if self.state is None:
            self._lines = []
            return
        self.layout_view()
        self._set_styles()
        blank = Strip.blank(self.size.width, self.rich_style)
        lines = [self._strip(self._caption())] + [blank] * (self.top - 1)
        for row in range(self.rows):
            lines += [self._strip(text) for text in self._row_texts(row)]
        lines += [blank] * (self.size.height - 1 - len(lines)) + [self._strip(self._legend())]
        self._lines = lines

    def _draw_row(self, row: int) -> None:
        """Redraw one row of rooms in the kept lines."""
        if self._lines is None:
            return
        first = self.top + row * self.cell_h
        for i, text in enumerate(self._row_texts(row)):
            if first + i < len(self._lines):
                self._lines[first + i] = self._strip(text)

    def _set_styles(self) -> None:
        colours = room_colours(self.app)
        theme = self.app.theme_variables
        fg = theme.get("foreground", "#e6edf3")
        bg = theme.get("background", "#0b1a2a")
        # a room's outline is drawn in its colour, unless that colour would vanish
        # into the background (white rooms on the light theme, black on the dark)
        outline = {
            tile: Style(color=colour)
            if abs(luminance(colour) - luminance(bg)) > 60
            else Style(color=fg, dim=True)
            for tile, colour in colours.items()
            if not tile.startswith(("pawn-", "heart"))
        }
        self._styles = {
            "colours": colours,
            "outline": outline,
            "label": Style(color=fg, bold=True),
            "accent": theme.get("accent", "#f4a261"),
            "warn": theme.get("warning", "#f4d35e"),
            "fg": fg,
        }

    def _caption(self) -> Text:
        state = self.state
        assert state is not None and self.origin is not None
        x0, y0 = self.origin
        xs = [x for x, _ in state.cells]
        ys = [y for _, y in state.cells]
        more = "".join(
            mark
            for mark, hidden in (
                ("◂", min(xs) < x0),
                ("▸", max(xs) >= x0 + self.cols),
                ("▴", min(ys) < y0),
                ("▾", max(ys) >= y0 + self.rows),
            )
            if hidden
        )
        caption = Text(
            f" Dungeon {state.dungeon} · {plural(len(state.rooms), 'room')} · north ↑", style="bold"
        )
        if more:
            caption.append(f"  more {more}", style=Style(color=self._styles["warn"], bold=True))
        if cell_width(caption.plain) > self.size.width:
            caption.truncate(self.size.width)
        return caption

    def _legend(self) -> Text:
        colours = self._styles["colours"]
        legend = Text(" ")
        for tile in (WHITE, ORANGE, BLACK, GREEN, YELLOW, BLUE, RED):
            colour = colours[tile]
            legend.append(
                f"{GLYPHS[tile]}{LETTERS[tile]}",
                Style(bgcolor=colour, color=ink_for(colour), bold=True),
            )
            legend.append(" ")
        legend.append("@ you ♙ pawn", style="bold")
        if cell_width(legend.plain) > self.size.width:
            legend.truncate(self.size.width)
        return legend

    def _row_texts(self, row: int) -> list[Text]:
        """The lines of one row of rooms."""
        state = self.state
        assert state is not None and self.origin is not None
        x0, y0 = self.origin
        lines = []
        for line in range(self.cell_h):
            out = Text(" " * self.x_off, no_wrap=True, overflow="crop")
            for col in range(self.cols):
                pos = (x0 + col, y0 + row)
                self._cell(out, state, self._rooms.get(pos), pos, line)
            lines.append(out)
        return lines

    def _cell(self, out: Text, state: State, room: Any, pos: tuple[int, int], line: int) -> None:
        st = self._styles
        colours = st["colours"]
        picked = pos == self.picked
        big = self.cell_h > CELL_H + 1
        medium = self.cell_h == CELL_H + 1
        if room is None:
            side = self.targets.get(pos)
            if side is None:
                out.append(" " * self.cell_w)
                return
            tile = state.tile if picked else None
            box = BOXES["picked" if picked else "open"]
            edge = Style(color=st["accent"] if picked else st["warn"], bold=True)
            if tile is not None:
                colour = colours[tile]
                fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
                inside = (
                    [f"{GLYPHS[tile]} {LETTERS[tile]}", TILE_WORDS[tile], f"place {ARROWS[side]}"]
                    if big
                    else [f"{GLYPHS[tile]} {LETTERS[tile]} {ARROWS[side]}", TILE_WORDS[tile]]
                    if medium
                    else [f" {GLYPHS[tile]}{LETTERS[tile]} {ARROWS[side]} "]
                )
            else:
                fill = Style(color=st["warn"], bold=True)
                inside = (
                    [f"{ARROWS[side]} {side.upper()}", "open"]
                    if big or medium
                    else [ARROWS[side] + side.upper()]
                )
            self._box(out, box, edge, fill, line, inside, "", "")
            return
        colour = colours[room.colour]
        fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
        here = pos == state.pos
        if here:
            box, edge = BOXES["you"], Style(color=st["fg"], bold=True)
        elif picked:
            box, edge = BOXES["picked"], Style(color=st["accent"], bold=True)
        else:
            box, edge = BOXES["room"], st["outline"][room.colour]
        if big or medium:
            inside = (
                [
                    f"{GLYPHS[room.colour]} {LETTERS[room.colour]}",
                    ROOM_WORDS[room.colour],
                    "@ you" if here else "",
                ]
                if big
                else [
                    f"{GLYPHS[room.colour]} {LETTERS[room.colour]} {'@' if here else ' '}",
                    ROOM_WORDS[room.colour],
                ]
            )
            top = "locked" if room_locked(state, room) else ""
            bottom = f"♙{room.pawn}" if room.pawn else ""
        else:
            inside = [f" {GLYPHS[room.colour]}{LETTERS[room.colour]} {'@' if here else ' '} "]
            top = "lock" if room_locked(state, room) else ""
            bottom = f"♙{PAWN_ABBR.get(room.pawn, room.pawn[:3])}" if room.pawn else ""
        self._box(out, box, edge, fill, line, inside, top, bottom, st["label"])

    def _box(
        self,
        out: Text,
        box: str,
        edge: Style,
        fill: Style,
        line: int,
        inside: list[str],
        top: str,
        bottom: str,
        label_style: Style | None = None,
    ) -> None:
        tl, hz, tr, vt, bl, br = tuple(box)  # (six box-drawing characters)
        inner = self.cell_w - 2
        if line in (0, self.cell_h - 1):
            left, right = (tl, tr) if line == 0 else (bl, br)
            label = top if line == 0 else bottom
            border_line(out, left + hz + right, inner, edge, label, label_style)
        else:
            first = 1 + max(0, (self.cell_h - 2 - len(inside)) // 2)  # centred
            text = inside[line - first] if 0 <= line - first < len(inside) else ""
            out.append(vt, edge)
            out.append(f"{text:^{inner}}"[:inner], fill)
            out.append(vt, edge)

    def on_click(self, event: events.Click) -> None:
        if self.origin is None:
            return
        x, y = event.x - self.x_off, event.y - self.top
        if x < 0 or y < 0:
            return
        col, row = x // self.cell_w, y // self.cell_h
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
            out.append(
                f"{MAP_LETTERS[room.colour]}{mark} ",
                Style(bgcolor=colour, color=ink_for(colour), bold=True),
            )
        out.append("\n")
    return out
