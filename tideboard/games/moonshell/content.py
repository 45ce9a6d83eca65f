"""Moonshell components: tiles, the board's geometry and the objective cards.

Tiles are small integers so that states stay cheap to copy and compare:

* a seashell is ``shape * 4 + colour`` (0-15),
* :data:`URCHIN` (16) is a sea urchin, :data:`MOONSHELL` (17) a player's moonshell,
* Lunar Reef: :data:`ANEMONE` (18), :data:`CLOWNFISH` (19) and :data:`REEF_PAIR` (21,
  a clownfish stacked on an anemone: one chest space); :data:`BUOY` (20) is a Buoy
  mermeeple holding a chest space,
* :data:`EMPTY` (-1) is an empty space.

For objectives each tile has a bit mask (:data:`MASK`): bits 0-3 are the four
shapes, bits 4-7 the four colours.  A moonshell has every bit (it counts as any
shape and any colour), an urchin and an empty space have none.

The cards themselves are the data file ``cards.json`` beside this module.

Board geometry.  The ocean is a 5x5 grid stored in absolute coordinates,
cell ``r * 5 + c`` with row 0 at the north edge and column 0 at the west edge
(the first player sits at the south edge).  The four sides are numbered
clockwise seen from above: 0 south, 1 west, 2 north, 3 east, which is also the
order players take turns in.  Each side has two rock spaces, numbered
``side * 2 + k`` with k = 0 the rock on the left and k = 1 the rock on the
right of the player sitting on that side.  A player's columns are numbered 0-4
from their left and each column is listed nearest space first.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from tideboard.engine.package_files import package_json

# -- tiles ----------------------------------------------------------------
EMPTY = -1
URCHIN = 16
MOONSHELL = 17
ANEMONE = 18
CLOWNFISH = 19
BUOY = 20  # the active Buoy's mermeeple on a chest space (not a tile)
REEF_PAIR = 21  # a clownfish on an anemone
REEF_PAIR_POINTS = 3

_RAW = package_json(__file__, "cards.json")

SHAPES: tuple[str, ...] = tuple(_RAW["shells"]["shapes"])  # clamshell, sand dollar, auger, starfish
COLOURS: tuple[str, ...] = tuple(_RAW["shells"]["colours"])  # white, pink, purple, orange
SHAPE_LETTERS = "CDAS"
COLOUR_LETTERS = "wpuo"
COPIES = int(_RAW["shells"]["copies"])  # 3 of each shell: 48 tiles
URCHINS = int(_RAW["shells"]["urchins"])  # 24
TWO_PLAYER_URCHINS = int(_RAW["shells"]["two_player_urchins"])  # 8 into the bag at 2 players

SHELLS: tuple[int, ...] = tuple(range(16))
ALL_SHELLS: tuple[int, ...] = tuple(t for t in SHELLS for _ in range(COPIES))

SHAPE_BITS = 0x0F
COLOUR_BITS = 0xF0

# MASK[t] for t in -1..21: the extra last entry makes MASK[EMPTY] (index -1) zero.
MASK: tuple[int, ...] = tuple(
    [(1 << (t // 4)) | (1 << (4 + t % 4)) for t in SHELLS] + [0, 0xFF, 0, 0, 0, 0, 0]
)
_SPECIAL = {
    URCHIN: ("UR", "sea urchin"),
    MOONSHELL: ("MS", "moonshell"),
    ANEMONE: ("AN", "sea anemone"),
    CLOWNFISH: ("CF", "clownfish"),
    BUOY: ("MM", "Buoy mermeeple"),
    REEF_PAIR: ("FA", "clownfish on an anemone"),
}


def letter_bit(letter: str) -> int:
    """The mask bit of a shape letter (CDAS) or a colour letter (wpuo)."""
    if letter in SHAPE_LETTERS:
        return 1 << SHAPE_LETTERS.index(letter)
    if letter in COLOUR_LETTERS:
        return 1 << (4 + COLOUR_LETTERS.index(letter))
    raise ValueError(f"not a shape or colour letter: {letter!r}")


def bit_name(bit: int, plural: bool = False) -> str:
    """'starfish' / 'pink shell' for a type bit ('white shell or clamshell' for two)."""
    if bit & (bit - 1):  # two bits: a colour and a shape (Lunar Reef cards)
        low = bit & -bit
        return f"{bit_name(bit - low, plural)} or {bit_name(low, plural)}"
    index = bit.bit_length() - 1
    if index < 4:
        name = SHAPES[index]
        if plural and not name.endswith("fish"):
            name += "s"
        return name
    return f"{COLOURS[index - 4]} shell{'s' if plural else ''}"


def tile_name(tile: int) -> str:
    if tile == EMPTY:
        return "empty"
    if tile in _SPECIAL:
        return _SPECIAL[tile][1]
    return f"{COLOURS[tile % 4]} {SHAPES[tile // 4]}"


# tile_name of every tile, EMPTY (-1) last (the solo automaton's log names a tile at each step)
TILE_NAMES: tuple[str, ...] = tuple(tile_name(t) for t in range(REEF_PAIR + 1)) + ("empty",)


def tile_code(tile: int) -> str:
    """Two characters: colour letter + shape letter ('wC'), 'UR', 'MS', 'AN', 'CF',
    'FA' (a stacked pair), 'MM' (a Buoy mermeeple) or '..'."""
    if tile == EMPTY:
        return ".."
    if tile in _SPECIAL:
        return _SPECIAL[tile][0]
    return COLOUR_LETTERS[tile % 4] + SHAPE_LETTERS[tile // 4]


def tile_from_code(code: str) -> int:
    code = code.strip()
    if code == "..":
        return EMPTY
    for tile, (special, _) in _SPECIAL.items():
        if code.upper() == special:
            return tile
    if len(code) != 2 or code[0] not in COLOUR_LETTERS or code[1] not in SHAPE_LETTERS:
        raise ValueError(f"not a tile code: {code!r}")
    return SHAPE_LETTERS.index(code[1]) * 4 + COLOUR_LETTERS.index(code[0])


def tile_json(tile: int):
    if tile == EMPTY:
        return None
    if tile in _SPECIAL:
        return {"code": tile_code(tile), "name": tile_name(tile)}
    return {
        "code": tile_code(tile),
        "name": tile_name(tile),
        "shape": SHAPES[tile // 4],
        "colour": COLOURS[tile % 4],
    }


# -- the ocean board ------------------------------------------------------
SIZE = 5
CENTRE = 2
SIDE_NAMES = ("south", "west", "north", "east")
ROCK_SIDES = ("left", "right")
SEAT_SIDES = {1: (0, 2), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def _cell(side: int, column: int, depth: int) -> int:
    """Absolute ocean cell of a player's column (0-4 from their left) at depth
    (0 = the space nearest them)."""
    j, d = column, depth
    if side == 0:
        r, c = 4 - d, j
    elif side == 1:
        r, c = j, d
    elif side == 2:
        r, c = d, 4 - j
    else:
        r, c = 4 - j, 4 - d
    return r * SIZE + c


# COLUMNS[side][column] = the five cells, nearest first.
COLUMNS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_cell(side, j, d) for d in range(SIZE)) for j in range(SIZE)) for side in range(4)
)

# Rotation permutations: new[i] = old[SOURCE[i]].
# Counter-clockwise (seen from above): cell (r, c) moves to (4 - c, r) and a
# side's rocks move to the side before it in turn order (south -> east).
_CCW_DEST = tuple((4 - (i % 5)) * 5 + i // 5 for i in range(25))
CCW_SOURCE = tuple(_CCW_DEST.index(i) for i in range(25))
_CW_DEST = tuple((i % 5) * 5 + 4 - i // 5 for i in range(25))
CW_SOURCE = tuple(_CW_DEST.index(i) for i in range(25))
# rocks: CCW moves rock (s, k) to ((s - 1) % 4, k); so new[(s, k)] = old[((s + 1) % 4, k)].
CCW_ROCK_SOURCE = tuple(((r // 2 + 1) % 4) * 2 + r % 2 for r in range(8))
CW_ROCK_SOURCE = tuple(((r // 2 - 1) % 4) * 2 + r % 2 for r in range(8))


def far_rock(column: int) -> int | None:
    """Which of a player's rocks (0 left, 1 right) the nearest tile of a pulled
    column slides to: the rock farther from that column; None for the centre."""
    if column < CENTRE:
        return 1
    if column > CENTRE:
        return 0
    return None


# -- treasure chests --------------------------------------------------------
CHEST_COLUMNS = 4
CHEST_ROWS = 3
CHEST_SIZE = CHEST_COLUMNS * CHEST_ROWS  # 12: a full chest triggers the end
ACTIONS_PER_TURN = 3


def chest_cells(chest: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The 12 chest spaces flat, index ``row * 4 + column`` with row 0 the floor."""
    return tuple(
        col[row] if row < len(col) else EMPTY for row in range(CHEST_ROWS) for col in chest
    )


