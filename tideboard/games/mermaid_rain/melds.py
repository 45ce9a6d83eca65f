"""Meld ranking: the best of the eight melds in the cards a player showed.

Cards that are not part of the meld are ignored, so the rank depends only on
how many cards of each kind were shown, sorted from the largest count down.
"""

from __future__ import annotations

from tideboard.games.mermaid_rain.content import (
    DROP,
    MARCH,
    MIST,
    OCTOPUS,
    RAIN,
    SQUALL,
    TWIN,
    WALTZ,
)


def meld_rank(counts: tuple[int, ...]) -> int:
    """1 (Mermaid Rain, five of a kind) to 8 (Octopus, two different cards).

    ``counts`` are the cards shown per kind (Dolphin, Seagull, Sea Turtle).
    """
    a, b, c = sorted(counts[:3], reverse=True)
    if a >= 5:
        return RAIN
    if a >= 4:
        return SQUALL
    if a >= 3 and b >= 2:
        return MARCH
    if a >= 2 and b >= 2:
        return TWIN
    if c >= 1:
        return WALTZ
    if a >= 3:
        return MIST
    if a >= 2:
        return DROP
    return OCTOPUS


def meld_order(ranks: tuple[int, ...], prince: int) -> tuple[int, ...]:
    """Seats from the best meld down; a tie goes to the seat nearer the Prince
    clockwise (the Prince's holder first, then the seat on their left...)."""
    players = len(ranks)
    return tuple(sorted(range(players), key=lambda s: (ranks[s], (s - prince) % players)))
