"""Shifting Stones scoring: card points, the 1-point-card bonus, winners."""

from __future__ import annotations

from tideboard.games.shifting_stones.content import CARD_BY_ID, ONE_POINT_BONUS
from tideboard.games.shifting_stones.state import State


def card_points(state: State, seat: int) -> int:
    return sum(CARD_BY_ID[c].points for c in state.scored[seat])


def one_point_counts(state: State) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if CARD_BY_ID[c].points == 1) for cards in state.scored)


def bonus_seats(state: State) -> tuple[int, ...]:
    """Seats that hold the most 1-point cards (all tied seats; none if nobody has one).

    The bonus is part of the final tally, so it is only awarded to the table
    in a game with more than one player.
    """
    if state.solo:
        return ()
    counts = one_point_counts(state)
    most = max(counts)
    if most == 0:
        return ()
    return tuple(seat for seat, n in enumerate(counts) if n == most)


def scores(state: State) -> tuple[int, ...]:
    """Points per seat; the bonus is counted once the game is over."""
    totals = [card_points(state, seat) for seat in range(state.players)]
    if state.over:
        for seat in bonus_seats(state):
            totals[seat] += ONE_POINT_BONUS
    return tuple(totals)


def winners(state: State) -> tuple[int, ...]:
    if state.solo:
        won = state.over and not state.hands[0] and not state.deck and not state.discard
        return (0,) if won else ()
    totals = scores(state)
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
