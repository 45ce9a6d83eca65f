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
"""

from __future__ import annotations

import functools
import itertools
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.games.shifting_stones.content import (
    CARD_BY_ID,
    HAND_SIZE,
    SOLO_STRIKES,
    STONES_PER_PAIR,
    grid_code,
)
from tideboard.games.shifting_stones.rules import NEIGHBOURS
from tideboard.games.shifting_stones.state import END_TURN, Flip, Score, Shift, State

_LOW_BITS = 0o111111111  # the lowest bit of each cell's three in a grid code
WIN = 1_000_000.0
LOST = -1_000_000.0
STRIKE = 60.0  # a strike taken (four lose the game)
CARD = 20.0  # a card still to score
NEAR = 4.0  # a stone wrong for a card of the next hand (the endgame's)
KEPT = 1.5  # a stone wrong for a card kept in hand (before the endgame)
HARD = 6.0  # a stone a scored card fixes (the hard cards first, the easy ones last)
MAX_MOVES = 3
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


def hardness(card: int) -> int:
    """How hard a card is to match: the stones it fixes, two more for a full grid
    (its place is fixed too)."""
    c = CARD_BY_ID[card]
    fixed = sum(ch != "*" for row in c.rows for ch in row)
    return fixed + (2 if c.height == 3 and c.width == 3 else 0)


def wrong_stones(masks: tuple[tuple[int, int], ...], code: int) -> int:
    """How many stones are wrong where the card comes closest to matching."""
    best = 9
    for mask, faces in masks:
        wrong = (code & mask) ^ faces
        n = ((wrong | wrong >> 1 | wrong >> 2) & _LOW_BITS).bit_count()
        if n < best:
            best = n
            if not n:
                break
    return best


def code_moves(code: int):
    """Every grid one shift or flip away from a grid's code (content.grid_code), with
    the move: (a, b) for a shift, (cell, None) for a flip."""
    for a, b in NEIGHBOURS:
        diff = ((code >> 3 * a) ^ (code >> 3 * b)) & 7
        if diff:
            yield (a, b), code ^ (diff << 3 * a) ^ (diff << 3 * b)
    for cell in range(9):
        yield (cell, None), code ^ (1 << 3 * cell)


# (grid code, hand, discard, deck size, strikes, scored this turn) -> the plan's first move
_PLANS: dict[tuple, Any] = {}
_PLANS_SIZE = 20000


class Late(Exception):
    """The plan's deadline passed (:func:`ticker`)."""


def ticker(deadline: float | None, clock: Callable[[], float] = time.monotonic):
    """A check read before each step of the plan's work (a grid's moves expanded):
    it raises :class:`Late` once ``clock`` reaches ``deadline`` (None: no check)."""
    if deadline is None:
        return None

    def tick() -> None:
        if clock() >= deadline:
            raise Late

    return tick


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
                    for move, g2 in _moves_of(end, tick if moves >= 2 else None):
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


def together(*cards: int) -> bool:
    """Can the grid show all of ``cards`` at once?  (Some placements of them agree
    where they overlap, and the box holds the stones they need.)"""
    return _together(tuple(sorted(cards)))


@functools.cache
def _together(cards: tuple[int, ...]) -> bool:
    return any(
        _fits(placements)
        for placements in itertools.product(*(CARD_BY_ID[card].placements for card in cards))
    )


def near(a: int, b: int) -> bool:
    """Can the grid show card ``a`` and, one shift or flip later, card ``b``?  (The
    last two cards' need: the turn holding both scores ``a`` and pays ``b`` for that
    move, the next scores ``b``.)  :func:`together` is the case of no move."""
    return _near(a, b)


@functools.cache
def _near(a: int, b: int) -> bool:
    if together(a, b):
        return True
    moves = [((x, y), None) for x, y in NEIGHBOURS] + [((x, x), 1) for x in range(9)]
    for pb in CARD_BY_ID[b].placements:
        for (x, y), flip in moves:
            # the stones before the move that show ``b`` after it
            if flip:
                before = tuple((cell, face ^ 1 if cell == x else face) for cell, face in pb)
            else:
                swap = {x: y, y: x}
                before = tuple((swap.get(cell, cell), face) for cell, face in pb)
            for pa in CARD_BY_ID[a].placements:
                if _fits((pa, before)):
                    return True
    return False


