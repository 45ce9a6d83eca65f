"""What a game tells the expert's search, and what the search answers (issue #21).

A game's ``bots.py`` describes itself to the search (``engine/search.py``) with a
:class:`Spec` (its determinization, playout policy, the points of a clear win, the
plans and rules of thumb it trusts over playouts, what its tree holds: :class:`Tree`,
and how its hints read: :class:`Wording`); a search is given a :class:`Budget` and
answers a :class:`Result` of :class:`Ranked` moves.  Nothing here searches: these are the search's contract
with the games, the thinking service and the hints.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

# A playout policy: (game, state, seat, legal actions, rng) -> one of them.
Policy = Callable[[Any, Any, int, Sequence[Any], random.Random], Any]

EXPLORATION = 0.7  # UCB1's constant (rewards lie in 0..1)
# Of a time budget, the share a game's own plan (``Spec.decide``) is given: the
# rest is kept for what runs after its last look at the clock (the unit of work it
# was in, the collector, the answer).  Moonshell's plan rates positions one by one,
# some ratings taking up to 0.09 s, and its moves took up to 1.03 s of a 1 s budget
# (``benchmarks/README.md``); a move later than its budget is a bug.
PLAN_SHARE = 0.95


@attrs.frozen
class Wording:
    """How a game's hints read where the common words (``engine/hints.py``) would
    not do; every hook None: the common words."""

    # each seat's points where a playout ended, as its hints count them (None: the
    # game's ``scores`` when it finished, else ``Spec.evaluate``'s): Moonlighter's
    # progress through its dungeons, where its evaluation is on no scale a player sees
    points: Callable[[Any, Any], Sequence[float]] | None = None
    # a hint's why in the game's own words, where the common words' points would read
    # as nonsense (Moonlighter's dungeon progress; Moonshell solo's points after the
    # turn): ``why(view, ranked)``, a None from it for the common words
    why: Callable[[Any, Any], str | None] | None = None
    # the seat's points now as a hint counts its change from, where that is not its
    # score (Mermaid Rain: the track with the tribute and the majorities, as the
    # search judges a cut playout): ``counted_now(game, state)``, each seat's
    counted_now: Callable[[Any, Any], Sequence[float]] | None = None
    # a hinted move in words where the log hides it (Mermaid Rain's meld cards, "has
    # chosen"): ``words(action)``, a None from it for the move's notation
    words: Callable[[Any], str | None] | None = None
    # the rest of the turn a plan would play after the first hint's move, where a
    # turn is several moves (Moonshell's actions): ``then(view, action)``, the
    # actions after it in order (an empty tuple or None: nothing to add)
    then: Callable[[Any, Any], Sequence[Any] | None] | None = None


@attrs.frozen
class Tree:
    """What the search's tree holds: which choices below the root are nodes of it,
    and among which moves; the rest are the playout policy's, as in a playout.
    Every hook None: every choice is the tree's, among all its legal moves, as deep
    as the iterations take it."""

    # whether another seat's choice in a state is hidden from the searching seat when
    # made (choices made at once and shown together: Mermaid Rain's melds): called
    # (state, mover); such choices are the playout policy's inside the tree too, not
    # the tree's (None: every choice is the tree's), so the others do not answer a
    # choice of the searching seat they could not see
    hidden: Callable[[Any, int], bool] | None = None
    # whether a choice below the root is left to the playout policy, whoever makes it
    # (``settled(state, mover)``: a step the rules of thumb settle about as well as a
    # few visits would, such as Animal Splash's paid actions, scoring and the end of a
    # turn), so that the tree's visits go to the choices that matter (None: every
    # choice is the tree's)
    settled: Callable[[Any, int], bool] | None = None
    # the moves the tree considers at a node below the root, of those legal there
    # (``narrow(state, actions)``, a non-empty part of them: Animal Splash's dives
    # before the dive and takes before the take, not the paid actions the rules allow
    # then too, which greedy's playouts never make there; None: all of them)
    narrow: Callable[[Any, list[Any]], list[Any]] | None = None
    # how many choices deep the tree grows below the view (None: as deep as it goes;
    # 1: only the root's moves are nodes, everything after them the playout policy's,
    # so a move is judged by the policy's own way on from it: Mermaid Rain's ride,
    # whose step towards a treasure the tree judged by whatever later steps it tried,
    # wild pairs and wandering among them, and found worse than ending the turn)
    depth: int | None = None


@attrs.frozen
class Spec:
    """What the search needs to know about a game."""

    determinize: Callable[[Any, int, random.Random], Any]
    # the default policy of the playouts (None: uniformly random legal moves)
    policy: Policy | None = None
    scale: float = 10.0  # points that make a clear margin (solo: a fine score)
    # three seats or more: this share of the margin term is the mean of the margins
    # over each other seat (a soft rank: how many of them the seat beats, and by how
    # much), the rest the margin over the best of them; far behind (or ahead of) the
    # leader, that margin is flat and this is not (0: the best alone; two seats: the
    # reward is the same whatever this is)
    rank: float = 0.0
    horizon: int = 200  # playout actions before the result is judged by the points
    # where a playout's length should depend on the table: ``horizon`` times
    # ``horizon_factor(view)`` (None: 1); Mermaid Rain's rounds are half as long again
    # at six players as at four, and 50 actions from a meld reach every ride at four,
    # about two of six
    horizon_factor: Callable[[Any], float] | None = None
    solo_scale: float = 0.0  # a fine score in the solo game (0: ``scale``)
    # each seat's points as they stand *and are likely to come* in a position (a
    # playout cut at its horizon is judged by these; None: the game's ``scores``)
    evaluate: Callable[[Any, Any], Sequence[float]] | None = None
    # the root's favourite move, from the seat's view (e.g. the greedy bot's): tried
    # first, and a progressive bias (``bias / (visits + 1)`` added to its UCB value)
    # so that with few iterations it is played unless the search finds better
    prior: Policy | None = None
    bias: float = 0.0
    # the favourite is played unless another move's mean reward beats its own by
    # this much (0: the most visited move is played): where the moves differ by less
    # than a search of the budget can tell, greedy's tuned habit is the better guess
    keep: float = 0.0
    exploration: float = EXPLORATION  # UCB1's constant (smaller where rewards differ little)
    # how its hints word a move where the common words would not do (``Wording``)
    wording: Wording = attrs.field(factory=lambda: Wording())
    # where the game's own plan judges better than playouts (Moonshell solo): the
    # seat's legal moves ranked by the plan, best first, each with the points it
    # expects, or each a ``Ranked`` where the plan searched its own way (Mermaid
    # Rain's melds; ``None``: search as usual); called as ``decide(game, view, seat,
    # legal, asked)``, ``asked`` an ``Asked`` (the budget, when the answer is due,
    # the search's generator and this Spec)
    decide: Callable[..., Sequence[tuple[Any, float]] | Sequence[Ranked] | None] | None = None
    # where the game's rules of thumb are sure (Moonlighter): the move a bot plays
    # without searching, a tuple of the legal moves worth searching among (the rest
    # are not), or None to search them all; called as ``routine(game, view, seat,
    # legal, rng)`` with the bot's own generator when a bot chooses its move
    # (``search(..., play=True)``).  The search then draws from a copy of that
    # generator, so the bot's generator moves by the routine moves' draws alone, as
    # the rules of thumb's bot would (a campaign the search never turns from is that
    # bot's campaign, dice and all).  For hints only its tuple counts (a hint ranks
    # the moves the bot would search among; where it plays one move at once, all)
    routine: Callable[[Any, Any, int, Sequence[Any], random.Random], Any] | None = None
    # what the tree holds below the root: the choices made nodes of (``Tree``)
    tree: Tree = attrs.field(factory=lambda: Tree())

    def playout_horizon(self, view: Any) -> int:
        """The playout's actions from ``view`` (``horizon`` times ``horizon_factor``)."""
        if self.horizon_factor is None:
            return self.horizon
        return round(self.horizon * self.horizon_factor(view))


