"""Shifting Stones solo's endgame across strike turns: gather the cards left.

Once the deck is through and four cards or fewer are left, every turn holds all of
them, and a paid card comes back the next turn: a strike turn holding ``r`` cards
moves the stones ``r`` times.  So if the grid can show every card left at once
(``endgame.together``), a line wins that spends the strikes moving the stones
toward such a grid, ``r`` moves a strike turn, and then scores the cards: the last
turn pays for at most ``r - 1`` moves with the cards it does not score yet, and the
turn after scores those (the grid still shows them).  :func:`gather_path` finds
few moves to such a grid (an A* search over the grids, its bound the stones each
card needs moved or turned over), within a limit of moves and the plan's deadline;
:func:`gather_budget` is how many moves the strikes left can buy.

Where the cards left never show at once, :func:`best_line` splits them into groups
that do, in an order (:func:`orders`), and plays the turns out (:func:`line`): each
group gathered and scored, the others paying for the moves.  Once the deck was
through the plan before this lost most games with four cards left and no strike:
it scored the easy cards and spent its strikes holding one or two hard ones.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Callable

from tideboard.games.shifting_stones.content import CARD_BY_ID, SOLO_STRIKES
from tideboard.games.shifting_stones.endgame import fits
from tideboard.games.shifting_stones.grids import Late, code_moves, moved, showing

# A* stops past this many grids taken from its queue (the plan's deadline too)
NODES = 1500
# the targets (placements of every card that agree) the bound is taken over
TARGETS = 8


def gather_budget(hand: int, rest: int, strikes: int, scored_before: bool) -> int:
    """The moves a gathering line can pay for before the grid must show all ``rest``
    cards left: what this turn's ``hand`` still pays, a strike turn's ``rest`` for
    each strike spare after it, and the last turn's ``rest - 1`` (-1: this turn's
    strike is the fourth)."""
    after = strikes + (0 if scored_before else 1)
    if after >= SOLO_STRIKES:
        return -1
    return hand + (SOLO_STRIKES - 1 - after) * rest + rest - 1


@functools.cache
def _targets(cards: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way the grid shows all ``cards`` at once: the cells' faces each fixes
    (none fixing more than another that it contains)."""
    # the cards' placements laid one card at a time, those that agree kept
    found: set[tuple[tuple[int, int], ...]] = {()}
    for card in cards:
        found = {
            tuple(sorted({**dict(partial), **dict(placement)}.items()))
            for partial in found
            for placement in CARD_BY_ID[card].placements
            if fits((partial, placement))
        }
    sets = {t: set(t) for t in found}
    minimal = [t for t in found if not any(o != t and sets[o] <= sets[t] for o in found)]
    return tuple(sorted(minimal, key=lambda t: (len(t), t)))


