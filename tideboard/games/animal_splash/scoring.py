"""Animal Splash scoring: pearls, missions, the end-scoring card, winners.

The end-scoring card gives its ``best`` points to the player who measures
highest and its ``second`` points to the next; players who tie share the
points of the places they take (two tied for first each get half of best +
second), rounded down when three or more share.  A player who measures 0 does
not fulfil the card and gets nothing.  Ties on the total go to the most
oxygen left, then the victory is shared.
"""

from __future__ import annotations

from tideboard.games.animal_splash.content import ENDINGS, MISSIONS
from tideboard.games.animal_splash.state import State
from tideboard.games.animal_splash.tableau import measure


def pearls(state: State, seat: int) -> int:
    return len(state.pearls[seat])


def mission_points(state: State, seat: int) -> int:
    return sum(MISSIONS[m].points for m in state.held[seat])


def ending_values(state: State) -> tuple[int, ...]:
    """Each seat's measure for the end-scoring card in play."""
    card = ENDINGS[state.ending]
    return tuple(
        measure(card.metric, state.tableaus[seat], state.pearls[seat], len(state.held[seat]))
        for seat in range(state.players)
    )


def ending_shares(state: State) -> tuple[int, ...]:
    """The end-scoring card's points per seat if the game ended now."""
    card = ENDINGS[state.ending]
    values = ending_values(state)
    places = [card.best, card.second]
    shares = [0] * state.players
    taken = 0  # places handed out so far
    for value in sorted({v for v in values if v > 0}, reverse=True):
        seats = [s for s, v in enumerate(values) if v == value]
        pot = sum(places[taken : taken + len(seats)])
        for seat in seats:
            shares[seat] = pot // len(seats)
        taken += len(seats)
        if taken >= len(places):
            break
    return tuple(shares)


def scores(state: State) -> tuple[int, ...]:
    """Pearls on your cards plus missions; the end-scoring card once the game is over."""
    totals = [pearls(state, seat) + mission_points(state, seat) for seat in range(state.players)]
    if state.over:
        for seat, share in enumerate(ending_shares(state)):
            totals[seat] += share
    return tuple(totals)


def winners(state: State) -> tuple[int, ...]:
    totals = scores(state)
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    most = max(state.oxygen[seat] for seat in tied)
    return tuple(seat for seat in tied if state.oxygen[seat] == most)