# -- objective cards ------------------------------------------------------
DECKS = ("composition", "array", "pair", "trove", "collector")
DECK_TITLES = {
    "composition": "Composition",
    "array": "Array",
    "pair": "Pair",
    "trove": "Trove",
    "collector": "Collector",
    "secret": "Secret objective",
}
COMPOSITION_POINTS = 10
ARRAY_POINTS = 8
PAIR_POINTS = 2
PAIR_LIMIT = 6
TROVE_POINTS = 6
COLLECTOR_LIMIT = 12
URCHIN_POINTS = 1
UNUSED_MOONSHELL_POINTS = 4
SOLO_TITLES = ((45, "Merqueen"), (35, "Siren"), (25, "Kelpie"), (0, "Nymph"))

Group = tuple[tuple[int, ...], int]  # (chest cells, allowed bits)
Placement = tuple[Group, ...]


# The cards are named tuples, not attrs classes: a named tuple is much cheaper to
# define, and the classes are defined while a game's first frame waits
# (benchmarks/README.md, "Measurements behind the code").
class PatternCard(NamedTuple):
    """Composition, Array and secret objective cards.

    A placement is a tuple of groups; a group (cells, bits) is met when every
    cell holds a tile and the tiles' masks share a bit of ``bits``.  A plain
    pattern letter is a one-cell group; the X cells of a secret card form one
    group with all shape bits or all colour bits.
    """

    id: str
    deck: str
    name: str
    points: int
    seahorses: int
    rows: tuple[str, ...]
    same: str = ""  # secret cards: "colour" or "shape"
    turn: bool = True  # may be rotated and flipped (all cards may be shifted)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """Every way the pattern fits in the chest, worked out when first asked
        (most cards of a game are never scored: importing the rules stays cheap)."""
        return compile_pattern(self.rows, self.same, self.turn)

    @property
    def cells(self) -> int:
        return sum(ch != "." for row in self.rows for ch in row)

    @property
    def text(self) -> str:
        moves = (
            "May be rotated, flipped and shifted" if self.turn else "May be shifted (not turned)"
        )
        if self.deck == "secret":
            times = (
                f"scores up to {self.seahorses} times (separate tiles each time)"
                if self.seahorses > 1
                else "scores once"
            )
            return f"{self.name} of one {self.same}: {self.points} points, {times}. {moves}."
        what = "shapes in any colour" if self.deck == "composition" else "colours in any shape"
        return f"{self.name} ({what}): {self.points} points. {moves}."


class TypeCard(NamedTuple):
    """Pair, Trove and Collector cards: one or two tile types (mask bits)."""

    id: str
    deck: str
    types: tuple[int, ...]

    @property
    def bits(self) -> int:
        """Trove and Collector: the mask bits a tile counts with (either type)."""
        return self.types[0] | (self.types[1] if len(self.types) > 1 else 0)

    @property
    def name(self) -> str:
        word = " and " if self.deck == "pair" else " or "
        return word.join(bit_name(b) for b in self.types)

    @property
    def text(self) -> str:
        if self.deck == "pair":
            a, b = (bit_name(t) for t in self.types)
            return (
                f"2 points for each pair of one {a} and one {b} "
                f"(anywhere, up to {PAIR_LIMIT} pairs)"
            )
        kind = bit_name(self.bits, plural=True)
        if self.deck == "trove":
            return f"{TROVE_POINTS} points to the player(s) with the most {kind}"
        return f"1 point for each of your {kind} (up to {COLLECTOR_LIMIT})"


class SoloCard(NamedTuple):
    id: str
    column: int  # 0-4 from the automaton's left
    first: int | None  # centre column: the rock (0 left, 1 right) the nearest tile goes to

    @property
    def text(self) -> str:
        side = "" if self.first is None else f", nearest tile to its {ROCK_SIDES[self.first]} rock"
        return f"column {self.column + 1}{side}"


def _symmetries(
    cells: list[tuple[int, int, str]], turn: bool
) -> list[tuple[tuple[int, int, str], ...]]:
    shapes = []
    variants = [cells]
    if turn:
        variants = []
        current = cells
        for _ in range(4):
            variants.append(current)
            variants.append([(r, -c, ch) for r, c, ch in current])  # mirror
            current = [(c, -r, ch) for r, c, ch in current]  # quarter turn
    for variant in variants:
        top = min(r for r, _, _ in variant)
        left = min(c for _, c, _ in variant)
        norm = tuple(sorted((r - top, c - left, ch) for r, c, ch in variant))
        if norm not in shapes:
            shapes.append(norm)
    return shapes


@functools.cache
def compile_pattern(
    rows: tuple[str, ...], same: str = "", turn: bool = True
) -> tuple[Placement, ...]:
    """Every way a pattern fits in the chest (rotations, flips, positions)."""
    cells = [(r, c, ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
    placements: list[Placement] = []
    seen: set = set()
    for shape in _symmetries(cells, turn):
        height = max(r for r, _, _ in shape) + 1
        width = max(c for _, c, _ in shape) + 1
        for top in range(CHEST_ROWS - height + 1):
            for left in range(CHEST_COLUMNS - width + 1):
                # pattern row r (from the top) lies on chest row (from the floor):
                spots = [
                    ((CHEST_ROWS - 1 - (top + r)) * CHEST_COLUMNS + left + c, ch)
                    for r, c, ch in shape
                ]
                if same:
                    bits = SHAPE_BITS if same == "shape" else COLOUR_BITS
                    placement: Placement = ((tuple(sorted(cell for cell, _ in spots)), bits),)
                else:
                    placement = tuple(((cell,), letter_bit(ch)) for cell, ch in sorted(spots))
                key = frozenset(placement)
                if key not in seen:
                    seen.add(key)
                    placements.append(placement)
    return tuple(placements)


def _pattern_card(raw: dict, deck: str) -> PatternCard:
    rows = tuple(raw["pattern"])
    same = raw.get("same", "")
    turn = bool(raw.get("turn", True))
    points = {"composition": COMPOSITION_POINTS, "array": ARRAY_POINTS}.get(
        deck, raw.get("points", 0)
    )
    return PatternCard(
        id=raw["id"],
        deck=deck,
        name=raw["name"],
        points=int(points),
        seahorses=int(raw.get("seahorses", 1)),
        rows=rows,
        same=same,
        turn=turn,
    )


def _load() -> tuple[
    dict[str, PatternCard], dict[str, TypeCard], dict[str, tuple[str, ...]], tuple[SoloCard, ...]
]:
    patterns: dict[str, PatternCard] = {}
    types: dict[str, TypeCard] = {}
    decks: dict[str, tuple[str, ...]] = {}
    for prefix, source in (("", _RAW), ("lunar-", _RAW["lunar"])):
        for deck in ("composition", "array", "secret"):
            if deck not in source:
                continue
            made = [_pattern_card(raw, deck) for raw in source[deck]]
            for card in made:  # (that each fits in a chest is a test)
                patterns[card.id] = card
            decks[prefix + deck] = tuple(c.id for c in made)
        for deck in ("pair", "trove", "collector"):
            ids = []
            for raw in source[deck]:
                letters = raw["types"] if "types" in raw else [raw["type"]]
                types[raw["id"]] = TypeCard(raw["id"], deck, tuple(letter_bit(t) for t in letters))
                ids.append(raw["id"])
            decks[prefix + deck] = tuple(ids)
    solo = tuple(
        SoloCard(
            raw["id"],
            int(raw["column"]) - 1,
            None if "first" not in raw else ROCK_SIDES.index(raw["first"]),
        )
        for raw in _RAW["solo"]
    )
    return patterns, types, decks, solo


# The cards by id: the pattern cards (Composition, Array, secret objectives), the type
# cards (Pair, Trove, Collector), and all of them (where the kind is not known yet)
PATTERN_CARDS, TYPE_CARDS, DECK_IDS, SOLO_CARDS = _load()
CARDS: dict[str, PatternCard | TypeCard] = {**PATTERN_CARDS, **TYPE_CARDS}
SOLO_BY_ID: dict[str, SoloCard] = {card.id: card for card in SOLO_CARDS}
HIDDEN = "?"  # a card a seat may not see


def card_label(card_id: str) -> str:
    card = CARDS[card_id]
    return f"{DECK_TITLES[card.deck]} {card.id}"
