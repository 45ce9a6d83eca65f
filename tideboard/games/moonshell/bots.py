"""Moonshell computer players.

``greedy`` looks one action ahead from its own view.  It rates a position by
what its treasure chest scores now (its own secret objective included), how
close it is to the pattern objectives it can still complete, and what the
tiles on its rocks would add if collected (fully while it still has actions
left this turn, a little once the turn is over, since others may rotate them
away).  It never sees other players' secrets, the bag order or the solo deck.
In the solo game it rates the end of its turn instead, every sequence of the
actions it has left (``solo.py``), the pattern cards by what the chest can still
complete together (``outlook.py``); the expert in solo judges by that plan and
looks a turn further (``lookahead.py``), at three or four players by the same plan
with the turns left at the table (``table.py``); at two it searches.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.bots import bot_levels
from tideboard.engine.search import PLAN_ALONE, Asked, Spec, Wording, bot_policy
from tideboard.games.moonshell import lookahead, rules, sampling, scoring, solo, table
from tideboard.games.moonshell.content import (
    ANEMONE,
    CARDS,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CLOWNFISH,
    EMPTY,
    HIDDEN,
    MASK,
    PATTERN_CARDS,
    REEF_PAIR,
    TYPE_CARDS,
    URCHIN,
    PatternCard,
    chest_cells,
)
from tideboard.games.moonshell.outlook import Outlook, free_masks
from tideboard.games.moonshell.state import KEEP, Keep, Pass, State

PROGRESS_WEIGHT = 0.6  # share of a pattern's points credited for partial progress
TILE_BONUS = 0.4  # every tile brings the end (and the race to fill the chest) closer
LATER_SHARE = 0.25  # value of a tile left on the rocks when the turn ends


def pattern_progress(card: PatternCard, masks: tuple[int, ...]) -> float:
    """Best fraction of a still-possible placement that is already in place."""
    best = 0.0
    for placement in card.placements:
        filled = total = 0
        alive = True
        for cells, bits in placement:
            for c in cells:
                total += 1
                m = masks[c]
                if m:
                    filled += 1
                    bits &= m
            if not bits:
                alive = False
                break
        if alive and total:
            best = max(best, filled / total)
    return best


_OTHERS = "others"  # a rating cache's entry: the others' most tiles of the Trove type
_QUICK: dict = {}  # greedy's chest ratings without the outlook, by what they depend on
_QUICK_SIZE = 200_000  # (cleared when full)


@functools.lru_cache(maxsize=65536)
def _masks(chest) -> tuple[int, ...]:
    return tuple(MASK[t] for t in chest_cells(chest))


@functools.lru_cache(maxsize=262144)
def _pattern_count(card_id: str, masks: tuple[int, ...], limit: int) -> int:
    return scoring.pattern_count(card_id, masks, limit)


@functools.lru_cache(maxsize=262144)
def _progress(card_id: str, masks: tuple[int, ...]) -> float:
    return pattern_progress(PATTERN_CARDS[card_id], masks)


def _rate_chest(
    chest, moon_reserve: bool, open_cards, secret, others: int, outlook: Outlook | None
) -> float:
    """Greedy's rating of the seat's chest (see ``GreedyBot._chest_value``): its points,
    the pattern cards' progress (solo: by the outlook), the Pair and Trove prospects."""
    masks = _masks(chest)
    comp, array, pair, trove, collector = open_cards
    value = 0.0
    cards = [(comp, 1), (array, 1)]
    if secret and secret != HIDDEN and secret in PATTERN_CARDS:
        cards.append((secret, PATTERN_CARDS[secret].seahorses))
    unfinished = []
    for card_id, limit in cards:
        card = PATTERN_CARDS[card_id]
        done = _pattern_count(card_id, masks, limit)
        value += card.points * done
        if done < limit:
            unfinished.append((card_id, card.points))
    if outlook is not None:  # solo: the cards that can still be made together
        value += outlook.potential(unfinished, free_masks(chest))
    else:
        for card_id, points in unfinished:
            progress = _progress(card_id, masks)
            value += PROGRESS_WEIGHT * points * progress**2
    a, b = TYPE_CARDS[pair].types
    value += 2 * scoring.pair_count(masks, a, b)
    value += 0.3 * min(scoring.type_count(masks, a), scoring.type_count(masks, b) + 1)
    mine = scoring.type_count(masks, TYPE_CARDS[trove].bits)
    if mine and mine >= others:
        value += 6
    elif mine + 1 >= others:
        value += 2
    value += min(12, scoring.type_count(masks, TYPE_CARDS[collector].bits))
    value += sum(col.count(URCHIN) for col in chest)
    value += 3 * sum(col.count(REEF_PAIR) for col in chest)
    value += 1.2 * sum(col.count(ANEMONE) + col.count(CLOWNFISH) for col in chest)
    value += 4 if moon_reserve else 0
    value += TILE_BONUS * rules.chest_count(chest)
    return value


