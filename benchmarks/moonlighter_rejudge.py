"""The fights where Moonlighter's expert left greedy's move, judged again on fresh
samples (issue #21): is the gain the judge saw there real, or the noise of the
samples it chose on?  A judge that leaves greedy's move at ``LEAVE_Z`` standard
errors picks the fights whose samples ran high, so its own estimate is biased up; a
second judgement on independent samples is not.

    python benchmarks/moonlighter_rejudge.py FILE [--pairs N] [--seed S]

FILE is ``moonlighter_expert.py --save-left FILE``'s.  A line a fight (the other
move's mean gain in greedy's chance to win the campaign, its standard error), then
the gains' mean over the fights with its 95% interval: above zero, the fights left
gain on average; about zero, the judge followed its noise.  One process, one core.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import time

from tideboard.games.moonlighter import bots, fights
from tideboard.games.moonlighter.state import ATTACK, FLEE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="moonlighter_expert.py --save-left's file")
    parser.add_argument("--pairs", type=int, default=200, help="fresh samples a fight")
    parser.add_argument("--seed", type=int, default=12345, help="the fresh samples' seed")
    args = parser.parse_args()
    with open(args.file, "rb") as source:
        lefts = pickle.load(source)
    rng = random.Random(args.seed)
    gains: list[float] = []
    errors: list[float] = []
    start = time.process_time()
    for seed, view, mine in lefts:
        other = FLEE if mine == ATTACK else ATTACK
        samples = fights.paired(
            view, (mine, other), rng, bots.GreedyBot, bots.dungeons_done, args.pairs
        )
        mean, error = fights.verdict(samples)
        gains.append(mean)
        errors.append(error)
        print(
            f"seed {seed} dungeon {view.dungeon} lives {view.lives} {view.pawn} pawn"
            f" {view.room.tile} room {view.health}/{view.max_health} pool {view.pool}"
            f" foes {view.enemies}: greedy {mine}, the other {mean:+.4f} ± {error:.4f}"
            f" (z {mean / error if error else 0.0:+.1f})",
            flush=True,
        )
    n = len(gains)
    if n:
        mean = sum(gains) / n
        # each fight's own error, and the spread between the fights: the larger
        within = math.sqrt(sum(e * e for e in errors)) / n
        between = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else within
        half = 1.96 * max(within, between)
        print(
            f"{n} fights left: the other move's gain on fresh samples {mean:+.4f}"
            f" [{mean - half:+.4f}, {mean + half:+.4f}] of a campaign a fight (95%);"
            f" above 2 standard errors {sum(g > 2 * e for g, e in zip(gains, errors))},"
            f" below -2 {sum(g < -2 * e for g, e in zip(gains, errors))};"
            f" {time.process_time() - start:.0f} s of CPU"
        )


if __name__ == "__main__":
    main()
