"""Shifting Stones components: the stone faces and the pattern cards.

Faces are numbered so that a stone's two sides differ only in the lowest
bit: flipping a stone is ``face ^ 1``.  The deck itself is the data file
``cards.json`` beside this module (made by ``tools/make_shifting_stones_deck.py``).
"""

from __future__ import annotations

import attrs

from tideboard.engine.package_files import package_json

ANY = -1  # a grey square: any stone

# The eight faces, numbered 0-7 in this order.
NAMES = ("Sun", "Moon", "Fish", "Bird", "Horse", "Boat", "Seed", "Tree")
LETTERS = "SMFBHOET"  # one letter per face, used in notation and data
COLOURS = ("yellow", "dark grey", "orange", "red", "purple", "teal", "beige", "green")

# How many double-sided stones of each pair the box holds (pair = face // 2).
STONES_PER_PAIR = (1, 2, 3, 3)

HAND_SIZE = 4
SKIP_DRAW = 2
END_TRIGGER = {2: 10, 3: 9, 4: 8, 5: 7}  # players -> scored cards that end the game
ONE_POINT_BONUS = 3
SOLO_MIX = {1: 8, 2: 4, 3: 3, 5: 1}  # points -> how many cards in the solo mini-deck
SOLO_STRIKES = 4

CELL_NAMES = tuple(f"{col}{row}" for row in "123" for col in "abc")  # index = row*3+col


def letter_to_face(letter: str) -> int:
    if letter == "*":
        return ANY
    return LETTERS.index(letter)


@attrs.frozen
class Card:
    """A pattern card: rows of face letters, '*' for a grey square."""

    id: int
    points: int
    rows: tuple[str, ...]
    # every way the card fits on the grid: a tuple of (cell index, face) to check
    placements: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(eq=False, repr=False)
    # the same as (mask, faces) on a grid's code (see grid_code): the bots' fast test
    masks: tuple[tuple[int, int], ...] = attrs.field(eq=False, repr=False, default=())

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def shape(self) -> str:
        return {
            (1, 2): "horizontal pair",
            (2, 1): "vertical pair",
            (1, 3): "row of 3",
            (3, 1): "column of 3",
            (2, 2): "2x2 block",
            (3, 3): "full grid",
        }.get((self.height, self.width), "pattern")

    def matches_code(self, code: int) -> bool:
        """:meth:`matches` on the grid's :func:`grid_code` (for the bots' searches)."""
        for mask, faces in self.masks:
            if code & mask == faces:
                return True
        return False

    def matches(self, grid: tuple[int, ...]) -> bool:
        for placement in self.placements:
            for cell, face in placement:
                if grid[cell] != face:
                    break
            else:
                return True
        return False


def make_card(card_id: int, points: int, rows: tuple[str, ...]) -> Card:
    height, width = len(rows), len(rows[0])
    if not (1 <= height <= 3 and 1 <= width <= 3) or any(len(r) != width for r in rows):
        raise ValueError(f"card {card_id}: pattern must be a rectangle of at most 3x3")
    placements = []
    for top in range(4 - height):
        for left in range(4 - width):
            checks = tuple(
                ((top + r) * 3 + left + c, letter_to_face(ch))
                for r, row in enumerate(rows)
                for c, ch in enumerate(row)
                if ch != "*"
            )
            placements.append(checks)
    masks = tuple(
        (sum(7 << 3 * cell for cell, _ in checks), sum(face << 3 * cell for cell, face in checks))
        for checks in placements
    )
    return Card(card_id, points, tuple(rows), tuple(placements), masks)


def grid_code(grid: tuple[int, ...]) -> int:
    """The grid as one number, three bits a cell (cell i at bit 3i): a card's
    placement matches when ``code & mask == faces``."""
    code = 0
    for cell, face in enumerate(grid):
        code |= face << 3 * cell
    return code


def load_cards() -> tuple[Card, ...]:
    raw = package_json(__file__, "cards.json")
    return tuple(make_card(c["id"], c["points"], tuple(c["pattern"])) for c in raw["cards"])


CARDS: tuple[Card, ...] = load_cards()
CARD_BY_ID: dict[int, Card] = {card.id: card for card in CARDS}
