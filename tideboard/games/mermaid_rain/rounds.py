"""Mermaid Rain's table: components laid out, shared helpers, the start of each round."""

from __future__ import annotations

import itertools

from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.engine.rng import Rng, draw
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import (
    CARD_LETTERS,
    CELL_NAMES,
    CELLS,
    COPIES,
    DEAL,
    MERMAID,
    PLACEMENTS,
    SHAPES,
    SPOTS_BY_RULESET,
    TILE_SHAPE,
    TILES_OF_SHAPE_BY_RULESET,
    TREASURES_BY_PLAYERS,
    UNDERCURRENTS,
)
from tideboard.games.mermaid_rain.info import INFO
from tideboard.games.mermaid_rain.state import MELD, State

PAIRS = tuple(itertools.combinations_with_replacement(range(3), 2))  # the 6 two-card choices
PLACEMENT_SETS = tuple(frozenset(p) for p in PLACEMENTS)
_PAIR_SET = frozenset(PAIRS)
_ONE_SET = frozenset((k,) for k in range(4))


def _set(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


def _minus(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, int, int, int]:
    h = list(hand)
    for k in cards:
        h[k] -= 1
    return tuple(h)  # type: ignore[return-value]


def has_cards(hand: tuple[int, ...], cards: tuple[int, ...]) -> bool:
    return all(0 <= k < 3 and hand[k] >= cards.count(k) for k in cards)


def adventure_cards(hand: tuple[int, ...]) -> int:
    return hand[0] + hand[1] + hand[2] + hand[3]


def sorted_cards(cards, size: int | None = None) -> tuple[int, ...]:
    if not isinstance(cards, tuple) or (size is not None and len(cards) != size):
        raise IllegalAction(f"Choose {size} card{'s' if size != 1 else ''}.")
    if not all(isinstance(k, int) for k in cards) or tuple(sorted(cards)) != cards:
        raise IllegalAction("Name the cards in order: dolphins, seagulls, turtles.")
    return cards


def need(phase_ok: bool, message: str) -> None:
    if not phase_ok:
        raise IllegalAction(message)


def card_name(kind: int) -> str:
    return (
        ("a Dolphin", "a Seagull", "a Sea Turtle", "your Mermaid card")[kind]
        if 0 <= kind <= MERMAID
        else f"card {kind}"
    )


# -- setup and the start of a round ------------------------------------------------


def setup(config: GameConfig) -> State:
    n = config.players
    rng = Rng.from_seed(config.seed)
    deck, rng = rng.shuffle([k for k in range(3) for _ in range(COPIES)])
    kinds, rng = rng.shuffle(
        [k for k, count in enumerate(TREASURES_BY_PLAYERS[n]) for _ in range(count)]
    )
    spaces: list[tuple[int, ...]] = [()] * CELLS
    face_up: set[int] = set()
    next_id = 0
    ruleset = INFO.option_values(config)["ruleset"]
    for cell, up, down in SPOTS_BY_RULESET[ruleset][n]:
        ids = tuple(range(next_id, next_id + up + down))
        face_up.update(ids[:up])
        spaces[cell] = ids
        next_id += up + down
    piles = []
    for shape in range(len(SHAPES)):
        pile, rng = rng.shuffle(TILES_OF_SHAPE_BY_RULESET[ruleset][shape])
        piles.append(pile)
    undercurrents, rng = rng.shuffle(range(len(UNDERCURRENTS)))
    state = State(
        players=n,
        phase=MELD,
        round=0,
        prince=0,
        hands=((0, 0, 0, 0),) * n,
        deck=deck,
        discard=(),
        undercurrents=undercurrents,
        current_undercurrent=-1,
        piles=tuple(piles),
        tile_discards=((),) * len(SHAPES),
        offer=(),
        melds=((0, 0, 0),) * n,
        stopped=(False,) * n,
        chosen=(None,) * n,
        ranks=(0,) * n,
        order=tuple(range(n)),
        turn=0,
        teleport=(False,) * n,
        waltz=(False,) * n,
        held=((),) * n,
        extra=(-1,) * n,
        cover=(-1,) * CELLS,
        covered=0,
        tile_cells=((),) * len(TILE_SHAPE),
        at=(-1,) * n,
        moved=False,
        taken_here=frozenset(),
        kinds=kinds,
        spaces=tuple(spaces),
        face_up=frozenset(face_up),
        owned=((),) * n,
        pool=tuple(range(next_id, len(kinds))),
        known=(frozenset(),) * n,
        points=(0,) * n,
        rng=rng,
    )
    return _start_round(state)


def _draw_tile(state: State, shape: int) -> tuple[int, State]:
    """The top tile of a pile (the discards shuffled in if it is empty); -1 if none."""
    pile = state.piles[shape]
    rng = state.rng
    tile_discards = state.tile_discards
    if not pile:
        if not tile_discards[shape]:
            return -1, state
        pile, rng = rng.shuffle(tile_discards[shape])
        tile_discards = _set(tile_discards, shape, ())
    state = evolve(
        state, piles=_set(state.piles, shape, pile[:-1]), tile_discards=tile_discards, rng=rng
    )
    return pile[-1], state


def _deal(state: State, seat: int, count: int) -> State:
    drawn, deck, discard, rng = draw(state.deck, state.discard, state.rng, count)
    hand = list(state.hands[seat])
    for card in drawn:
        hand[card] += 1
    return evolve(
        state, deck=deck, discard=discard, rng=rng, hands=_set(state.hands, seat, tuple(hand))
    )


def _start_round(state: State) -> State:
    """Reveal the undercurrent, turn surf tiles face up, deal seven cards each."""
    n = state.players
    card = state.undercurrents[-1]
    state = evolve(
        state,
        round=state.round + 1,
        undercurrents=state.undercurrents[:-1],
        current_undercurrent=card,
    )
    offer: list[int] = []
    for shape, count in enumerate(UNDERCURRENTS[card][n]):
        for _ in range(count):
            tile, state = _draw_tile(state, shape)
            if tile >= 0:
                offer.append(tile)
    for k in range(n):  # the Prince deals, starting on their left
        state = _deal(state, (state.prince + 1 + k) % n, DEAL)
    return evolve(
        state,
        phase=MELD,
        offer=tuple(offer),
        melds=((0, 0, 0),) * n,
        stopped=(False,) * n,
        chosen=(None,) * n,
        ranks=(0,) * n,
        turn=0,
        teleport=(False,) * n,
        waltz=(False,) * n,
    )


def letters(cards: tuple[int, ...]) -> str:
    return "".join(CARD_LETTERS[k] for k in cards)


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell] if 0 <= cell < CELLS else "?"
