"""Mermaid Rain computer players.

``greedy`` decides from its own view (it never sees other hands, the meld
choices of others before the reveal, face-down treasures it has not looked at,
or the piles):

* melds: weighs every meld its hand can make (the bonus, the turn order, the
  cards it would no longer have to move with, a small random lean each round)
  and builds the best: two of its cards first, then one at a time, then the
  Mermaid card; an Aquamarine Waltz draws the shape with most room on the sea;
* tiles: picks a tile whose symbol it can pay for (or a mermaid symbol),
  lays it to shorten its way to the nearest treasure;
* riding: collects whatever it may (a kind it lacks first), teleports to the
  richest space, and otherwise walks the shortest way to the nearest
  treasure counted in cards (a space its cards match costs one, any other a
  wild pair), so it pays a pair only when that makes the whole way cheaper;
  it ends the turn when no treasure is in reach;
* keeps the two cards of its most plentiful kinds.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from typing import Any

import attrs

from tideboard.engine.bots import bot_levels
from tideboard.engine.search import Asked, Spec, Tree, Wording
from tideboard.games.mermaid_rain import meld_plan, sampling, scoring, spaces
from tideboard.games.mermaid_rain.content import (
    CELLS,
    KEEP,
    MARCH,
    MELD_LIMIT,
    MERMAID,
    ROUNDS,
    STARTS,
    TILE_DARK,
    TILE_SYMBOL,
    TILES_OF_SHAPE,
    TURTLE,
    cube,
)
from tideboard.games.mermaid_rain.logline import own_choice_words
from tideboard.games.mermaid_rain.melds import meld_rank
from tideboard.games.mermaid_rain.playouts import playout_policy
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HOME,
    MELD,
    RIDE,
    Draw,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Move,
    Pick,
    Place,
    Show,
    State,
    Take,
    Teleport,
)

# What a meld is worth to the greedy bot, in points: the bonus (Mermaid Rain's
# teleport to the richest space; Ocean March's treasure: 2 points and a kind
# towards the tribute and the majorities; the Waltz's extra surf tile)...
MELD_WORTH = (0.0, 9.0, 7.0, 7.0, 6.0, 5.0, 4.0, 1.0, 0.0)
ORDER_WORTH = 0.25  # ... a little for each place earlier in the turn order ...
CARD_WORTH = 0.75  # ... less what each card beyond the first two would pay for moving,
KEEP_TO_MOVE = 3  # and never fewer cards left to move with than this.
JITTER = 1.0  # each round the melds' worth varies by up to this much, either way


def _add(meld: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, int, int]:
    out = list(meld[:3])
    for k in cards:
        if k < 3:
            out[k] += 1
    return (out[0], out[1], out[2])


def _within(meld: tuple[int, ...], target: tuple[int, ...]) -> bool:
    return all(m <= t for m, t in zip(meld, target))


# the last board asked about and its answer, as one pair (read and replaced whole:
# greedy bots think in threads, and a board must never get another's answer)
_LAST_SPACES: list[tuple[Any, list[int]]] = [(None, [])]


def treasure_spaces(view: State) -> list[int]:
    """The spaces with treasure (a new list; the last board's answer is kept, and a
    playout asks about the same board many times running)."""
    lying = view.spaces
    last = _LAST_SPACES[0]
    if last[0] is not lying:
        last = (lying, [c for c, ids in enumerate(lying) if ids])
        _LAST_SPACES[0] = last
    return list(last[1])


def card_cost(view: State, hand: tuple[int, ...], space: int) -> int:
    """Cards it costs to move onto ``space`` with ``hand``: one card that pays
    (the matching one, or any onto a mermaid symbol or a start space), else a
    pair as a wild."""
    sym = spaces.symbol(view, space)
    if sym <= TURTLE:
        return 1 if hand[sym] else 2
    return 1 if hand[0] or hand[1] or hand[2] else 2


def cards_to_treasure(view: State, start: int, hand: tuple[int, ...]) -> dict[int, int]:
    """The fewest cards to reach each space from ``start`` (Dijkstra), paying
    with ``hand`` as it is now."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        spent, here = heapq.heappop(heap)
        if spent > best[here]:
            continue
        for n in spaces.neighbour_spaces(view, here):
            cost = spent + card_cost(view, hand, n)
            if cost < best.get(n, 99):
                best[n] = cost
                heapq.heappush(heap, (cost, n))
    return best


_DISTANCES: list[tuple[int, ...]] = []


def _distances() -> list[tuple[int, ...]]:
    """``content.distance`` between every two cells, as a table (made on first use:
    the tiles' placement weighs hundreds of spots a move, thousands in the playouts)."""
    if not _DISTANCES:
        coords = [cube(c) for c in range(CELLS)]
        _DISTANCES.extend(
            tuple(max(abs(ax - bx), abs(ay - by), abs(az - bz)) for bx, by, bz in coords)
            for ax, ay, az in coords
        )
    return _DISTANCES


