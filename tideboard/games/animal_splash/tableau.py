"""What a tableau shows: the groups that may be scored, and the measures that missions
and end-scoring cards ask for.

Pure functions of a tableau (card ids, left to right), the pearls and the held
missions.  A card that may count as either of two things (the two-animal start
card, the any-colour start card, a choice of two plants) counts as whichever a
question needs, but as only one thing at a time: "different" questions match
cards to kinds one to one.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from tideboard.games.animal_splash.content import (
    ANIMAL,
    ANIMALS,
    BACKGROUNDS,
    CARDS,
    COLOURS,
    CRAB,
    PLANT,
    PLANTS,
    names_of,
)

# Per card id: the animal area's bits (kinds in bits 0-4, colours in bits 5-8), the
# plant bits and the plant bits again when the card has a double plant.
ANIMAL_BITS = tuple(c.kinds | c.colours << 5 for c in CARDS)
PLANT_BITS = tuple(c.plants for c in CARDS)
DOUBLE_BITS = tuple(c.plants if c.double else 0 for c in CARDS)
ATTRIBUTE_NAMES = (*ANIMALS, *COLOURS)  # the bits of ANIMAL_BITS, in order


def free_bits(tableau: tuple[int, ...], pearls: frozenset[int]) -> tuple[list[int], list[int]]:
    """Each card's animal and plant bits, 0 where the area holds a pearl (it no longer counts)."""
    animal = [0 if cid * 2 in pearls else ANIMAL_BITS[cid] for cid in tableau]
    plant = [0 if cid * 2 + 1 in pearls else PLANT_BITS[cid] for cid in tableau]
    return animal, plant


@lru_cache(maxsize=1 << 14)
def scorable(tableau: tuple[int, ...], pearls: frozenset[int]) -> tuple[tuple[int, int], ...]:
    """Every (position, area) that may take a pearl now, in tableau order.

    An area may take a pearl when its card is in a group: three neighbouring cards,
    none with a pearl on that area, sharing an animal, a colour (both on the animal
    area) or a plant (plant area).  A double plant counts as two plants, so a double
    and a single of one plant side by side are a group of three.
    """
    n = len(tableau)
    if n < 2:
        return ()
    animal = [0 if cid * 2 in pearls else ANIMAL_BITS[cid] for cid in tableau]
    plant = [0 if cid * 2 + 1 in pearls else PLANT_BITS[cid] for cid in tableau]
    on_animal = [False] * n
    on_plant = [False] * n
    for i in range(n - 2):
        if animal[i] & animal[i + 1] & animal[i + 2]:
            on_animal[i] = on_animal[i + 1] = on_animal[i + 2] = True
        if plant[i] & plant[i + 1] & plant[i + 2]:
            on_plant[i] = on_plant[i + 1] = on_plant[i + 2] = True
    for i in range(n - 1):
        shared = plant[i] & plant[i + 1]
        if shared and shared & (DOUBLE_BITS[tableau[i]] | DOUBLE_BITS[tableau[i + 1]]):
            on_plant[i] = on_plant[i + 1] = True
    out = []
    for i in range(n):
        if on_animal[i]:
            out.append((i, ANIMAL))
        if on_plant[i]:
            out.append((i, PLANT))
    return tuple(out)


def group_at(
    tableau: tuple[int, ...], pearls: frozenset[int], pos: int, area: int
) -> tuple[str, tuple[int, ...]] | None:
    """The group a pearl on (``pos``, ``area``) scores: what it shares ("fish", "red",
    "kelp") and the positions of its cards, or None when there is none."""
    animal, plant = free_bits(tableau, pearls)
    masks = animal if area == ANIMAL else plant
    names = ATTRIBUTE_NAMES if area == ANIMAL else PLANTS
    if not masks[pos]:
        return None
    for bit, name in enumerate(names):
        if not masks[pos] >> bit & 1:
            continue
        lo = hi = pos
        while lo > 0 and masks[lo - 1] >> bit & 1:
            lo -= 1
        while hi < len(tableau) - 1 and masks[hi + 1] >> bit & 1:
            hi += 1
        count = sum(
            2 if area == PLANT and DOUBLE_BITS[tableau[i]] >> bit & 1 else 1
            for i in range(lo, hi + 1)
        )
        if count >= 3:
            return name, tuple(range(lo, hi + 1))
    return None


# -- measures for missions and end-scoring cards -----------------------------------


def distinct(masks: list[int]) -> int:
    """How many different values the cards can show at once (each card shows one)."""
    union, multi = 0, False
    for mask in masks:
        union |= mask
        multi = multi or bool(mask & (mask - 1))
    if not multi:
        return bin(union).count("1")
    owner: dict[int, int] = {}  # value -> the card showing it (a bipartite matching)

    def place(card: int, seen: set[int]) -> bool:
        for value in range(10):
            if masks[card] >> value & 1 and value not in seen:
                seen.add(value)
                if value not in owner or place(owner[value], seen):
                    owner[value] = card
                    return True
        return False

    return sum(place(card, set()) for card in range(len(masks)))


def most_of(masks: list[int], width: int, weights: list[int] | None = None) -> int:
    """The largest count of cards (or weights) showing one value."""
    counts = [0] * width
    for i, mask in enumerate(masks):
        weight = weights[i] if weights else 1
        if not mask & (mask - 1):
            counts[mask.bit_length() - 1] += weight
            continue
        for value in range(width):
            if mask >> value & 1:
                counts[value] += weight
    return max(counts)


