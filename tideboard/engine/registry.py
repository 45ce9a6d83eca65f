"""The games tideboard knows, by id.

The metadata here is plain data so that ``tideboard list`` and flag checks
never import a game's rules; :func:`load` imports a game when it is played.
``bot_levels`` is listed here, not asked of the game, for the same reason; a
test checks it equals each playable game's ``bot_factories()``.
A game whose package is not built yet is listed as "coming".
"""

from __future__ import annotations

import importlib
import importlib.util

from tideboard.engine.core import ConfigError, Game, GameInfo, GameOption

MERMAIDS = ("tide-pool", "inlet", "rising-moon", "slide", "swap", "buoy")

# Moonshell's rules options; its modes (variants) are presets of them.
MOONSHELL_OPTIONS = (
    GameOption("moonshell", "Moonshell", ("on", "off"), "on",
               "each player's moonshell tile (4 points if unused; the first tie-break)"),
    GameOption("decks", "Decks", ("base", "lunar-reef", "mixed"), "base",
               "objective cards: the base game's, Lunar Reef's, or both mixed per type"),
    GameOption("powers", "Powers", ("none", "passive", "active"), "none",
               "mermaid powers: the light (passive) or dark (active) side for everyone"),
    GameOption("urchins", "Urchins", ("rulebook", "none", "8"), "rulebook",
               "sea urchins in the bag at the start: the two-player note (8 at 2 "
               "players and solo), none, or 8 at any table"),
    GameOption("reef", "Reef", ("none", "players+1", "3"), "none",
               "sea anemones and clownfish in the bag: none, players + 1 of each, or 3"),
    GameOption("events", "Events", ("off", "on"), "off",
               "the Lunar Reef event deck: a card before each round"),
) + tuple(
    GameOption(f"mermaid-{seat}", f"Mermaid {seat}", ("choose",) + MERMAIDS, "choose",
               f"Player {seat}'s mermaid (choose: picked at the table, in turn order)",
               seat=seat, unless=("powers", "none"))
    for seat in range(1, 5))

MOONSHELL_PRESETS = (
    ("wade", (("urchins", "none"),)),
    ("submerge", (("urchins", "none"), ("powers", "passive"))),
    ("dive", (("urchins", "8"), ("powers", "passive"), ("reef", "3"))),
    ("tsunami", (("urchins", "8"), ("powers", "passive"), ("reef", "3"), ("decks", "mixed"),
                 ("events", "on"))),
)

GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            id="shifting-stones",
            name="Shifting Stones",
            min_players=2,
            max_players=5,
            solo=True,
            summary="Swap and flip nine stones to match your pattern cards.",
            module="tideboard.games.shifting_stones",
            bot_levels=("random", "greedy"),
        ),
        GameInfo(
            id="moonshell",
            name="Moonshell",
            min_players=2,
            max_players=4,
            solo=True,
            summary="Rotate the ocean, pull shells onto your rocks, fill your chest.",
            module="tideboard.games.moonshell",
            bot_levels=("random", "greedy"),
            variants=("standard", "wade", "submerge", "dive", "tsunami"),
            options=MOONSHELL_OPTIONS,
            presets=MOONSHELL_PRESETS,
        ),
        GameInfo(
            id="moonlighter",
            name="Moonlighter",
            min_players=1,
            max_players=1,
            summary="Roll dice to build and clear a dungeon, room by room.",
            module="tideboard.games.moonlighter",
            bot_levels=("random", "greedy"),
            hidden_information=False,
        ),
        GameInfo(
            id="mermaid-rain",
            name="Mermaid Rain",
            min_players=3,
            max_players=6,
            summary="Meld cards all at once, lay surf tiles, ride to the treasures.",
            module="tideboard.games.mermaid_rain",
        ),
        GameInfo(
            id="animal-splash",
            name="Animal Splash",
            min_players=2,
            max_players=5,
            summary="Dive around the grid, line up sea animals for pearls, take missions.",
            module="tideboard.games.animal_splash",
            bot_levels=("random", "greedy"),
            hidden_information=False,
        ),
    )
}


def is_available(game_id: str) -> bool:
    """True when the game's package is installed (not just announced)."""
    info = GAMES[game_id]
    return importlib.util.find_spec(info.module) is not None


def get_info(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ConfigError(f"Unknown game {game_id!r}; choose from: "
                          f"{', '.join(GAMES)}.") from None


def load(game_id: str) -> Game:
    """The :class:`Game` object for ``game_id``; ConfigError if not built yet."""
    info = get_info(game_id)
    if not is_available(game_id):
        raise ConfigError(f"{info.name} is coming soon; playable now: "
                          f"{', '.join(g for g in GAMES if is_available(g))}.")
    module = importlib.import_module(info.module)
    return module.GAME
