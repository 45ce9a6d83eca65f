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
        "each player's moonshell tile (4 points if unused; the first tie-break)",
    ),
    GameOption(
        "decks",
        "Decks",
        ("base", "lunar-reef", "mixed"),
        "base",
        "objective cards: the base game's, Lunar Reef's, or both mixed per type",
    ),
    GameOption(
        "powers",
        "Powers",
        ("none", "passive", "active"),
        "none",
        "mermaid powers: the light (passive) or dark (active) side for everyone",
    ),
    GameOption(
        "urchins",
        "Urchins",
        ("rulebook", "none", "8"),
        "rulebook",
        "sea urchins in the bag at the start: the two-player note (8 at 2 "
        "players and solo), none, or 8 at any table",
    ),
    GameOption(
        "reef",
        "Reef",
        ("none", "players+1", "3"),
        "none",
        "sea anemones and clownfish in the bag: none, players + 1 of each, or 3",
    ),
    GameOption(
        "events",
        "Events",
        ("off", "on"),
        "off",
        "the Lunar Reef event deck: a card before each round",
    ),
) + tuple(
    GameOption(
        f"mermaid-{seat}",
        f"Mermaid {seat}",
        ("choose",) + MERMAIDS,
        "choose",
        f"Player {seat}'s mermaid (choose: picked at the table, in turn order)",
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
    bot_levels=("random", "greedy", "expert"),  # expert: measured stronger (issue #21)
    variants=("standard", "wade", "submerge", "dive", "tsunami"),
    options=OPTIONS,
    presets=PRESETS,
    order=2,
)
