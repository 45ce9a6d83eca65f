"""Moonlighter components: tiles, pawns, dice tables and the campaign numbers.

Everything a rule needs to count with lives here as plain data, so that the
rules module, the docs page and the tests all read the same numbers.
"""

from __future__ import annotations

# -- tiles --------------------------------------------------------------------
# A tile is named by the colour printed on its face side.  Orange and black
# tiles are double-sided: cleared, they are turned over to their green side.
WHITE, ORANGE, YELLOW, BLUE, RED, BLACK = "white", "orange", "yellow", "blue", "red", "black"
GREEN = "green"  # the back of an orange or black tile (a cleared room)
TILES = (WHITE, ORANGE, YELLOW, BLUE, RED, BLACK)

# The box: how many tiles of each kind there are.  The start tile is a white tile.
SUPPLY = {WHITE: 50, ORANGE: 50, YELLOW: 25, BLUE: 5, RED: 5, BLACK: 35}

# What a room of each kind is, for logs and help text.
ROOM_TEXT = {
    WHITE: "an empty white room",
    ORANGE: "an orange room with two enemies",
    YELLOW: "a yellow chest room",
    BLUE: "a blue healing pool",
    RED: "the red boss room",
    BLACK: "a black room that locks behind you",
    GREEN: "a cleared green room",
}

# Short names, for "you place ... to the north".
TILE_NAME = {
    WHITE: "a white room",
    ORANGE: "an orange room",
    YELLOW: "a chest room",
    BLUE: "the healing pool",
    RED: "the boss room",
    BLACK: "a black room",
}

# -- pawns --------------------------------------------------------------------
# The player starts as the white pawn; the loot die (d8) names the other eight.
PAWN_WHITE = "white"
LOOT_PAWNS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "black")  # d8 face 1-8

PAWN_TEXT = {
    "white": "no power: the starting pawn",
    "red": "double damage against the boss",
    "orange": "a 1 on the attack die is also a hit",
    "yellow": "up to 4 chest rooms in the dungeon instead of 3",
    "green": "a killing blow clears the whole room",
    "blue": "double damage dealt and taken against ordinary enemies",
    "purple": "a 3 on the tile die makes a chest room",
    "pink": "+2 maximum health, lost again when you drop it",
    "black": "black rooms do not lock you in",
}

# -- dice ---------------------------------------------------------------------
TILE_DIE = 10  # faces 0-9
ATTACK_DIE = 6  # faces 1-6
LOOT_DIE = 8  # faces 1-8

YELLOW_CAP = 3  # chest rooms allowed on the board
YELLOW_CAP_PAWN = 4  # ... while wearing the yellow pawn
BLUE_CAP = 1  # healing pools allowed on the board

# -- fights -------------------------------------------------------------------
ENEMIES_PER_ROOM = 2
ENEMY_HEARTS = 2

# -- the campaign -------------------------------------------------------------
DUNGEONS = 5  # one dungeon per red boss tile in the box
START_HEALTH = 5  # dungeon 1; +1 per later dungeon
PINK_BONUS = 2
START_POOL = 25  # healing pool of dungeon 1; +10 per later dungeon
START_BOSS = 5  # boss hearts in dungeon 1; +3 per later dungeon
START_GREENS = 10  # green rooms needed before the boss can appear; +5 per later dungeon
LIVES = 3  # deaths the campaign survives, the last one ends it
ROLL_LIMIT = 1000  # tile-die rolls in a campaign (the moon sets)
DUNGEON_POINTS = 1000  # score per dungeon cleared in the best run


def max_health_base(dungeon: int) -> int:
    return START_HEALTH + (dungeon - 1)


def pool_size(dungeon: int) -> int:
    return START_POOL + 10 * (dungeon - 1)


def boss_hearts(dungeon: int) -> int:
    return START_BOSS + 3 * (dungeon - 1)


def greens_for_boss(dungeon: int) -> int:
    return START_GREENS + 5 * (dungeon - 1)


# -- the map ------------------------------------------------------------------
# x grows to the east, y grows to the south (as rows on a screen).
DIRECTIONS = ("n", "e", "s", "w")
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