def _fits(placements) -> bool:
    """Do these placements agree where they overlap, with the stones the box holds?"""
    cells: dict[int, int] = {}
    if any(cells.setdefault(cell, face) != face for pl in placements for cell, face in pl):
        return False
    need = Counter(face // 2 for face in cells.values())
    return all(n <= STONES_PER_PAIR[pair] for pair, n in need.items())


def wins_after_strikes(
    code: int, rest: tuple[int, ...], spare: int, tick: Callable[[], None] | None = None
) -> bool:
    """:func:`wins`, or after at most ``spare`` strike turns paying every card to
    move the stones (one card: a move a strike; two cards: one strike turn)."""
    key = (code, rest, spare)
    found = _AFTER_STRIKES.get(key)
    if found is None:
        found = _wins_after_strikes(code, rest, spare, tick)
        _AFTER_STRIKES[key] = found
    return found


def _wins_after_strikes(code: int, rest: tuple[int, ...], spare: int, tick) -> bool:
    if wins(code, rest, tick):
        return True
    if spare <= 0:
        return False
    if len(rest) == 1:
        return _reachable(code, rest[0], spare, tick)
    grids = {code}
    for _ in range(len(rest)):
        grids |= {g2 for g in grids for _, g2 in _moves_of(g, tick)}
    for g in grids:
        if tick is not None:
            tick()
        if wins(g, rest, tick):
            return True
    return False


class _Cache(dict):
    """A bounded cache of the exact searches (cleared when full); a search cut by
    its deadline is not stored."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= self.size:
            self.clear()
        super().__setitem__(key, value)


_WINS = _Cache(50000)
_AFTER_STRIKES = _Cache(20000)


def _moves_of(code: int, tick: Callable[[], None] | None):
    """:func:`code_moves`, ``tick`` read first (the plan's deadline)."""
    if tick is not None:
        tick()
    return code_moves(code)


def _reachable(code: int, card: int, moves: int, tick: Callable[[], None] | None = None) -> bool:
    """Can ``moves`` shifts or flips make the grid show the card?"""
    masks = CARD_BY_ID[card].masks
    grids = {code}
    seen = set(grids)
    for left in range(moves, 0, -1):
        # a move puts right at most two stones: a grid more than twice the moves
        # left from the card cannot reach it
        grids = {g for g in grids if wrong_stones(masks, g) <= 2 * left}
        if any(wrong_stones(masks, g) == 0 for g in grids):
            return True
        grids = {g2 for g in grids for _, g2 in _moves_of(g, tick)} - seen
        seen |= grids
    return any(wrong_stones(masks, g) == 0 for g in grids)


def showing(masks: list[tuple[tuple[int, int], ...]], code: int) -> int:
    """The bit set of the cards (by their ``masks``) that the grid ``code`` shows."""
    match = 0
    for i, card in enumerate(masks):
        if wrong_stones(card, code) == 0:
            match |= 1 << i
    return match


def wins(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None = None) -> bool:
    """Can the turns from this grid, holding every card left (``rest``), score them
    all without a strike?  Exact: each turn scores at least one card, paying for at
    most as many moves as it keeps cards; the last scores all it holds without a
    move.  (``tick``: read before each grid's moves are expanded; it stops the
    search by raising.)"""
    key = (code, rest)
    found = _WINS.get(key)
    if found is None:
        found = _wins(code, rest, tick)
        _WINS[key] = found
    return found


def _wins(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None) -> bool:
    masks = [CARD_BY_ID[c].masks for c in rest]
    r = len(rest)
    full = (1 << r) - 1
    frontier = {(code, 0)}
    for moves in range(0, min(MAX_MOVES, r - 1) + 1):
        following = set()
        for end, along in frontier:
            match = showing(masks, end)
            if not moves and match == full:
                return True
            along |= match
            subset = along
            while subset:  # every card set scored on the way, none paying
                if r - subset.bit_count() >= moves:
                    left = tuple(rest[i] for i in range(r) if not subset >> i & 1)
                    if not left or wins(end, left, tick):
                        return True
                subset = (subset - 1) & along
            if moves < min(MAX_MOVES, r - 1):
                for _, g2 in _moves_of(end, tick):
                    following.add((g2, along))
        frontier = following
    return False


def wins_in_two(code: int, rest: tuple[int, ...], tick: Callable[[], None] | None = None) -> bool:
    """Can a turn starting on this grid with these cards (every card left) score at
    least one and leave the grid showing all the others, paid with them (so that the
    turn after scores them all and wins)?"""
    masks = [CARD_BY_ID[c].masks for c in rest]
    r = len(rest)
    frontier = {(code, 0)}
    for moves in range(0, min(MAX_MOVES, r - 1) + 1):
        following = set()
        for end, along in frontier:
            match = showing(masks, end)
            along |= match
            must = ((1 << r) - 1) & ~match  # the cards that must be scored on the way
            if must & ~along == 0:
                kept = match.bit_count() if must else r - 1
                if (must or match) and kept >= moves and (must or moves < r):
                    return True
            if moves < min(MAX_MOVES, r - 1):
                for _, g2 in _moves_of(end, tick):
                    following.add((g2, along))
        frontier = following
    return False


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
