"""Helpers for the Animal Splash tests: cards found by what they show, hand-built states.

``card(...)`` finds a main card by its animal, colour, background and plant, so a
test names the cards it lays out ("a red fish on kelp") instead of ids; it refuses
a description no card (or not enough cards) fits.
"""

from __future__ import annotations

from tideboard.engine.core import GameConfig
from tideboard.games.animal_splash.content import (
    ANIMALS,
    BACKGROUNDS,
    CARDS,
    COLOURS,
    MAIN,
    PLANTS,
    STARTS,
)
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.state import ACT, EMPTY, State


def cards(
    count: int = 1,
    animal: str | None = None,
    colour: str | None = None,
    background: str | None = None,
    plant: str | None = None,
    double: bool | None = None,
    choice: bool | None = None,
    exclude=(),
) -> tuple[int, ...]:
    """``count`` different main cards showing exactly what is asked (a plant: the
    card's only plant kind unless ``choice``)."""
    found = []
    for c in MAIN:
        if c.id in exclude:
            continue
        if animal and c.kinds != 1 << ANIMALS.index(animal):
            continue
        if colour and c.colours != 1 << COLOURS.index(colour):
            continue
        if background and c.background != BACKGROUNDS.index(background):
            continue
        is_choice = bool(c.plants & (c.plants - 1))
        if choice is not None and is_choice != choice:
            continue
        if plant and not c.plants >> PLANTS.index(plant) & 1:
            continue
        if plant and choice is None and is_choice:
            continue
        if double is not None and c.double != double:
            continue
        found.append(c.id)
    assert len(found) >= count, f"only {len(found)} cards fit"
    return tuple(found[:count])


def card(**what) -> int:
    return cards(1, **what)[0]


def start(number: int) -> int:
    return next(c.id for c in STARTS if c.number == number)


def make_state(
    tableaus,
    *,
    grid=None,
    oxygen=None,
    divers=None,
    pearls=(),
    current=0,
    phase=ACT,
    players=None,
    round_=2,
    held=None,
    open_missions=(1, 4, 7),
    ending=1,
    taken=EMPTY,
    grid_pearls=(),
) -> State:
    """A state with exactly these tableaus (tuples of card ids); the grid is nine other
    main cards unless given, the rest of the main cards are the draw pile.  ``pearls``
    are (seat, position, area) on the tableaus, ``grid_pearls`` (cell, area)."""
    tableaus = tuple(tuple(t) for t in tableaus)
    players = players or len(tableaus)
    used = {cid for t in tableaus for cid in t}
    if grid is None:
        grid = tuple(c.id for c in MAIN if c.id not in used)[:9]
    used |= {cid for cid in grid if cid != EMPTY}
    deck = tuple(c.id for c in MAIN if c.id not in used)
    sets = [set() for _ in range(players + 1)]
    for seat, pos, area in pearls:
        sets[seat].add(tableaus[seat][pos] * 2 + area)
    for cell, area in grid_pearls:
        sets[players].add(grid[cell] * 2 + area)
    return State(
        players=players,
        first=0,
        grid=tuple(grid),
        deck=deck,
        tableaus=tableaus,
        oxygen=tuple(oxygen) if oxygen else (0,) * players,
        divers=tuple(divers) if divers else tuple(range(players)),
        pearls=tuple(frozenset(s) for s in sets),
        open_missions=tuple(open_missions),
        mission_deck=tuple(m for m in range(18, 0, -1) if m not in open_missions),
        held=tuple(tuple(h) for h in held) if held else ((),) * players,
        ending=ending,
        ending_pile=(),
        start_pile=(),
        current=current,
        round=round_,
        phase=phase,
        taken=taken,
    )


def new_game(players: int = 2, seed: int = 0) -> State:
    return GAME.setup(GameConfig(players=players, seed=seed))


def all_main_cards(state: State) -> list[int]:
    """Every main card in the grid, the draw pile and the tableaus."""
    ids = [cid for cid in state.grid if cid != EMPTY] + list(state.deck)
    ids += [cid for t in state.tableaus for cid in t]
    return [cid for cid in ids if CARDS[cid] not in STARTS]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def C(text: str) -> int:
    """The card whose description is ``text`` ("red fish, anchor, kelp"); start cards too."""
    found = [c.id for c in CARDS if c.text() == text]
    assert found, f"no card reads {text!r}"
    return found[0]


def row(*texts: str) -> tuple[int, ...]:
    """A tableau of cards named as ``C`` names them, ';'-separated or as arguments."""
    if len(texts) == 1 and ";" in texts[0]:
        texts = tuple(t.strip() for t in texts[0].split(";"))
    return tuple(C(t) for t in texts)
