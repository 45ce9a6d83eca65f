"""Shifting Stones solo: the bots' plan of a whole turn (issue #21).

Solo is a puzzle against the deck: every one of the 16 cards must be scored, a turn
that scores nothing is a strike, the fourth strike loses.  A paid card is not lost (the
discard pile comes back as the deck), so the turn's cards are a budget of moves; and
the game is won only by a turn that scores every card left *without paying*: the
grid must then show all of them at once.  Greedy's two-move plan for its best card
scored 11 of the 16 on average and won none; a three-move plan scores 13, and loses
at the end, with two or three cards left that the grid never shows together.

So the solo bots plan the whole turn: every path of up to three shifts or flips
from the grid, the cards that match somewhere along it scored, the others paying
for its moves or kept, and judge where the turn leaves them: a win; the next turn's
hand (every card left, once the deck is through) all matching the grid, a win next
turn; else the strikes, the cards left and how far the grid is from showing them.
From twelve cards left, also the share of the pairs of the cards known to be left
(the hand and the discard pile) that the grid can show at once: scoring the easy
cards first left four hard ones for the end that never show together, and the game
was lost to strikes.

The expert plays the same plan, its endgame searched to the end (:func:`ranked`),
within its move's deadline: the clock is read before each grid expanded past the
paths of two moves and in the exact searches, and what was planned by then answers.
The endgame's exact searches and which cards can show together are ``endgame.py``;
the lines across strike turns that gather the cards left in groups (the deck
through, four cards or fewer left), ``gather.py``; the grid's codes and moves,
``grids.py``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.games.shifting_stones.content import CARD_BY_ID, HAND_SIZE, SOLO_STRIKES, grid_code
from tideboard.games.shifting_stones.endgame import (
    MAX_MOVES,
    together,
    wins,
    wins_after_strikes,
    wins_in_two,
)
from tideboard.games.shifting_stones.gather import best_line
from tideboard.games.shifting_stones.grids import Late, moves_of, ticker, wrong_stones
from tideboard.games.shifting_stones.state import END_TURN, Flip, Score, Shift, State

WIN = 1_000_000.0
LOST = -1_000_000.0
STRIKE = 60.0  # a strike taken (four lose the game)
CARD = 20.0  # a card still to score
NEAR = 4.0  # a stone wrong for a card of the next hand (the endgame's)
KEPT = 1.5  # a stone wrong for a card kept in hand (before the endgame)
HARD = 6.0  # a stone a scored card fixes (the hard cards first, the easy ones last)
RERANK = 12  # endgame plans checked for a win in two turns (by the number of cards left)
# the same for the expert (exact, to the end): every plan that leaves one or two
# cards (a few milliseconds each), the best few that leave three or four
DEEP_CHECKS = {1: 10000, 2: 2000, 3: 16, 4: RERANK}
# the expert's exact search (:func:`wins`) for up to this many cards left (more:
# :func:`wins_in_two`); a four-card ``wins`` takes up to half a second
EXACT = 3
# and the best few for a win after a strike turn, by the number of cards left
STRIKE_CHECKS = {1: 12, 2: 12}
# the share of the pairs of the cards known to be left that the grid can show at
# once (:func:`together`): the last turns need
# such pairs (a Sun card and a Moon card, or two full grids fixing a cell
# differently, are scored on different turns, a strike's moves apart)
TOGETHER = 150.0
# ... counted from twelve cards left, on the cards known (the hand and the discard
# pile; the deck's are unknown until drawn): from eight once the deck was through,
# the share came too late to choose the last cards (s16)
SHARE_LEFT = 12
# the expert's lines across strike turns once the deck is through (``gather.py``;
# False: the plan before them, for the benchmarks)
GATHER = True


def hardness(card: int) -> int:
    """How hard a card is to match: the stones it fixes, two more for a full grid
    (its place is fixed too)."""
    c = CARD_BY_ID[card]
    fixed = sum(ch != "*" for row in c.rows for ch in row)
    return fixed + (2 if c.height == 3 and c.width == 3 else 0)


# (grid code, hand, discard, deck size, strikes, scored this turn) -> the plan's first move
_PLANS: dict[tuple, Any] = {}
_PLANS_SIZE = 20000


def first_move(state: State, seat: int, legal: Sequence[Any], deep: bool = False) -> Any:
    """The first action of the best plan for the rest of the turn (solo only; None
    if that action is not among ``legal``).
    ``deep``: the endgame's best plans are checked by an exact search of the turns
    to the end (:func:`wins`; up to a few tenths of a second: the expert's)."""
    hand = state.hands[seat]
    key = (
        deep,
        state.grid,
        hand,
        state.discard,
        len(state.deck),
        state.strikes,
        state.scored_this_turn,
    )
    found = _PLANS.get(key)
    if found is None:
        candidates, now = _plan(state, hand, deep)
        found = _first_of(state, hand, now, candidates[0]) if candidates else ("end", 0, None)
        gathered = _gathering(state, hand, candidates, None) if deep else None
        if gathered is not None:
            found = gathered[0][0]
        if len(_PLANS) >= _PLANS_SIZE:
            _PLANS.clear()
        _PLANS[key] = found
    action = _action(found)
    return action if action in legal else None


def ranked(
    state: State,
    seat: int,
    legal: Sequence[Any],
    deep: bool = True,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    count: int = 12,
) -> list[tuple[Any, float, int, tuple[int, ...]]]:
    """The first actions of the best plans for the rest of the turn, best first (at
    most ``count`` of them, each once, among ``legal``), each with its plan's value,
    the cards left after its turn and the cards it scores: :func:`first_move`'s plan, within a
    ``deadline`` (by ``clock``: what was planned by then; the paths of up to two
    moves always)."""
    hand = state.hands[seat]
    tick = ticker(deadline, clock)
    candidates, now = _plan(state, hand, deep, tick)
    left = len(hand) + len(state.deck) + len(state.discard)
    out: list[tuple[Any, float, int, tuple[int, ...]]] = []
    seen = set()
    gathered = _gathering(state, hand, candidates, tick) if deep else None
    if gathered is not None:
        steps, value = gathered
        action = _action(steps[0])
        if action in legal:
            scored = tuple(card for kind, card, _ in steps if kind == "score")
            out.append((action, value, left - len(scored), scored))
            seen.add(action)
    try:
        for candidate in candidates:
            action = _action(_first_of(state, hand, now, candidate))
            if action in seen or action not in legal:
                continue
            seen.add(action)
            scored = tuple(c for i, c in enumerate(hand) if candidate[4] >> i & 1)
            out.append((action, candidate[0], left - len(scored), scored))
            if len(out) >= count:
                break
            if tick is not None:
                tick()
    except Late:
        pass
    return out


def _gathering(state: State, hand, candidates, tick) -> tuple[list, float] | None:
    """Once the deck is through and four cards or fewer are left, where no line
    without a strike was found (nor one after strike turns: the plans' values), a
    line that gathers the cards left in groups the grid shows at once, the strike
    turns paying for the moves (``gather.best_line``): its steps this turn and its
    value (``WIN / 4`` without a strike, else ``WIN / 8``)."""
    if not GATHER or state.deck or len(hand) + len(state.discard) > HAND_SIZE:
        return None
    if candidates and max(c[0] for c in candidates) >= WIN / 8:
        return None
    found = best_line(
        grid_code(state.grid), hand, state.discard, state.scored_this_turn, state.strikes, tick
    )
    if found is None:
        return None
    steps, strikes = found
    if not steps:
        return None
    return steps, WIN / 4 if strikes == state.strikes else WIN / 8


def _action(found: tuple[str, int, Any]) -> Any:
    kind, card, move = found
    if kind == "score":
        return Score(card)
    if kind == "move":
        a, b = move
        return Shift(card, a, b) if b is not None else Flip(card, a)
    return END_TURN


def _first_of(state: State, hand: tuple[int, ...], now: list[int], candidate: tuple):
    value, moves, first, end, scored = candidate
    masks = [CARD_BY_ID[c].masks for c in hand]
    return _first(hand, masks, now, scored, -moves, first, end)


def _plan(
    state: State, hand: tuple[int, ...], deep: bool, tick: Callable[[], None] | None = None
) -> tuple[list[tuple], list[int]]:
    """Every plan of the turn judged, best first, and the cards matching now
    (``tick``: read before each step of the work past the paths of two moves; once
    it raises :class:`Late`, the plans judged by then)."""
    code = grid_code(state.grid)
    masks = [CARD_BY_ID[c].masks for c in hand]
    k = len(hand)
    # cards scoreable now are scored first (scoring never moves a stone)
    now = [i for i in range(k) if wrong_stones(masks[i], code) == 0]
    left = k + len(state.deck) + len(state.discard)
    deck_empty = not state.deck
    discard = state.discard
    discard_masks = [CARD_BY_ID[c].masks for c in discard]
    strikes = state.strikes
    hard = [hardness(c) for c in hand]
    scored_before = state.scored_this_turn

    def judge(end: int, scored: int, n_scored: int, payers: int) -> float:
        """The value of ending the turn on grid ``end``, the hand's cards in the bit
        set ``scored`` scored, ``payers`` of the others paid for the moves."""
        remaining = left - n_scored
        if remaining == 0:
            return WIN
        taken = strikes + (0 if (n_scored or scored_before) else 1)
        if taken >= SOLO_STRIKES:
            return LOST
        value = -STRIKE * taken - CARD * remaining
        value += HARD * sum(hard[i] for i in range(k) if scored >> i & 1)
        unscored = [masks[i] for i in range(k) if not scored >> i & 1]
        if remaining <= SHARE_LEFT:
            value += TOGETHER * _share_together(
                tuple(sorted([hand[i] for i in range(k) if not scored >> i & 1] + list(discard)))
            )
        if remaining <= HAND_SIZE and deck_empty:
            # the next hand is every card left: does the grid show them all?
            wrong = [wrong_stones(m, end) for m in unscored]
            wrong += [wrong_stones(m, end) for m in discard_masks]
            if not any(wrong):
                return WIN / 2 + value
            # the turn after scores one card and leaves the grid showing the others
            # (the cards left may never show all at once: two Suns, say)
            total = sum(wrong)
            return value - NEAR * min(total + w for w in wrong)
        kept = sorted(wrong_stones(m, end) for m in unscored)
        return value - KEPT * sum(kept[: k - n_scored - payers])

    def rest_of(scored: int) -> tuple[int, ...]:
        return tuple(sorted([hand[i] for i in range(k) if not scored >> i & 1] + list(discard)))

    candidates = []  # (value, moves, the plan's first action, end grid, scored)
    # paths of moves from the grid: (code, cards matched along it) -> first move
    frontier = {(code, _bits(now)): None}
    try:
        for moves in range(0, min(MAX_MOVES, k) + 1):
            following: dict[tuple[int, int], Any] = {}
            for (end, along), first in frontier.items():
                value, scored = _best_split(judge, end, along, moves, k)
                if value is not None:
                    candidates.append((value, -moves, first, end, scored))
                if moves < min(MAX_MOVES, k):
                    # (the paths of up to two moves always: a few milliseconds)
                    for move, g2 in moves_of(end, tick if moves >= 2 else None):
                        a2 = along
                        for i in range(k):
                            if not a2 >> i & 1 and wrong_stones(masks[i], g2) == 0:
                                a2 |= 1 << i
                        following.setdefault((g2, a2), first or move)
            frontier = following
    except Late:
        tick = _late
    candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
    if deck_empty and left - 1 <= HAND_SIZE:
        # the endgame (every card left known): among the best few plans, and the best
        # few that take a strike to move the stones, those after which the turns to
        # come can win (the grid left showing every card still to score at the end)
        try:
            _endgame_checks(candidates, deep, rest_of, strikes, scored_before, tick)
        except Late:
            pass
        candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
    return candidates, now


def _late() -> None:
    raise Late


def _endgame_checks(candidates, deep, rest_of, strikes, scored_before, tick) -> None:
    """Add to the plans those after which the turns to come can win (without a
    strike: ``WIN / 4``; the expert's, after strike turns moving the stones:
    ``WIN / 8``), checked among the best few of each number of cards left."""
    caps = DEEP_CHECKS if deep else {2: RERANK, 3: RERANK, 4: RERANK}
    counts = dict.fromkeys(caps, 0)
    seen = set()
    for value, moves, first, end, scored in list(candidates):
        if value >= WIN / 4:
            continue
        rest = rest_of(scored)
        size = len(rest)
        if size not in caps or counts[size] >= caps[size] or (end, rest) in seen:
            continue
        counts[size] += 1
        seen.add((end, rest))
        if tick is not None:
            tick()
        exact = deep and size <= EXACT
        if wins(end, rest, tick) if exact else wins_in_two(end, rest, tick):
            # (the plans are checked best first: none after it can come first)
            candidates.append((value + WIN / 4, moves, first, end, scored))
            return
    if deep and max(c[0] for c in candidates) < WIN / 4:
        # no line without a strike: one with a strike turn to move the stones
        # (one or two cards left; a strike turn pays every card)
        checks = dict(STRIKE_CHECKS)
        for value, moves, first, end, scored in list(candidates):
            taken = strikes + (0 if (scored or scored_before) else 1)
            rest = rest_of(scored)
            spare = SOLO_STRIKES - 1 - taken
            if not checks.get(len(rest)) or spare <= 0:
                continue
            checks[len(rest)] -= 1
            if wins_after_strikes(end, rest, spare, tick):
                candidates.append((value + WIN / 8, moves, first, end, scored))
                return


@functools.lru_cache(maxsize=20000)
def _share_together(rest: tuple[int, ...]) -> float:
    """The share of the pairs of cards ``rest`` that the grid can show together (1
    for one card: a card left never hurts the share, only one that pairs badly)."""
    if len(rest) < 2:
        return 1.0
    pairs = sum(together(a, b) for n, a in enumerate(rest) for b in rest[n + 1 :])
    return pairs / (len(rest) * (len(rest) - 1) // 2)


def _bits(indices: list[int]) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def _best_split(judge, end: int, along: int, moves: int, k: int) -> tuple[float | None, int]:
    """The best choice of which matched cards to score (the rest must pay the moves)."""
    best_value = None
    best_scored = 0
    subset = along
    while True:  # every subset of ``along``, itself first
        n = subset.bit_count()
        if n + moves <= k:
            value = judge(end, subset, n, moves)
            if best_value is None or value > best_value:
                best_value, best_scored = value, subset
        if not subset:
            break
        subset = (subset - 1) & along
    return best_value, best_scored


def _first(hand, masks, now, scored: int, moves: int, first, end: int) -> tuple[str, int, Any]:
    """The plan's first action: a card it scores that matches now, else its first move
    paid with a card it neither scores nor (if it can help it) keeps."""
    for i in now:
        if scored >> i & 1:
            return ("score", hand[i], None)
    if not moves or first is None:
        return ("end", 0, None)
    payers = [i for i in range(len(hand)) if not scored >> i & 1]
    # pay with the card furthest from matching (the others may be kept)
    pay = max(payers, key=lambda i: (wrong_stones(masks[i], end), -CARD_BY_ID[hand[i]].points))
    return ("move", hand[pay], first)
