"""Moonshell's metadata for ``tideboard list``, the picker and flag checks: its
rules options, and its modes (variants) as presets of them.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo, GameOption

# The mermaid cards' ids (reef.json), named here so the options need no rules.
MERMAIDS = ("tide-pool", "inlet", "rising-moon", "slide", "swap", "buoy")

OPTIONS = (
    GameOption(
        "moonshell",
        "Moonshell",
        ("on", "off"),
        "on",
        "each player gets a moonshell tile to place once in their chest; one never "
        "placed is worth 4 points and wins a tie",
    ),
    GameOption(
        "decks",
        "Decks",
        ("base", "lunar-reef", "mixed"),
        "base",
        "the objective cards in play: the base game's, the Lunar Reef expansion's, "
        "or both decks mixed",
    ),
    GameOption(
        "powers",
        "Powers",
        ("none", "passive", "active"),
        "none",
        "each player picks a mermaid with a power: none, the light side (it works by "
        "itself) or the dark side (you use it, then it rests)",
    ),
    GameOption(
        "urchins",
        "Urchins",
        ("rulebook", "none", "8"),
        "rulebook",
        "sea urchins (1 point each, match no objective) in the bag at the start: "
        "rulebook 8 at two players and solo, none at more; none; or 8 at any table",
    ),
    GameOption(
        "reef",
        "Reef",
        ("none", "players+1", "3"),
        "none",
        "Lunar Reef's sea anemones and clownfish in the bag (a stacked pair scores "
        "3): none, players + 1 of each, or 3 of each",
    ),
    GameOption(
        "events",
        "Events",
        ("off", "on"),
        "off",
        "the Lunar Reef event deck: a card turned before each round changes its rules",
    ),
) + tuple(
    GameOption(
        f"mermaid-{seat}",
        f"Mermaid {seat}",
        ("choose",) + MERMAIDS,
        "choose",
        f"Player {seat}'s mermaid power: choose (picked at the table before the "
        "game, in turn order) or a given mermaid",
        seat=seat,
        unless=("powers", "none"),
    )
    for seat in range(1, 5)
)

PRESETS = (
    ("wade", (("urchins", "none"),)),
    ("submerge", (("urchins", "none"), ("powers", "passive"))),
    ("dive", (("urchins", "8"), ("powers", "passive"), ("reef", "3"))),
    (
        "tsunami",
        (
            ("urchins", "8"),
            ("powers", "passive"),
            ("reef", "3"),
            ("decks", "mixed"),
            ("events", "on"),
        ),
    ),
)

INFO = GameInfo(
    id="moonshell",
    name="Moonshell",
    min_players=2,
    max_players=4,
    solo=True,
    summary="Rotate the ocean, pull shells onto your rocks, fill your chest.",
    bot_levels=("random", "easy", "greedy", "expert"),
    variants=("standard", "wade", "submerge", "dive", "tsunami"),
    options=OPTIONS,
    presets=PRESETS,
    order=2,
)