def two_of(masks: list[int], width: int) -> int:
    """The largest k with k cards of one value and k others of another value."""
    best = 0
    for a in range(width):
        for b in range(a + 1, width):
            only_a = sum(1 for m in masks if m >> a & 1 and not m >> b & 1)
            only_b = sum(1 for m in masks if m >> b & 1 and not m >> a & 1)
            both = sum(1 for m in masks if m >> a & 1 and m >> b & 1)
            best = max(best, min(only_a + both, only_b + both, (only_a + only_b + both) // 2))
    return best


def pairs_of(masks: list[int], width: int) -> int:
    """How many different values at least two cards each can show at once."""
    fixed = [0] * width
    choices = []
    for mask in masks:
        if mask & (mask - 1):
            choices.append([v for v in range(width) if mask >> v & 1])
        elif mask:
            fixed[mask.bit_length() - 1] += 1
    best = 0
    for pick in product(*choices):
        counts = list(fixed)
        for value in pick:
            counts[value] += 1
        best = max(best, sum(1 for c in counts if c >= 2))
    return best


def longest_run(values: list[int]) -> int:
    best = run = 0
    for i, value in enumerate(values):
        run = run + 1 if i and values[i - 1] == value else 1
        best = max(best, run)
    return best


def pearl_count(tableau: tuple[int, ...], pearls: frozenset[int]) -> int:
    return sum((cid * 2 in pearls) + (cid * 2 + 1 in pearls) for cid in tableau)


ORDER_TESTS = frozenset({"background_run"})  # the tests that care about the cards' order
PEARL_TESTS = frozenset({"pearls", "full_cards"})  # the tests that count pearls

# The fewest cards a tableau needs before a test can reach n (a quick "not yet").
NEEDS = {
    "two_colours": lambda n: 2 * n,
    "animal_pairs": lambda n: 2 * n,
    "same_plant": lambda n: (n + 1) // 2,
    "pearls": lambda n: (n + 1) // 2,
    "full_cards": lambda n: n,
    "missions": lambda n: 0,
}


def cards_needed(test: str, n: int) -> int:
    return NEEDS.get(test, lambda n: n)(n)


def measure(
    test: str, tableau: tuple[int, ...], pearls: frozenset[int], missions: int = 0, animal: int = -1
) -> int:
    """The tableau's value for a mission test or an end-scoring metric (``missions``:
    how many missions the player holds; ``animal``: the animal a test counts)."""
    if test == "pearls":
        return pearl_count(tableau, pearls)
    if test == "full_cards":
        return sum(1 for cid in tableau if cid * 2 in pearls and cid * 2 + 1 in pearls)
    if test == "missions":
        return missions
    if test == "background_run":
        return longest_run([CARDS[cid].background for cid in tableau])
    # the other tests do not care about the cards' order: one cache entry per set of cards
    return card_measure(test, tuple(sorted(tableau)), animal)


def _count_kind(cards, kind: int) -> int:
    return sum(1 for c in cards if c.kinds >> kind & 1)


# test -> f(cards, animal): the tests that look at the cards only, in any order
CARD_TESTS = {
    "different_animals": lambda cards, _: distinct([c.kinds for c in cards]),
    "same_animal": lambda cards, _: most_of([c.kinds for c in cards], len(ANIMALS)),
    "animal": lambda cards, animal: _count_kind(cards, animal),
    "crabs": lambda cards, _: _count_kind(cards, CRAB),
    "animal_pairs": lambda cards, _: pairs_of([c.kinds for c in cards], len(ANIMALS)),
    "different_colours": lambda cards, _: distinct([c.colours for c in cards]),
    "same_colour": lambda cards, _: most_of([c.colours for c in cards], len(COLOURS)),
    "two_colours": lambda cards, _: two_of([c.colours for c in cards], len(COLOURS)),
    "different_backgrounds": lambda cards, _: len({c.background for c in cards}),
    "same_background": lambda cards, _: most_of(
        [1 << c.background for c in cards], len(BACKGROUNDS)
    ),
    "different_plants": lambda cards, _: distinct([c.plants for c in cards]),
    "same_plant": lambda cards, _: most_of(
        [c.plants for c in cards], len(PLANTS), [c.plant_count for c in cards]
    ),
    "doubles": lambda cards, _: sum(1 for c in cards if c.double),
}


@lru_cache(maxsize=1 << 15)
def card_measure(test: str, tableau: tuple[int, ...], animal: int = -1) -> int:
    """``measure`` for the tests that look at the cards only (not pearls or missions)."""
    try:
        rule = CARD_TESTS[test]
    except KeyError:
        raise ValueError(f"unknown test {test!r}") from None
    return rule([CARDS[cid] for cid in tableau], animal)


def group_words(name: str) -> str:
    """ "fish", "red animals", "kelp" for a log line."""
    return f"{name} animals" if name in COLOURS else name


__all__ = [
    "ANIMAL_BITS",
    "PLANT_BITS",
    "distinct",
    "group_at",
    "measure",
    "most_of",
    "names_of",
    "pairs_of",
    "scorable",
    "two_of",
]
