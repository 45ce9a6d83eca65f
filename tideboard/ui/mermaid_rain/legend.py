"""The sea's legend: every mark the sea shows now, drawn as on the sea and named.

:func:`legend_entries` lists the marks in the state shown (the terrain always;
surf tiles, dark tiles, mermaids and treasures when the sea has some), each as
its key drawn in the sea's colours and its name: short for 80x24 (terse when
that is crowded) or in full words with the colour's name for a big terminal.
:func:`flow` lays them out in lines of given widths (under the sea and in the
room left in the side panel).
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from tideboard.games.mermaid_rain.content import (
    DOLPHIN,
    MER,
    ROCK,
    SEAGULL,
    START,
    TILE_DARK,
    TILE_SYMBOL,
    TREASURE_KINDS,
    TREASURE_LETTERS,
    TURTLE,
    WATER,
)
from tideboard.games.mermaid_rain.state import HIDDEN, State
from tideboard.ui.mermaid_rain.sea import COLOUR_OF, GLYPHS, MARKS_BESIDE, badge_style
from tideboard.ui.shared import ink_for

# each mark's name: (terse, short, full), the terse one when 80x24 is crowded
WORDS = {
    DOLPHIN: ("Dolphin", "Dolphin", "Dolphin"),
    SEAGULL: ("Seagull", "Seagull", "Seagull"),
    TURTLE: ("Turtle", "Sea Turtle", "Sea Turtle"),
    START: ("start", "start", "start space"),
    MER: ("mermaid symbol", "mermaid symbol", "mermaid symbol: any card"),
    WATER: ("sea", "sea", "empty sea"),
    ROCK: ("rock", "rock", "rock"),
    "tile": ("tile", "surf tile", "surf tile (lower case)"),
    "dark": ("dark", "dark tile", "dark tile: leaves at the round's end"),
    "you": ("you", "you", "your mermaid"),
    "others": ("mermaids", "mermaids", "mermaid"),
    "several": ("several", "several", "several mermaids"),
    "hidden": ("hidden", "face down", "a face-down treasure"),
    "seen": ("seen", "seen face down", "a face-down treasure you looked at"),
    "count": ("count", "how many", "how many treasures lie there"),
}
TERSE, SHORT, FULL = range(3)  # how many words
UNDER_SEA = 2  # the legend's lines under the sea when not tall; the rest goes beside it
TERRAIN = (DOLPHIN, SEAGULL, TURTLE, START, MER, WATER, ROCK)
HUES = (
    (15, "red"),
    (40, "orange"),
    (70, "yellow"),
    (165, "green"),
    (200, "cyan"),
    (255, "blue"),
    (290, "purple"),
    (345, "pink"),
    (360, "red"),
)


def colour_word(hex_colour: str) -> str:
    """A colour's name in plain words ("dark blue", "grey", "pale green")."""
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    if light < 0.1:
        return "black"
    if light > 0.93:
        return "white"
    if sat < 0.2:
        return "grey" if 0.25 < light < 0.75 else ("dark grey" if light <= 0.25 else "pale grey")
    name = next(word for limit, word in HUES if hue * 360 < limit)
    if light < 0.3:
        return f"dark {name}"
    return f"pale {name}" if light > 0.75 else name


Entry = tuple[Text, str]  # (the key as drawn on the sea, its name)


def swatch(letters: str, bg: str, bold: bool = False) -> Text:
    return Text(letters, Style(color=ink_for(bg), bgcolor=bg, bold=bold))


def legend_entries(
    s: State,
    colours: dict[str, str],
    me: int | None,
    room: int,
    detail: int,
    name_of: Callable[[int], str] = lambda seat: f"Player {seat + 1}",
) -> tuple[list[Entry], list[Entry], list[Entry]]:
    """The marks on the sea of ``s`` named, as the sea draws them with ``colours`` for the
    viewer ``me`` (``room``: how many mermaid badges a space holds), in ``detail``
    (TERSE, SHORT or FULL, which names the colours): the sea's own marks (its spaces,
    surf tiles), its mermaids, its treasures."""
    out: list[Entry] = []
    for sym in TERRAIN:
        bg = colours.get(COLOUR_OF[sym], "#000000")
        words = WORDS[sym][detail] + (f" ({colour_word(bg)})" if detail == FULL else "")
        out.append((swatch(GLYPHS[sym], bg), words))
    laid = sorted({TILE_SYMBOL[t] for t in s.cover if t >= 0})
    if laid:
        key = Text()
        for sym in laid:
            key.append_text(swatch(GLYPHS[sym].lower(), colours[COLOUR_OF[sym]], bold=True))
        out.append((key, WORDS["tile"][detail]))
    if any(t >= 0 and TILE_DARK[t] for t in s.cover):
        out.append((Text("▪"), WORDS["dark"][detail]))
    return (
        out,
        mermaid_entries(s, colours, me, room, detail, name_of),
        treasure_entries(s, room, detail),
    )


