"""The Moonshell screen: the ocean with its rocks, your treasure chest, the table, the log.

The ocean is drawn from the side of the player at the screen (your rocks at
the bottom, columns 1-5 from your left).  Every tile shows a shape glyph and
its colour + shape letters (``◓ wC``), so colour is never the only cue.

Keys: ``r`` rotates the ocean; ``p`` (or a column key 1-5) previews a pull
(arrows pick the column, up/down the rock for the centre column, Enter pulls:
it draws from the bag, so it cannot be taken back); ``c`` collects (pick the
rock, then the chest column; the landing space is shown, Enter drops it);
``m`` places the moonshell; ``x`` passes with a full chest; ``k``/Enter keeps
a secret objective in the keep phase; ``o`` shows every objective and chest.
The mouse works too: click a column, a rock, a chest column or a secret card.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import (
    CARDS,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CHEST_SIZE,
    COLOUR_LETTERS,
    COLOURS,
    COLUMNS,
    DECK_TITLES,
    EMPTY,
    MASK,
    MOONSHELL,
    SHAPE_LETTERS,
    URCHIN,
    PatternCard,
    bit_name,
    far_rock,
    tile_code,
)
from tideboard.games.moonshell.state import (
    KEEP,
    MOON,
    PASS,
    ROTATE,
    Collect,
    Keep,
    Pull,
    Rotate,
    State,
)
from tideboard.ui.shared.game_screen import GameLog, GameScreen
from tideboard.ui.shared.modals import ConfirmScreen
from tideboard.ui.shared import (
    BlocksScreen,
    StatusLine,
    game_colours,
    ink_for,
    theme_colour,
)

GLYPHS = ("◓", "✿", "▲", "★")          # clamshell, sand dollar, auger, starfish
URCHIN_GLYPH, MOON_GLYPH = "✷", "☾"
UNKNOWN = -2                            # a tile still in the bag (pull preview)
PLAIN, THICK, DOUBLE = "┌─┐│└┘", "┏━┓┃┗┛", "╔═╗║╚╝"
ROCK_WORDS = ("left", "right")
HINT_TAIL = " · o objectives · ? help"      # the end of the hints, dropped when space is short
# Board geometry (characters): left gutter, cell width and height.
GUTTER, CELL_W, CELL_H = 7, 6, 3
BOARD_W = GUTTER * 2 + CELL_W * 5      # 44
BOARD_H = 20
ROCK_Y = 1 + CELL_H * 5                # the row of your own rocks (16)
# Chest geometry: shared borders, cells 4 wide.
CHEST_W = 1 + 5 * CHEST_COLUMNS        # 21


# -- colours and tiles ------------------------------------------------------------
def shell_colours(app: Any) -> dict[str, str]:
    return game_colours(app, "moonshell")


def tile_label(tile: int) -> str:
    """Four characters: glyph, space, colour + shape letters."""
    if tile == EMPTY:
        return "    "
    if tile == UNKNOWN:
        return " ?? "
    if tile == URCHIN:
        return f"{URCHIN_GLYPH} UR"
    if tile == MOONSHELL:
        return f"{MOON_GLYPH} MS"
    return f"{GLYPHS[tile // 4]} {tile_code(tile)}"


def tile_style(tile: int, colours: dict[str, str]) -> Style:
    if tile == EMPTY:
        return Style()
    if tile == UNKNOWN:
        return Style(bgcolor=colours["water"], color=ink_for(colours["water"]), bold=True)
    if tile == URCHIN:
        fill = colours["urchin"]
    elif tile == MOONSHELL:
        fill = colours["moonshell"]
    else:
        fill = colours[COLOURS[tile % 4]]
    return Style(bgcolor=fill, color=ink_for(fill), bold=True)


def tile_text(tile: int, colours: dict[str, str]) -> Text:
    return Text(tile_label(tile), style=tile_style(tile, colours))


def type_chip(bit: int, colours: dict[str, str]) -> Text:
    """A Pair/Trove/Collector type: a shape glyph or a colour letter on its colour."""
    index = bit.bit_length() - 1
    if index < 4:
        return Text(f"{GLYPHS[index]}{SHAPE_LETTERS[index]} {bit_name(bit)}", style="bold")
    fill = colours[COLOURS[index - 4]]
    chip = Text(f" {COLOUR_LETTERS[index - 4]} ", style=Style(bgcolor=fill, color=ink_for(fill),
                                                              bold=True))
    return chip + Text(f" {bit_name(bit)}")


def pattern_lines(card: PatternCard, colours: dict[str, str], accent: str) -> list[Text]:
    """A pattern, top row first, three characters a cell."""
    out = []
    for row in card.rows:
        line = Text()
        for ch in row:
            if ch == ".":
                line.append(" · ", Style(dim=True))
            elif ch == "X":
                line.append(" X ", Style(color=accent, bold=True))
            elif ch in SHAPE_LETTERS:
                line.append(f"{GLYPHS[SHAPE_LETTERS.index(ch)]}{ch} ", Style(bold=True))
            else:
                fill = colours[COLOURS[COLOUR_LETTERS.index(ch)]]
                line.append(f" {ch} ", Style(bgcolor=fill, color=ink_for(fill), bold=True))
        out.append(line)
    return out


def card_summary(card_id: str) -> str:
    """One short line: what the card asks for and pays."""
    card = CARDS[card_id]
    if card.deck == "secret":
        times = f" x{card.seahorses}" if card.seahorses > 1 else ""
        return f"{card.name}, one {card.same}, {card.points} points{times}"
    if card.deck in ("composition", "array"):
        return f"{card.name}: {card.points}"
    if card.deck == "pair":
        return f"pairs {' + '.join(bit_name(b) for b in card.types)}: 2 each"
    if card.deck == "trove":
        return f"most {bit_name(card.types[0], plural=True)}: 6"
    return f"{bit_name(card.types[0], plural=True)}: 1 each"


def tile_fits(tile: int, card_ids: tuple[str, ...] | list[str]) -> list[str]:
    """The open objectives a tile counts toward: a Composition card naming its
    shape, an Array card naming its colour, a Pair/Trove/Collector card of its
    type.  The moonshell fits every one; an urchin none."""
    if tile == MOONSHELL:
        return list(card_ids)
    if tile in (EMPTY, URCHIN, UNKNOWN):
        return []
    shape, colour = SHAPE_LETTERS[tile // 4], COLOUR_LETTERS[tile % 4]
    bits = MASK[tile]
    out = []
    for card_id in card_ids:
        card = CARDS[card_id]
        if isinstance(card, PatternCard):
            if card.deck != "secret" and any(shape in row or colour in row for row in card.rows):
                out.append(card_id)
        elif any(bits & bit for bit in card.types):
            out.append(card_id)
    return out


def fits_text(tile: int, card_ids: tuple[str, ...] | list[str]) -> str:
    """'fits C2 K4' / '1 point, fits no objective' for the status line."""
    if tile == URCHIN:
        return "1 point, fits no objective"
    if tile == MOONSHELL:
        return "fits every objective"
    fits = tile_fits(tile, card_ids)
    return f"fits {' '.join(fits)}" if fits else "fits no open objective"


# -- a tiny character canvas ---------------------------------------------------------
class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: Style | str | None = None) -> None:
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            for i, ch in enumerate(text.plain):
                spans = [s.style for s in text.spans if s.start <= i < s.end]
                st = Style.parse(text.style) if isinstance(text.style, str) else text.style
                for extra in spans:
                    st = st + (Style.parse(extra) if isinstance(extra, str) else extra)
                self._set(x + i, y, ch, st)
            return
        st = Style.parse(style) if isinstance(style, str) else style
        for i, ch in enumerate(text):
            self._set(x + i, y, ch, st)

    def _set(self, x: int, y: int, ch: str, style: Style | None) -> None:
        if 0 <= x < self.width:
            self.chars[y][x] = ch
            self.styles[y][x] = style

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

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            run, run_style = "", None
            for ch, st in zip(self.chars[y], self.styles[y]):
                if st != run_style and run:
                    out.append(run, run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, run_style)
            if y < self.height - 1:
                out.append("\n")
        return out


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
    """The 5x5 ocean and the eight rock spaces; click a column or one of your rocks."""

    class Clicked(Message):
        def __init__(self, kind: str, index: int) -> None:
            super().__init__()
            self.kind = kind      # "column" (0-4 from the viewer's left) or "rock" (absolute)
            self.index = index

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
        canvas = Canvas(BOARD_W, BOARD_H)
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
            self.post_message(self.Clicked("column", (x - GUTTER) // CELL_W))
            return
        for rock, (kind, rx, ry) in rock_spots(self.side).items():
            height = 3 if kind == "box" else 1
            if rx <= x < rx + CELL_W and ry <= y < ry + height:
                self.post_message(self.Clicked("rock", rock))
                return


# -- the treasure chest -----------------------------------------------------------------
def chest_text(app: Any, chest: tuple[tuple[int, ...], ...], chosen: int | None = None,
               landing: int | None = None, legal: set[int] = frozenset(),
               header: bool = True) -> Text:
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
            if r == land_row and c == chosen:
                canvas.put(1 + 5 * c, y, tile_text(landing, colours))
                canvas.put(5 * c, y, "▶", accent)
                canvas.put(5 * c + 5, y, "◀", accent)
            elif tile != EMPTY:
                canvas.put(1 + 5 * c, y, tile_text(tile, colours))
            elif c == chosen:
                canvas.put(1 + 5 * c, y, "  · ", Style(dim=True))
        if r < CHEST_ROWS - 1:
            canvas.put(0, y + 1, "├" + "┼".join(["────"] * CHEST_COLUMNS) + "┤", edge)
    canvas.put(0, top + 2 * CHEST_ROWS, "└" + "┴".join(["────"] * CHEST_COLUMNS) + "┘", edge)
    return canvas.text()


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


class ChestView(Widget):
    """Your treasure chest; click a column to drop the chosen tile there."""

    class Clicked(Message):
        def __init__(self, column: int) -> None:
            super().__init__()
            self.column = column

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chest: tuple[tuple[int, ...], ...] = ((), (), (), ())
        self.chosen: int | None = None
        self.landing: int | None = None
        self.legal: set[int] = set()

    def render(self) -> Text:
        return chest_text(self.app, self.chest, self.chosen, self.landing, self.legal)

    def on_click(self, event: events.Click) -> None:
        if 0 < event.x < CHEST_W - 1 and event.y >= 0:
            self.post_message(self.Clicked(min(CHEST_COLUMNS - 1, (event.x - 1) // 5)))


# -- secret objective cards ---------------------------------------------------------
OFFER_W = 17


def secret_card_lines(app: Any, card_id: str, selected: bool, number: int | None,
                      width: int = OFFER_W) -> list[Text]:
    """A secret objective card, ``width`` x 8: its number and id in the top
    border, the name, what the X tiles share, points, and the pattern."""
    colours = shell_colours(app)
    accent_hex = theme_colour(app, "accent", "#f4a261")
    card = CARDS[card_id]
    inner = width - 2
    edge = Style(color=accent_hex, bold=True) if selected else Style(dim=True)
    tl, hz, tr, vt, bl, br = THICK if selected else "╭─╮│╰╯"
    head = f"{number}: {card.id}" if number is not None else card.id
    body: list[Text] = [Text(card.name, style="bold"), Text(f"same {card.same}")]
    times = f" x{card.seahorses}" if card.seahorses > 1 else ""
    points = Text(f"{card.points} pts{times}")
    points.append(" " * max(1, inner - points.cell_len - 5))
    points.append("turns" if card.turn else "shift", style="dim")
    body.append(points)
    body += pattern_lines(card, colours, accent_hex)
    while len(body) < 6:
        body.append(Text())
    top = Text(tl + hz, style=edge)
    top.append(f" {head} ", style=Style(bold=True, color=accent_hex) if selected else "bold")
    top.append(hz * (inner - 1 - len(head) - 2) + tr, style=edge)
    lines = [top]
    for part in body:
        part = part.copy()
        part.truncate(inner, overflow="ellipsis")
        line = Text(vt, style=edge)
        line.append_text(part)
        line.append(" " * (inner - part.cell_len))
        line.append(vt, style=edge)
        lines.append(line)
    bottom = Text(bl + hz, style=edge)
    mark = " ✓ chosen " if selected else ""
    bottom.append(mark, style=Style(bold=True, color=accent_hex))
    bottom.append(hz * (inner - 1 - len(mark)) + br, style=edge)
    lines.append(bottom)
    return lines


def grid_of(blocks: list[list[Text]], width: int, gap: int = 1) -> Text:
    """Blocks side by side, in as many rows as ``width`` needs."""
    if not blocks:
        return Text()
    block_w = max(line.cell_len for block in blocks for line in block) + gap
    per_row = max(1, (width + gap) // block_w)
    rows = [side_by_side(blocks[i:i + per_row], gap) for i in range(0, len(blocks), per_row)]
    return Text("\n").join(rows)


def side_by_side(blocks: list[list[Text]], gap: int = 1) -> Text:
    height = max(len(b) for b in blocks)
    widths = [max((line.cell_len for line in b), default=0) for b in blocks]
    out = []
    for y in range(height):
        line = Text()
        for block, width in zip(blocks, widths):
            part = block[y] if y < len(block) else Text()
            line.append_text(part)
            line.append(" " * (width - part.cell_len + gap))
        out.append(line)
    return Text("\n").join(out)


class OfferStrip(Widget):
    """The two secret objectives dealt to you in the keep phase; click one to choose it."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.offers: tuple[str, ...] = ()
        self.selected = 0
        self.note = ""

    def render(self) -> Text:
        if self.note or not self.offers:
            return Text(self.note or "", style="italic")
        return side_by_side([secret_card_lines(self.app, card, i == self.selected, i + 1)
                             for i, card in enumerate(self.offers)])

    def on_click(self, event: events.Click) -> None:
        index = event.x // (OFFER_W + 1)
        if 0 <= index < len(self.offers):
            self.post_message(self.Clicked(index))


