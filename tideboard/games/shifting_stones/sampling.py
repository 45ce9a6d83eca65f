"""Shifting Stones determinization: a full state a seat cannot tell from the real one.

The seat sees the grid, the discard pile, every scored card, its own hand and
the sizes of the deck and of the other hands.  The cards it cannot see (the deck
and the other hands) are drawn from those it has not seen: the whole deck, or in
solo the mini-deck's mix (8 one-point, 4 two-point, 3 three-point, 1 five-point
card) less what is in sight.
"""

from __future__ import annotations

import random

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS, SOLO_MIX
from tideboard.games.shifting_stones.state import State


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A state whose ``view(state, seat)`` is ``view``, the unseen cards drawn by ``rng``."""
    seen = set(view.discard)
    seen.update(view.hands[seat])
    for cards in view.scored:
        seen.update(cards)
    if view.solo:
        unseen: list[int] = []
        for points, count in SOLO_MIX.items():
            pool = [c.id for c in CARDS if c.points == points and c.id not in seen]
            shown = sum(1 for c in seen if CARD_BY_ID[c].points == points)
            unseen.extend(rng.sample(pool, count - shown))
    else:
        unseen = [c.id for c in CARDS if c.id not in seen]
    rng.shuffle(unseen)
    hands = []
    for s, hand in enumerate(view.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(unseen[: len(hand)]))
            del unseen[: len(hand)]
    deck = tuple(unseen[: len(view.deck)])
    return evolve(view, hands=tuple(hands), deck=deck, rng=Rng(rng.getrandbits(64)))
