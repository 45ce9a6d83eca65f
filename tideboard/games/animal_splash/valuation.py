"""Animal Splash: what a tableau is worth to its seat, as the greedy bot judges it (and
the expert's search and plan of the turn after it): the pearls it can score now, the
groups in the making, the best mission within reach, the end-scoring card's measure."""

from __future__ import annotations

from tideboard.games.animal_splash.content import ENDINGS, MISSIONS
from tideboard.games.animal_splash.state import State
from tideboard.games.animal_splash.tableau import free_bits, measure, scorable

OXYGEN_VALUE = 0.3


def harvest(tableau: tuple[int, ...], pearls: frozenset[int], limit: int = 8) -> int:
    """How many pearls scoring can take from the tableau now (leftmost first, which
    keeps the rest of a long run together)."""
    return harvested(tableau, pearls, limit)[0]


def harvested(
    tableau: tuple[int, ...], pearls: frozenset[int], limit: int = 8
) -> tuple[int, frozenset[int]]:
    """:func:`harvest`'s count, and the pearls once they are scored."""
    count = 0
    while count < limit:
        options = scorable(tableau, pearls)
        if not options:
            break
        pos, area = options[0]
        pearls = pearls | {tableau[pos] * 2 + area}
        count += 1
    return count, pearls


def promise(tableau: tuple[int, ...], pearls: frozenset[int]) -> float:
    """Neighbours sharing an unscored animal, colour or plant: groups in the making."""
    animal, plant = free_bits(tableau, pearls)
    pairs = sum(1 for i in range(len(tableau) - 1) if animal[i] & animal[i + 1]) + sum(
        1 for i in range(len(tableau) - 1) if plant[i] & plant[i + 1]
    )
    return 0.4 * pairs


def worth(state: State, seat: int, tableau: tuple[int, ...], pearls: frozenset[int]) -> float:
    """What a tableau is worth to ``seat`` in this position (pearls now and to come,
    missions it may take, the end-scoring card)."""
    value = harvest(tableau, pearls) + promise(tableau, pearls)
    best_mission, mine = prospects(state, seat, tableau, pearls)
    return value + best_mission + 0.3 * mine


def prospects(
    state: State, seat: int, tableau: tuple[int, ...], pearls: frozenset[int]
) -> tuple[float, float]:
    """What a tableau promises ``seat`` beyond its groups: the worth of the best
    mission it may still take, and its measure by the end-scoring card."""
    held = state.held[seat]
    groups = {MISSIONS[m].group for m in held}
    best_mission = 0.0
    for m in state.open_missions:
        card = MISSIONS[m]
        if card.group in groups:
            continue
        have = measure(card.test, tableau, pearls, len(held), card.animal)
        best_mission = max(best_mission, card.points * min(1.0, have / card.n) ** 2)
    ending = ENDINGS[state.ending]
    return best_mission, measure(ending.metric, tableau, pearls, len(held))
