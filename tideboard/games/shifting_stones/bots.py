"""Shifting Stones computer players.

``greedy`` scores the best matching card it holds; otherwise it looks for the
shortest run of at most two shifts/flips (paid for with its least valuable
other cards) that makes its best card match, and starts it.  Failing that it
skips to widen its hand (not in solo, where a skip costs a strike), or spends
spare cards on moves that bring its most promising card closer, or ends the
turn.  In solo it plans the whole turn instead (``solo.py``: every path of up to
three moves, which cards it scores, pays with or keeps, and where that leaves the
endgame).  It decides from its own view, so it never sees other hands or the deck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tideboard.engine.bots import bot_levels
from tideboard.engine.search import PLAN_ALONE, Asked, Ranked, Spec, Wording, bot_policy
from tideboard.games.shifting_stones import duel, rules, sampling, solo
from tideboard.games.shifting_stones.content import CARD_BY_ID, HAND_SIZE, grid_code
from tideboard.games.shifting_stones.grids import code_moves
from tideboard.games.shifting_stones.rules import NEIGHBOURS
from tideboard.games.shifting_stones.state import (
    END_TURN,
    SKIP,
    EndTurn,
    Flip,
    Score,
    Shift,
    Skip,
    State,
)


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


def _distance(card, grid: tuple[int, ...]) -> int:
    """How many stones are wrong where the card comes closest to matching."""
    return min(sum(grid[cell] != face for cell, face in placement) for placement in card.placements)


class GreedyBot:
    level = "greedy"

    def __init__(
        self, seed: int | None = None, depth: int = 2, solo_plan: bool = True, deep: bool = False
    ) -> None:
        self.random = random.Random(seed)
        self.depth = depth
        self.solo_plan = solo_plan
        self.deep = deep  # solo: the endgame searched to the end (solo.first_move)

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        if view.solo and self.solo_plan:
            planned = solo.first_move(view, seat, legal, self.deep)
            if planned is not None:
                return planned
            # (the plan's move was ruled out, as by the easy level's slip: the rules
            # of thumb below choose among the rest)
        scores = [a for a in legal if isinstance(a, Score)]
        if scores:
            return max(scores, key=lambda a: (CARD_BY_ID[a.card].points, -a.card))
        hand = list(view.hands[seat])
        plan = self._plan(view.grid, hand)
        if plan is not None:
            first, target = plan
            spare = sorted(
                (c for c in hand if c != target),
                key=lambda c: (CARD_BY_ID[c].points, self.random.random()),
            )
            card = spare[0]
            a, b = first
            wanted = Shift(card, a, b) if b is not None else Flip(card, a)
            if wanted in legal:
                return wanted
        skips = [a for a in legal if isinstance(a, Skip)]
        if skips and not view.solo:
            return skips[0]
        progress = self._progress(view.grid, hand)
        if progress is not None:
            (a, b), target = progress
            card = min(
                (c for c in hand if c != target),
                key=lambda c: (CARD_BY_ID[c].points, self.random.random()),
            )
            wanted = Shift(card, a, b) if b is not None else Flip(card, a)
            if wanted in legal:
                return wanted
        if skips:
            return skips[0]
        return next(a for a in legal if isinstance(a, EndTurn))

    def _progress(self, grid: tuple[int, ...], hand: list[int]):
        """A move bringing the most promising card closer, paid with a spare card.

        Used when nothing can be scored this turn: the turn is lost anyway, so
        the spare cards (the hand refills at the end of the turn) are spent
        making next turn's score likely.  None when no move helps.
        """
        if len(hand) < 2:
            return None
        ranked = sorted(
            hand,
            key=lambda c: (
                _distance(CARD_BY_ID[c], grid) / CARD_BY_ID[c].points,
                self.random.random(),
            ),
        )
        target = ranked[0]
        card = CARD_BY_ID[target]
        now = _distance(card, grid)
        best = None
        for move, g2 in _moves(grid):
            d = _distance(card, g2)
            if d < now and (best is None or d < best[0]):
                best = (d, move)
        return None if best is None else (best[1], target)

    def _plan(self, grid: tuple[int, ...], hand: list[int]):
        """(first move, target card) of the best reachable score, or None."""
        best = None  # (points, -steps, random) -> plan
        for points, steps, start, card in _in_reach(
            grid_code(grid), tuple(hand), min(self.depth, len(hand) - 1)
        ):
            key = (points, steps, self.random.random())
            if best is None or key > best[0]:
                best = (key, (start, card))
        return None if best is None else best[1]


# (grid code, hand, depth) -> what _in_reach found: the search's playouts meet the
# same grids and hands again and again (bounded: cleared when full)
_REACH: dict[tuple[int, tuple[int, ...], int], list[tuple[int, int, Any, int]]] = {}
_REACH_SIZE = 20000


_LOW_BITS = 0o111111111  # the lowest bit of each cell's three in a grid code


def _within_two(code: int, masks: tuple[tuple[int, int], ...]) -> bool:
    """Does some placement differ from the grid in at most two stones?"""
    for mask, faces in masks:
        wrong = (code & mask) ^ faces
        if ((wrong | wrong >> 1 | wrong >> 2) & _LOW_BITS).bit_count() <= 2:
            return True
    return False


def _in_reach(code: int, hand: tuple[int, ...], depth: int) -> list[tuple[int, int, Any, int]]:
    """Every (points, -steps, first move, card) such that the card matches after
    ``steps`` shifts/flips starting with that move, at the fewest steps where any
    card does (at most ``depth``), in the order the grids are met."""
    key = (code, hand, depth)
    found = _REACH.get(key)
    if found is not None:
        return found
    found = []
    cards = [(card, CARD_BY_ID[card].points, CARD_BY_ID[card].masks) for card in hand]
    frontier = [(code, None)]
    for steps in range(1, depth + 1):
        following = []
        for g, first in frontier:
            # a move changes at most two stones: only the cards that some placement
            # brings within two stones of this grid can match after it
            near = [entry for entry in cards if _within_two(g, entry[2])]
            if not near and steps == depth:
                continue
            for move, g2 in code_moves(g):
                start = first or move
                if near:
                    for card, points, masks in near:
                        for mask, faces in masks:
                            if g2 & mask == faces:
                                found.append((points, -steps, start, card))
                                break
                if steps < depth:
                    following.append((g2, start))
        if found:
            break
        frontier = following
    if len(_REACH) >= _REACH_SIZE:
        _REACH.clear()
    _REACH[key] = found
    return found


def playout_policy(game: Any, state: State, seat: int, legal: Sequence[Any], rng) -> Any:
    """The expert's fast default policy (a playout move costs about what a rules step
    does): score the best matching card; else make one shift or flip, paid with the
    least valuable other card, after which a card matches; else skip (not in solo)
    or end the turn."""
    hand = state.hands[seat]
    cards = [CARD_BY_ID[c] for c in hand]
    grid = state.grid
    best = None
    for card in cards:
        if (best is None or card.points > best.points) and card.matches(grid):
            best = card
    if best is not None:
        return Score(best.id)
    if len(hand) >= 2:
        moves = list(_moves(grid))
        rng.shuffle(moves)
        for (a, b), g2 in moves:
            for card in cards:
                if card.matches(g2):
                    pay = min((c for c in cards if c is not card), key=lambda c: c.points)
                    return Shift(pay.id, a, b) if b is not None else Flip(pay.id, a)
    if not state.solo and not state.acted and not state.skipped_last[seat]:
        return SKIP
    return END_TURN


# how likely a card in hand is to be scored, by how many stones are wrong for it
_LIKELY = (0.85, 0.45, 0.2, 0.08, 0.03)


def evaluate(game: Any, state: State) -> list[float]:
    """Each seat's points as they are likely to end (the expert's judgement of a
    playout cut at its horizon): its card points, the 1-point bonus as it stands,
    and its hand's promise (each card's points by how close the grid is to it,
    the two best counted: a hand pays for its moves with the rest)."""
    grid = state.grid
    out = []
    ones = []
    for seat in range(state.players):
        points = 0.0
        n_ones = 0
        for c in state.scored[seat]:
            p = CARD_BY_ID[c].points
            points += p
            n_ones += p == 1
        ones.append(n_ones)
        promise = sorted(
            (
                CARD_BY_ID[c].points * _LIKELY[min(_distance(CARD_BY_ID[c], grid), 4)]
                for c in state.hands[seat]
            ),
            reverse=True,
        )
        out.append(points + sum(promise[:2]))
    if not state.solo and max(ones):
        most = max(ones)
        for seat, n in enumerate(ones):
            if n == most:
                out[seat] += 0.6 * 3
    return out


def solo_plan(
    game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked = PLAN_ALONE
) -> list[Ranked] | None:
    """In solo the expert plays its plan (``Spec.decide``): the favourite's, the
    endgame searched to the end (``solo.ranked``), within the deadline (by the
    ``asked`` clock; what was planned by then): the search's playouts, greedy's plans,
    got a handful of iterations a move and never left it, and the plan ran before
    the search read its clock, past the budget.  Each move's ``Ranked``: its plan's
    cards left after the turn (``points``), a line found that wins (``wins``: 1
    without a strike, 0.5 after strike turns; ``hint_why`` words it), and the
    cards the turn goes on to score (``aim``: "to score card 16")."""
    if not view.solo:
        return None
    planned = solo.ranked(view, seat, legal, True, asked.deadline, asked.clock)
    if not planned:
        return None
    moves = []
    for action, value, after, scored in planned:
        sure = 1.0 if value >= solo.WIN / 4 else 0.5 if value >= solo.WIN / 8 else 0.0
        lost = value <= solo.LOST / 2
        later = [card for card in scored if action != Score(card)]
        aim = f"to score {duel.cards_words(later)}" if later and after else ""
        moves.append(Ranked(action, 1, -1.0 if lost else sure, after, 1, sure, aim))
    tried = {m.action for m in moves}
    return moves + [Ranked(action, 0, 0.0) for action in legal if action not in tried]


def turn_plan(
    game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked = PLAN_ALONE
) -> list[Ranked] | None:
    """The expert's plan (``Spec.decide``): in solo ``solo_plan``; at a table the
    plan of the whole turn (``duel.ranked``: every path of up to three moves, the
    cards scored along it, the hand and the grid it leaves), a few milliseconds.
    At two players the expert so won 87.8% of 200 games against greedy at 1 s a
    move where the search, its playouts greedy's, won 65.4% of 130 (s18p,
    benchmarks/README.md)."""
    if view.solo:
        return solo_plan(game, view, seat, legal, asked)
    return duel.ranked(view, seat, legal)


def hint_why(view: State, move: Ranked) -> str | None:
    """A solo hint's why, from the plan (``solo_plan``): the cards its turn scores and
    leaves, and a line found that wins ("scores 2 this turn, 3 left: wins from
    there"); None elsewhere (the common words)."""
    if not view.solo:
        return _table_why(view, move)
    if not move.visits or move.finished != 1:
        return None
    left = len(view.hands[0]) + len(view.deck) + len(view.discard)
    after = round(move.points)
    if not after:
        return "wins the game this turn"
    scored = left - after
    if scored:
        text = f"scores {scored} this turn, {after} left"
    elif view.scored_this_turn:
        text = f"ends the turn, {after} left"
    else:
        text = f"a strike, {after} left"
    if move.value < 0:
        return text + ": the fourth strike, lost"
    if move.wins == 1.0:
        return text + ": wins from there"
    if move.wins:
        return text + ": wins after strike turns"
    return text


def _table_why(view: State, move: Ranked) -> str | None:
    """A hint's why at a table, from the turn's plan (``duel.ranked``): the points its
    turn scores and, for a plan judged worse than the best, by how much ("scores 2
    this turn, 1.5 worse": its points of worth, the hand and the grid it leaves
    counted), or a skip's two cards."""
    if not move.visits:
        return None
    if move.action == SKIP:
        return "no plan scores this turn: two cards drawn instead"
    now = sum(CARD_BY_ID[c].points for c in view.scored[view.current])
    scored = round(move.points) - now
    text = f"scores {scored} this turn" if scored else "scores nothing this turn"
    worse = round(duel.behind(move), 1)
    return f"{text}, {worse:g} worse" if worse else text


def hint_then(view: State, action: Any) -> tuple[Any, ...]:
    """The rest of the turn the plan plays after a hinted ``action`` at a table
    (``Wording.then``): each the best plan's first action from where the one before
    left the grid (``duel.best_move``), up to the turn's end (left out), so that a
    hint "to score cards 31 and 32" says how; () in solo, whose plan words its own."""
    if view.solo or action in (END_TURN, SKIP):
        return ()
    seat, state = view.current, view
    rest: list[Any] = []
    try:
        state = rules.apply(state, action)
        while len(rest) < HAND_SIZE and state.current == seat:
            step = duel.best_move(state, seat, rules.legal_actions(state))
            if step in (END_TURN, SKIP):
                break
            rest.append(step)
            state = rules.apply(state, step)
    except Exception:  # (a step the view cannot play: what was found so far)
        pass
    return tuple(rest)


# The expert's search (tideboard.engine.search): this game's determinization, a
# playout policy, and the points of a clear margin; its plans decide first
# (``turn_plan``: at a table the whole turn's, ``duel.py``; in solo ``solo_plan``), so
# the search runs only where a plan has no answer.
EXPERT = Spec(
    determinize=sampling.determinize,
    policy=bot_policy(GreedyBot()),
    scale=6.0,
    rank=0.5,  # three or four players: half the margin term a soft rank (s15x)
    horizon=12,
    solo_scale=25.0,
    evaluate=evaluate,
    prior=bot_policy(GreedyBot(deep=True)),
    bias=1.0,
    decide=turn_plan,
    wording=Wording(why=hint_why, then=hint_then),
)


# ``easy``: greedy's second choice this often (engine.bots.EasyBot)
EASY_SLIP = 0.3


def bot_factories() -> dict[str, Any]:
    return bot_levels(GreedyBot, EXPERT, EASY_SLIP)
