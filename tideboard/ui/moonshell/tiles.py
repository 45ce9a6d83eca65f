"""Moonshell tiles and cards in characters: glyphs, colours, labels, patterns, what fits."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from tideboard.engine.plurals import plural  # noqa: F401  (re-exported)
from tideboard.games.moonshell.content import (
    CARDS,
    COLOUR_LETTERS,
    COLOURS,
    DECK_TITLES,
    EMPTY,
    MASK,
    MOONSHELL,
    PATTERN_CARDS,
    SHAPE_LETTERS,
    URCHIN,
    PatternCard,
    TypeCard,
    bit_name,
    tile_code,
    tile_name,
)
from tideboard.ui.shared import game_colours, ink_for

GLYPHS = ("◓", "✿", "▲", "★")  # clamshell, sand dollar, auger, starfish
URCHIN_GLYPH, MOON_GLYPH = "✷", "☾"
REEF_PAIR_GLYPH = "✪"
# Lunar Reef tiles and the Buoy mermeeple: glyph, code, the palette colour it is drawn on
SPECIAL_TILES = {
    18: ("✺", "pink"),
    19: ("◆", "orange"),
    21: (REEF_PAIR_GLYPH, "moonshell"),
    20: ("◉", "water"),
}
UNKNOWN = -2  # a tile still in the bag (pull preview)
PLAIN, THICK, DOUBLE = "┌─┐│└┘", "┏━┓┃┗┛", "╔═╗║╚╝"
ROCK_WORDS = ("left", "right")


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
    if tile in SPECIAL_TILES:
        return f"{SPECIAL_TILES[tile][0]} {tile_code(tile)}"
    return f"{GLYPHS[tile // 4]} {tile_code(tile)}"


def tile_said(tile: int) -> str:
    """A tile in words with its marks, for the hint and the previews: 'white starfish
    ★ wS', 'sea urchin ✷ UR' (the colour spelt out: the letters alone are a riddle)."""
    return f"{tile_word_name(tile)} {tile_label(tile).strip()}"


def tile_word_name(tile: int) -> str:
    """The tile's name ('white starfish'); one still in the bag is 'a new tile'."""
    return "new tile" if tile == UNKNOWN else tile_name(tile)


def tile_style(tile: int, colours: dict[str, str]) -> Style:
    if tile == EMPTY:
        return Style()
    if tile == UNKNOWN:
        return Style(bgcolor=colours["water"], color=ink_for(colours["water"]), bold=True)
    if tile == URCHIN:
        fill = colours["urchin"]
    elif tile == MOONSHELL:
        fill = colours["moonshell"]
    elif tile in SPECIAL_TILES:
        fill = colours[SPECIAL_TILES[tile][1]]
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
    chip = Text(
        f" {COLOUR_LETTERS[index - 4]} ", style=Style(bgcolor=fill, color=ink_for(fill), bold=True)
    )
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
    if isinstance(card, PatternCard):
        if card.deck == "secret":
            times = f" x{card.seahorses}" if card.seahorses > 1 else ""
            return f"{card.name}, one {card.same}, {card.points} points{times}"
        return f"{card.name}: {card.points}"  # (Composition, Array)
    if card.deck == "pair":
        return f"pairs {' + '.join(bit_name(b) for b in card.types)}: 2 each"
    if card.deck == "trove":
        return f"most {bit_name(card.bits, plural=True)}: 6"
    return f"{bit_name(card.bits, plural=True)}: 1 each"


SHORT_TYPE = {"clamshell": "clam", "sand dollar": "dollar", "starfish": "star"}


def type_word(bit: int) -> str:
    """One word for a Pair/Trove/Collector type: 'clam', 'auger', 'pink'..."""
    name = bit_name(bit)
    if name.endswith(" shell"):
        return name[: -len(" shell")]
    return SHORT_TYPE.get(name, name)


def _count_word(count: int, letter: str) -> str:
    if letter in SHAPE_LETTERS:
        word = type_word(1 << SHAPE_LETTERS.index(letter))
        return f"{count} {word}{'s' if count != 1 else ''}"
    return f"{count} {COLOURS[COLOUR_LETTERS.index(letter)]}"


