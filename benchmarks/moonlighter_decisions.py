"""Which of greedy's Moonlighter decisions are worth judging (issue #21): plays
greedy's campaigns and, at every K-th decision of each kind, plays every legal move on
the same samples (``fights.playout``: the move, then greedy to the end of the
dungeon's attempt, judged by ``fights.campaign_value``; a sample's dice shared by all
the moves, ``fights.DiceStreams``), picks the alternative whose mean gain over
greedy's move is highest on ``--pairs`` samples, and judges that one again against
greedy's on ``--pairs`` fresh samples (unbiased: the choice made on other samples).

    python benchmarks/moonlighter_decisions.py [--pairs N] [--every KIND:K,...]
        [--seeds A-B] [--minutes M]

The kinds (a decision with one legal move is not counted): ``place`` (the side a
rolled room goes), ``roll-full`` / ``roll-hurt`` (greedy rolls, at full health or
not; ``roll-or-heal`` where the pool with hearts can be reached: the others are
walks, a switch, and, the pool two rooms or more away, the whole walk to it, judged
as one move), ``heal-or-roll`` (greedy walks towards the pool to heal where it could
roll), ``walk-heal`` (the same where it could not), ``walk`` (greedy walks to a
pawn, or to a room with an open side), ``switch`` (greedy takes the pawn lying here),
``loot`` (switch or keep a looted pawn), ``fight`` (attack or flee where both are
legal; ``fight-critical``: those ``bots.critical`` picks).  A line a decision judged,
then a line a kind: decisions a campaign, judged, the chosen alternative's gain on
fresh samples (its mean over the decisions, with the standard error of that mean),
the same counting only those whose choice was 2 standard errors up (else 0: what a
judge with ``fights.LEAVE_Z`` would gain), and that times the decisions a campaign.
Greedy is seeded as ``moonlighter_expert.py`` seeds it.  A move greedy undoes on its
next move (a walk it walks back, a pawn kept that it switches to) gives every sample
the same end: a gain of exactly 0, which is what a judge of one move followed by
greedy can gain there.  One process, one core.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

import attrs

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.moonlighter import bots, fights, rules
from tideboard.games.moonlighter.content import BLUE
from tideboard.games.moonlighter.state import FIGHT, LOOT, PLACE, ROLL, SWITCH, Move

EVERY = "place:40,roll-full:60,roll-hurt:6,walk:120,walk-heal:10,switch:1,loot:3,fight:50"


def heal_walk(view: Any) -> list[Any]:
    """The walk to the pool greedy would take (its path, no hostile room crossed),
    when the pool holds hearts, health is short and the pool is not here."""
    steps: list[Any] = []
    state = view
    while state.health < state.max_health and state.pool > 0 and len(steps) < 40:
        step = bots.GreedyBot._can_heal(state, state.pos)
        if step is None or step == "here":
            break
        steps.append(Move(step))
        state = rules.apply(state, steps[-1])
    return steps if state.room.tile == BLUE else []


@attrs.frozen
class Walk:
    """A walk of several moves (no die rolled on the way), judged as one move."""

    moves: tuple[Any, ...]


def ahead(view: Any, move: Any) -> tuple[Any, Any]:
    """The state a move's playout starts from and the move it begins with: a
    ``Walk``'s moves but its last made first (no dice on the way)."""
    if isinstance(move, Walk):
        for step in move.moves[:-1]:
            view = rules.apply(view, step)
        return view, move.moves[-1]
    return view, move


def kind_of(view: Any, move: Any, legal: list[Any]) -> str:
    if view.pending == PLACE:
        return "place"
    if view.pending == LOOT:
        return "loot"
    if view.pending == FIGHT:
        return "fight-critical" if bots.critical(view, move) else "fight"
    if move == ROLL:
        if view.health >= view.max_health:
            return "roll-full"
        return "roll-or-heal" if heal_walk(view) else "roll-hurt"
    if move == SWITCH:
        return "switch"
    assert isinstance(move, Move)
    walk = heal_walk(view)
    if walk and walk[0] == move:
        return "heal-or-roll" if ROLL in legal else "walk-heal"
    return "walk"