def _kinds(code: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each kind of stone's cells and faces on the grid."""
    kinds: list[list[tuple[int, int]]] = [[], [], [], []]
    for cell in range(9):
        face = code >> 3 * cell & 7
        kinds[face >> 1].append((cell, face))
    return tuple(tuple(k) for k in kinds)


@functools.cache
def _kind_cost(want: tuple[tuple[int, int], ...], have: tuple[tuple[int, int], ...]) -> int:
    """Twice a bound on the moves that bring stones of one kind (``have``: their
    cells and faces) onto the cells and faces ``want`` asks: the stones matched to
    the cells at the least distance (a shift moves two stones a step each), and two
    for each that must be turned over (a flip turns one)."""
    best = 99
    for chosen in itertools.permutations(have, len(want)):
        cost = 0
        for (cell, face), (stone, now) in zip(want, chosen, strict=True):
            cost += abs(cell // 3 - stone // 3) + abs(cell % 3 - stone % 3) + 2 * (now != face)
        best = min(best, cost)
    return best


@functools.cache
def _parts(target: tuple[tuple[int, int], ...]) -> tuple[tuple[int, tuple], ...]:
    """A target's cells and faces by the kind of stone."""
    return tuple(
        (pair, tuple((cell, face) for cell, face in target if face >> 1 == pair))
        for pair in range(4)
        if any(face >> 1 == pair for _, face in target)
    )


def _cost(code: int, target: tuple[tuple[int, int], ...]) -> int:
    kinds = _kinds(code)
    return sum(_kind_cost(want, kinds[pair]) for pair, want in _parts(target))


def _bound(code: int, targets) -> int:
    kinds = _kinds(code)
    return min(
        (sum(_kind_cost(want, kinds[pair]) for pair, want in _parts(t)) + 1) // 2 for t in targets
    )


def gather_path(
    code: int,
    cards: tuple[int, ...],
    limit: int,
    tick: Callable[[], None] | None = None,
    nodes: int = NODES,
) -> list[tuple[int, int | None]] | None:
    """Moves (each ``(a, b)`` a shift, ``(cell, None)`` a flip) from the grid
    ``code`` to one showing every one of ``cards``, at most ``limit`` of them: the
    fewest to the nearest few ways of showing them (``TARGETS``, by the bound at
    the start; a path found is real, its length not always the least).  None if
    none is found within ``limit`` or ``nodes`` grids searched."""
    if limit < 0:
        return None
    if tick is not None:
        tick()
    masks = [CARD_BY_ID[c].masks for c in cards]
    full = (1 << len(cards)) - 1
    if showing(masks, code) == full:
        return []
    every = _targets(tuple(sorted(cards)))
    if not every:
        return None
    # the nearest targets at the start bound the rest of the search
    targets = sorted(every, key=lambda t: _cost(code, t))[:TARGETS]
    start = _bound(code, targets)
    if start > limit:
        return None
    parent: dict[int, tuple[int, tuple[int, int | None]] | None] = {code: None}
    depth = {code: 0}
    queue = [(start, 0, code)]  # (the bound, less the moves made, the grid)
    taken = 0
    while queue:
        _, less, grid = heapq.heappop(queue)
        moves = -less
        if moves > depth[grid]:
            continue
        if showing(masks, grid) == full:
            path = []
            step = parent[grid]
            while step is not None:
                before, move = step
                path.append(move)
                step = parent[before]
            return path[::-1]
        taken += 1
        if taken > nodes:
            return None
        if tick is not None:
            tick()
        for move, following in code_moves(grid):
            if depth.get(following, 99) <= moves + 1:
                continue
            bound = _bound(following, targets)
            if moves + 1 + bound > limit:
                continue
            depth[following] = moves + 1
            parent[following] = (grid, move)
            heapq.heappush(queue, (moves + 1 + bound, -moves - 1, following))
    return None


_PATHS: dict[tuple, list | None] = {}


def _path(code: int, cards: tuple[int, ...], limit: int, tick) -> list | None:
    key = (code, cards, limit)
    if key not in _PATHS:
        if len(_PATHS) >= 20000:
            _PATHS.clear()
        _PATHS[key] = gather_path(code, cards, limit, tick)  # (a search cut raises)
    return _PATHS[key]


def orders(cards: tuple[int, ...], tick: Callable[[], None] | None = None):
    """Every ordered split of ``cards`` into groups the grid can show at once
    (``tick``: the plan's deadline, read before a group's ways are listed)."""
    if not cards:
        yield ()
        return
    n = len(cards)
    for bits in range(1, 1 << n):
        group = tuple(cards[i] for i in range(n) if bits >> i & 1)
        if tick is not None:
            tick()
        if len(group) > 1 and not _targets(group):
            continue
        rest = tuple(cards[i] for i in range(n) if not bits >> i & 1)
        for tail in orders(rest, tick):
            yield (group, *tail)


# ("move", card, move), ("score", card, None), ("end", 0, None): a turn's steps
Step = tuple[str, int, tuple[int, int | None] | None]


def line(
    code: int,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
    scored: bool,
    strikes: int,
    groups: tuple[tuple[int, ...], ...],
    tick: Callable[[], None] | None = None,
) -> tuple[list[Step], int] | None:
    """Play out a line that scores the ``groups`` in order (every card left, the
    deck through): each group's nearest grid (:func:`gather_path`) reached with the
    moves the turns pay for (a turn that cannot reach it pays its whole hand, a
    strike if it scored nothing), the group scored there with every card of it in
    hand, the others paying; the last group may pay with its own cards, scored the
    turn after (the grid still shows them).  The steps of this turn and the strikes
    the line takes; None if it takes a fourth (or a path is not found)."""
    if tick is not None:
        tick()
    hand_l, discard_l = list(hand), list(discard)
    steps: list[Step] = []
    turn = 0  # the turns ended so far (the steps are the first turn's)
    limit = gather_budget(len(hand), len(hand) + len(discard), strikes, scored)

    def pay(card: int, move) -> None:
        nonlocal code
        if not turn:
            steps.append(("move", card, move))
        hand_l.remove(card)
        discard_l.append(card)
        code = moved(code, move)

    for index, group in enumerate(groups):
        last = index == len(groups) - 1
        path = _path(code, group, limit, tick)
        if path is None:
            return None
        pending = list(path)
        while True:
            payers = [c for c in hand_l if c not in group]
            if all(c in hand_l for c in group) and len(payers) >= len(pending):
                for move in pending:
                    pay(payers.pop(), move)
                for card in group:
                    if not turn:
                        steps.append(("score", card, None))
                    hand_l.remove(card)
                scored = True
                break
            if last and len(hand_l) - 1 >= len(pending) and set(discard_l) <= set(group):
                # pay with the group's own cards; the grid then shows them all:
                # score those in hand, the paid ones the next turn
                own = sorted(hand_l, key=lambda c: c in group)
                for move in pending:
                    pay(own.pop(0), move)
                if not turn:
                    steps.extend(("score", card, None) for card in hand_l)
                return steps, strikes
            # this turn cannot reach it: its hand pays for what moves it can
            paid = min(len(hand_l), len(pending))
            for move in pending[:paid]:
                pay(hand_l[-1], move)
            pending = pending[paid:]
            strikes += 0 if scored else 1
            if strikes >= SOLO_STRIKES:
                return None
            if not turn:
                steps.append(("end", 0, None))
            turn += 1
            hand_l, discard_l, scored = sorted(hand_l + discard_l), [], False
    return steps, strikes


def best_line(
    code: int,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
    scored: bool,
    strikes: int,
    tick: Callable[[], None] | None = None,
) -> tuple[list[Step], int] | None:
    """A line (:func:`line`) that wins, with the fewest strikes of those found: the
    orders with the fewest groups tried first, a line taking no new strike taken at
    once (the plan's deadline may stop the search: the best found by then, or
    None).  The answer is the position's alone, whatever was planned before (a
    seeded game repeats): between strike turns the line begun keeps its lead, its
    moves made being the ones it still needed."""
    cards = tuple(sorted(hand + discard))
    best = None
    try:
        for groups in sorted(orders(cards, tick), key=len):
            found = line(code, hand, discard, scored, strikes, groups, tick)
            if found is not None and (best is None or found[1] < best[1]):
                best = found
                if found[1] == strikes:
                    break
    except Late:
        pass
    return best