class GreedyBot:
    level = "greedy"
    plan_solo = True  # in the solo game, rate the end of the whole turn (solo.py)
    look_ahead = True  # ... by the pattern cards it can still make together (outlook.py)
    quick_rocks = True  # ... but a tile left on the rocks as in multiplayer (faster)
    later_share = LATER_SHARE  # a tile left on the rocks when the turn ends

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)
        # solo: which pattern cards can still be made together (outlook.py), set
        # while a turn is planned
        self.outlook: Outlook | None = None

    # -- rating -----------------------------------------------------------
    def _chest_value(
        self, state: State, seat: int, chest, moon_reserve: bool, cache: dict
    ) -> float:
        key = (chest, moon_reserve, self.outlook is None)
        if key in cache:
            return cache[key]
        others = cache.get(_OTHERS)
        if others is None:  # (the others' chests stay as they are while a move is rated)
            bit = TYPE_CARDS[state.open_cards[3]].bits
            others = cache[_OTHERS] = max(
                (
                    scoring.type_count(_masks(c), bit)
                    for s, c in enumerate(state.chests)
                    if s != seat
                ),
                default=0,
            )
        secret = state.secrets[seat]
        if self.outlook is None:
            # a pure function of these: kept from move to move (and game to game)
            memo_key = (chest, moon_reserve, state.open_cards, secret, others)
            value = _QUICK.get(memo_key)
            if value is None:
                if len(_QUICK) >= _QUICK_SIZE:
                    _QUICK.clear()
                value = _QUICK[memo_key] = _rate_chest(
                    chest, moon_reserve, state.open_cards, secret, others, None
                )
        else:
            value = _rate_chest(chest, moon_reserve, state.open_cards, secret, others, self.outlook)
        cache[key] = value
        return value

    def _tile_gain(self, state: State, seat: int, tile: int, cache: dict) -> float:
        if self.outlook is not None and self.quick_rocks:
            # (a tile left on the rocks is rated as in multiplayer: the outlook's
            # chests for every column it could go to cost four-fifths of a plan)
            look, self.outlook = self.outlook, None
            try:
                return self._tile_gain(state, seat, tile, cache)
            finally:
                self.outlook = look
        chest = state.chests[seat]
        moon = state.moonshells[seat]
        base = self._chest_value(state, seat, chest, moon, cache)
        best = float("-inf")
        for c in range(CHEST_COLUMNS):
            if len(chest[c]) < CHEST_ROWS:
                grown = chest[:c] + (chest[c] + (tile,),) + chest[c + 1 :]
                best = max(best, self._chest_value(state, seat, grown, moon, cache) - base)
        return 0.0 if best == float("-inf") else best

    def evaluate(self, state: State, seat: int, cache: dict) -> float:
        value = self._chest_value(state, seat, state.chests[seat], state.moonshells[seat], cache)
        if state.over:
            return value
        gains = sorted(
            (
                self._tile_gain(state, seat, t, cache)
                for t in rules.seat_rocks(state, seat)
                if t != EMPTY
            ),
            reverse=True,
        )
        if state.current == seat and state.phase != KEEP:
            left = state.actions_left
            value += sum(max(0.0, g) for g in gains[:left]) * 0.95
            value += sum(max(0.0, g) for g in gains[left:]) * self.later_share
        else:
            value += sum(max(0.0, g) for g in gains) * self.later_share
        return value

    # -- choosing ---------------------------------------------------------
    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        legal = list(legal)
        if view.phase == KEEP:
            return max(legal, key=lambda a: (self._secret_rating(view, a), self.random.random()))
        if self.plan_solo and solo.plans_turn(view, seat):
            self.outlook = Outlook(view, seat) if self.look_ahead else None
            try:
                return solo.best_action(self, view, seat, legal, self.random.choice)
            finally:
                self.outlook = None
        cache: dict = {}
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            after = rules.apply(view, action)
            value = self.evaluate(after, seat, cache)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.random.choice(best)

    def _secret_rating(self, view: State, action: Keep) -> float:
        card = CARDS.get(action.card) if isinstance(action, Keep) else None
        if not isinstance(card, PatternCard):
            return 0.0
        repeats = 1 + 0.5 * (card.seahorses - 1)
        return card.points * repeats * (3 / card.cells) ** 0.5


