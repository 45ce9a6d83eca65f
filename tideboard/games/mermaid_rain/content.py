"""Mermaid Rain components and the board's geometry, read from ``content.json``.

Everything is a small integer so that states stay cheap to copy:

* an adventure card is a kind, 0 Dolphin, 1 Seagull, 2 Sea Turtle (letters
  ``d g t``); :data:`MERMAID` (3, letter ``m``) is a player's Mermaid card;
* a space's symbol is one of :data:`DOLPHIN` .. :data:`TURTLE`,
  :data:`MER` (the mermaid symbol), :data:`START` (an oyster-shell start
  space), :data:`WATER` (empty sea) or :data:`ROCK`;
* a cell is ``row * COLS + col``; rows are offset ("odd-r"): odd rows sit
  half a space to the right.  Cells are named by a row letter and a column
  number, ``a1`` at the top left;
* a surf tile is an id 0-71 (two sets of 36, one per ruleset) with a shape,
  a symbol and a dark border or not;
* a treasure is an id with a kind 0-4 (Abalone, Coral, Crystal, Pearl,
  Dragon Scale).
"""

from __future__ import annotations

from tideboard.engine.package_files import package_json

_RAW = package_json(__file__, "content.json")

# -- adventure cards ------------------------------------------------------
KINDS: tuple[str, ...] = tuple(_RAW["cards"]["kinds"])
CARD_LETTERS = _RAW["cards"]["letters"] + "m"  # d g t, m for the Mermaid card
MERMAID = 3
COPIES = int(_RAW["cards"]["copies"])  # 18 of each kind: 54 cards
DEAL = int(_RAW["cards"]["deal"])  # seven cards a round
KEEP = int(_RAW["cards"]["keep"])  # keep two at the end of a round
ROUNDS = int(_RAW["cards"]["rounds"])  # five rounds
MELD_LIMIT = 5  # a meld of five ends the meld phase

# -- the map --------------------------------------------------------------
DOLPHIN, SEAGULL, TURTLE, MER, START, WATER, ROCK = range(7)
SYMBOL_NAMES = ("Dolphin", "Seagull", "Sea Turtle", "Mermaid", "Start", "sea", "rock")
_MAP_LETTERS = {
    "D": DOLPHIN,
    "G": SEAGULL,
    "T": TURTLE,
    "M": MER,
    "S": START,
    ".": WATER,
    "#": ROCK,
}
MAP_ROWS: tuple[str, ...] = tuple(_RAW["map"]["rows"])
ROWS = len(MAP_ROWS)
COLS = len(MAP_ROWS[0])
CELLS = ROWS * COLS
BASE: tuple[int, ...] = tuple(_MAP_LETTERS[ch] for row in MAP_ROWS for ch in row)
ROW_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:ROWS]
CELL_NAMES: tuple[str, ...] = tuple(f"{ROW_LETTERS[c // COLS]}{c % COLS + 1}" for c in range(CELLS))
CELL_BY_NAME = {name: cell for cell, name in enumerate(CELL_NAMES)}
STARTS: tuple[int, ...] = tuple(c for c in range(CELLS) if BASE[c] == START)


def cube(cell: int) -> tuple[int, int, int]:
    """Cube coordinates of a cell (odd-r offset rows)."""
    row, col = divmod(cell, COLS)
    x = col - (row - (row & 1)) // 2
    return x, -x - row, row


def from_cube(x: int, z: int) -> int | None:
    """The cell at cube coordinates (x, -x-z, z), or None off the board."""
    row = z
    col = x + (row - (row & 1)) // 2
    if 0 <= row < ROWS and 0 <= col < COLS:
        return row * COLS + col
    return None


DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # (dx, dz) round the hex


def _neighbours(cell: int) -> tuple[int, ...]:
    x, _, z = cube(cell)
    out = (from_cube(x + dx, z + dz) for dx, dz in DIRECTIONS)
    return tuple(sorted(c for c in out if c is not None))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))


def distance(a: int, b: int) -> int:
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


# -- surf tiles -------------------------------------------------------------
SHAPES: tuple[str, ...] = tuple(_RAW["surf_tiles"]["shapes"])  # duo, bar, arc, tri
# Two sets of 36 tiles, one per ruleset (the "ruleset" option): 0-35 as first
# released, 36-71 with more dark borders (issue #20).  A game uses one set.
TILE_SHAPE: list[int] = []
TILE_SYMBOL: list[int] = []
TILE_DARK: list[bool] = []
TILE_SETS: dict[str, range] = {}
for _ruleset, _key in (("1", "symbols"), ("2", "symbols_2")):
    _first = len(TILE_SHAPE)
    for _shape, _name in enumerate(SHAPES):
        for _letter in _RAW["surf_tiles"][_key][_name]:
            TILE_SHAPE.append(_shape)
            TILE_SYMBOL.append("dgtm".index(_letter.lower()))
            TILE_DARK.append(_letter.isupper())
    TILE_SETS[_ruleset] = range(_first, len(TILE_SHAPE))
