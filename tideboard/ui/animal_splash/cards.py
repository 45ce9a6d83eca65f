"""One Animal Splash card drawn in characters: three lines on its background's colour.

    line 1 (the animal area):  "red fish    ●"   animal in its colour, a pearl at the end
    line 2:                    "anchor   O₂"     the background, oxygen on the card
    line 3 (the plant area):   "2× kelp     ●"   the plants, a pearl at the end

Narrower cards shorten the words ("fish R", "kelp", "ke/mo"); colour is never
the only cue.  ``marks`` highlight an area: ``CURSOR`` (the keyboard's place),
``GROUP`` (it would score now), ``NEW`` (the card a preview moved or added).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from tideboard.games.animal_splash.content import (
    ANIMALS,
    BACKGROUNDS,
    CARDS,
    COLOURS,
    PLANTS,
    names_of,
)
from tideboard.games.animal_splash.logline import BACKGROUND_WORDS

CURSOR, GROUP, NEW = "cursor", "group", "new"
PEARL, NO_PEARL = "●", "·"
TAGS = {
    "crab": "crab",
    "fish": "fish",
    "turtle": "turt",
    "octopus": "octo",
    "seahorse": "seah",
    "kelp": "kelp",
    "grass": "gras",
    "moss": "moss",
    "lettuce": "lett",
    "anchor": "anch",
    "ship": "wreck",
    "reef": "reef",
    "sea": "sea",
}


def fit(candidates: Iterable[str], width: int) -> str:
    """The first candidate that fits ``width`` (the last one cut if none does)."""
    last = ""
    for text in candidates:
        if len(text) <= width:
            return text
        last = text
    return last[:width]


def animal_forms(cid: int) -> tuple[str, ...]:
    """A card's animal, longest form first ("red fish", "fish R", ...)."""
    card = CARDS[cid]
    kinds = names_of(card.kinds, ANIMALS)
    wild = card.colours == (1 << len(COLOURS)) - 1
    colour = "any" if wild else names_of(card.colours, COLOURS)[0]
    initial = "*" if wild else colour[0].upper()
    long, short = "/".join(kinds), "/".join(TAGS[k] for k in kinds)
    tiny = "/".join(k[:2] for k in kinds)
    return (f"{colour} {long}", f"{long} {initial}", f"{short} {initial}", f"{tiny} {initial}")


@functools.cache
def colour_first(width: int) -> bool:
    """Whether every card's animal fits as "red fish" at ``width``; if not, every card
    says its animal first ("fish R", "seahorse B"), so one screen names its animals one
    way (never "red fish" beside "seahorse R")."""
    return all(len(animal_forms(cid)[0]) <= width for cid in range(len(CARDS)))


def animal_words(cid: int, width: int) -> str:
    forms = animal_forms(cid)
    return forms[0] if colour_first(width) else fit(forms[1:], width)


def background_words(cid: int, width: int) -> str:
    card = CARDS[cid]
    name = BACKGROUNDS[card.background]
    oxygen = f" {card.oxygen}O₂" if card.oxygen > 1 else " O₂" if card.oxygen else ""
    # the short forms end the word the hints use: "shipwreck", then "wreck" ("ship" only
    # where "wreck" does not fit: a tableau of 9 cards at 80 columns)
    word = BACKGROUND_WORDS[name]
    out = fit([word, word.split()[-1], TAGS[name], name], width - len(oxygen))
    return f"{out:<{width - len(oxygen)}}{oxygen}"


def plant_words(cid: int, width: int) -> str:
    card = CARDS[cid]
    kinds = names_of(card.plants, PLANTS)
    if card.double:
        return fit([f"2× {kinds[0]}", f"2×{kinds[0]}", f"2×{TAGS[kinds[0]]}"], width)
    if len(kinds) == 2:
        a, b = kinds
        return fit([f"{a} or {b}", f"{a}/{b}", f"{TAGS[a]}/{TAGS[b]}", f"{a[:2]}/{b[:2]}"], width)
    return fit([kinds[0], TAGS[kinds[0]]], width)


def card_fill(cid: int, colours: dict[str, str]) -> str:
    """The colour of the card's background."""
    return colours[BACKGROUNDS[CARDS[cid].background]]


def card_lines(
    cid: int,
    width: int,
    colours: dict[str, str],
    pearls: tuple[bool, bool],
    marks: dict[int, str] | None = None,
    accent: str = "#f4a261",
    warn: str = "#f4d35e",
) -> list[Text]:
    """The card ``width`` wide (at least 6): the animal line, the background line,
    the plant line; ``marks`` maps an area (0 animal, 1 plant) to CURSOR / GROUP / NEW."""
    card = CARDS[cid]
    marks = marks or {}
    fill = card_fill(cid, colours)
    base = Style(bgcolor=fill)
    wild = card.colours == (1 << len(COLOURS)) - 1
    animal_colour = colours["pearl"] if wild else colours[names_of(card.colours, COLOURS)[0]]
    plant_colour = colours[names_of(card.plants, PLANTS)[0]]
    inner = width - 1  # the last column holds the pearl mark

    def area_line(text: str, area: int, colour: str) -> Text:
        style = base + Style(color=colour, bold=True)
        mark = marks.get(area)
        if mark == CURSOR:
            style = Style(color=fill if fill != "#000000" else "#000000", bgcolor=accent, bold=True)
        elif mark == NEW:
            style = style + Style(underline=True)
        line = Text(f"{text:<{inner}}", style=style)
        if mark == GROUP:
            line.stylize(Style(underline=True, color=warn))
        pearl = pearls[area]
        pearl_style = (
            Style(color=colours["pearl"], bold=True) if pearl else Style(color=colours["empty"])
        )
        if mark == CURSOR:
            pearl_style = style
        elif mark == GROUP and not pearl:
            line.append("◆", base + Style(color=warn, bold=True))
            return line
        line.append(PEARL if pearl else NO_PEARL, base + pearl_style)
        return line

    middle_style = base + (Style(color=colours["oxygen"]) if card.oxygen else Style(dim=True))
    middle = Text(background_words(cid, width), style=middle_style)
    return [
        area_line(animal_words(cid, inner), 0, animal_colour),
        middle,
        area_line(plant_words(cid, inner), 1, plant_colour),
    ]


def empty_lines(width: int, colours: dict[str, str], label: str = "taken") -> list[Text]:
    """A grid spot whose card was taken this turn."""
    style = Style(color=colours["empty"])
    return [Text(" " * width), Text(f"{label:^{width}}", style=style), Text(" " * width)]


def short_words(cid: int, width: int) -> dict[str, str]:
    """The shortened words card ``cid`` shows at ``width`` and what they stand for
    (``{"octo": "octopus", "gr": "grass"}``), for a legend beside narrow cards."""
    card = CARDS[cid]
    background = BACKGROUNDS[card.background]
    # (the word in full, its key in TAGS)
    names = [(k, k) for k in (*names_of(card.kinds, ANIMALS), *names_of(card.plants, PLANTS))]
    names.append((BACKGROUND_WORDS[background], background))
    whole = {w for full, tag in names for w in (*full.split(), tag)} | {"wreck"}
    inner = width - 1  # (as card_lines draws them)
    shown = " ".join(
        [animal_words(cid, inner), background_words(cid, width), plant_words(cid, inner)]
    )
    out: dict[str, str] = {}
    for token in shown.replace("/", " ").replace("×", " ").split():
        if len(token) < 2 or token in whole or "O₂" in token:
            continue
        for full, tag in names:
            if TAGS[tag] == token or full[:2] == token:
                out[token] = full
                break
    return out