# The melds a hand may build and their worth but the round's lean, by (hand, meld
# shown, treasure on the board, treasure in the pool): the greedy meld target is asked
# for in every playout's meld phase (a fifth of a search's time when weighed afresh).
Candidate = tuple[float, float, float, int, tuple[int, int, int]]
_MELD_CANDIDATES: dict[tuple, tuple[Candidate, ...]] = {}


def _meld_candidates(
    hand: tuple[int, ...], meld: tuple[int, ...], treasure: bool, pool: bool
) -> tuple[Candidate, ...]:
    """(bonus worth, turn order worth, the cards' cost, rank, (d, g, t)) of every meld
    ``meld_target`` weighs, in its order (so the same ties go the same way)."""
    key = (hand[0], hand[1], hand[2], meld, treasure, pool)
    found = _MELD_CANDIDATES.get(key)
    if found is not None:
        return found
    card_cost = CARD_WORTH if treasure else CARD_WORTH / 4
    held = sum(hand[:3])
    out = []
    for d in range(meld[0], meld[0] + hand[0] + 1):
        for g in range(meld[1], meld[1] + hand[1] + 1):
            for t in range(meld[2], meld[2] + hand[2] + 1):
                size = d + g + t
                if size < 2 or size > MELD_LIMIT:
                    continue
                spent = size - sum(meld)
                if size > 2 and held - spent < KEEP_TO_MOVE:
                    continue  # a card beyond the first two, and too few left to move
                rank = meld_rank((d, g, t))
                worth = MELD_WORTH[rank]
                if rank == MARCH and not pool:
                    worth = 0.0  # the pool is empty: no treasure
                out.append(
                    (worth, (8 - rank) * ORDER_WORTH, card_cost * (size - 2), rank, (d, g, t))
                )
    if len(_MELD_CANDIDATES) > 20_000:
        _MELD_CANDIDATES.clear()
    found = _MELD_CANDIDATES[key] = tuple(out)
    return found


# Each cell's distance to the nearest of some treasure spaces, by those spaces (the
# tiles' placement asks for it at every spot choice of every playout).
_FROM_GOLD: dict[tuple[int, ...], list[int]] = {}