# -- the full objectives view (key o) ------------------------------------------------
def objective_card_lines(app: Any, card_id: str, width: int = 20) -> list[Text]:
    colours = shell_colours(app)
    accent_hex = theme_colour(app, "accent", "#f4a261")
    card = CARDS[card_id]
    inner = width - 2
    body: list[Text] = [Text(f"{DECK_TITLES[card.deck]} {card.id}", style="bold")]
    if isinstance(card, PatternCard):
        body.append(Text(card.name))
        body += pattern_lines(card, colours, accent_hex)
        if card.deck == "secret":
            body.append(Text(f"one {card.same}: {card.points}pt" +
                             (f" x{card.seahorses}" if card.seahorses > 1 else "")))
        else:
            body.append(Text(f"{card.points} points, once"))
        body.append(Text("may turn & flip" if card.turn else "shift only", style="dim"))
    else:
        if card.deck == "pair":
            body.append(Text("a pair is one"))
            for bit in card.types:
                body.append(type_chip(bit, colours))
            body.append(Text("2 each, ≤6 pairs"))
        elif card.deck == "trove":
            body.append(Text("most tiles of"))
            body.append(type_chip(card.types[0], colours))
            body.append(Text("6 to all tied"))
        else:
            body.append(Text("each tile of"))
            body.append(type_chip(card.types[0], colours))
            body.append(Text("1 each, up to 12"))
    edge = Style(dim=True)
    lines = [Text("╭" + "─" * inner + "╮", style=edge)]
    for part in body:
        part = part.copy()
        part.truncate(inner, overflow="ellipsis")
        line = Text("│", style=edge)
        line.append_text(part)
        line.append(" " * (inner - part.cell_len))
        line.append("│", style=edge)
        lines.append(line)
    lines.append(Text("╰" + "─" * inner + "╯", style=edge))
    return lines


