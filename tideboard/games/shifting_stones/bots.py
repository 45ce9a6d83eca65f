"""Shifting Stones computer players.

``greedy`` scores the best matching card it holds; otherwise it looks for the
shortest run of at most two shifts/flips (paid for with its least valuable
other cards) that makes its best card match, and starts it; failing that it
skips to widen its hand, or ends the turn.  It decides from its own view, so
it never sees other hands or the deck.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tideboard.engine.bots import RandomBot
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.rules import NEIGHBOURS
from tideboard.games.shifting_stones.state import EndTurn, Flip, Score, Shift, Skip, State


def _moves(grid: tuple[int, ...]):
    """Every grid one shift or flip away, with the move (a, b) or (cell, None)."""
    for a, b in NEIGHBOURS:
        if grid[a] != grid[b]:
            g = list(grid)
            g[a], g[b] = g[b], g[a]
            yield (a, b), tuple(g)
    for cell in range(9):
        g = list(grid)
        g[cell] ^= 1
        yield (cell, None), tuple(g)


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int | None = None, depth: int = 2) -> None:
        self.random = random.Random(seed)
        self.depth = depth

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        scores = [a for a in legal if isinstance(a, Score)]
        if scores:
            return max(scores, key=lambda a: (CARD_BY_ID[a.card].points, -a.card))
        hand = list(view.hands[seat])
        plan = self._plan(view.grid, hand)
        if plan is not None:
            first, target = plan
            spare = sorted((c for c in hand if c != target),
                           key=lambda c: (CARD_BY_ID[c].points, self.random.random()))
            card = spare[0]
            a, b = first
            wanted = Shift(card, a, b) if b is not None else Flip(card, a)
            if wanted in legal:
                return wanted
        skips = [a for a in legal if isinstance(a, Skip)]
        if skips:
            return skips[0]
        return next(a for a in legal if isinstance(a, EndTurn))

    def _plan(self, grid: tuple[int, ...], hand: list[int]):
        """(first move, target card) of the best reachable score, or None."""
        best = None  # (points, -steps, random) -> plan
        frontier = [(grid, None)]
        for steps in range(1, min(self.depth, len(hand) - 1) + 1):
            following = []
            for g, first in frontier:
                for move, g2 in _moves(g):
                    start = first or move
                    for card in hand:
                        c = CARD_BY_ID[card]
                        if c.matches(g2):
                            key = (c.points, -steps, self.random.random())
                            if best is None or key > best[0]:
                                best = (key, (start, card))
                    following.append((g2, start))
            if best is not None:
                break
            frontier = following
        return None if best is None else best[1]


def bot_factories() -> dict[str, Any]:
    return {"random": RandomBot, "greedy": GreedyBot}
