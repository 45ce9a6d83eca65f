"""Moonlighter's greedy and versions of it, paired on common dice (issue #21): how
its campaigns end, and whether a changed threshold or an added rule wins more.

    python benchmarks/moonlighter_greedy.py [--campaigns A-B] [--ends]
        [--variants greedy FLEE_BELOW=0.85 walk-back walk-back-early pool-reserve=4 ...]

Greedy alone plays campaigns A to B (default 10001-12000, the s19 screen's), each die
from a stream of its own (``fights.DiceStreams``, as ``moonlighter_expert.py
--common-dice`` draws them) and the bot seeded ``number * 31``, so every version meets
the same rooms and rolls until its moves differ.  A campaign of greedy's takes some
50 ms of CPU: 2,000 are about 100 s a version.

Versions (``--variants``; the first is the one the others are paired with):

* ``greedy``: ``bots.GreedyBot`` as it is;
* ``NAME=VALUE``: one of ``bots.py``'s constants changed (``FLEE_BELOW=0.85``), or
  several joined with commas (``FLEE_BELOW=0.85,HEAL_BELOW=0.8``);
* ``walk-back``: before a roll, walk into an orange room already on the map and fight
  it, whenever greedy would fight a fresh one (its odds at least ``ORANGE_ODDS``, the
  chests all out or the red pawn found, a pool with hearts), and the boss cannot
  appear yet: a green room won without a roll, and a roll risks a black room one
  time in five;
* ``walk-back-early``: the same also before the chests are out, a fresh orange room
  fought at those odds too;
* ``pool-reserve=N``: orange rooms fought only while the pool holds the dungeon's
  maximum health and N hearts more, kept for after the boss can appear.

Prints for each version the campaigns won with Wilson's interval, and against the
first the paired difference (± 1.96 standard errors) and how many campaigns ended
otherwise; with ``--ends``, how the first version's campaigns ended: won, out of
lives or at the moonset, the deaths by place (a boss room or an ordinary one) and
dungeon, the ordinary rooms' deaths by colour, and the rolls a won campaign used.
One process, one core.
"""

from __future__ import annotations

import argparse
import collections
import math
import time
from collections.abc import Callable
from typing import Any

import attrs
from intervals import wilson

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.games.moonlighter import bots, fights
from tideboard.games.moonlighter.content import ENEMIES_PER_ROOM, ENEMY_HEARTS, ORANGE, STEP
from tideboard.games.moonlighter.odds import win_chance
from tideboard.games.moonlighter.rules import boss_ready
from tideboard.games.moonlighter.state import ATTACK, FIGHT, Move, State

FRESH = (ENEMY_HEARTS,) * ENEMIES_PER_ROOM


class WalkBack(bots.GreedyBot):
    """Greedy, but an orange room on the map is fought before rolling for a new one."""

    early = False  # also before the chests are out (greedy would not fight them then)

    def _fights_oranges(self, s: State) -> bool:
        odds = win_chance(s.health, FRESH, s.pawn, False)
        return (
            not boss_ready(s) and odds >= bots.ORANGE_ODDS and (self.early or self._oranges_pay(s))
        )

    def _choose(self, s: State) -> Any:
        fresh = s.pending == FIGHT and s.room.tile == ORANGE and s.enemies == FRESH
        if self.early and fresh and self._fights_oranges(s):
            return ATTACK
        return super()._choose(s)

    def _instead_of_exploring(self, s: State) -> Any:
        if not self._fights_oranges(s):
            return None
        oranges = {r.pos for r in s.rooms if r.tile == ORANGE and not r.cleared}
        x, y = s.pos
        for side, (dx, dy) in STEP.items():
            if (x + dx, y + dy) in oranges:
                return Move(side)

        def beside(p: tuple[int, int]) -> bool:
            return any((p[0] + dx, p[1] + dy) in oranges for dx, dy in STEP.values())

        step = bots._path_step(s, beside)
        return None if step in (None, "here") else Move(step)


class WalkBackEarly(WalkBack):
    early = True


def pool_reserve(extra: int) -> type[bots.GreedyBot]:
    class Reserve(bots.GreedyBot):
        @staticmethod
        def _oranges_pay(s: State) -> bool:
            return bots.GreedyBot._oranges_pay(s) and s.pool >= s.max_health + extra

    return Reserve