class ObjectivesScreen(BlocksScreen):
    """Every objective with its pattern, the running scores, every chest (key o)."""

    def __init__(self, parts: list[tuple[str, Any]]) -> None:
        super().__init__(parts, key="o")


# -- explaining the winner ---------------------------------------------------------------
def tiebreak_text(state: State, name: Any) -> str:
    """Who won and, when points tie, which tie-break decided it."""
    totals = [scoring.breakdown(state, s)["total"] for s in range(state.players)]
    best = max(totals)
    top = [s for s in range(state.players) if totals[s] == best]
    winners = scoring.winners(state)
    names = " and ".join(name(s) for s in winners)
    if len(top) == 1:
        verb = "has" if len(winners) == 1 and names != "You" else "have"
        return f"{names} {verb} the most points ({best})."
    tied = " and ".join(name(s) for s in top)
    text = f"{tied} tie on {best} points. "
    unused = [s for s in top if not scoring.used_moonshell(state, s)]
    if unused and len(unused) < len(top):
        text += (f"Tie-break 1, an unused moonshell: "
                 f"{' and '.join(name(s) for s in unused)}. ")
        top = unused
    else:
        text += "Tie-break 1 (unused moonshell) does not separate them. "
    if len(top) > 1:
        tiles = {s: scoring.tiles_on_board(state, s) for s in top}
        fewest = min(tiles.values())
        if len(winners) < len(top):
            text += (f"Tie-break 2, fewer tiles in the chest: "
                     f"{names} with {fewest}. ")
        else:
            text += f"Tie-break 2 (fewer tiles, {fewest}) does not either: they share the victory."
    if len(winners) == 1 and not text.rstrip().endswith("victory."):
        text += f"{names} {'win' if names == 'You' else 'wins'}."
    return text.strip()


