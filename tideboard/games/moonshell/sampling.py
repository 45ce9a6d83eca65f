"""Moonshell determinization: a full state a seat cannot tell from the real one.

A seat sees every tile (the bag's contents too, not their order), its own secret
objective (or the two it was dealt), and the automaton's and the event cards'
decks only as contents.  Hidden: the others' secret objectives (or the pairs they
were dealt), the orders of the bag and the decks, the generator.  The hidden
secrets are drawn from the secret objectives the seat has not seen; the bag and
decks are shuffled; the generator is reseeded so that future draws vary too.
"""

from __future__ import annotations

import random

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import DECK_IDS, HIDDEN
from tideboard.games.moonshell.state import State


def _shuffled(items: tuple, rng: random.Random) -> tuple:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A state whose ``view(state, seat)`` is ``view``, the unseen parts drawn by ``rng``."""
    seen = {card for card in view.secrets if card and card != HIDDEN}
    for cards in view.offers:
        seen.update(card for card in cards if card != HIDDEN)
    unseen = [card for card in DECK_IDS["secret"] if card not in seen]
    rng.shuffle(unseen)
    secrets = list(view.secrets)
    for s, card in enumerate(secrets):
        if card == HIDDEN:
            secrets[s] = unseen.pop()
    offers = list(view.offers)
    for s, cards in enumerate(offers):
        if HIDDEN in cards:
            offers[s] = tuple(unseen.pop() for _ in cards)
    return evolve(
        view,
        secrets=tuple(secrets),
        offers=tuple(offers),
        bag=_shuffled(view.bag, rng),
        solo_deck=_shuffled(view.solo_deck, rng),
        event_deck=_shuffled(view.event_deck, rng),
        rng=Rng(rng.getrandbits(64)),
    )