TILES = len(TILE_SHAPE)  # every tile id of both sets
TILES_OF_SHAPE_BY_RULESET: dict[str, tuple[tuple[int, ...], ...]] = {
    ruleset: tuple(tuple(t for t in ids if TILE_SHAPE[t] == s) for s in range(len(SHAPES)))
    for ruleset, ids in TILE_SETS.items()
}
TILES_OF_SHAPE = TILES_OF_SHAPE_BY_RULESET["2"]  # the current ruleset's


def _placements() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every way each shape lies on empty sea inside the board, cells sorted.

    Three cells a-b-c (b next to both) make a triangle when a and c touch too, a
    bar when they lie in a line (b halfway between them in cube coordinates) and
    an arc otherwise.  Worked out once at import, from tables (a Mermaid Rain
    game's first frame waits for it)."""
    water = [c for c in range(CELLS) if BASE[c] == WATER]
    at = [cube(c) for c in range(CELLS)]
    touching = [frozenset(n) for n in NEIGHBOURS]
    Cells = set[tuple[int, ...]]
    duo, bar, arc, tri = (Cells() for _ in SHAPES)
    for a in water:
        ax, ay, az = at[a]
        for b in NEIGHBOURS[a]:
            if BASE[b] != WATER:
                continue
            duo.add((a, b) if a < b else (b, a))
            bx, by, bz = at[b]
            for c in NEIGHBOURS[b]:
                if BASE[c] != WATER or c == a:
                    continue
                cells = tuple(sorted((a, b, c)))
                if c in touching[a]:
                    tri.add(cells)
                else:
                    cx, cy, cz = at[c]
                    straight = ax + cx == 2 * bx and ay + cy == 2 * by and az + cz == 2 * bz
                    (bar if straight else arc).add(cells)
    return tuple(tuple(sorted(found)) for found in (duo, bar, arc, tri))


PLACEMENTS = _placements()  # per shape: the cell tuples a tile of that shape may cover

# -- undercurrents ------------------------------------------------------------
UNDERCURRENTS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {int(n): tuple(counts) for n, counts in card.items()} for card in _RAW["undercurrents"]["cards"]
)

# -- treasures ------------------------------------------------------------------
TREASURE_KINDS: tuple[str, ...] = tuple(_RAW["treasures"]["kinds"])
TREASURE_LETTERS = _RAW["treasures"]["letters"]  # a c y p z
TREASURES_BY_PLAYERS: dict[int, tuple[int, ...]] = {
    int(n): tuple(c) for n, c in _RAW["treasures"]["by_players"].items()
}


def _spots(raw: dict) -> dict[int, tuple[tuple[int, int, int], ...]]:
    return {
        int(n): tuple((CELL_BY_NAME[name], up, down) for name, up, down in spots)
        for n, spots in raw.items()
    }


# Where the treasures lie at the start, per ruleset (the "ruleset" option) and
# player count: (cell, face up, face down).  "1" as first released; "2" (issue
# #20) keeps the board from running dry before the fifth round.
SPOTS_BY_RULESET = {
    "1": _spots(_RAW["treasures"]["spots"]),
    "2": _spots(_RAW["treasures"]["spots_2"]),
}
SPOTS = SPOTS_BY_RULESET["2"]  # the current ruleset's

# -- melds ----------------------------------------------------------------------
MELD_NAMES = (
    "",
    "Mermaid Rain",
    "Mermaid Squall",
    "Ocean March",
    "Twin Splash",
    "Aquamarine Waltz",
    "Mermaid Mist",
    "Mermaid Drop",
    "Octopus",
)
MELD_RULES = (
    "",
    "5 of a kind",
    "4 of a kind",
    "full house (3 + 2)",
    "2 pairs",
    "3 different",
    "3 of a kind",
    "1 pair",
    "2 different",
)
MELD_BONUS = (
    "",
    "start your move by teleporting anywhere",
    "7 points",
    "a treasure from the pool",
    "6 points",
    "an extra face-down surf tile",
    "4 points",
    "1 point",
    "nothing",
)
MELD_POINTS = (0, 0, 7, 0, 6, 0, 4, 1, 0)
RAIN, SQUALL, MARCH, TWIN, WALTZ, MIST, DROP, OCTOPUS = range(1, 9)

# -- scoring --------------------------------------------------------------------
TREASURE_POINTS = 2
TRIBUTE_PENALTY = 5
MONOPOLY = 15
PLACES = (12, 6, 4, 2)
