"""Shifting Stones with other players: the plan of a whole turn (issue #21).

Greedy plans one card at a time: the best card it can make in at most two moves.
A turn is several actions, though: paying two cards for two moves may make two
cards match along the way, and the hand left (kept cards and the refill) and the
grid left (what it shows the next seat) are part of the turn's worth.

:func:`plans` looks at every path of up to three shifts or flips (no more than the
hand can pay for), the cards that match somewhere along it scored (the best ones
when the hand cannot both score them all and pay), the others paying for the moves
(the least promising first) or kept, and judges where the turn leaves the seat:
the points scored (a 1-point card a little more: the bonus), each kept card's
promise on the grid left (its points by how many stones are wrong for it), the
cards drawn to refill, and what the grid left offers the next seat (the cards it
has not seen, by how close the grid is to each).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from tideboard.engine.search import Ranked
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS, HAND_SIZE, grid_code
from tideboard.games.shifting_stones.grids import code_moves, moved, showing, wrong_stones
from tideboard.games.shifting_stones.state import END_TURN, SKIP, Flip, Score, Shift, State


@attrs.frozen
class Weights:
    """How :func:`plans` judges where a turn leaves the seat."""

    # how likely a card kept in hand is to be scored later, by the stones wrong for it
    kept: tuple[float, ...] = (0.85, 0.45, 0.2, 0.08, 0.03, 0.0, 0.0, 0.0, 0.0, 0.0)
    # how likely the next seat is to score a card it holds, by the stones wrong for it
    given: tuple[float, ...] = (0.9, 0.55, 0.25, 0.05, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    one: float = 0.5  # a 1-point card's share of the bonus, on top of its point
    fresh: float = 0.5  # a card drawn to refill the hand (0.25: 84% against greedy, 0.5: 90%)
    threat: float = 0.5  # the weight of what the grid left offers the next seat
    depth: int = 3  # moves a turn's plan looks at
    judged: int = 24  # the best plans (before the threat) whose threat is counted
    skip: bool = True  # skip (where legal) when no plan scores


WEIGHTS = Weights()
OTHERS = 12  # first actions the plans rank at least (a hint shows three)


def _worth(card: int, one: float) -> float:
    points = CARD_BY_ID[card].points
    return points + one * (points == 1)


def _threat(code: int, unseen: Sequence[int], held: int, given: tuple[float, ...]) -> float:
    """The points the next seat is likely to score off the grid left: each card it
    has not seen by its chance of being in a hand of ``held`` and of being made."""
    if not unseen:
        return 0.0
    total = 0.0
    for card in unseen:
        c = CARD_BY_ID[card]
        total += c.points * given[wrong_stones(c.masks, code)]
    return total * held / len(unseen)


Plan = tuple[float, int, Any, tuple[int, ...], Any]


def plans(view: State, seat: int, w: Weights = WEIGHTS) -> list[Plan]:
    """The turn's plans, best first: (worth, points scored, first action, scored,
    first shift or flip where the plan may start with it; None otherwise): the best ``Weights.judged`` by their worth, then for hints
    the best of those that move first otherwise, up to ``OTHERS`` first moves."""
    hand = view.hands[seat]
    masks = [CARD_BY_ID[c].masks for c in hand]
    start = grid_code(view.grid)
    shows: dict[int, int] = {}

    def show(code: int) -> int:
        found = shows.get(code)
        if found is None:
            found = shows[code] = showing(masks, code)
        return found

    # (final code, cards matched along the way) -> (moves, first move)
    reached: dict[tuple[int, int], tuple[int, Any]] = {(start, show(start)): (0, None)}
    frontier = [(start, show(start), None)]
    depth = min(w.depth, len(hand) - 1)
    for steps in range(1, depth + 1):
        following = []
        for code, matched, first in frontier:
            for move, code2 in code_moves(code):
                m2 = matched | show(code2)
                key = (code2, m2)
                if key in reached:
                    continue
                start_move = first or move
                reached[key] = (steps, start_move)
                following.append((code2, m2, start_move))
        frontier = following
    n = len(hand)
    order = sorted(range(n), key=lambda i: -_worth(hand[i], w.one))
    rough = []
    for (code, matched), (steps, first) in reached.items():
        room = n - steps
        scored = [i for i in order if matched >> i & 1][:room]
        rest = [i for i in range(n) if i not in scored]
        promise = sorted(
            (CARD_BY_ID[hand[i]].points * w.kept[wrong_stones(masks[i], code)], i) for i in rest
        )
        paid, kept = promise[:steps], promise[steps:]
        value = sum(_worth(hand[i], w.one) for i in scored) + sum(p for p, _ in kept)
        value += w.fresh * max(0, HAND_SIZE - len(kept))
        rough.append((value, code, first, tuple(scored), tuple(i for _, i in paid)))
    rough.sort(key=lambda r: -r[0])
    seen = set(view.discard).union(hand, *view.scored)
    unseen = [c.id for c in CARDS if c.id not in seen]
    held = max((len(h) for s, h in enumerate(view.hands) if s != seat), default=0)
    out: list[tuple[bool, Plan]] = []
    firsts: set[Any] = set()
    for n, (value, code, first, chosen, payers) in enumerate(rough):
        move = _move(hand, first, payers)
        if n >= w.judged and (move in firsts or len(firsts) >= OTHERS):
            continue  # (past the best plans: only those moving first otherwise, for hints)
        if w.threat:
            value -= w.threat * _threat(code, unseen, held, w.given)
        action = move
        now = [i for i in chosen if CARD_BY_ID[hand[i]].matches(view.grid)]
        if now:  # (a card the grid shows is scored first)
            action = Score(hand[max(now, key=lambda i: CARD_BY_ID[hand[i]].points)])
            if first is not None and not _still_shown(start, first, [hand[i] for i in now]):
                move = None  # (its move first would lose a card the grid shows now)
        points = sum(CARD_BY_ID[hand[i]].points for i in chosen)
        out.append((n >= w.judged, (value, points, action, tuple(hand[i] for i in chosen), move)))
        firsts.add(move)
    # the best plans first by their worth, then the others (for hints) by theirs
    out.sort(key=lambda r: (r[0], -r[1][0]))
    return [plan for _, plan in out]


def _still_shown(code: int, first: Any, cards: list[int]) -> bool:
    """Do the cards still match once the plan's first move is made?"""
    after = moved(code, first)
    return all(CARD_BY_ID[c].matches_code(after) for c in cards)