def evaluate(game: Any, state: State) -> list[float]:
    """Each seat's points as greedy rates its position (its chest's points, the
    progress towards the objectives, the tiles on its rocks): how the expert
    judges a playout cut at its horizon."""
    rater = GreedyBot()
    return [rater.evaluate(state, seat, {}) for seat in range(state.players)]


def pattern_outlook(state: State, seat: int, look: Outlook) -> float:
    """The points the pattern cards not yet completed in the seat's chest are likely
    to bring, by the ``look``'s chances (``Outlook.potential``)."""
    masks = _masks(state.chests[seat])
    comp, array = state.open_cards[:2]
    cards = [(comp, 1), (array, 1)]
    secret = state.secrets[seat]
    if secret and secret != HIDDEN and secret in PATTERN_CARDS:
        cards.append((secret, PATTERN_CARDS[secret].seahorses))
    unfinished = [
        (card, PATTERN_CARDS[card].points)
        for card, limit in cards
        if _pattern_count(card, masks, limit) < limit
    ]
    return look.potential(unfinished, free_masks(state.chests[seat]))


def hint_why(view: State, move: Any) -> str | None:
    """Why a hinted move in the solo game and at a table of three or four (where the
    expert plans its turn), in points a player counts: the chest's score at the best
    end of the turn after it (as the plan would play the turn out) and the change
    from now, and the points the pattern cards not yet completed then are likely to
    bring ("24 after this turn (+6), patterns in reach ~12 more").  None elsewhere:
    the common words (``engine.hints.why``)."""
    planned = _best_end(view, move.action)
    if planned is None:
        return None
    _, end, look = planned
    seat = view.current
    now = scoring.breakdown(view, seat)["total"]
    then = scoring.breakdown(end, seat)["total"]
    text = f"{then} after this turn ({then - now:+d})"
    if look.turns > 0:
        more = pattern_outlook(end, seat, look)
        if more >= 0.5:
            text += f", patterns in reach ~{round(more)} more"
    return text


def hint_then(view: State, action: Any) -> tuple[Any, ...]:
    """The rest of the turn the plan plays after a hinted ``action`` (solo, three or
    four players): the actions to the best end of the turn after it, a pass left out."""
    planned = _best_end(view, action)
    if planned is None:
        return ()
    path, _, _ = planned
    return tuple(a for a in path[1:] if not isinstance(a, Pass))


def _best_end(view: State, action: Any) -> tuple[tuple, State, Outlook] | None:
    """Where the plan ends the turn after ``action``, as hints tell it: the actions to
    it (``action`` first), the state there and the outlook it was rated by; None
    where the expert does not plan its turn."""
    seat = view.current
    if solo.plans_turn(view, seat):
        look = Outlook(view, seat)
    elif table.plans_turn(view, seat):
        look = table.table_outlook(view, seat)
    else:
        return None
    rater = GreedyBot()
    rater.outlook = look
    _, ends = solo.turn_ends(rater, view, seat, [action])
    if not ends:
        return None
    _, path, end = max(ends, key=lambda e: e[0])
    return path, end, look