def mermaid_entries(
    s: State,
    colours: dict[str, str],
    me: int | None,
    room: int,
    detail: int,
    name_of: Callable[[int], str],
) -> list[Entry]:
    """``@`` the viewer's own mermaid, the others' by seat number, in their seats' colours."""

    def whose(seat: int) -> str:  # (in full: the seat's name and colour)
        return f" ({name_of(seat)}, {colour_word(colours[f'seat-{seat + 1}'])})"

    out: list[Entry] = []
    riding = [seat for seat, at in enumerate(s.at) if at >= 0]
    if me is not None and me in riding:
        words = WORDS["you"][detail] + (whose(me) if detail == FULL else "")
        out.append((Text("@", badge_style(colours, me)), words))
    others = [seat for seat in riding if seat != me]
    if detail == FULL:  # one each, the colour named: the seat's name in the side table has it
        for seat in others:
            colour = colour_word(colours[f"seat-{seat + 1}"])
            words = f"{name_of(seat)}'s {WORDS['others'][detail]} ({colour})"
            out.append((Text(str(seat + 1), badge_style(colours, seat)), words))
    elif others:
        key = Text()
        for n, seat in enumerate(others):
            key.append(" " if n else "")
            key.append(str(seat + 1), badge_style(colours, seat))
        out.append((key, WORDS["others"][detail]))
    spots = [s.at[seat] for seat in riding]
    if any(spots.count(at) > room for at in spots):
        out.append((Text("+", badge_style(colours, None)), WORDS["several"][detail]))
    return out


def treasure_entries(s: State, room: int, detail: int) -> list[Entry]:
    """The kinds lying face up, ``?`` face down, lower case one the viewer looked at,
    a raised number for several on a space."""
    lying = [t for ids in s.spaces for t in ids]
    up = {s.kinds[t] for t in lying if t in s.face_up}
    seen = {s.kinds[t] for t in lying if t not in s.face_up and s.kinds[t] != HIDDEN}
    bold = Style(bold=True)
    out: list[Entry] = [
        (Text(TREASURE_LETTERS[k].upper(), bold), TREASURE_KINDS[k]) for k in sorted(up)
    ]
    if any(s.kinds[t] == HIDDEN for t in lying):
        out.append((Text("?", bold), WORDS["hidden"][detail]))
    if seen:
        letters = " ".join(TREASURE_LETTERS[k] for k in sorted(seen))
        out.append((Text(letters, bold), WORDS["seen"][detail]))
    limit = MARKS_BESIDE[room]  # a space shows that many marks, then counts them (², ³...)
    if any(len(ids) > limit for ids in s.spaces):
        out.append((Text("²³", bold), WORDS["count"][detail]))
    return out


def entry_text(entry: Entry) -> Text:
    key, words = entry
    return Text.assemble(key, " ", words)


def flow(
    entries: list[Entry],
    lines: list[Text],
    widths: list[int],
    in_order: bool = False,
    sep: str = "  ",
) -> list[Entry]:
    """``entries`` added to ``lines`` (as wide as ``widths`` at most, ``sep`` between two),
    each into the first line with room for it, or with ``in_order`` the line of the one
    before or a later one; the entries that found no room are returned."""
    left: list[Entry] = []
    start = 0
    for entry in entries:
        text = entry_text(entry)
        for at in range(start, len(lines)):
            line = lines[at]
            extra = len(sep) if line.plain else 0
            if line.cell_len + extra + text.cell_len <= widths[at]:
                line.append(sep if extra else "")
                line.append_text(text)
                start = at if in_order else 0
                break
        else:
            left.append(entry)
    return left


Groups = tuple[list[Entry], list[Entry], list[Entry]]


def legend_lines(
    groups: Groups, width: int, beside: tuple[int, int] | None, sep: str
) -> tuple[list[Text], list[Text], list[Entry]]:
    """The legend's ``groups`` (from :func:`legend_entries`) in lines ``width`` wide under
    the sea, and ``beside`` it ``(lines, width)`` in the side panel: the spaces' marks
    under the sea first, the mermaids and treasures beside it first.  Without ``beside``
    (a tall terminal), each group from a new line under the sea, in order.  The lines
    under the sea, beside it, and the entries that found no room."""
    marks, mermaids, treasures = groups
    if beside is None:
        under: list[Text] = []
        for group in groups:
            lines = [Text(no_wrap=True) for _ in group]
            flow(group, lines, [width] * len(lines), in_order=True, sep=sep)
            under += [line for line in lines if line.plain]
        return under, [], []
    under = [Text(no_wrap=True) for _ in range(UNDER_SEA)]
    side = [Text(no_wrap=True) for _ in range(max(0, beside[0]))]
    widths = [width] * len(under) + [beside[1]] * len(side)
    left = flow(marks, under + side, widths, sep=sep)
    swapped = widths[len(under) :] + widths[: len(under)]
    left += flow(mermaids + treasures, side + under, swapped, sep=sep)
    return under, side, left
