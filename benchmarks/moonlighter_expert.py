"""Moonlighter's expert against greedy on the same campaigns (issue #21): campaigns
won, each with a 95% interval (Wilson's), and a line a campaign as it ends.

    python benchmarks/moonlighter_expert.py [--iterations N] [--seeds A-B] [--evaluate NAME] [--scale S]

``--evaluate`` picks the expert's judgement of a cut playout (``bots.EVALUATIONS``,
so that a new one is measured against the old on the same seeds; the old
judgement: ``--evaluate points --scale 5000``).  Greedy plays the
same seeds (cheap).  The bots are seeded as ``benchmarks/bots.py`` seeds them
(``number * 31``), the game with the seed.  One process, one core.
"""

from __future__ import annotations

import argparse
import time

import attrs
from intervals import wilson

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot
from tideboard.engine.simulate import play_out
from tideboard.games.moonlighter import bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20, help="search iterations a move")
    parser.add_argument("--seeds", default="1-16", help="campaign seeds, A-B")
    parser.add_argument("--evaluate", default="", help="the expert's evaluation (bots.EVALUATIONS)")
    parser.add_argument("--scale", type=float, help="a fine score for the search (old: 5000)")
    args = parser.parse_args()
    first, last = (int(n) for n in args.seeds.split("-"))
    spec = bots.EXPERT
    if args.evaluate:
        spec = attrs.evolve(spec, evaluate=bots.EVALUATIONS[args.evaluate])
    if args.scale:
        spec = attrs.evolve(spec, scale=args.scale)
    game = registry.load("moonlighter")
    won = {"expert": 0, "greedy": 0}
    best = {"expert": 0, "greedy": 0}  # dungeons cleared in the best run, summed
    start = time.monotonic()
    for number, seed in enumerate(range(first, last + 1)):
        line = [f"seed {seed}:"]
        for level in ("greedy", "expert"):
            if level == "expert":
                bot = ExpertBot(number * 31, spec=spec, iterations=args.iterations)
            else:
                bot = bots.GreedyBot(number * 31)
            state, _ = play_out(game, game.setup(GameConfig(players=1, seed=seed)), [bot, bot])
            won[level] += state.won
            best[level] += state.best
            line.append(f"{level} {'won' if state.won else 'lost'} (best {state.best})")
        print(" ".join(line), f"{(time.monotonic() - start) / 60:.1f} min", flush=True)
    n = last - first + 1
    for level, wins in won.items():
        low, high = wilson(wins, n)
        print(
            f"{level}: {wins} of {n} won, {wins / n:.1%} [{low:.0%}, {high:.0%}];"
            f" best run {best[level] / n:.2f} dungeons on average"
        )


if __name__ == "__main__":
    main()