def _move(hand, first, paid) -> Any:
    """A plan's first shift or flip, paid with its least promising card (None: the
    turn's end)."""
    if first is None:
        return END_TURN
    card = hand[paid[0]]
    a, b = first
    return Shift(card, a, b) if b is not None else Flip(card, a)


def best_move(view: State, seat: int, legal: Sequence[Any], w: Weights = WEIGHTS) -> Any:
    """The first action of the best plan; a skip instead (``Weights.skip``, where
    legal) when the best plan scores nothing."""
    found = plans(view, seat, w)
    if w.skip and SKIP in legal and (not found or not found[0][1]):
        return SKIP
    for _, _, action, _, _ in found:
        if action in legal:
            return action
    return END_TURN if END_TURN in legal else legal[0]


class PlanBot:
    """The turn plan as a bot (for the benchmarks: its play against greedy's)."""

    level = "plan"

    def __init__(self, seed: int | None = None, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        return best_move(view, seat, legal, self.weights)


def ranked(view: State, seat: int, legal: Sequence[Any], w: Weights = WEIGHTS) -> list[Ranked]:
    """The seat's legal moves as the plans rank them (the expert's ``Spec.decide``
    at a table): each plan's first action once, best first, its ``Ranked`` with the
    seat's card points after the turn (``points``), the plan's worth as a reward
    (``value``: 0.5 for the best, less for a worse one) and the cards the turn goes on
    to score (``scored``, in ``aim``'s words: "to score card 16"); a skip first where
    the best plan scores nothing (``Weights.skip``); then the moves no plan starts."""
    found = plans(view, seat, w)
    now = sum(CARD_BY_ID[c].points for c in view.scored[seat])
    moves: list[Ranked] = []
    if w.skip and SKIP in legal and (not found or not found[0][1]):
        moves.append(Ranked(SKIP, 1, 0.5, float(now)))
    best = found[0][0] if found else 0.0
    for worth, points, first, scored, move in found:
        # the plan's first action, then its first move (the same plan in another
        # order, for hints: "just as good")
        for action in (first, move):
            if action is None or action not in legal or any(m.action == action for m in moves):
                continue
            later = [card for card in scored if action != Score(card)]
            aim = f"to score {cards_words(later)}" if later else ""
            value = 0.5 + 0.5 * math.tanh((worth - best) / SCALE)
            moves.append(Ranked(action, 1, value, float(now + points), 0, 0.0, aim))
    tried = {m.action for m in moves}
    return moves + [Ranked(action, 0, 0.0) for action in legal if action not in tried]


SCALE = 6.0  # a plan's worth below the best's, as a reward (``ranked``'s values)


def behind(move: Ranked) -> float:
    """How much less a plan's turn is worth than the best's (``ranked``'s value back
    to the plan's points of worth)."""
    share = min(max(2 * move.value - 1, -0.999999), 0.0)
    return -SCALE * math.atanh(share)


def cards_words(cards: Sequence[int]) -> str:
    """ "card 16", "cards 3, 16 and 40"."""
    names = [str(card) for card in sorted(cards)]
    if len(names) == 1:
        return f"card {names[0]}"
    return f"cards {', '.join(names[:-1])} and {names[-1]}"
