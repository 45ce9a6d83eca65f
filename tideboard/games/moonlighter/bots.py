"""Moonlighter computer players.

``greedy`` plays by a few sensible habits, judged with the exact odds and the
expected cost of the fight at hand (small memoised calculations over the attack
die).  A dungeon's hearts are its budget: the pool holds little more than the
green rooms before the boss cost (about 2 hearts a fight with the white pawn), so

* it fights an orange room only when it is all but sure to win (``FIGHT_FRESH``; with the green pawn at
  full health, say), and never once the boss can appear (more green rooms are
  no use then); the greens come from the black rooms, which must be fought
  anyway.  Once the chest rooms are all out (or the red pawn is found) and the
  pool is on the map, an orange room is fought at good odds (``ORANGE_ODDS``, the
  white pawn at full health): its green room spares a black one, which has no way
  out.  A fight begun is fled only when it turns bad (``FLEE_BELOW``): the
  hearts already lost would be lost for nothing; and it is fled whenever there is
  somewhere to go (the pool, or any room with an open side), since a death outside
  the boss room restarts the run.  With the black pawn a black room is fought like
  a fight begun;
* it walks to the healing pool when low, and tops up its health before
  rolling once the boss can appear;
* it takes (or walks back for) the best pawn on the map for what comes next:
  before the boss can appear the one whose fights cost the fewest hearts (the
  green pawn halves them, the orange saves a fifth; the pink's two more hearts
  count a little, the black pawn's open doors as much), afterwards the one with
  the best odds against the boss (so the red pawn is fetched before heading for
  the boss);
* it places new rooms where the map stays most open.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from tideboard.engine.bots import bot_levels
from tideboard.engine.search import Spec, Wording, bot_policy
from tideboard.games.moonlighter import fights, sampling
from tideboard.games.moonlighter.content import (
    BLACK,
    BLUE,
    DUNGEON_POINTS,
    DUNGEONS,
    ENEMIES_PER_ROOM,
    ENEMY_HEARTS,
    PINK_BONUS,
    RED,
    STEP,
    YELLOW,
    boss_hearts,
    greens_for_boss,
)
from tideboard.games.moonlighter.odds import fight_cost, win_chance
from tideboard.games.moonlighter.queries import count_tiles, green_rooms, yellow_cap
from tideboard.games.moonlighter.rules import boss_ready, can_flee, open_sides
from tideboard.games.moonlighter.state import (
    ATTACK,
    FIGHT,
    FLEE,
    KEEP,
    LOOT,
    PLACE,
    ROLL,
    SWITCH,
    Attack,
    Move,
    Place,
    Room,
    State,
)

FIGHT_FRESH = 0.998  # fight a room it may flee only with at least these odds
ORANGE_ODDS = 0.94  # ... or these, once the chests are out (``_oranges_pay``)
FLEE_BELOW = 0.9  # flee a fight begun once its odds of winning are worse than this
PINK_HEARTS = 0.3  # the pink pawn's two more hearts, in hearts a fight saved
BLACK_PAWN_HEARTS = 0.35  # the black pawn's open doors (no death in a black room), the same
HEAL_BELOW = 0.9  # go to the pool when health is at most this share of the maximum


def _expected_fight(state: State, pawn: str, ready: bool | None = None) -> float:
    """How good this pawn is for what comes next (higher is better): against the
    boss once it can appear, its odds at full health; before, the hearts an
    ordinary fight costs with it, negated (the pink pawn's two more hearts worth
    ``PINK_HEARTS``, the black pawn's way out of black rooms ``BLACK_PAWN_HEARTS``).
    ``ready`` is ``boss_ready(state)`` when the caller has it."""
    top = (
        state.max_health
        + (PINK_BONUS if pawn == "pink" else 0)
        - (PINK_BONUS if state.pawn == "pink" else 0)
    )
    ready = boss_ready(state) if ready is None else ready
    return _pawn_worth(top, pawn, state.dungeon if ready else 0)


@lru_cache(maxsize=1024)
def _pawn_worth(top: int, pawn: str, boss_dungeon: int) -> float:
    """:func:`_expected_fight` from the health at full (``top``): against the boss of
    ``boss_dungeon``, or (0) in an ordinary fight."""
    if boss_dungeon:
        return win_chance(top, (boss_hearts(boss_dungeon),), pawn, True)
    cost = fight_cost(top, (ENEMY_HEARTS,) * ENEMIES_PER_ROOM, pawn)
    bonus = {"pink": PINK_HEARTS, "black": BLACK_PAWN_HEARTS}.get(pawn, 0.0)
    return -cost + bonus


Cell = tuple[int, int]


# The last map's cells and walkable rooms, by the identity of its rooms' tuple (a
# state's copy keeps the tuple while no room changes: a playout walks, fights and
# rolls many times on one map).  One entry, swapped whole, so threads may share it.
_MAP: list[tuple[tuple[Room, ...], frozenset[Cell], frozenset[Cell]]] = []


def _map_sets(state: State) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The map's cells and the rooms a path may cross (not hostile, not the boss's)."""
    last = _MAP[0] if _MAP else None
    if last is not None and last[0] is state.rooms:
        return last[1], last[2]
    cells = frozenset(state.cells)
    walk = frozenset(
        cell
        for cell, room in zip(state.cells, state.rooms)
        if not room.hostile and room.tile != RED
    )
    _MAP[:] = [(state.rooms, cells, walk)]
    return cells, walk


def _walkable_cells(state: State) -> frozenset[Cell]:
    """The rooms a path may cross: not hostile, not the boss's."""
    return _map_sets(state)[1]


def _has_open_side(cells: frozenset[Cell], pos: Cell) -> bool:
    """``open_sides(state, pos)`` is not empty, the state's cells given as a set."""
    x, y = pos
    return any((x + dx, y + dy) not in cells for dx, dy in STEP.values())


def _path_step(
    state: State,
    goal: Callable[[Cell], bool],
    start: Cell | None = None,
    walkable: frozenset[Cell] | None = None,
) -> str | None:
    """First side to walk on the shortest safe path to a room satisfying ``goal``
    (``walkable``: :func:`_walkable_cells`, when the caller has it)."""
    start = state.pos if start is None else start
    walk = _walkable_cells(state) if walkable is None else walkable
    seen = {start}
    queue: deque[tuple[Cell, str | None]] = deque([(start, None)])
    while queue:
        pos, first = queue.popleft()
        if goal(pos):
            return first or "here"
        for d, (dx, dy) in STEP.items():
            nxt = (pos[0] + dx, pos[1] + dy)
            if nxt not in seen and nxt in walk:
                seen.add(nxt)
                queue.append((nxt, first or d))
    return None


class GreedyBot:
    level = "greedy"

    @staticmethod
    def _can_heal(s: State, start: Cell, walkable: frozenset[Cell] | None = None) -> str | None:
        """The first step from ``start`` towards a pool with hearts left, if any."""
        if s.pool <= 0:
            return None
        pools = [r.pos for r in s.rooms if r.tile == BLUE]
        if not pools:
            return None
        return _path_step(s, lambda p: p == pools[0], start, walkable)

    @staticmethod
    def _can_roll_from(s: State, start: Cell, walkable: frozenset[Cell] | None = None) -> bool:
        """A room with an open side can be reached from ``start`` (itself included)."""
        cells = _map_sets(s)[0]
        return _path_step(s, lambda p: _has_open_side(cells, p), start, walkable) is not None

    @staticmethod
    def _oranges_pay(s: State) -> bool:
        """Whether an orange room is worth fighting for its green room before the boss
        can appear: each one won spares a black room (no way out of those) and its
        rolls, once those rolls can find no more pawns (the chest rooms are all out,
        or the red pawn for the boss is found) and the pool is there to heal."""
        red = s.pawn == "red" or any(r.pawn == "red" for r in s.rooms)
        return (
            s.pool > 0
            and count_tiles(s, BLUE) > 0
            and (red or count_tiles(s, YELLOW) >= yellow_cap(s))
        )

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        action = self._choose(view)
        return action if action in legal else self.random.choice(list(legal))

    def pick(self, s: State) -> Any:
        """Greedy's move in the full state ``s`` (a playout's: no legal list asked)."""
        return self._choose(s)

    def _choose(self, s: State) -> Any:
        if s.pending == PLACE:
            sides = open_sides(s)

            def openness(d: str) -> tuple[int, float]:
                dx, dy = STEP[d]
                return (len(open_sides(s, (s.pos[0] + dx, s.pos[1] + dy))), self.random.random())

            return Place(max(sides, key=openness))
        if s.pending == FIGHT:
            # Fleeing helps only if there is a pool to reach or other rooms to roll
            # for from the room behind or beyond it (otherwise it just walks back in here).
            walk = _walkable_cells(s) if can_flee(s) else None  # (found once for both)
            if walk is not None and (
                (s.health < s.max_health and self._can_heal(s, s.came_from, walk))
                or self._can_roll_from(s, s.came_from, walk)
            ):
                fresh = all(h == ENEMY_HEARTS for h in s.enemies)
                odds = win_chance(s.health, s.enemies, s.pawn, False)
                if s.room.tile == BLACK:  # the black pawn: fought as a fight begun
                    return FLEE if odds < FLEE_BELOW else Attack()
                if fresh and boss_ready(s):
                    return FLEE  # a green room more is no use now
                if fresh and odds >= ORANGE_ODDS and self._oranges_pay(s):
                    return Attack()
                if odds < (FIGHT_FRESH if fresh else FLEE_BELOW):
                    return FLEE
            return Attack()
        if s.pending == LOOT:
            new = s.room.pawn
            assert new is not None  # a looted pawn lies in the room while LOOT is pending
            better = _expected_fight(s, new) > _expected_fight(s, s.pawn) + 1e-9
            return SWITCH if better else KEEP
        return self._explore(s)

    def _instead_of_exploring(self, s: State) -> Any:
        """A move to make rather than roll or walk on to roll (None: explore)."""
        return None

    def _explore(self, s: State) -> Any:
        # 1. the best pawn on the map for the fight ahead
        here = s.room.pawn
        ready = boss_ready(s)
        mine = _expected_fight(s, s.pawn, ready)
        if here is not None and _expected_fight(s, here, ready) > mine + 1e-9:
            return SWITCH
        lying = {r.pos: r.pawn for r in s.rooms if r.pawn is not None}
        walk = None
        if lying:
            best_pos = max(lying, key=lambda p: _expected_fight(s, lying[p], ready))
            if _expected_fight(s, lying[best_pos], ready) > mine + 0.05:
                walk = _walkable_cells(s)
                step = _path_step(s, lambda p: p == best_pos, walkable=walk)
                if step is not None:
                    return Move(step)
        # 2. heal when low, or before the boss can turn up
        wants_heal = s.health < s.max_health and (s.health <= HEAL_BELOW * s.max_health or ready)
        if wants_heal and s.room.tile != BLUE:
            walk = _walkable_cells(s) if walk is None else walk
            step = self._can_heal(s, s.pos, walk)
            if step is not None:
                return Move(step)
        # 3. explore (or what a version of greedy does instead: benchmarks/moonlighter_greedy.py)
        other = self._instead_of_exploring(s)
        if other is not None:
            return other
        cells = _map_sets(s)[0]
        if _has_open_side(cells, s.pos):
            return ROLL
        step = _path_step(s, lambda p: _has_open_side(cells, p), walkable=walk)
        if step is not None:
            return Move(step)
        hostile = [
            d
            for d, (dx, dy) in STEP.items()
            if s.room_at((s.pos[0] + dx, s.pos[1] + dy)) is not None
        ]
        return Move(self.random.choice(hostile))


def _run(state: State) -> float:
    """The current run's dungeons, the one under way in part: half for its green
    rooms towards the boss, half for the boss's hearts taken."""
    progress = 0.5 * min(1.0, green_rooms(state) / greens_for_boss(state.dungeon))
    if state.boss:
        progress = 0.5 + 0.5 * (1 - state.boss / boss_hearts(state.dungeon))
    return state.cleared + progress


def dungeons_done(game: Any, state: State) -> list[float]:
    """How far the run has come, in dungeons (what a hint tells: 1.35 is dungeon 2,
    35% done); a lost campaign 0, a won one all five."""
    if state.over:
        return [float(DUNGEONS if state.won else 0)]
    return [_run(state)]


def hint_why(view: State, move: Any) -> str:
    """Why a hinted move, as a Moonlighter player counts: how far the current
    dungeon is done now and the change its playouts made to that, in a dungeon's
    share ("dungeon 2 35% done now: +20% of a dungeon a few turns on"; a death
    restarts the run, so the change may be more than the dungeon done), and how
    often the playouts that ended won the campaign."""
    if not move.visits:
        return "not looked at"
    now = dungeons_done(None, view)[0]
    done = round(100 * (now - view.cleared))
    when = "by the end" if move.finished >= move.visits else "a few turns on"
    change = round(100 * (move.points - now))
    text = f"dungeon {view.dungeon} {done}% done now: {change:+d}% of a dungeon {when}"
    if move.finished:
        text += f", wins the campaign {round(100 * move.wins)}%"
    return text


def evaluate(game: Any, state: State) -> list[float]:
    """The campaign as it is likely to end, in points (the expert's judgement of a
    playout cut at its horizon): the best run's dungeons, the current run's progress
    (green rooms towards the boss, the boss's hearts taken), the lives left and the
    health."""
    run = _run(state)
    value = DUNGEON_POINTS * max(state.best, run) + 300 * run + 400 * state.lives
    return [value + 200 * state.health / state.max_health]


POOL_WORTH = 0.8  # a heart in the pool, in hearts of health (it takes walking to)
HEARTS_SPREAD = 2.0  # hearts of margin that make a dungeon's clear likely (logistic)


def evaluate_hearts(game: Any, state: State) -> list[float]:
    """:func:`evaluate` with the dungeon's hearts weighed: the current dungeon
    counted as cleared by its chance, from the hearts at hand (health and the pool)
    against those its green rooms still to win are expected to cost (``fight_cost``
    with the pawn held) and the odds against its boss at full health."""
    if state.over:
        return [float(DUNGEON_POINTS * state.best + 400 * state.lives)]
    dungeon = state.dungeon
    greens = green_rooms(state)
    left = max(0, greens_for_boss(dungeon) - greens)
    if state.boss:
        boss = win_chance(state.health, (state.boss,), state.pawn, True)
        clear = boss
    else:
        cost = fight_cost(state.max_health, (ENEMY_HEARTS,) * ENEMIES_PER_ROOM, state.pawn)
        have = state.health + POOL_WORTH * state.pool
        margin = have - left * cost - 2.0
        boss = win_chance(state.max_health, (boss_hearts(dungeon),), state.pawn, True)
        clear = boss / (1.0 + math.exp(-margin / HEARTS_SPREAD))
    run = state.cleared + clear
    value = DUNGEON_POINTS * max(state.best, run) + 300 * run + 400 * state.lives
    return [value + 50 * greens / greens_for_boss(dungeon)]


EVALUATIONS = {"points": evaluate, "hearts": evaluate_hearts}


# Where the expert searches (``critical``); elsewhere it plays greedy's move at once.
# A campaign is some 1,800 moves, most of them forced, walks, placements, fights
# that cannot be lost or rolls at full health, where greedy's habit is surely right
# (or nothing else can be done): searching them spent the budget where it changed
# nothing.  A fresh fight is searched between these odds (below, it is fled; above,
# fought), a fight begun below ``CRITICAL_BEGUN`` (the odds of winning it from here).
CRITICAL_FRESH = (0.9, 0.999)
CRITICAL_BEGUN = 0.99
# ... and greedy's move is left only for one whose mean reward is this much higher
# (about three standard errors of the difference at a few hundred iterations: at
# 300 the two moves of a fight differed by 0.002-0.008, and the search, free to
# follow that noise, left greedy's move at a fifth of the fights and won fewer campaigns)
KEEP_MARGIN = 0.01


def critical(
    view: State,
    move: Any,
    fresh_odds: tuple[float, float] = CRITICAL_FRESH,
    begun_odds: float = CRITICAL_BEGUN,
) -> tuple[Any, ...] | None:
    """The moves worth the expert's search at a decision that loses campaigns, or
    None where greedy's ``move`` is surely right (or nothing else can be done): a
    fight it may flee whose odds are not clear either way, attack or flee (a fresh
    one only before the boss can appear: a green room more is no use after).

    Left to greedy: walks, placements, rolls (with hearts lost it walks to the pool
    whenever one with hearts is reached, which costs no roll and no heart the pool
    would not give later; a search free to walk instead of rolling with the pool dry
    walked to and fro for ever, every roll a risk of a black room), and pawns (a pawn
    kept against greedy's rule was switched back on its next move), and a fight that
    fleeing leads nowhere from (:func:`flee_leads_on`: greedy would walk back in)."""
    s = view
    if s.pending != FIGHT or not can_flee(s):
        return None  # (a black room or the boss: nothing to choose)
    if not flee_leads_on(s):
        return None  # (fled, greedy would walk back in: a judge's flee could loop)
    odds = win_chance(s.health, s.enemies, s.pawn, False)
    if s.room.tile != BLACK and all(h == ENEMY_HEARTS for h in s.enemies):
        searched = not boss_ready(s) and fresh_odds[0] <= odds < fresh_odds[1]
    else:
        searched = odds < begun_odds
    return (move, FLEE if move == ATTACK else ATTACK) if searched else None


def flee_leads_on(s: State) -> bool:
    """Whether fleeing this fight leads greedy's routine on rather than straight back
    in: to a room with an open side reachable from the room behind (a roll follows),
    or to the pool with hearts where greedy walks to heal (at ``HEAL_BELOW`` of its
    health or less, or once the boss can appear; the pool then holds fewer hearts).
    Elsewhere greedy's only way on is into a fight, maybe this one, unchanged: a flee
    judged there could be judged again, the same view, for ever."""
    walk = _walkable_cells(s)
    if GreedyBot._can_roll_from(s, s.came_from, walk):
        return True
    hurt = s.health < s.max_health
    heals = hurt and (s.health <= HEAL_BELOW * s.max_health or boss_ready(s))
    return heals and GreedyBot._can_heal(s, s.came_from, walk) is not None


def routine_move(
    fresh_odds: tuple[float, float] = CRITICAL_FRESH, begun_odds: float = CRITICAL_BEGUN
) -> Any:
    """The expert's ``Spec.routine``: greedy's move where the decision is not
    :func:`critical` (drawn from the bot's generator as greedy's own bot draws), else
    the moves to search among."""

    def routine(game: Any, view: State, seat: int, legal: Sequence[Any], rng: Any) -> Any:
        greedy = GreedyBot(0)  # (one a call: bots may think in threads)
        greedy.random = rng
        move = greedy.choose(game, view, seat, legal)
        return critical(view, move, fresh_odds, begun_odds) or move

    return routine


# The expert's search (tideboard.engine.search): this game's determinization, a
# playout policy, the points of a clear margin, the judgement of a cut playout and
# the root's favourite (greedy's move).
EXPERT = Spec(
    determinize=sampling.determinize,
    policy=bot_policy(GreedyBot()),
    scale=8000.0,  # (the evaluation reaches about 7,900: at 5,000 a later dungeon's moves all looked alike)
    horizon=30,
    evaluate=evaluate_hearts,
    prior=bot_policy(GreedyBot()),
    bias=0.2,
    keep=KEEP_MARGIN,
    exploration=0.1,
    routine=routine_move(),
    # a fight searched: attack or flee by paired playouts to the dungeon's end
    decide=fights.fight_judge(GreedyBot, dungeons_done),
    # (the dungeon's progress, not the evaluation's points)
    wording=Wording(points=dungeons_done, why=hint_why),
)


# ``easy``: greedy's second choice this often (engine.bots.EasyBot)
EASY_SLIP = 0.15


def bot_factories() -> dict[str, Any]:
    return bot_levels(GreedyBot, EXPERT, EASY_SLIP)
