"""Animal Splash: what may be done now (the legal actions) and the costs and
checks the reducer in ``rules.py`` shares with them: the diver's steps and their
oxygen, the paid actions, the missions a tableau fulfils and the pearl moves."""

from __future__ import annotations

from functools import cache, lru_cache

from tideboard.games.animal_splash.content import ANIMAL, LINES, MISSIONS, PLANT
from tideboard.games.animal_splash.state import (
    EMPTY,
    END,
    MOVE,
    TAKE,
    UNPLACED,
    Action,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import (
    ORDER_TESTS,
    PEARL_TESTS,
    cards_needed,
    measure,
    scorable,
)

SLIDE_COST, PEARL_COST, SWAP_COST = 1, 2, 3
MAX_TABLEAU = 16  # more than any game reaches (9 cards at two players)

# Action objects are made once and shared, so a legal-action list is mostly slices.
DIVES = tuple(Dive(spot) for spot in range(12))
TAKES = {cell: (Take(cell, False), Take(cell, True)) for cell in range(9)}
NEEDED = {m.id: cards_needed(m.test, m.n) for m in MISSIONS.values()}
GROUP_OF = {m.id: m.group for m in MISSIONS.values()}
ENDS = {m: End(m) for m in MISSIONS}
ORDERED = frozenset(m.id for m in MISSIONS.values() if m.test in ORDER_TESTS)
PEARLED = frozenset(m.id for m in MISSIONS.values() if m.test in PEARL_TESTS)
NO_PEARLS: frozenset[int] = frozenset()
TAKES_FROM = tuple(
    tuple(take for cell in LINES[spot] for take in TAKES[cell]) for spot in range(12)
)  # the takes a diver on each spot may make


# The slides and swaps for a tableau of n cards, made the first time a tableau
# that size is played (a game reaches about 9 cards: making all 16 sizes at
# import cost a game's first frame more than its whole board).
@cache
def slides(n: int) -> tuple[Slide, ...]:
    return tuple(Slide(i, j) for i in range(n) for j in range(n) if i != j)


@cache
def swaps(n: int, taken: int = EMPTY) -> tuple[Swap, ...]:
    """The swaps with a tableau of ``n`` cards, but those with ``taken`` (the cell
    emptied this turn, if any)."""
    return tuple(Swap(p, c) for p in range(n) for c in range(9) if c != taken)


SCORES = {(p, a): Score(p, a) for p in range(MAX_TABLEAU) for a in (ANIMAL, PLANT)}


@lru_cache(maxsize=1 << 14)
def score_actions(tableau: tuple[int, ...], pearls: frozenset[int]) -> tuple[Score, ...]:
    return tuple(SCORES[key] for key in scorable(tableau, pearls))


@lru_cache(maxsize=1 << 14)
def mission_ends(
    cards: tuple[int, ...], pearls: frozenset[int], held: tuple[int, ...], shown: tuple[int, ...]
) -> tuple[End, ...]:
    """The ``End(mission)`` actions open to a tableau of ``cards`` (in order when a
    shown mission cares about the order, else sorted: one cache entry for every order)."""
    groups = {GROUP_OF[m] for m in held}
    out = []
    for mission in shown:
        card = MISSIONS[mission]
        if (
            len(cards) >= NEEDED[mission]
            and card.group not in groups
            and measure(card.test, cards, pearls, len(held), card.animal) >= card.n
        ):
            out.append(ENDS[mission])
    return tuple(out)


# -- what may be done ------------------------------------------------------------


def dive_steps(state: State) -> dict[int, int]:
    """Spot -> free steps to it for the current diver (0 for a first placement).

    Spots with another diver are skipped and not counted; the diver's own spot
    is never a destination (it must move)."""
    return dict(steps_from(state.divers, state.divers[state.current]))


@lru_cache(maxsize=1 << 12)
def steps_from(divers: tuple[int, ...], start: int) -> dict[int, int]:
    """(Cached: callers must not change the dict.)"""
    if start == UNPLACED:
        return {spot: 0 for spot in range(12) if spot not in divers}
    steps, out = 0, {}
    for k in range(1, 12):
        spot = (start + k) % 12
        if spot not in divers:
            steps += 1
            out[spot] = steps
    return out


@lru_cache(maxsize=1 << 12)
def dive_actions(divers: tuple[int, ...], seat: int, oxygen: int) -> tuple[Dive, ...]:
    """The dives open to ``seat`` with ``oxygen`` (a dive of k steps costs k - 2 from
    the third step on)."""
    steps = steps_from(divers, divers[seat])
    return tuple(DIVES[spot] for spot, k in steps.items() if k <= oxygen + 2)


def dive_oxygen(steps: int) -> int:
    """The oxygen a dive of ``steps`` free steps gains (+1 for one step, 0 for two,
    one less for each step beyond two; a first placement is free)."""
    if steps == 0:
        return 0
    return 1 if steps == 1 else 2 - steps


def mission_ok(state: State, seat: int, mission: int) -> bool:
    """May ``seat`` take ``mission`` now: open, of a group it has none of, fulfilled?"""
    if mission not in state.open_missions:
        return False
    return fulfils(state, seat, mission, {GROUP_OF[m] for m in state.held[seat]})


def fulfils(state: State, seat: int, mission: int, groups: set[int]) -> bool:
    tableau = state.tableaus[seat]
    if len(tableau) < NEEDED[mission] or GROUP_OF[mission] in groups:
        return False
    card = MISSIONS[mission]
    return (
        measure(card.test, tableau, state.pearls[seat], len(state.held[seat]), card.animal)
        >= card.n
    )


def pearl_moves(state: State) -> list[MovePearl]:
    tableau, pearls = state.tableaus[state.current], state.pearls[state.current]
    out = []
    for pos, cid in enumerate(tableau):
        for area in (ANIMAL, PLANT):
            if cid * 2 + area not in pearls:
                continue
            if cid * 2 + 1 - area not in pearls:
                out.append(MovePearl(pos, area, pos, 1 - area))
            for to in (pos - 1, pos + 1):
                if 0 <= to < len(tableau) and tableau[to] * 2 + area not in pearls:
                    out.append(MovePearl(pos, area, to, area))
    return out


def legal_actions(state: State) -> list[Action]:
    if state.over:
        return []
    seat = state.current
    tableau = state.tableaus[seat]
    oxygen = state.oxygen[seat]
    pearls = state.pearls[seat]
    phase = state.phase
    actions: list[Action]
    if phase == MOVE:
        actions = list(dive_actions(state.divers, seat, min(oxygen, 10)))
    elif phase == TAKE:
        actions = list(TAKES_FROM[state.divers[seat]])
    else:
        actions = [END]
        shown = state.open_missions
        # the cache key holds only what the missions on show look at
        cards = tableau if not ORDERED.isdisjoint(shown) else tuple(sorted(tableau))
        actions += mission_ends(
            cards, pearls if not PEARLED.isdisjoint(shown) else NO_PEARLS, state.held[seat], shown
        )
    actions += score_actions(tableau, pearls)
    if oxygen:
        n = len(tableau)
        actions += slides(n)
        if oxygen >= PEARL_COST and pearls:
            actions += pearl_moves(state)
        if oxygen >= SWAP_COST:
            actions += swaps(n, state.taken)
    return actions