def _from_gold(targets: tuple[int, ...]) -> list[int]:
    found = _FROM_GOLD.get(targets)
    if found is None:
        if len(_FROM_GOLD) > 20_000:
            _FROM_GOLD.clear()
        found = _FROM_GOLD[targets] = [min(map(row.__getitem__, targets)) for row in _distances()]
    return found


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)
        self._jitter_round = -1
        self._jitter_now: list[float] = []

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        first = legal[0]
        kind = type(first)
        hand = view.hands[seat]
        if kind is Show:
            return self.show_step(view, seat, legal)
        if kind is Keep:
            return max(
                legal, key=lambda a: (hand[a.cards[0]] + hand[a.cards[1]], self.random.random())
            )
        if kind is Pick:
            return max(legal, key=lambda a: self._tile_value(hand, a.tile))
        if kind is Draw:  # the Waltz tile: the shape with most room on the sea
            return max(
                legal,
                key=lambda a: (
                    len(spaces.placements(view, TILES_OF_SHAPE[a.shape][0])),
                    self.random.random(),
                ),
            )
        if kind in (Enter, Home):
            targets = treasure_spaces(view) or list(STARTS)
            table = _distances()
            return min(
                legal,
                key=lambda a: (min(map(table[a.cell].__getitem__, targets)), self.random.random()),
            )
        if kind in (Place, Drop):
            return self._place(view, seat, legal)
        return self._ride(view, seat, legal)

    def show_step(self, view: State, seat: int, legal: Sequence[Show]) -> Show:
        """The meld step towards the meld ``meld_target`` names (public: the expert's
        meld plan builds its melds with it, and its determinizations the others')."""
        meld = view.melds[seat]
        target = self.meld_target(view, seat)
        if sum(meld) == 0:
            # the first two cards: two of the target's, the pair that would
            # itself be the best meld should the phase end at once
            fitting = [a for a in legal if _within(_add(meld, a.cards), target)]
            return max(
                fitting or list(legal),
                key=lambda a: (-meld_rank(_add(meld, a.cards)), self.random.random()),
            )
        if meld == target:
            return Show(seat, (MERMAID,))
        more = [a for a in legal if a.cards[0] != MERMAID and _within(_add(meld, a.cards), target)]
        if not more:
            return Show(seat, (MERMAID,))
        return min(more, key=lambda a: (meld_rank(_add(meld, a.cards)), self.random.random()))

    def meld_target(self, view: State, seat: int) -> tuple[int, int, int]:
        """The meld (cards per kind) worth most to build from the cards shown
        and the hand: the meld's bonus, a little for moving earlier, less what
        the cards beyond the first two would have paid for moving (little once
        the board holds no treasure).  Every meld is weighed: each round the bot
        leans a little towards some melds (a jitter), so it builds all kinds."""
        jitter = self._jitter(view.round)
        best, best_value = view.melds[seat], -99.0
        for worth, order, cost, rank, candidate in weigh_melds(view, seat):
            value = worth + jitter[rank] + order
            value -= cost
            if value > best_value:
                best, best_value = candidate, value
        return best

    def _jitter(self, round_number: int) -> list[float]:
        if self._jitter_round != round_number:
            self._jitter_round = round_number
            self._jitter_now = [self.random.uniform(-JITTER, JITTER) for _ in range(9)]
        return self._jitter_now

    def _tile_value(self, hand: tuple[int, ...], tile: int) -> tuple:
        sym = TILE_SYMBOL[tile]
        payable = 2 if sym == 3 else hand[sym]
        return (payable, not TILE_DARK[tile], self.random.random())

    def _place(self, view: State, seat: int, legal: Sequence[Any]) -> Any:
        here = view.at[seat]
        targets = tuple(t for t in treasure_spaces(view) if t != here)
        from_me = _distances()[here]
        # each cell's distance to the nearest treasure (9 with none), once for all spots
        from_gold = _from_gold(targets) if targets else None
        best, best_key = None, None
        for action in legal:
            if isinstance(action, Drop):
                continue
            cells = action.cells
            near_me = min([from_me[c] for c in cells])
            near_gold = min([from_gold[c] for c in cells]) if from_gold else 9
            key = (near_me <= 1, -near_gold - near_me, self.random.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        if best is not None:
            return best
        return next(a for a in legal if isinstance(a, Drop))

    def _ride(self, view: State, seat: int, legal: Sequence[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            mine = {view.kinds[t] for t in view.owned[seat]}
            space = view.spaces[view.at[seat]]
            return max(
                takes, key=lambda a: (view.kinds[space[a.index]] not in mine, self.random.random())
            )
        teleports = [a for a in legal if isinstance(a, Teleport)]
        if teleports:
            rich = max(teleports, key=lambda a: (len(view.spaces[a.to]), self.random.random()))
            if view.spaces[rich.to]:
                return rich
        moves = [a for a in legal if isinstance(a, Move)]
        here = view.at[seat]
        targets = set(treasure_spaces(view))
        if view.moved and here in view.taken_here:
            targets.discard(here)
        if moves and targets:
            hand = view.hands[seat]
            cards = sum(hand[:3])
            # the cards still needed from each space next to us to the nearest
            # treasure: the move that makes the whole way cheapest wins, so a
            # wild pair is paid only when no single card does as well
            best, best_key = None, None
            dist_cache: dict[tuple[int, tuple[int, ...]], dict[int, int]] = {}
            for action in moves:
                after = list(hand)
                for k in action.cards:
                    after[k] -= 1
                key_after = (action.to, tuple(after))
                if key_after not in dist_cache:
                    dist_cache[key_after] = cards_to_treasure(view, action.to, tuple(after))
                dist = dist_cache[key_after]
                reach = [dist[t] for t in targets if t in dist]
                if not reach:
                    continue
                total = len(action.cards) + min(reach)
                if total > cards:
                    continue
                key = (-total, -len(action.cards), hand[action.cards[0]], self.random.random())
                if best_key is None or key > best_key:
                    best, best_key = action, key
            if best is not None:
                return best
        return next(a for a in legal if isinstance(a, End))


HAND_WORTH = 0.75  # what an adventure card in hand is worth to the expert's evaluation


def greedy_prior(game: Any, view: State, seat: int, legal: Sequence[Any], rng) -> Any:
    """The expert's favourite: greedy's move, by a new greedy bot drawing from the
    search's generator (one kept between searches would keep its meld jitter of the
    round, so the choice would depend on what it was asked before, not on the view)."""
    bot = GreedyBot()
    bot.random = rng
    return bot.choose(game, view, seat, legal)


def evaluate(game: Any, state: State) -> list[float]:
    """Each seat's points were the game to end now: the track, the tribute and the
    majorities of the treasures held (most of a game's points come at its end, so a
    playout cut at its horizon judged by the track alone sees little), and a little
    for each adventure card in hand that will still pay a step towards treasure:
    every card before its riding turn of the round (without them the search spends
    pairs and long melds as if cards were free), once that turn is over only the two
    it will keep (the rest are discarded at the round's end: counted, the search
    ended its turn early to hoard them), none after the last round's ride."""
    totals = [b["total"] for b in scoring.breakdown(state)]
    if state.over:
        return totals
    phase = state.phase
    if phase == RIDE:
        done = set(state.order[: state.turn])
    elif phase == HOME or phase == DISCARD:
        done = set(range(state.players))
    else:
        done = set()
    kept = 0 if state.round >= ROUNDS else KEEP
    out = []
    for seat, (total, hand) in enumerate(zip(totals, state.hands)):
        cards = hand[0] + hand[1] + hand[2]
        out.append(total + HAND_WORTH * (min(kept, cards) if seat in done else cards))
    return out


def seats_horizon(view: State) -> float:
    """The playouts' length against four players' (``Spec.horizon_factor``): a round
    takes about 11 actions a seat (42 at four players, 66 at six, greedy games), so
    the 50 actions that carry a four-player playout from a meld past every ride of the
    round stopped a six-player one after two or three rides, before the seat's own
    ride as often as not: a meld or a tile was judged by the cards in hand."""
    return max(1.0, view.players / 4)


def greedy_show(state: State, seat: int, legal: list, rng: random.Random) -> Show:
    """Another seat's hidden meld choice in a determinization: greedy's, from the sampled
    hand (a new greedy bot drawing from the search's generator: its lean of the round
    drawn afresh)."""
    bot = GreedyBot(0)
    bot.random = rng
    return bot.show_step(state, seat, legal)


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """The expert's determinization: ``sampling.determinize``, the other seats' hidden
    meld choices greedy's on their sampled hands (uniformly random choices made the
    others' melds look weaker than they are: a pair of different kinds as often as a pair)."""
    return sampling.determinize(view, seat, rng, greedy_show)


def hidden_choice(state: State, mover: int) -> bool:
    """Whether ``mover``'s choice now is made unseen by the others (``Tree.hidden``):
    the melds' cards and the cards kept at the round's end are chosen at once and
    shown together, so in the expert's tree the others' are greedy's, not answers
    to the expert's own choice made just before."""
    return state.phase == MELD or state.phase == DISCARD


def weigh_melds(view: State, seat: int) -> tuple[Candidate, ...]:
    """Greedy's weighing of every meld ``seat``'s hand can still build (the expert's
    meld plan weighs the best of them)."""
    hand, meld = view.hands[seat], view.melds[seat]
    return _meld_candidates(hand, meld, bool(treasure_spaces(view)), bool(view.pool))


def meld_decide(game: Any, view: State, seat: int, legal: Sequence[Any], asked: Asked) -> Any:
    """The expert's meld, chosen whole (``Spec.decide``: ``meld_plan.plan`` with the
    search's settings, ``asked``'s Spec, this module's when none, greedy bot and
    weighing of melds)."""
    if asked.spec is None:
        asked = attrs.evolve(asked, spec=EXPERT)
    return meld_plan.plan(game, view, seat, legal, asked, greedy=GreedyBot, weigh=weigh_melds)


# The expert's search (tideboard.engine.search): this game's determinization, a
# playout policy, the points of a clear margin, the judgement of a cut playout and
# the root's favourite (greedy's move).
EXPERT = Spec(
    determinize=determinize,
    policy=playout_policy(GreedyBot()),
    # a clear margin: at 15 the reward (the margin over the best of the others) was flat
    # where the expert stood 20 points behind, as a cut playout early on often does
    scale=30.0,
    horizon=50,  # (at four players; a seat more, a quarter more: ``seats_horizon``)
    horizon_factor=seats_horizon,
    evaluate=evaluate,
    prior=greedy_prior,
    bias=1.0,
    # the others' melds are greedy's, not the tree's (they are made unseen); only the
    # root's moves are nodes, the rest the playouts' (a ride is many steps: grown
    # below them, the tree judged a step towards a treasure by whatever later steps
    # it tried, wild pairs and wandering among them, and ended the turn instead)
    tree=Tree(hidden=hidden_choice, depth=1),
    decide=meld_decide,
    # a hint's points now, as the search judges a playout cut at its horizon (the
    # score is the track alone: early on, with every tribute still to pay, a move's
    # "a few turns on" read "-4" from a track of 0 where its line gained 20 points)
    # (and a meld's cards in words: the log says only "has chosen")
    wording=Wording(counted_now=evaluate, words=own_choice_words),
)


# ``easy``: greedy's second choice this often (engine.bots.EasyBot)
EASY_SLIP = 0.15


def bot_factories() -> dict[str, Any]:
    return bot_levels(GreedyBot, EXPERT, EASY_SLIP)
