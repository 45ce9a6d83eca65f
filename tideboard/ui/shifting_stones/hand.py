"""Pattern cards: your hand strip, and rows of cards for the scored/discard view.

A card smaller than the grid (a pair, a row or column of 3, a 2x2 block)
matches anywhere it fits, so it is drawn as a fragment: its stones bracketed
in a box just their size, centred on the card, with "anywhere" under it.  A
3x3 card is the whole grid and is drawn as it is.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tideboard.games.shifting_stones.content import CARD_BY_ID, LETTERS, NAMES, letter_to_face
from tideboard.ui.shared import CellClicked, border_line, ink_for, theme_colour
from tideboard.ui.shifting_stones.stone_grid import stone_colours, text_strip


class CardSize(NamedTuple):
    width: int
    height: int
    cell: int  # columns per pattern stone (a letter, or a letter on its colour)
    tall: int = 1  # lines per pattern stone (the letter on the first)


SMALL = CardSize(10, 6, 1)
LARGE = CardSize(16, 9, 3)
HUGE = CardSize(22, 11, 5, 2)  # 160x45 and up: stones 5x2
GUTTER = 2  # columns each side of a hand too wide to show whole, for the ◀ ▶ marks
ANYWHERE = "anywhere"
WIDE_APP, TALL_APP = 110, 34  # the terminal size from which the screen is drawn large
HUGE_APP, BIG_APP = 160, 45  # ... and larger still (breakpoints -huge and -big)


def size_for(height: int, width: int) -> CardSize:
    """The largest cards four of which fit: huge ones at 160x45, large ones at 120x40,
    else small ones."""
    for size in (HUGE, LARGE):
        if height >= size.height and width >= 4 * (size.width + 1):
            return size
    return SMALL


class Look(NamedTuple):
    """Everything that decides how one card is drawn."""

    card: int
    chosen: bool = False
    mark: str = " "  # ✓ matches now, → would match after the previewed move
    key: int | None = None


def solid(colour: str) -> str:
    """A theme colour without its transparency (Rich styles take ``#rrggbb``)."""
    return colour[:7] if colour.startswith("#") else colour


def pattern_cell(
    app: Any, ch: str, size: CardSize, colours: dict[str, str], mark: bool = True
) -> Text:
    """One pattern stone's line: its letter (``mark``), or the stone's colour under it."""
    if ch == "*":
        return Text(("▪" if mark else " ").center(size.cell), Style(color="grey50"))
    face = letter_to_face(ch)
    colour = colours[NAMES[face]]
    if size.cell == 1:
        return Text(LETTERS[face], Style(color=colour, bold=True))
    return Text(
        (LETTERS[face] if mark else " ").center(size.cell),
        Style(bgcolor=colour, color=ink_for(colour), bold=True),
    )


def pattern_body(app: Any, cid: int, size: CardSize, lines: int) -> list[Text]:
    """The card's pattern in ``lines`` lines of ``size.width - 2`` columns.

    A fragment sits in a box just its size (brackets when small, a frame when
    large), centred, with "anywhere" under it."""
    card = CARD_BY_ID[cid]
    colours = stone_colours(app)
    inner = size.width - 2
    gap = Text(" ")
    rows = []
    for row in card.rows:
        for part in range(size.tall):
            text = Text()
            for index, ch in enumerate(row):
                if index:
                    text.append_text(gap)
                text.append_text(pattern_cell(app, ch, size, colours, mark=part == 0))
            rows.append(text)
    fragment = (card.height, card.width) != (3, 3)
    if fragment:
        box = Style(color=solid(theme_colour(app, "foreground-muted", "#8a8a8a")))
        tint = Style(bgcolor=solid(theme_colour(app, "panel", "#2a2a3a")))
        for line in rows:  # under the stones' own colours
            line.stylize_before(tint)
        if size.cell == 1:  # brackets on the rows' own lines: no room for a frame
            if card.height == 1:
                sides = [("[", "]")]
            else:
                sides = [("╭", "╮")] + [("│", "│")] * (card.height - 2) + [("╰", "╯")]
            rows = [
                Text.assemble((left, box), row, (right, box))
                for (left, right), row in zip(sides, rows)
            ]
        else:
            span = rows[0].cell_len
            rows = (
                [Text("╭" + "─" * span + "╮", box)]
                + [Text.assemble(("│", box), row, ("│", box)) for row in rows]
                + [Text("╰" + "─" * span + "╯", box)]
            )
        rows.append(Text(ANYWHERE, Style(italic=True, dim=True)))
    top = max(0, (lines - len(rows)) // 2)
    body = [Text() for _ in range(top)] + rows
    body += [Text() for _ in range(lines - len(body))]
    out = []
    for text in body[:lines]:
        left = (inner - text.cell_len) // 2
        out.append(Text.assemble(" " * left, text, " " * (inner - text.cell_len - left)))
    return out


def card_block(app: Any, look: Look, size: CardSize = SMALL) -> list[Text]:
    """One card ``size.width`` x ``size.height``: the number, points and mark in the
    top edge, the pattern, and the key that picks it in the bottom edge."""
    accent = theme_colour(app, "accent", "#f4a261")
    good = theme_colour(app, "success", "#06d6a0")
    card = CARD_BY_ID[look.card]
    inner = size.width - 2
    if look.chosen:
        edge = Style(color=accent, bold=True)
    elif look.mark == "✓":
        edge = Style(color=good, bold=True)
    elif look.mark == "→":
        edge = Style(color=good)
    else:
        edge = Style(dim=True)
    tl, hz, tr, vt, bl, br = "┏━┓┃┗┛" if look.chosen else "╭─╮│╰╯"
    head = f"{look.card:>2} {card.points}★" if size is SMALL else f"{look.card} · {card.points}★"
    if look.mark != " ":
        head += f" {look.mark}"
    lines = [border_line(Text(), tl + hz + tr, inner, edge, head, Style(bold=True))]
    for part in pattern_body(app, look.card, size, size.height - 2):
        lines.append(Text.assemble((vt, edge), part, (vt, edge)))
    if look.key is not None and look.key <= 9:
        label = f" key {look.key} "
        lines.append(
            border_line(
                Text(), bl + hz + br, inner, edge, label, Style(bold=True, dim=not look.chosen)
            )
        )
    else:
        lines.append(Text(bl + hz * inner + br, edge))
    return lines


def card_lines(app: Any, cards: tuple[int, ...], size: CardSize = SMALL) -> list[Text]:
    """Cards side by side, one column apart (no marks, no keys)."""
    lines = [Text() for _ in range(size.height)]
    for index, cid in enumerate(cards):
        for line, part in zip(lines, card_block(app, Look(cid), size)):
            if index:
                line.append(" ")
            line.append_text(part)
    return lines


class CardRows:
    """A Rich renderable: ``cards`` in as many rows as the width it is given needs
    (the scored/discard view: it re-flows when the window is resized)."""

    def __init__(self, app: Any, cards: tuple[int, ...]) -> None:
        self.app, self.cards = app, cards

    def per_row(self, width: int, size: CardSize) -> int:
        return max(1, (width + 1) // (size.width + 1))

    def text(self, width: int) -> Text:
        if not self.cards:
            return Text("none", style="dim italic")
        # large cards in a large terminal; not chosen by ``width``: a width that
        # drops by a scrollbar's two columns must not make the cards smaller and
        # the view shorter, or the scrollbar would come and go for ever
        app_width, app_height = self.app.size
        size = LARGE if app_width >= WIDE_APP and app_height >= TALL_APP else SMALL
        step = self.per_row(width, size)
        chunks = [
            Text("\n").join(card_lines(self.app, self.cards[i : i + step], size))
            for i in range(0, len(self.cards), step)
        ]
        return Text("\n").join(chunks)

    @property
    def plain(self) -> str:
        return self.text(80).plain

    def __rich_console__(self, console: Any, options: Any) -> Any:
        yield self.text(options.max_width)


class HandStrip(Widget):
    """The cards in hand, side by side; a click posts ``CellClicked(self, index in hand)``.

    The screen calls :meth:`show`; a newly picked card repaints only the two
    cards whose frame changed.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[int, ...] = ()
        self.selected = 0
        self.matching: frozenset[int] = frozenset()
        self.would_match: frozenset[int] = frozenset()
        self.hidden_note = ""
        self.start = 0  # the first card shown when the hand is too wide to show whole
        self._drawn: tuple | None = None  # (layout, looks) on screen
        self._cache: dict[Look, list[Strip]] = {}
        self._cache_key: tuple = ()

    # -- what the screen calls ---------------------------------------------
    def show(
        self,
        cards: tuple[int, ...],
        selected: int,
        matching: set[int],
        would_match: set[int],
        hidden_note: str = "",
    ) -> None:
        self.cards, self.hidden_note = cards, hidden_note
        self.selected = min(selected, max(0, len(cards) - 1))
        self.matching, self.would_match = frozenset(matching), frozenset(would_match)
        self.update_view()

    def update_view(self) -> None:
        """Repaint what changed: the cards whose look changed, or everything when the
        cards shown, their size or the note changed."""
        layout = (self.hidden_note, self.cards, self.window(), self.size_now())
        looks = self.looks()
        before, self._drawn = self._drawn, (layout, looks)
        if before is None or before[0] != layout:
            self.refresh()
            return
        for index, (old, new) in enumerate(zip(before[1], looks)):
            if old != new:
                self.refresh(self.card_region(index))

    def looks(self) -> list[Look]:
        start, shown = self.window()
        return [
            Look(
                cid,
                start + i == self.selected,
                "✓" if cid in self.matching else "→" if cid in self.would_match else " ",
                start + i + 1,
            )
            for i, cid in enumerate(self.cards[start : start + shown])
        ]

    # -- geometry ----------------------------------------------------------
    def size_now(self) -> CardSize:
        width, height = self.content_size
        return size_for(height, width or 80)

    def window(self) -> tuple[int, int]:
        """(first card shown, how many) for the widget's width; the picked card is
        always among them.  A hand that fits is shown whole from the first card."""
        count = len(self.cards)
        width = self.content_size.width or 80
        step = self.size_now().width + 1
        if count * step - 1 <= width:
            self.start = 0
            return 0, count
        shown = max(1, (width - 2 * GUTTER + 1) // step)
        selected = min(self.selected, count - 1)
        if selected < self.start:
            self.start = selected
        elif selected >= self.start + shown:
            self.start = selected - shown + 1
        self.start = max(0, min(self.start, count - shown))
        return self.start, shown

    def left_edge(self) -> int:
        _, shown = self.window()
        return 0 if shown == len(self.cards) else GUTTER

    def card_region(self, index: int) -> Region:
        """Where the ``index``-th card shown (not in hand) is drawn."""
        size = self.size_now()
        return Region(self.left_edge() + index * (size.width + 1), 0, size.width, size.height)

    # -- drawing -----------------------------------------------------------
    def _card(self, look: Look, size: CardSize) -> list[Strip]:
        key = (self.app.theme, size)
        if key != self._cache_key:
            self._cache, self._cache_key = {}, key
        strips = self._cache.get(look)
        if strips is None:
            console = self.app.console
            strips = [text_strip(line, console) for line in card_block(self.app, look, size)]
            self._cache[look] = strips
        return strips

    def message_line(self, y: int) -> Strip | None:
        note = self.hidden_note or (
            "" if self.cards else "No cards in hand: press e to end your turn and draw."
        )
        if not note:
            return None
        text = Text(note if y == 0 else "", style="italic")
        return text_strip(text, self.app.console)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.rich_style
        note = self.message_line(y)
        if note is not None:
            return note.crop_extend(0, width, None).apply_style(base)
        size = self.size_now()
        if y >= size.height:
            return Strip.blank(width, base)
        start, shown = self.window()
        looks = self._drawn[1] if self._drawn else self.looks()
        parts = []
        whole = shown == len(self.cards)
        if not whole:
            marks = {
                size.height // 2 - 1: "◀ " if start else "  ",
                size.height // 2: f"{start:<2}" if start else "  ",
            }
            parts.append(Strip([Segment(marks.get(y, "  "), Style(bold=True))]))
        for index, look in enumerate(looks):
            if index:
                parts.append(Strip([Segment(" ")]))
            parts.append(self._card(look, size)[y])
        if not whole:
            after = len(self.cards) - start - shown
            marks = {size.height // 2 - 1: " ▶", size.height // 2: f"{after:>2}"}
            parts.append(Strip([Segment(marks.get(y, "  ") if after else "  ", Style(bold=True))]))
        return Strip.join(parts).crop_extend(0, width, None).apply_style(base)

    def on_resize(self, event: events.Resize) -> None:
        self._drawn = None
        self.update_view()

    def on_click(self, event: events.Click) -> None:
        start, shown = self.window()
        step = self.size_now().width + 1
        x = event.x
        if shown < len(self.cards):
            x -= GUTTER
            if x < 0:  # the ◀ gutter: the card just out of sight to the left
                if start > 0:
                    self.post_message(CellClicked(self, start - 1))
                return
        index = x // step
        if index >= shown:  # the ▶ gutter: the card just out of sight to the right
            if start + shown < len(self.cards):
                self.post_message(CellClicked(self, start + shown))
            return
        if 0 <= start + index < len(self.cards):
            self.post_message(CellClicked(self, start + index))