LOOK_SAMPLES = 8  # an iteration budget's samples of the look further: iterations // this


def solo_plan(
    game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked = PLAN_ALONE
) -> list | None:
    """In the solo game, the expert judges by the plan (``Spec.decide``): the moves
    ranked by greedy's rating of the best end of the turn after each (random playouts
    of a few actions misjudge a chest: the search did worse than its favourite), and
    with the budget for it, by a look one turn further (``lookahead.py``).  With a
    deadline it answers in time: what was planned by then (the clock ``Paced``, so
    no rating is begun that would likely end past it)."""
    if not solo.plans_turn(view, seat):
        return None
    clock = asked.paced()  # (a rating may take a good part of a tenth of a second)
    ranked = _look_further(view, seat, legal, asked, clock, LOOK_SAMPLES, Outlook, lookahead.ENDS)
    if ranked is not None:
        return ranked
    return solo.ranked_by_turn_end(
        GreedyBot(), Outlook(view, seat), view, seat, legal, deadline=asked.deadline, clock=clock
    )


def plan(
    game: Any,
    view: State,
    seat: int,
    legal: Sequence[Any],
    asked: Asked = PLAN_ALONE,
    *,
    ends: int = table.LOOK_ENDS,
    per: int = table.LOOK_PER,
) -> list | None:
    """The expert's own plan where it judges better than the search (``Spec.decide``):
    in solo ``solo_plan``; at three or four players its whole turn planned, the
    pattern cards by the outlook at the table (``table.py``: random playouts cut
    after six actions did no better than greedy there), and with the budget for it
    its best ``ends`` ends of the turn looked one turn further, the others' turns
    between played as greedy plays them (an iteration budget: its iterations //
    ``per`` samples; ``per`` 0: the plan alone); two players: the search."""
    if table.plans_turn(view, seat):
        clock = asked.paced()
        if per:
            ranked = _look_further(view, seat, legal, asked, clock, per, table.table_outlook, ends)
            if ranked is not None:
                return ranked
        return table.plan(
            GreedyBot(), view, seat, legal, asked.rng, deadline=asked.deadline, clock=clock
        )
    return solo_plan(game, view, seat, legal, asked)


def _look_further(
    view: State,
    seat: int,
    legal: Sequence[Any],
    asked: Asked,
    clock: Callable[[], float],
    per: int,
    outlook: Callable[[State, int], Any],
    ends: int,
) -> list | None:
    """``lookahead.look_further``'s ranking where the budget allows it (a time budget,
    or an iteration budget of ``lookahead.MIN_SAMPLES`` samples or more at ``per``
    iterations a sample); None: not looked (no budget, or not even the plan in time)."""
    budget = asked.budget
    if budget is None or asked.rng is None:
        return None
    samples = None if budget.iterations is None else budget.iterations // per
    if samples is not None and samples < lookahead.MIN_SAMPLES:
        return None
    return lookahead.look_further(
        GreedyBot,
        view,
        seat,
        legal,
        asked.rng,
        samples=samples,
        deadline=asked.deadline,
        clock=clock,
        outlook=outlook,
        ends=ends,
    )


# The expert's search (tideboard.engine.search): this game's determinization, a
# playout policy, the points of a clear margin, the judgement of a cut playout and
# the root's favourite (greedy's move); its own plan where it decides (``plan``:
# solo, three or four players).
EXPERT = Spec(
    determinize=sampling.determinize,
    policy=None,
    scale=12.0,
    horizon=6,
    solo_scale=60.0,
    evaluate=evaluate,
    prior=bot_policy(GreedyBot()),
    bias=1.0,
    decide=plan,
    # (solo, 3-4 players: the points after the turn and to come, and the rest of the
    # turn the plan plays)
    wording=Wording(why=hint_why, then=hint_then),
)


# ``easy``: greedy's second choice this often (engine.bots.EasyBot)
EASY_SLIP = 0.3


def bot_factories() -> dict[str, Any]:
    return bot_levels(GreedyBot, EXPERT, EASY_SLIP)
