"""What each seat may see (the log lines, which every seat reads, are in logline.py).

Hidden from a seat (and from a spectator, seat None): the other hands (their
sizes stay), the other seats' meld choices until the reveal, the deck, the
discards, the undercurrent deck, the surf-tile piles and their discards, an
Aquamarine Waltz tile held by another seat, every face-down treasure it has
not looked at (and which ones the others have looked at), the generator.  At
the end every treasure is turned face up.
"""

from __future__ import annotations

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.state import CHOSEN, HIDDEN, OVER, State


def _hidden(seq: tuple) -> tuple:
    return (HIDDEN,) * len(seq)


def view(state: State, seat: int | None) -> State:
    hands = tuple(
        h if s == seat else (0, 0, 0, h[0] + h[1] + h[2] + h[3]) for s, h in enumerate(state.hands)
    )
    chosen = tuple(c if s == seat or c is None else CHOSEN for s, c in enumerate(state.chosen))
    held = tuple(
        h
        if s == seat or state.extra[s] < 0
        else tuple(HIDDEN if t == state.extra[s] else t for t in h)
        for s, h in enumerate(state.held)
    )
    extra = tuple(e if s == seat or e < 0 else HIDDEN for s, e in enumerate(state.extra))
    if state.phase == OVER:
        kinds = state.kinds
    else:
        mine = state.known[seat] if seat is not None else frozenset()
        up = state.face_up
        kinds = tuple(k if t in up or t in mine else HIDDEN for t, k in enumerate(state.kinds))
    known = tuple(k if s == seat else frozenset() for s, k in enumerate(state.known))
    return evolve(
        state,
        hands=hands,
        chosen=chosen,
        held=held,
        extra=extra,
        kinds=kinds,
        known=known,
        deck=_hidden(state.deck),
        discard=_hidden(state.discard),
        undercurrents=_hidden(state.undercurrents),
        piles=tuple(_hidden(p) for p in state.piles),
        tile_discards=tuple(_hidden(p) for p in state.tile_discards),
        rng=Rng(),
    )
