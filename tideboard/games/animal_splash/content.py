"""Animal Splash components: the cards, missions, end-scoring cards and the grid.

The cards are the data file ``cards.json`` beside this module (the 72 main
cards are made by ``tools/make_animal_splash_deck.py``; the start cards,
missions and end-scoring cards are written by hand there).  Every card is
kept as bit masks, so the rules test a group of cards with ``&``:

* ``kinds`` and ``colours``: the animal's kinds (two on one start card) and
  colours (all four on the any-colour start card);
* ``plants``: the plant kinds (two on a choice card), ``double``: two plants.
"""

from __future__ import annotations

import attrs

from tideboard.engine.package_files import package_json

ANIMALS = ("crab", "fish", "turtle", "octopus", "seahorse")
COLOURS = ("red", "yellow", "blue", "green")
BACKGROUNDS = ("ship", "anchor", "reef", "sea")
PLANTS = ("kelp", "grass", "moss", "lettuce")
GROUPS = ("orange", "pink", "teal", "violet", "lime", "grey")  # mission colour groups

CRAB = 0
ANIMAL, PLANT = 0, 1  # a card's two areas: the upper (animal) and lower (plant)
AREA_LETTERS = "ap"  # notation: 2a is card 2's animal area, 2p its plant area
AREA_NAMES = ("animal", "plant")

MAIN_CARDS = 72
ROUNDS = {2: 8, 3: 7, 4: 6, 5: 5}  # players -> rounds
OPEN_MISSIONS = 3

# The diver spots, clockwise from the top-left: three above the grid (facing
# columns a-c), three to the right (rows 1-3), three below (columns c-a) and
# three to the left (rows 3-1).  Cells are row * 3 + column, row 1 at the top.
SPOTS = ("na", "nb", "nc", "e1", "e2", "e3", "sc", "sb", "sa", "w3", "w2", "w1")
CELL_NAMES = tuple(f"{col}{row}" for row in "123" for col in "abc")


def _line(spot: int) -> tuple[int, int, int]:
    side, i = divmod(spot, 3)
    if side == 0:
        return (i, i + 3, i + 6)
    if side == 1:
        return (i * 3, i * 3 + 1, i * 3 + 2)
    if side == 2:
        return (2 - i, 5 - i, 8 - i)
    return ((2 - i) * 3, (2 - i) * 3 + 1, (2 - i) * 3 + 2)


LINES = tuple(_line(spot) for spot in range(12))  # spot -> the three cells it faces


def bits(names: list[str], table: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << table.index(name)
    return mask


def names_of(mask: int, table: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for i, name in enumerate(table) if mask >> i & 1)


@attrs.frozen
class Card:
    """One card: the upper area (animal, colour, background, oxygen), the lower (plants)."""

    id: int
    kinds: int  # animal kinds as bits of ANIMALS
    colours: int  # animal colours as bits of COLOURS
    background: int  # index into BACKGROUNDS
    plants: int  # plant kinds as bits of PLANTS (two bits: a choice)
    double: bool  # two plants of the one kind
    oxygen: int = 0  # tokens gained when the card is taken (crabs; start cards)
    number: int = 0  # start cards: the number in the corner (lowest starts)

    @property
    def plant_count(self) -> int:
        return 2 if self.double else 1

    def animal_text(self) -> str:
        colours = (
            "any-colour" if self.colours == 0b1111 else "/".join(names_of(self.colours, COLOURS))
        )
        return f"{colours} {' or '.join(names_of(self.kinds, ANIMALS))}"

    def plant_text(self) -> str:
        kinds = names_of(self.plants, PLANTS)
        if self.double:
            return f"double {kinds[0]}"
        return " or ".join(kinds)

    def text(self) -> str:
        return f"{self.animal_text()}, {BACKGROUNDS[self.background]}, {self.plant_text()}"


@attrs.frozen
class Mission:
    """A single mission: take it at the end of a turn when ``test`` holds; one per group."""

    id: int
    group: int
    test: str
    n: int
    points: int
    text: str
    animal: int = -1  # for the test "animal": which animal is counted

    def group_name(self) -> str:
        return GROUPS[self.group]


@attrs.frozen
class Ending:
    """An end-scoring card: ``best`` and ``second`` points for the highest ``metric``."""

    id: int
    name: str
    metric: str
    best: int
    second: int
    text: str


def _card(raw: dict) -> Card:
    return Card(
        id=raw["id"],
        kinds=bits(raw["animal"], ANIMALS),
        colours=bits(raw["colour"], COLOURS),
        background=BACKGROUNDS.index(raw["background"]),
        plants=bits(raw["plants"], PLANTS),
        double=raw["double"],
        oxygen=raw["oxygen"],
        number=raw.get("number", 0),
    )


def _load() -> dict:
    return package_json(__file__, "cards.json")


_RAW = _load()
MAIN: tuple[Card, ...] = tuple(_card(raw) for raw in _RAW["main"])
STARTS: tuple[Card, ...] = tuple(_card(raw) for raw in _RAW["start"])
CARDS: tuple[Card, ...] = MAIN + STARTS  # index = card id
MISSIONS: dict[int, Mission] = {
    raw["id"]: Mission(
        raw["id"],
        GROUPS.index(raw["group"]),
        raw["test"],
        raw["n"],
        raw["points"],
        raw["text"],
        ANIMALS.index(raw["animal"]) if "animal" in raw else -1,
    )
    for raw in _RAW["missions"]
}
ENDINGS: dict[int, Ending] = {raw["id"]: Ending(**raw) for raw in _RAW["endings"]}
# the missions of the pile per ruleset (the "ruleset" option): "1" as first released
MISSION_PILES: dict[str, tuple[int, ...]] = {
    name: tuple(ids) for name, ids in _RAW["mission_piles"].items()
}
del _RAW

assert [c.id for c in CARDS] == list(range(len(CARDS))), "card ids are their index"