def values(view: Any, moves: list[Any], rng: random.Random, pairs: int) -> list[list[float]]:
    """Each move's playout values over the same ``pairs`` samples."""
    out: list[list[float]] = [[] for _ in moves]
    for _ in range(pairs):
        seed = rng.getrandbits(62)
        for i, move in enumerate(moves):
            start, first = ahead(view, move)
            state = evolve(start, rng=fights.DiceStreams.seeded(seed))
            out[i].append(fights.playout(state, first, seed, bots.GreedyBot, bots.dungeons_done)[0])
    return out


def gain(first: list[float], second: list[float]) -> tuple[float, float]:
    diffs = [b - a for a, b in zip(first, second)]
    mean = statistics.fmean(diffs)
    return mean, statistics.stdev(diffs, mean) / math.sqrt(len(diffs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=60, help="samples to choose, and to rejudge")
    parser.add_argument("--every", default=EVERY, help="KIND:K,... judge every K-th of a kind")
    parser.add_argument("--seeds", default="1-4", help="greedy's campaign seeds, A-B")
    parser.add_argument("--minutes", type=float, help="begin no campaign after this")
    args = parser.parse_args()
    every = {k: int(v) for k, v in (p.split(":") for p in args.every.split(","))}
    first, last = (int(n) for n in args.seeds.split("-"))
    game = registry.load("moonlighter")
    counts: Counter[str] = Counter()
    fresh: dict[str, list[tuple[float, float, float]]] = defaultdict(list)  # (chose z, gain, se)
    start = time.monotonic()
    campaigns = 0
    for number, seed in enumerate(range(first, last + 1)):
        if args.minutes is not None and time.monotonic() - start > 60 * args.minutes:
            break
        campaigns += 1
        state = game.setup(GameConfig(players=1, seed=seed))
        bot = bots.GreedyBot(number * 31)
        rng = random.Random(seed)
        seen: Counter[str] = Counter()
        while not game.is_over(state):
            view = game.view(state, 0)
            legal = list(game.legal_for(state, 0))
            move = bot.choose(game, view, 0, legal)
            if len(legal) > 1:
                kind = kind_of(view, move, legal)
                seen[kind] += 1
                counts[kind] += 1
                if kind in every and seen[kind] % every[kind] == 0:
                    others = [m for m in legal if m != move]
                    if kind == "roll-or-heal" and len(heal_walk(view)) > 1:
                        others.append(Walk(tuple(heal_walk(view))))
                    chosen = values(view, [move, *others], rng, args.pairs)
                    gains = [gain(chosen[0], v) for v in chosen[1:]]
                    best = max(range(len(others)), key=lambda i: gains[i][0])
                    mean0, se0 = gains[best]
                    again = values(view, [move, others[best]], rng, args.pairs)
                    mean1, se1 = gain(again[0], again[1])
                    z0 = mean0 / se0 if se0 else 0.0
                    fresh[kind].append((z0, mean1, se1))
                    print(
                        f"seed {seed} {kind} d{view.dungeon} lives {view.lives} {view.pawn}"
                        f" {view.health}/{view.max_health} pool {view.pool} rolls {view.rolls}:"
                        f" greedy {move}, best other {others[best]} {mean0:+.4f} ± {se0:.4f}"
                        f" (z {z0:+.1f}), fresh {mean1:+.4f} ± {se1:.4f}",
                        flush=True,
                    )
            state = game.apply(state, move)
        print(
            f"seed {seed}: {'won' if state.won else 'lost'};"
            f" {(time.monotonic() - start) / 60:.1f} min",
            flush=True,
        )
    for kind in sorted(counts):
        rows = fresh.get(kind, [])
        line = f"{kind}: {counts[kind] / campaigns:.0f} a campaign, {len(rows)} judged"
        if len(rows) > 1:
            for name, pick in (("always", lambda z: True), ("z>2", lambda z: z > 2)):
                kept = [g if pick(z) else 0.0 for z, g, _ in rows]
                mean = statistics.fmean(kept)
                se = statistics.stdev(kept, mean) / math.sqrt(len(kept))
                per = counts[kind] / campaigns
                line += (
                    f"; {name}: {mean:+.5f} ± {se:.5f} a decision,"
                    f" {per * mean:+.4f} ± {per * se:.4f} a campaign"
                )
            line += f"; chosen z>2 at {sum(z > 2 for z, _, _ in rows)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
