"""Helpers for the Mermaid Rain tests: fresh games and hand-built positions."""

from __future__ import annotations

from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import CELL_BY_NAME
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.state import MELD, RIDE, End, Show, State


def cell(name: str) -> int:
    return CELL_BY_NAME[name]


def fresh(players: int = 4, seed: int = 1) -> State:
    return GAME.setup(GameConfig(players=players, seed=seed))


def hand(d: int = 0, g: int = 0, t: int = 0) -> tuple[int, int, int, int]:
    return (d, g, t, 0)


def with_hands(state: State, *hands: tuple[int, int, int, int]) -> State:
    """``state`` with these hands (the deck keeps the cards' total right)."""
    return evolve(state, hands=tuple(hands))


def riding(
    players: int = 4,
    seat: int = 0,
    at: str | None = "d1",
    cards=(3, 3, 3),
    order: tuple[int, ...] | None = None,
    **changes,
) -> State:
    """A surf-riding turn of ``seat`` standing on ``at`` holding ``cards``."""
    state = fresh(players)
    order = order or tuple([seat] + [s for s in range(players) if s != seat])
    hands = list(state.hands)
    hands[seat] = (*cards, 0)
    positions = list(state.at)
    positions[seat] = cell(at) if at else -1
    state = evolve(
        state,
        phase=RIDE,
        order=order,
        turn=order.index(seat),
        hands=tuple(hands),
        at=tuple(positions),
        offer=(),
        moved=False,
        taken_here=frozenset(),
    )
    return evolve(state, **changes)


def meld_all(state: State, choices: dict[int, tuple[int, ...]]) -> State:
    for seat, cards in choices.items():
        state = GAME.apply(state, Show(seat, cards))
    return state


def play_round_melds(state: State) -> State:
    """Every seat shows its first legal pair then stops (the quickest meld)."""
    while state.phase == MELD:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_for(state, seat)
        stop = [a for a in legal if a.cards == (3,)]
        state = GAME.apply(state, stop[0] if stop else legal[0])
    return state


__all__ = [
    "GAME",
    "End",
    "cell",
    "fresh",
    "hand",
    "meld_all",
    "play_round_melds",
    "riding",
    "with_hands",
]