def card_words(card_id: str) -> str:
    """What an objective asks for in a few words, for the legend under the scores at
    80x24: '4 augers' (a pattern of four augers), '2 white+2 pink', 'pairs clam+pink',
    'most augers', 'each white'."""
    card = CARDS[card_id]
    if isinstance(card, TypeCard):
        if card.deck == "pair":
            return "pairs " + "+".join(type_word(b) for b in card.types)
        words = "/".join(type_word(b) for b in card.types)
        if card.deck == "trove":
            return f"most {words}" + ("s" if words in ("clam", "dollar", "auger", "star") else "")
        return f"each {words}"  # (Collector)
    letters = "".join(ch for row in card.rows for ch in row if ch not in ".X")
    order = sorted(set(letters), key=letters.index)
    text = "+".join(_count_word(letters.count(ch), ch) for ch in order)
    return text if len(text) <= 20 else card.name[:20]


def card_line(card_id: str, width: int = 80) -> str:
    """An objective's deck and what it asks for and pays, in a line of the side panel at
    80 columns (``width`` characters at most, where it can): 'Composition 10: 4 augers
    in a row', 'Pair: dollar+auger, 2 a pair'; a pattern's shape in fewer words, or
    only its tiles' words, where the width is short."""
    card = CARDS[card_id]
    if isinstance(card, PatternCard):
        title, shape = DECK_TITLES[card.deck], pattern_words(card_id)
        for line in (
            f"{title} {card.points}: {shape}",
            f"{title} {card.points}: {shape.replace(' in a ', ', a ')}",
            f"{title} {card.points}: {card_words(card_id)}",
            f"{title} {card.points} (o shows it)",
        ):
            if len(line) <= width:
                break
        return line
    title = DECK_TITLES[card.deck]
    words = card_words(card_id)
    if card.deck == "pair":
        return f"{title}: {words.removeprefix('pairs ')}, 2 a pair"
    if card.deck == "trove":
        return f"{title}: {words}, 6"
    return f"{title}: 1 for {words}"  # (Collector)


def pattern_words(card_id: str) -> str:
    """A pattern card's tiles and their shape, for a new player: '4 augers in a row',
    '3 white in a column', else the card's name, which says the shape ('Orange vee',
    'Sand dollar zig-zag'); the objectives window (o) draws it."""
    card = PATTERN_CARDS[card_id]
    if len({ch for row in card.rows for ch in row}) == 1:  # one kind of tile, no gaps
        if len(card.rows) == 1:
            return f"{card_words(card_id)} in a row"
        if all(len(row) == 1 for row in card.rows):
            return f"{card_words(card_id)} in a column"
    return card.name


def card_in_full(card_id: str) -> str:
    """What an objective asks for and pays, in a sentence (large terminals)."""
    card = CARDS[card_id]
    if isinstance(card, TypeCard):
        if card.deck == "pair":
            a, b = (bit_name(t) for t in card.types)
            return f"2 points per pair of one {a} and one {b} (up to 6 pairs)"
        if card.deck == "trove":
            return f"6 points for the most {bit_name(card.bits, plural=True)} (tied: each)"
        return f"1 point per {bit_name(card.bits)}, up to 12"  # (Collector)
    moves = "may turn and flip" if card.turn else "shift only, no turning"
    if card.deck == "secret":
        times = f", up to {card.seahorses} times" if card.seahorses > 1 else ""
        return f"{card.name} of one {card.same}: {card.points} points{times}; {moves}"
    what = "these shapes, any colour" if card.deck == "composition" else "these colours, any shape"
    return f"{card.name}: {what}; {moves}"


def tile_fits(tile: int, card_ids: tuple[str, ...] | list[str]) -> list[str]:
    """The open objectives a tile counts toward: a Composition card naming its
    shape, an Array card naming its colour, a Pair/Trove/Collector card of its
    type.  The moonshell fits every one; an urchin none."""
    if tile == MOONSHELL:
        return list(card_ids)
    if tile in (EMPTY, URCHIN, UNKNOWN) or not 0 <= tile < 16:
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
