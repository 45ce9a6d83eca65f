"""Mermaid Rain determinization: a full state a seat cannot tell from the real one.

Hidden from a seat (``views.py``): the other hands (their sizes show), the others'
meld choices until the reveal, the deck and the discards, the undercurrent deck,
the surf-tile piles and their discards, a Waltz tile another seat holds, the
face-down treasures it has not looked at, what the others have looked at.  Each is
drawn from what the seat has not seen: the adventure cards (18 of each kind) less
its hand and the melds on the table; the treasure kinds of the table's size less
those in sight; the undercurrents but the one in play; the surf tiles of the set in
play less those in sight.  A hidden meld choice is one the sampled hand allows.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import (
    COPIES,
    TILE_SETS,
    TILE_SHAPE,
    TREASURES_BY_PLAYERS,
    UNDERCURRENTS,
)
from tideboard.games.mermaid_rain.rules import legal_for
from tideboard.games.mermaid_rain.state import CHOSEN, HIDDEN, MELD, Show, State


def _take(pool: list, count: int) -> tuple:
    taken = tuple(pool[-count:]) if count else ()
    del pool[len(pool) - count :]
    return taken


def _counts(cards: tuple) -> tuple[int, int, int, int]:
    return (cards.count(0), cards.count(1), cards.count(2), 0)


def _cards(view: State, seat: int, rng: random.Random) -> dict:
    """The hands, deck and discard.  Once the melds are resolved (after the meld
    phase) their cards lie in the discard, so those of the discard are known."""
    melded = [sum(meld[k] for meld in view.melds) for k in range(3)]
    left = [COPIES - view.hands[seat][k] - melded[k] for k in range(3)]
    pool = [k for k in range(3) for _ in range(max(0, left[k]))]
    rng.shuffle(pool)
    hands = list(view.hands)
    for s, hand in enumerate(view.hands):
        if s != seat:
            hands[s] = _counts(_take(pool, hand[3]))
    deck = _take(pool, len(view.deck))
    if view.phase == MELD:
        discard = _take(pool, len(view.discard))
    else:
        known = tuple(k for k in range(3) for _ in range(melded[k]))
        discard = _take(pool, len(view.discard) - len(known)) + known
    return {"hands": tuple(hands), "deck": deck, "discard": discard}


def _tiles(view: State, seat: int, rng: random.Random) -> dict:
    """The surf-tile piles and discards, and the Waltz tiles the others hold."""
    in_sight = set(view.offer)
    for tiles in view.held:
        in_sight.update(tiles)
    in_sight.update(view.extra)
    in_sight.update(t for t, cells in enumerate(view.tile_cells) if cells)
    in_sight.update(view.cover)
    known = [t for t in in_sight if t >= 0]
    tile_set = next(
        (ids for ids in TILE_SETS.values() if all(t in ids for t in known)), TILE_SETS["2"]
    )
    by_shape: list[list[int]] = [[] for _ in view.piles]
    for t in tile_set:
        if t not in in_sight:
            by_shape[TILE_SHAPE[t]].append(t)
    for pool in by_shape:
        rng.shuffle(pool)
    extra, held = list(view.extra), list(view.held)
    for s, tiles in enumerate(view.held):
        if s != seat and HIDDEN in tiles:  # (a hidden Waltz tile: extra shows -1 as "none" does)
            # from a shape with more unseen tiles than its pile and discard hold
            spare = [
                shape
                for shape, pool in enumerate(by_shape)
                for _ in range(len(pool) - len(view.piles[shape]) - len(view.tile_discards[shape]))
            ]
            extra[s] = by_shape[rng.choice(spare)].pop()
            held[s] = tuple(extra[s] if t == HIDDEN else t for t in held[s])
    piles = tuple(_take(by_shape[shape], len(pile)) for shape, pile in enumerate(view.piles))
    discards = tuple(
        _take(by_shape[shape], len(pile)) for shape, pile in enumerate(view.tile_discards)
    )
    return {"piles": piles, "tile_discards": discards, "extra": tuple(extra), "held": tuple(held)}


def _treasures(view: State, rng: random.Random) -> dict:
    left = list(TREASURES_BY_PLAYERS[view.players])
    for kind in view.kinds:
        if kind != HIDDEN:
            left[kind] -= 1
    pool = [k for k, count in enumerate(left) for _ in range(count)]
    rng.shuffle(pool)
    return {"kinds": tuple(k if k != HIDDEN else pool.pop() for k in view.kinds)}


def _undercurrents(view: State, rng: random.Random) -> dict:
    pool = [c for c in range(len(UNDERCURRENTS)) if c != view.current_undercurrent]
    rng.shuffle(pool)
    return {"undercurrents": tuple(pool[: len(view.undercurrents)])}


def determinize(
    view: State,
    seat: int,
    rng: random.Random,
    choose: Callable[[State, int, list, random.Random], Show] | None = None,
) -> State:
    """A state whose ``views.view(state, seat)`` is ``view``, the unseen parts drawn by
    ``rng``.  A hidden meld choice is ``choose(state, seat, legal, rng)`` of the sampled
    hand's legal choices (the expert's: what greedy would show), else one at random."""
    state = evolve(
        view,
        **_cards(view, seat, rng),
        **_tiles(view, seat, rng),
        **_treasures(view, rng),
        **_undercurrents(view, rng),
        rng=Rng(rng.getrandbits(64)),
    )
    if CHOSEN in view.chosen:
        chosen = list(view.chosen)
        for s, choice in enumerate(view.chosen):
            if choice == CHOSEN:
                undecided = evolve(state, chosen=view.chosen[:s] + (None,) + view.chosen[s + 1 :])
                legal = legal_for(undecided, s)
                show = rng.choice(legal) if choose is None else choose(undecided, s, legal, rng)
                assert isinstance(show, Show)  # (the meld phase: a Show)
                chosen[s] = show.cards
        state = evolve(state, chosen=tuple(chosen))
    return state