@attrs.frozen
class Budget:
    """How long to think: ``iterations`` when given (repeatable), else ``think`` seconds."""

    think: float = 1.0
    iterations: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and not (self.think > 0 and math.isfinite(self.think)):
            raise ValueError("the thinking time must be a positive number of seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("the number of iterations must be at least 1")


def plan_deadline(start: float, budget: Budget) -> float | None:
    """When a plan that began at ``start`` is due (None: an iteration budget)."""
    return None if budget.iterations is not None else start + budget.think * PLAN_SHARE


@attrs.frozen
class Asked:
    """What a game's own plan (``Spec.decide``) is given beside the position: the
    ``budget`` (None: the plan alone, nothing it would search or sample); when its
    answer is due (``deadline``, on ``clock``, ``time.monotonic`` in play: None for
    an iteration budget, else ``PLAN_SHARE`` of the time budget); the search's
    generator (``rng``; None: nothing drawn); and ``spec``, the Spec searched with (a
    plan that searches its own way searches with it, so a variant of a field reaches
    the plan too; None: the game's own expert's)."""

    budget: Budget | None = None
    deadline: float | None = None
    rng: random.Random | None = None
    spec: Spec | None = None
    clock: Callable[[], float] = time.monotonic

    def paced(self) -> Paced:
        """The plan's clock read ahead by its longest step so far (``Paced``)."""
        return Paced(self.clock)


# a plan asked nothing but its position (tests and tools: no budget, no deadline)
PLAN_ALONE = Asked()


class Paced:
    """A plan's clock that reads ahead by the longest stretch between two of its
    readings so far: checked as ``paced() >= deadline`` before each unit of work, it
    stops the plan before a unit as long as the longest yet would end past the
    deadline, rather than after it."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.last: float | None = None
        self.longest = 0.0

    def __call__(self) -> float:
        now = self.clock()
        if self.last is not None:
            self.longest = max(self.longest, now - self.last)
        self.last = now
        return now + self.longest


@attrs.frozen
class Ranked:
    """One root move as the search saw it: how often tried, its mean reward, and for
    hints the seat's mean points where its playouts ended (finished or cut at the
    horizon: ``Spec.evaluate``'s estimate, else the points scored), how many of them
    finished, and its win rate over those (a shared win split)."""

    action: Any
    visits: int
    value: float
    points: float = 0.0
    finished: int = 0
    wins: float = 0.0
    # what the move works towards, in the game's words, where a plan chose it for a
    # goal a player cannot see in the move itself (Mermaid Rain's meld plan: "aiming
    # at a Mermaid Squall"); a hint adds it to the move's words ("": nothing to add)
    aim: str = ""


@attrs.frozen
class Result:
    """The search's answer: the moves tried, best first, and what it cost."""

    moves: tuple[Ranked, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Any:
        return self.moves[0].action


def bot_policy(bot: Any, randomness: float = 0.0) -> Policy:
    """A playout policy from a bot (e.g. a game's greedy one) choosing from the full
    sampled state, drawing from the search's generator (so a seeded search stays
    repeatable); with chance ``randomness`` a uniformly random move instead."""

    def policy(game: Any, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        if randomness and rng.random() < randomness:
            return legal[rng.randrange(len(legal))]
        bot.random = rng
        return bot.choose(game, state, seat, legal)

    return policy
