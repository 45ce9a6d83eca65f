"""Scores: the score track during play; at the end the tribute and the majorities.

Tribute: every player gives up one treasure of each of the five kinds and
loses 5 points for each kind they cannot give.  Majorities, per kind, over
the treasures left: a monopoly (one player holds the kind) scores 15;
otherwise the players holding it score 12, 6, 4, 2 from the most down, and
tied players add the rewards of the places they share and split the sum,
rounding down, at least 1 point each (players tied past the fourth place,
where there is nothing to share, score nothing).
"""

from __future__ import annotations

from tideboard.games.mermaid_rain.content import MONOPOLY, PLACES, TREASURE_KINDS, TRIBUTE_PENALTY
from tideboard.games.mermaid_rain.state import State


def majority(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Points per player for one treasure kind, from how many each holds."""
    points = [0] * len(counts)
    holders = sorted((c, s) for s, c in enumerate(counts) if c > 0)
    holders.reverse()
    if len(holders) == 1:
        points[holders[0][1]] = MONOPOLY
        return points
    place = 0
    while place < len(holders):
        count = holders[place][0]
        tied = [s for c, s in holders if c == count]
        total = sum(PLACES[p] for p in range(place, place + len(tied)) if p < len(PLACES))
        share = total // len(tied)
        if len(tied) > 1 and total > 0:
            share = max(1, share)
        for s in tied:
            points[s] = share
        place += len(tied)
    return points


def treasure_counts(state: State, seat: int) -> list[int]:
    counts = [0] * len(TREASURE_KINDS)
    for tid in state.owned[seat]:
        kind = state.kinds[tid]
        if kind >= 0:
            counts[kind] += 1
    return counts


def breakdown(state: State) -> list[dict]:
    """Per seat: track points, tribute, majority points per kind, and the total."""
    n = state.players
    counts = [treasure_counts(state, s) for s in range(n)]
    tribute = [-TRIBUTE_PENALTY * sum(1 for c in counts[s] if c == 0) for s in range(n)]
    left = [[max(0, c - 1) for c in counts[s]] for s in range(n)]
    per_kind = [majority([left[s][k] for s in range(n)]) for k in range(len(TREASURE_KINDS))]
    out = []
    for s in range(n):
        kinds = [per_kind[k][s] for k in range(len(TREASURE_KINDS))]
        out.append(
            {
                "track": state.points[s],
                "tribute": tribute[s],
                "majorities": kinds,
                "total": state.points[s] + tribute[s] + sum(kinds),
            }
        )
    return out


def scores(state: State) -> tuple[int, ...]:
    if not state.over:
        return state.points
    return tuple(b["total"] for b in breakdown(state))


def winners(state: State) -> tuple[int, ...]:
    """The most points wins; the rules break no ties (a shared victory)."""
    totals = scores(state)
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)