def version(name: str) -> tuple[Callable[[int], Any], dict[str, float]]:
    """The bot factory and the constants changed for the version ``name``."""
    if name == "greedy":
        return bots.GreedyBot, {}
    if name == "walk-back":
        return WalkBack, {}
    if name == "walk-back-early":
        return WalkBackEarly, {}
    if name.startswith("pool-reserve="):
        return pool_reserve(int(name.split("=", 1)[1])), {}
    changes = {}
    for part in name.split(","):
        field, _, value = part.partition("=")
        if not hasattr(bots, field) or not value:
            raise SystemExit(f"unknown version {name!r}: see --help")
        changes[field] = float(value)
    return bots.GreedyBot, changes


class Ends:
    """How campaigns ended (``--ends``)."""

    def __init__(self) -> None:
        self.ends: collections.Counter[str] = collections.Counter()
        self.deaths: collections.Counter[tuple[str, int]] = collections.Counter()
        self.rooms: collections.Counter[str] = collections.Counter()
        self.rolls: list[int] = []

    def step(self, before: State, after: State) -> None:
        if after.lives < before.lives:
            place = "boss" if before.boss else "room"
            self.deaths[place, before.dungeon] += 1
            if not before.boss:
                self.rooms[before.room.tile] += 1

    def end(self, state: State) -> None:
        self.ends["won" if state.won else "out of lives" if state.lives <= 0 else "moonset"] += 1
        if state.won:
            self.rolls.append(state.rolls)

    def report(self) -> None:
        print("how the first version's campaigns ended:", dict(self.ends))
        for place, rooms in (("boss", "boss rooms"), ("room", "ordinary rooms")):
            counts = {d: self.deaths[place, d] for d in range(1, 6)}
            total = sum(counts.values())
            print(f"  deaths in {rooms}: {total}, by dungeon {counts}")
        print("  ordinary rooms' deaths by colour:", dict(self.rooms))
        if self.rolls:
            mean = sum(self.rolls) / len(self.rolls)
            print(
                f"  rolls a won campaign used: {min(self.rolls)}-{max(self.rolls)}, mean {mean:.0f}"
            )


def campaigns(name: str, first: int, last: int, ends: Ends | None) -> list[int]:
    factory, changes = version(name)
    saved = {field: getattr(bots, field) for field in changes}
    for field, value in changes.items():
        setattr(bots, field, value)
    game = registry.load("moonlighter")
    won = []
    try:
        for number, seed in enumerate(range(first, last + 1)):
            state = game.setup(GameConfig(players=1, seed=seed))
            state = attrs.evolve(state, rng=fights.DiceStreams.seeded(seed))
            bot = factory(number * 31)
            while not game.is_over(state):
                legal = game.legal_for(state, 0)
                before = state
                state = game.apply(state, bot.choose(game, game.view(state, 0), 0, legal))
                if ends is not None:
                    ends.step(before, state)
            if ends is not None:
                ends.end(state)
            won.append(int(state.won))
    finally:
        for field, value in saved.items():
            setattr(bots, field, value)
    return won


def paired(first: list[int], other: list[int]) -> str:
    d = [b - a for a, b in zip(first, other, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    differ = sum(1 for x in d if x)
    return f"paired {100 * mean:+.1f}% ± {196 * sd / math.sqrt(n):.1f}%, {differ} ended otherwise"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", default="10001-12000", help="campaign seeds, A-B")
    parser.add_argument("--variants", nargs="+", default=["greedy"], help="versions (above)")
    parser.add_argument("--ends", action="store_true", help="how the first's campaigns ended")
    args = parser.parse_args()
    first, last = (int(x) for x in args.campaigns.split("-"))
    for name in args.variants:
        version(name)  # (an unknown one stops the run before any campaign)
    results: dict[str, list[int]] = {}
    for index, name in enumerate(args.variants):
        ends = Ends() if args.ends and index == 0 else None
        start = time.process_time()
        won = campaigns(name, first, last, ends)
        results[name] = won
        low, high = wilson(sum(won), len(won))
        line = (
            f"{name:>24}: won {sum(won)} of {len(won)}, {100 * sum(won) / len(won):.1f}% "
            f"[{100 * low:.0f}%, {100 * high:.0f}%]; {time.process_time() - start:.0f} s of CPU"
        )
        if index:
            line += "; " + paired(results[args.variants[0]], won)
        print(line, flush=True)
        if ends is not None:
            ends.report()


if __name__ == "__main__":
    main()