class MoonshellScreen(GameScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [
        Binding("left", "move(-1)", "Move", show=False),
        Binding("right", "move(1)", "Move", show=False),
        Binding("up,down", "toggle_rock", "Rock", show=False),
        *[Binding(str(n), f"number({n})", f"Column {n}", show=False) for n in range(1, 6)],
        Binding("r", "rotate", "Rotate"),
        Binding("p", "pull", "Pull"),
        Binding("c", "collect", "Collect"),
        Binding("m", "moonshell", "Moon"),
        Binding("k", "keep", "Keep", show=False),
        Binding("x", "pass_turn", "Pass", show=False),
        Binding("enter", "confirm", "Confirm", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("o", "objectives", "Objectives"),
    ]
    KEYS_HELP = [
        ("r", "rotate the ocean a quarter turn (the tides token's direction)"),
        ("p, or 1-5", "preview a pull: the column's two nearest tiles slide onto your rocks"),
        ("← →  (pulling)", "choose the column; ↑ ↓ choose the rock for the centre column"),
        ("Enter / Esc", "carry out / drop the previewed pull, collect or moonshell"),
        ("c", ("collect: ← → pick the rock, Enter, then ← → or 1-4 the chest column "
               "(the landing space is marked ▶ ◀), Enter drops it")),
        ("m", "place your moonshell: ← → or 1-4 the chest column, Enter"),
        ("x", "pass the rest of your turn (only with a full chest)"),
        ("k or Enter", "keep phase: keep the chosen secret objective (← → or 1 2 choose)"),
        ("o", "every objective with its pattern, the running scores and every chest"),
        ("mouse", ("click an ocean column to preview its pull (again to pull), one of your "
                   "rocks to collect from it, a chest column to drop the tile there, a "
                   "secret card to choose it")),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mode: str | None = None     # None, "pull", "rock" (pick a rock), "chest"
        self.column = CENTRE             # ocean column cursor (viewer's 0-4)
        self.first = 0                   # centre column pull: rock of the nearest tile
        self.rock = 0                    # rock picked to collect from
        self.source = 0                  # Collect.source of the pending collect
        self.chest_column = 0
        self.offer = 0
        self.note = ""                   # what just happened, shown before the hint
        self._baseline: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._auto_seen = 0              # automaton turns already pointed out

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="ms-top"):
            with Vertical(id="ms-left"):
                yield OceanBoard(id="ms-board")
                yield Static(id="ms-others")
            with Vertical(id="ms-side"):
                with Horizontal(id="ms-chestrow"):
                    yield ChestView(id="ms-chest")
                    yield Static(id="ms-info")
                yield OfferStrip(id="ms-offers")
                yield Static(id="ms-table")
                yield Static(id="ms-objectives")
                yield GameLog(id="ms-log")
        yield StatusLine(id="ms-status")
        yield Footer()

    # -- whose view ----------------------------------------------------------------
    def home_seat(self) -> int:
        """The seat whose side is drawn at the bottom."""
        if self.viewer is not None:
            return self.viewer
        humans = self.human_seats
        seats = self.game.to_move(self.state)
        if seats and seats[0] in humans:
            return seats[0]
        return humans[0] if humans else 0

    def who(self, seat: int) -> str:
        if self.match.config.solo and seat == 1:
            return "Automaton"
        return self.seat_name(seat)

    def short(self, seat: int) -> str:
        if self.match.config.solo:
            return "You" if seat == 0 else "Auto"
        mark = " (you)" if seat == self.viewer else ""
        return f"P{seat + 1}{mark}"

    # -- drawing --------------------------------------------------------------------
    def refresh_table(self) -> None:
        state: State = self.state
        shown: State = self.shown
        me = self.home_seat()
        my_turn = self.human_to_move() is not None
        if not my_turn:
            self.mode = None
        board = self.query_one(OceanBoard)
        board.side = shown.sides[me]
        board.labels = {shown.sides[s]: self.short(s) for s in range(shown.players)}
        board.ocean, board.rocks = shown.ocean, shown.rocks
        board.tides = shown.direction
        board.pulling, board.pull_arrow, board.column_marks = False, "", set()
        board.rock_marks = {}
        board.legal_columns = set()
        board.cursor = self.column if my_turn and shown.phase != KEEP else None
        base = rules.seat_rocks(state, me)
        my_rocks = (shown.sides[me] * 2, shown.sides[me] * 2 + 1)
        if self.mode is None and self._baseline is not None:
            ocean0, rocks0 = self._baseline
            board.flash_cells = {i for i in range(25) if ocean0[i] != state.ocean[i]}
            board.flash_rocks = {i for i in range(8) if rocks0[i] != state.rocks[i]}
        else:
            board.flash_cells, board.flash_rocks = set(), set()
        board.rotated = bool(board.flash_cells and self.match.actions
                             and isinstance(self.match.actions[-1], Rotate))
        if my_turn and shown.phase != KEEP:
            if self.mode == "pull":
                preview = self._pull_preview()
                if preview is not None:
                    after, unknown, moved = preview
                    board.ocean = tuple(UNKNOWN if i in unknown else t
                                        for i, t in enumerate(after.ocean))
                    board.rocks = after.rocks
                    board.column_marks = moved
                    board.rock_marks = {r: "selected" for r in my_rocks
                                        if after.rocks[r] != EMPTY}
                board.pulling = True
                if self.column == CENTRE:
                    board.pull_arrow = "◀" if self.first == 0 else "▶"
            elif self.mode == "rock":
                board.rock_marks = {my_rocks[k]: ("selected" if k == self.rock else "legal")
                                    for k in (0, 1) if base[k] != EMPTY}
            elif self.mode == "chest" and self.source != MOON:
                board.rock_marks = {my_rocks[self.source]: "selected"}
            else:
                if base == (EMPTY, EMPTY):
                    board.legal_columns = {c for c in range(5)
                                           if rules.column_tiles(state, me, c)}
                else:
                    board.rock_marks = {my_rocks[k]: "legal" for k in (0, 1)
                                        if base[k] != EMPTY}
        board.refresh()
        self._draw_side(shown, me, my_turn)
        seat = self.game.to_move(state)
        if seat:
            phase = "choosing secrets" if shown.phase == KEEP else f"round {shown.round}"
            self.title = f"Moonshell - {self.who(seat[0])} to play ({phase})"
        else:
            self.title = "Moonshell - game over"
        self.app.title = self.title
        if my_turn and self.mode is None:
            hint = self._hint()
            if state.solo and state.auto_turns > self._auto_seen:
                self._auto_seen = state.auto_turns
                self.note = ("The automaton played its turn (the log has every step; "
                             "o lists them).")
            message = f"{self.note} {hint}".strip() if self.note else hint
            # the status line has two lines: drop the reminder of o and ? before
            # the keys of the next action fall off the end
            if not self._fits_status(message):
                message = message.replace(HINT_TAIL, "")
            self.say(message)
            self.note = ""

    def _draw_side(self, shown: State, me: int, my_turn: bool) -> None:
        keep = shown.phase == KEEP and not shown.over
        offers = self.query_one(OfferStrip)
        offers.display = keep
        self.query_one("#ms-chestrow").display = not keep
        if keep:
            seat = self.game.to_move(self.state)[0]
            if self.viewer is not None and seat == self.viewer:
                offers.offers, offers.note = shown.offers[seat], ""
                offers.selected = self.offer
            elif self.viewer is None:
                offers.offers, offers.note = (), "Secret objectives stay hidden until the next player is ready."
            else:
                offers.offers = ()
                offers.note = f"{self.who(seat)} is choosing a secret objective..."
            offers.refresh()
        chest = self.query_one(ChestView)
        chest.chest = shown.chests[me]
        chest.chosen = chest.landing = None
        chest.legal = set()
        if my_turn and self.mode == "chest":
            chest.chosen = self.chest_column
            chest.landing = self._source_tile()
        if my_turn and self.mode in ("chest", "rock"):
            chest.legal = {c for c in range(CHEST_COLUMNS)
                           if len(shown.chests[me][c]) < CHEST_ROWS}
        chest.refresh()
        self.query_one("#ms-info", Static).update(self._info(shown, me))
        self.query_one("#ms-table", Static).update(self._score_table(shown, me))
        self.query_one("#ms-objectives", Static).update(self._objective_lines(shown, me))
        self.query_one("#ms-others", Static).update(self._others(shown, me))

    def _info(self, shown: State, me: int) -> Text:
        out = Text()
        solo_me = self.match.config.solo and me == 0
        out.append("Your chest\n" if (me == self.viewer or solo_me) else f"P{me + 1} chest\n",
                   style="bold")
        count = rules.chest_count(shown.chests[me])
        out.append(f"{count}/{CHEST_SIZE} tiles\n")
        seat = self.game.to_move(self.state)
        left = shown.actions_left if shown.phase != KEEP and not shown.over else 0
        if seat and seat[0] == me and shown.phase != KEEP:
            out.append("Actions ")
            out.append("●" * left, style=Style(color=theme_colour(self.app, "accent", "#f4a261"),
                                               bold=True))
            out.append("○" * (3 - left), style="dim")
            out.append(f"\n{left} left\n")
        else:
            out.append("Not your turn\n\n", style="dim")
        if shown.solo and me == 1:
            out.append("no moonshell\n", style="dim")
        elif shown.moonshells[me]:
            out.append(f"{MOON_GLYPH} in reserve\n")
        else:
            out.append(f"{MOON_GLYPH} placed\n", style="dim")
        bag = len(shown.bag)
        out.append(f"Bag {bag}")
        if shown.urchins_aside:
            out.append(f" +{shown.urchins_aside}{URCHIN_GLYPH}")
        out.append("\n")
        if shown.end_trigger >= 0 and not shown.over:
            out.append("Last round!", style="bold")
        return out

    def _score_table(self, shown: State, me: int) -> Text:
        """Per player, the public running score of each objective; then your secret."""
        cards = shown.open_cards
        heads = [c for c in cards] + [URCHIN_GLYPH, MOON_GLYPH, "Σ"]
        widths = [max(3, len(h) + 1) for h in cards] + [2, 2, 4]
        name_w = 10  # "▶P1 (you)" fits; the whole table stays within 35 columns
        out = Text(" " * name_w, style="bold")
        for head, width in zip(heads, widths):
            out.append(f"{head:>{width}}", style="bold")
        current = self.game.to_move(self.state)
        for seat in range(shown.players):
            score = scoring.breakdown(shown, seat, secret=False)
            values = [score[k] for k in ("composition", "array", "pair", "trove", "collector",
                                         "urchins")]
            moon = "·" if (shown.solo and seat == 1) else str(score["moonshell"])
            values += [moon, score["total"]]
            mark = "▶" if current and current[0] == seat else " "
            label = f"{mark}{self.short(seat)}"
            out.append("\n")
            out.append(f"{label[:name_w]:<{name_w}}",
                       style="bold" if seat == me else "")
            for value, width in zip(values, widths):
                out.append(f"{value:>{width}}", style="bold" if width == 4 else "")
        out.append("\n")
        secret = shown.secrets[me] if me < len(shown.secrets) else ""
        if self.viewer is None or (shown.solo and me == 1):
            out.append("Secret objectives hidden", style="dim italic")
        elif secret and secret in CARDS:
            points = scoring.breakdown(shown, me)["secret"]
            line = Text(f"Secret {secret} ", style="bold")
            line.append(f"{CARDS[secret].name}: ")
            line.append(f"{points} now", style="bold")
            tail = f"{CARDS[secret].name}: {points} now"
            if line.cell_len > 35:
                line = Text(f"Secret {secret} ", style="bold")
                line.append(f"{tail[:35 - line.cell_len - 1]}…")
            out.append_text(line)
        elif shown.phase == KEEP:
            out.append("Secret: choose one above (k)", style="italic")
        return out

    def _objective_lines(self, shown: State, me: int) -> Text:
        """One line per objective with its pattern (shown on wide screens)."""
        colours = shell_colours(self.app)
        accent = theme_colour(self.app, "accent", "#f4a261")
        out = Text()
        ids = list(shown.open_cards)
        secret = shown.secrets[me] if self.viewer is not None else ""
        if secret and secret in CARDS:
            ids.append(secret)
        score = scoring.breakdown(shown, me)
        short = {"composition": "Comp", "array": "Array", "pair": "Pair", "trove": "Trove",
                 "collector": "Coll", "secret": "Secret"}
        width = max(40, self.query_one("#ms-side").size.width)
        fits = set(tile_fits(self._pending_tile(), shown.open_cards))
        for i, card_id in enumerate(ids):
            card = CARDS[card_id]
            if card_id in fits:  # the tile being collected counts toward it
                line = Text("▶", style=Style(color=accent, bold=True))
                line.append(f"{card.id:<3}", style=Style(color=accent, bold=True, reverse=True))
            else:
                line = Text(f"{card.id:<4}", style="bold")
            line.append(f"{short[card.deck]:<7}", style="dim")
            if isinstance(card, PatternCard):
                for r, row in enumerate(pattern_lines(card, colours, accent)):
                    if r:
                        line.append("/", style="dim")
                    line.append_text(row)
                extra = f" {card.points}" + (f"x{card.seahorses}" if card.seahorses > 1 else "")
                line.append(extra, style="dim")
            else:
                for j, bit in enumerate(card.types):
                    if j:
                        line.append(" + ")
                    line.append_text(type_chip(bit, colours))
            tail = f" now {score[card.deck]}"
            line.truncate(width - len(tail) - 1, overflow="ellipsis")
            line.append(" " * (width - len(tail) - 1 - line.cell_len))
            line.append(tail, style="bold")
            if i:
                out.append("\n")
            out.append_text(line)
        return out

    def _others(self, shown: State, me: int) -> Text:
        blocks = []
        for seat in range(shown.players):
            if seat == me:
                continue
            total = scoring.breakdown(shown, seat, secret=False)["total"]
            head = Text(f"{self.short(seat)} {total}pt", style="bold")
            blocks.append([head] + mini_chest(self.app, shown.chests[seat]))
        if not blocks:
            return Text()
        return side_by_side(blocks, gap=2)

    def _hint(self) -> str:
        state: State = self.state
        seat = self.human_to_move()
        if seat is None:
            return ""
        if state.phase == KEEP:
            return ("Choose your secret objective: ←/→ or 1/2 pick, k or Enter keeps it "
                    "(the other is discarded).")
        left, right = rules.seat_rocks(state, seat)
        n = state.actions_left
        acts = f"{n} action{'s' if n != 1 else ''} left"
        moon = " · m moonshell" if state.moonshells[seat] else ""
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            return f"Your chest is full ({acts}): r rotate · p pull · x pass."
        if left == EMPTY and right == EMPTY:
            return f"{acts}: p or 1-5 pull a column (←/→ cursor) · r rotate{moon}{HINT_TAIL}"
        tiles = ", ".join(f"{'LR'[k]} {tile_label(t).strip()}"
                         for k, t in enumerate((left, right)) if t != EMPTY)
        return f"{acts}: c collect ({tiles}) · r rotate{moon}{HINT_TAIL}"

    # -- previews --------------------------------------------------------------------
    def _pull_action(self) -> Pull:
        return Pull(self.column, self.first if self.column == CENTRE else None)

    def _pull_preview(self) -> tuple[State, set[int], set[int]] | None:
        """The state after the pull with the refilled spaces unknown (they come
        from the bag), and the cells that changed; None if it is illegal."""
        state: State = self.state
        seat = state.current
        action = self._pull_action()
        try:
            after = rules.pull(state, seat, action.column, action.first)
        except IllegalAction:
            return None
        cells = COLUMNS[state.sides[seat]][action.column]
        count = len(rules.column_tiles(state, seat, action.column))
        kept = max(0, count - 2)
        unknown = {cell for depth, cell in enumerate(cells)
                   if depth >= kept and after.ocean[cell] != EMPTY}
        moved = {cell for cell in cells if after.ocean[cell] != state.ocean[cell]} | unknown
        return after, unknown, moved

    def _describe_pull(self) -> None:
        state: State = self.state
        seat = state.current
        action = self._pull_action()
        try:
            rules.pull(state, seat, action.column, action.first)
        except IllegalAction as error:
            self.say(f"{error} (←/→ another column, Esc cancels)", error=True)
            return
        tiles = rules.column_tiles(state, seat, action.column)
        far = far_rock(action.column) if action.first is None else action.first
        parts = [f"{tile_label(tiles[0]).strip()} to your {ROCK_WORDS[far]} rock"]
        if len(tiles) > 1:
            parts.append(f"{tile_label(tiles[1]).strip()} to your {ROCK_WORDS[1 - far]}")
        refill = min(2, len(tiles), len(state.bag) + state.urchins_aside)
        centre = " ↑/↓ switch rocks." if action.column == CENTRE else ""
        self.say(f"Pull column {action.column + 1}: {', '.join(parts)}; {refill} new from the "
                 f"bag (??).{centre} Enter pulls (no undo), ←/→ column, Esc cancels.")

    def _pending_tile(self) -> int:
        """The tile being collected (chosen rock or chest column), else EMPTY."""
        if self.human_to_move() is None:
            return EMPTY
        if self.mode == "chest":
            return self._source_tile()
        if self.mode == "rock":
            return rules.seat_rocks(self.state, self.state.current)[self.rock]
        return EMPTY

    def _source_tile(self) -> int:
        if self.source == MOON:
            return MOONSHELL
        return rules.seat_rocks(self.state, self.state.current)[self.source]

    def _describe_collect(self) -> None:
        state: State = self.state
        seat = state.current
        tile = self._source_tile()
        what = "your moonshell" if self.source == MOON else tile_label(tile).strip()
        column = state.chests[seat][self.chest_column]
        if len(column) >= CHEST_ROWS:
            self.say(f"Column {self.chest_column + 1} of your treasure chest is full; choose "
                     "another column (←/→ or 1-4).", error=True)
            return
        row = len(column) + 1
        where = "the floor" if row == 1 else f"row {row}"
        head = f"Drop {what} into chest column {self.chest_column + 1} (sinks to {where}, ▶ ◀)"
        gain = self._gain_text(tile)
        for keys in ("Enter drops it, ←/→ or 1-4 another column, Esc cancels.",
                     "Enter drops it, Esc cancels.", "Enter drops it."):
            message = f"{head}: {gain}. {keys}"
            if self._fits_status(message):
                break
        self.say(message)

    def _fits_status(self, message: str) -> bool:
        """True if ``message`` fits the two lines of the status line."""
        return len(textwrap.wrap(message, max(20, self.app.size.width - 2))) <= 2

    def _gain_text(self, tile: int) -> str:
        """What the pending collect does for you: the open objectives the tile
        fits and the points it adds now (your secret objective included)."""
        state: State = self.state
        seat = state.current
        try:
            after = rules.collect(state, seat, self.source, self.chest_column)
        except IllegalAction:
            return fits_text(tile, state.open_cards)
        before_score = scoring.breakdown(state, seat)
        after_score = scoring.breakdown(after, seat)
        gains = []
        for deck, card_id in zip(("composition", "array", "pair", "trove", "collector"),
                                 state.open_cards):
            delta = after_score[deck] - before_score[deck]
            if delta:
                gains.append(f"{card_id} {delta:+d}")
        for key, label in (("secret", "secret"), ("urchins", URCHIN_GLYPH),
                           ("moonshell", "unused " + MOON_GLYPH)):
            delta = after_score[key] - before_score[key]
            if delta:
                gains.append(f"{label} {delta:+d}")
        total = after_score["total"] - before_score["total"]
        fits = fits_text(tile, state.open_cards) if tile != URCHIN else "no objective"
        if not gains:
            return f"{fits}, no points yet"
        return f"{fits}; {total:+d} now ({', '.join(gains)})"

    # -- input helpers ------------------------------------------------------------------
    def _touch(self) -> None:
        """A key or click on your turn: what changed before it no longer needs
        highlighting (a key pressed while the others play keeps their moves lit)."""
        if self.human_to_move() is not None:
            self._baseline = (self.state.ocean, self.state.rocks)

    def _my_turn(self) -> int | None:
        seat = self.human_to_move()
        if seat is None:
            self.say("Wait: it is not your turn.", error=True)
        return seat

    def _illegal(self, action: Any) -> bool:
        """True (and the engine's reason said) if ``action`` cannot be taken now.
        Only used for actions whose check never ends a turn."""
        try:
            self.game.apply(self.state, action)
        except IllegalAction as error:
            self.say(str(error), error=True)
            return True
        return False

    def _play(self, action: Any, note: str = "") -> bool:
        before: State = self.state
        self.mode = None
        self._baseline = (before.ocean, before.rocks)
        self.note = note
        ok = self.dispatch(action)
        if ok and (self.state.turn != before.turn or self.state.current != before.current):
            self.note = ""
        return ok

    def _refresh_mode(self) -> None:
        self.refresh_table()
        if self.mode == "pull":
            self._describe_pull()
        elif self.mode == "chest":
            self._describe_collect()
        elif self.mode == "rock":
            left, right = rules.seat_rocks(self.state, self.state.current)
            cards = self.state.open_cards
            self.say(f"Collect which? L {tile_label(left).strip()} ({fits_text(left, cards)}), "
                     f"R {tile_label(right).strip()} ({fits_text(right, cards)}). ←/→ choose, "
                     "Enter takes it (1-4: straight into that chest column), Esc cancels.")

    def _in_keep(self) -> bool:
        return self.state.phase == KEEP

    # -- actions --------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self._touch()
        if self.human_to_move() is None:
            return
        if self._in_keep():
            offers = self.state.offers[self.state.current]
            self.offer = max(0, min(len(offers) - 1, self.offer + step))
            self.refresh_table()
            self.say(f"Secret {offers[self.offer]} chosen: k or Enter keeps it.")
            return
        if self.mode == "rock":
            self.rock = 1 if step > 0 else 0
        elif self.mode == "chest":
            self.chest_column = max(0, min(CHEST_COLUMNS - 1, self.chest_column + step))
        else:
            self.column = max(0, min(4, self.column + step))
        self._refresh_mode()

    def action_toggle_rock(self) -> None:
        self._touch()
        if self.human_to_move() is None:
            return
        if self.mode == "pull" and self.column == CENTRE:
            self.first = 1 - self.first
            self._refresh_mode()
        elif self.mode == "rock":
            self.rock = 1 - self.rock
            self._refresh_mode()
        elif self.mode == "pull":
            self.say("Only the centre column (3) lets you choose the rock; the nearest tile "
                     "of another column goes to the rock farther from it.", error=True)

    def action_number(self, n: int) -> None:
        self._touch()
        if self._my_turn() is None:
            return
        if self._in_keep():
            offers = self.state.offers[self.state.current]
            if n > len(offers):
                self.say(f"You have {len(offers)} secret objectives to choose from: 1 or 2.",
                         error=True)
                return
            self.offer = n - 1
            self.refresh_table()
            self.say(f"Secret {offers[self.offer]} chosen: k or Enter keeps it.")
            return
        if self.mode in ("chest", "rock"):
            if n > CHEST_COLUMNS:
                self.say("Your treasure chest has columns 1-4.", error=True)
                return
            if self.mode == "rock":
                self.source = self.rock
            self.mode, self.chest_column = "chest", n - 1
            self._refresh_mode()
            return
        self.column = n - 1
        self._start_pull()

    def action_rotate(self) -> None:
        self._touch()
        if self._my_turn() is None:
            return
        if self._in_keep():
            self._illegal(ROTATE)
            return
        self._play(ROTATE, note=f"The ocean turned {self.state.direction}.")

    def action_pull(self) -> None:
        self._touch()
        if self._my_turn() is None:
            return
        if self.mode == "pull":
            self._confirm_pull()
            return
        self._start_pull()

    def _start_pull(self) -> None:
        if self._in_keep():
            self._illegal(self._pull_action())
            return
        state: State = self.state
        if rules.seat_rocks(state, state.current) != (EMPTY, EMPTY):
            try:
                rules.pull(state, state.current, self.column, self._pull_action().first)
            except IllegalAction as error:
                self.mode = None
                self.refresh_table()
                self.say(f"{error} Collect them first (c).", error=True)
                return
        self.mode = "pull"
        self._refresh_mode()

    def _confirm_pull(self) -> None:
        action = self._pull_action()
        try:
            rules.pull(self.state, self.state.current, action.column, action.first)
        except IllegalAction as error:
            self.say(str(error), error=True)
            return
        self._play(action, note=f"Pulled column {action.column + 1}.")

    def action_collect(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        state: State = self.state
        if self._in_keep():
            self._illegal(Collect(0, 0))
            return
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            self.say("Your treasure chest is full: you may rotate, pull or pass (x).",
                     error=True)
            return
        rocks = rules.seat_rocks(state, seat)
        present = [k for k in (0, 1) if rocks[k] != EMPTY]
        if not present:
            self.mode = None
            self.refresh_table()
            self.say("There is no tile on your rocks to collect: pull a column first (p).",
                     error=True)
            return
        if len(present) == 2 and self.mode != "rock":
            self.mode = "rock"
            self.rock = self.rock if self.rock in present else 0
        else:
            self.source = self.rock if self.mode == "rock" else present[0]
            self._enter_chest()
            return
        self._refresh_mode()

    def _enter_chest(self) -> None:
        chest = self.state.chests[self.state.current]
        if len(chest[self.chest_column]) >= CHEST_ROWS or self.mode != "chest":
            open_columns = [c for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
            if self.chest_column not in open_columns and open_columns:
                self.chest_column = open_columns[0]
        self.mode = "chest"
        self._refresh_mode()

    def action_moonshell(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        state: State = self.state
        if self._in_keep():
            self._illegal(Collect(MOON, 0))
            return
        if not state.moonshells[seat]:
            self.say("Your moonshell is already in your treasure chest.", error=True)
            return
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            self.say("Your treasure chest is full: there is no room for the moonshell.",
                     error=True)
            return
        self.source = MOON
        self._enter_chest()

    def action_pass_turn(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        if self._illegal(PASS) if rules.chest_count(self.state.chests[seat]) < CHEST_SIZE \
                else False:
            return
        n = self.state.actions_left
        self.app.push_screen(
            ConfirmScreen(f"Pass: give up your {n} remaining action{'s' if n != 1 else ''}?",
                          "Pass", "Keep playing"),
            lambda yes: yes and self._play(PASS))

    def action_keep(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        state: State = self.state
        if not self._in_keep():
            self._illegal(Keep("S1"))
            return
        offers = state.offers[seat]
        card = offers[self.offer]
        other = [c for c in offers if c != card]
        question = (f"Keep secret objective {card} ({card_summary(card)})?"
                    + (f" {other[0]} is discarded unseen." if other else ""))
        self.app.push_screen(ConfirmScreen(question, "Keep it", "Not yet"),
                             lambda yes: yes and self._keep(card))

    def _keep(self, card: str) -> None:
        self.offer = 0
        self._play(Keep(card), note=f"You keep {card}.")

    def action_confirm(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        if self._in_keep():
            self.action_keep()
        elif self.mode == "pull":
            self._confirm_pull()
        elif self.mode == "rock":
            self.source = self.rock
            self._enter_chest()
        elif self.mode == "chest":
            column = self.state.chests[seat][self.chest_column]
            if len(column) >= CHEST_ROWS:
                self.say(f"Column {self.chest_column + 1} of your treasure chest is full; "
                         "choose another column.", error=True)
                return
            action = Collect(self.source, self.chest_column)
            what = ("the moonshell" if self.source == MOON
                    else tile_label(self._source_tile()).strip())
            self._play(action, note=f"{what} went into chest column {self.chest_column + 1}.")
        elif rules.seat_rocks(self.state, seat) == (EMPTY, EMPTY):
            self._start_pull()
        else:
            self.action_collect()

    def action_cancel(self) -> None:
        self._touch()
        if self.mode is not None:
            self.mode = None
            self.note = "Cancelled."
            self.refresh_table()

    def action_undo(self) -> None:
        """Undo, with Moonshell's own reasons when there is nothing to take back."""
        self._touch()
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return
        self.mode = None
        actions = self.match.actions
        if actions and len(self.match.states) >= 2:
            before, after = self.match.states[-2], self.match.states[-1]
            if after.turn != before.turn or after.current != before.current:
                self.refresh_table()
                self.say("Nothing to undo: you have not taken an action yet this turn (what "
                         "the others did cannot be taken back).", error=True)
                return
            if isinstance(actions[-1], Pull):
                self.refresh_table()
                self.say("Your pull cannot be taken back: it drew new tiles from the bag. "
                         "Rotating and collecting can be undone.", error=True)
                return
        super().action_undo()

    def action_objectives(self) -> None:
        self._touch()
        self.app.push_screen(ObjectivesScreen(self._objective_parts()))

    def _objective_parts(self) -> list[tuple[str, Any]]:
        shown: State = self.shown
        me = self.home_seat()
        parts: list[tuple[str, Any]] = []
        scores = [scoring.breakdown(shown, s, secret=False) for s in range(shown.players)]
        width = max(20, int(self.app.size.width * 0.9) - 10)
        cards = [objective_card_lines(self.app, c) for c in shown.open_cards]
        parts.append(("Open objectives (everyone scores them)", grid_of(cards, width)))
        table = Table(box=None, padding=(0, 1))
        table.add_column("Now")
        for card_id in shown.open_cards:
            table.add_column(card_id, justify="right")
        for head in (URCHIN_GLYPH, MOON_GLYPH, "Total"):
            table.add_column(head, justify="right")
        for seat in range(shown.players):
            row = scores[seat]
            table.add_row(self.who(seat), *[str(row[CARDS[c].deck]) for c in shown.open_cards],
                          str(row["urchins"]), str(row["moonshell"]), str(row["total"]))
        parts.append(("Running scores (secret objectives are added at the end)", table))
        secret = shown.secrets[me] if self.viewer is not None else ""
        if secret and secret in CARDS:
            points = scoring.breakdown(shown, me)["secret"]
            parts.append((f"Your secret objective (only you see it): {points} now",
                          grid_of([objective_card_lines(self.app, secret)], width)))
        blocks = []
        for seat in range(shown.players):
            head = Text(f"{self.who(seat)[:20]}: {scores[seat]['total']}", style="bold")
            blocks.append([head] + list(chest_text(self.app, shown.chests[seat],
                                                   header=False).split()))
        parts.append(("Treasure chests", grid_of(blocks, width, gap=3)))
        if shown.solo and shown.auto_log:
            steps = Text("\n").join(Text(f"{i}. {line}") for i, line in
                                    enumerate(shown.auto_log, 1))
            parts.append(("The automaton's last turn", steps))
        return parts

    # -- mouse -------------------------------------------------------------------------
    def on_ocean_board_clicked(self, message: OceanBoard.Clicked) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        if message.kind == "column":
            if self.mode == "pull" and self.column == message.index:
                self._confirm_pull()
                return
            self.column = message.index
            self._start_pull()
            return
        side = self.state.sides[seat]
        if message.index // 2 != side:
            self.say("That rock is not in front of you: you collect only from your own two "
                     "rocks (at the bottom).", error=True)
            return
        k = message.index % 2
        if self.mode == "pull" and self.column == CENTRE:
            self.first = k
            self._refresh_mode()
            return
        if rules.seat_rocks(self.state, seat)[k] == EMPTY:
            self.say(f"There is no tile on your {ROCK_WORDS[k]} rock.", error=True)
            return
        self.rock = self.source = k
        self.mode = "rock"
        self._enter_chest()

    def on_chest_view_clicked(self, message: ChestView.Clicked) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None or self._in_keep():
            return
        if self.mode == "chest" and self.chest_column == message.column:
            self.action_confirm()
            return
        if self.mode == "rock":
            self.source = self.rock
        elif self.mode != "chest":
            rocks = rules.seat_rocks(self.state, seat)
            present = [k for k in (0, 1) if rocks[k] != EMPTY]
            if len(present) != 1:
                self.action_collect()
                return
            self.source = present[0]
        self.mode, self.chest_column = "chest", message.column
        self._refresh_mode()

    def on_offer_strip_clicked(self, message: OfferStrip.Clicked) -> None:
        self._touch()
        if self._my_turn() is None or not self._in_keep():
            return
        if self.offer == message.index:
            self.action_keep()
            return
        self.offer = message.index
        self.refresh_table()
        self.say(f"Secret {self.state.offers[self.state.current][self.offer]} chosen: "
                 "click it again, k or Enter keeps it.")

    # -- the end ------------------------------------------------------------------------
    def end_table(self) -> Group:
        """Final points per category (columns named by the cards), then the
        winner with the tie-breaks explained."""
        state: State = self.state
        winners = set(self.game.winners(state))
        table = Table(box=None, padding=(0, 1))
        table.add_column("Player", no_wrap=True)
        heads = ["Sec", *state.open_cards, URCHIN_GLYPH, MOON_GLYPH]
        keys = ["secret", "composition", "array", "pair", "trove", "collector", "urchins",
                "moonshell"]
        for head in heads:
            table.add_column(head, justify="right")
        table.add_column("Tot", justify="right", style="bold")
        for seat in range(state.players):
            score = scoring.breakdown(state, seat)
            table.add_row(("★ " if seat in winners else "  ") + self.end_name(seat),
                          *[str(score[key]) for key in keys], str(score["total"]))
        legend = Text(f"Sec secret objective, {URCHIN_GLYPH} urchins, {MOON_GLYPH} unused "
                      "moonshell", style="dim")
        return Group(table, legend, Text(tiebreak_text(state, self.who), style="bold"))

    def end_name(self, seat: int) -> str:
        if self.match.config.solo:
            return "You" if seat == 0 else "Automaton"
        level = self.bot_levels.get(seat)
        return f"P{seat + 1} {level}" if level else f"Player {seat + 1}"


GAME_SCREEN = MoonshellScreen
