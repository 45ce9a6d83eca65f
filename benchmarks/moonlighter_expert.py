"""Moonlighter's expert against greedy on the same campaigns (issue #21): campaigns
won, each with a 95% interval (Wilson's), the paired difference, and a line a
campaign as it ends.

    python benchmarks/moonlighter_expert.py [--iterations N | --think S] [--seeds A-B]
        [--evaluate NAME] [--scale S] [--fresh LOW,HIGH] [--begun ODDS] [--everywhere]
        [--keep MARGIN] [--tree] [--common-dice] [--minutes M]
        [--save-left FILE]

The expert searches only the decisions ``bots.critical`` picks and plays greedy's move
elsewhere (``Spec.routine``); a fight searched is judged by paired playouts to the
dungeon's end (``fights.py``, ``Spec.decide``: ``fights.PAIR_COST`` iterations a
sample), or with ``--tree`` by the search's tree of cut playouts as in s14; ``--fresh`` and ``--begun`` move its odds, ``--everywhere``
searches every move as before (about a minute a campaign at 20 iterations), ``--keep``
the reward by which a move must beat greedy's to be played (``bots.KEEP_MARGIN``).  Each
campaign line says how many moves were searched and how many of those left greedy's
move.  ``--evaluate`` picks the expert's judgement of a cut playout
(``bots.EVALUATIONS``; the old one: ``--evaluate points --scale 5000``).  Greedy plays
the same seeds (cheap).  The bots are seeded as ``benchmarks/bots.py`` seeds them
(``number * 31``), the game with the seed; the expert's search draws from a copy of
its generator, so until the search first leaves greedy's move the two campaigns are
the same, dice and all; after that the rest of the campaign is another draw of the dice,
so a single move changed makes the campaigns as unlike as two seeds.  ``--common-dice``
draws each die (tile, attack, loot) from a stream of its own (``fights.DiceStreams``,
seeded with the campaign's seed) in both campaigns, so that after a changed move the
rooms to come are still the same: other campaigns than the seeds' own, paired more
closely.  ``--minutes`` begins no campaign after M minutes and sums those played;
``--save-left FILE`` pickles the views where the expert left greedy's move (each is
printed as it happens) for ``moonlighter_rejudge.py``.
One process, one core.
"""

from __future__ import annotations

import argparse
import math
import pickle
import time
from typing import Any

import attrs
from intervals import wilson

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot
from tideboard.games.moonlighter import bots, fights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20, help="search iterations a move")
    parser.add_argument("--think", type=float, help="seconds a move (instead of iterations)")
    parser.add_argument("--seeds", default="1-16", help="campaign seeds, A-B")
    parser.add_argument("--evaluate", default="", help="the expert's evaluation (bots.EVALUATIONS)")
    parser.add_argument("--scale", type=float, help="a fine score for the search (old: 5000)")
    parser.add_argument("--fresh", help="a fresh fight's odds searched, LOW,HIGH")
    parser.add_argument("--begun", type=float, help="a fight begun searched below these odds")
    parser.add_argument("--everywhere", action="store_true", help="search every move")
    parser.add_argument("--keep", type=float, help="greedy's move kept within this reward")
    parser.add_argument("--tree", action="store_true", help="fights searched by the tree (s14)")
    parser.add_argument("--common-dice", action="store_true", help="a stream of its own a die")
    parser.add_argument("--minutes", type=float, help="begin no campaign after this")
    parser.add_argument("--save-left", help="pickle the fights it left greedy's move at")
    args = parser.parse_args()
    first, last = (int(n) for n in args.seeds.split("-"))
    spec = bots.EXPERT
    if args.evaluate:
        spec = attrs.evolve(spec, evaluate=bots.EVALUATIONS[args.evaluate])
    if args.scale:
        spec = attrs.evolve(spec, scale=args.scale)
    if args.keep is not None:
        spec = attrs.evolve(spec, keep=args.keep)
    if args.tree:
        spec = attrs.evolve(spec, decide=None)
    if args.everywhere:
        spec = attrs.evolve(spec, routine=None)
    elif args.fresh or args.begun is not None:
        low, high = (float(x) for x in (args.fresh or "0.9,0.999").split(","))
        begun = bots.CRITICAL_BEGUN if args.begun is None else args.begun
        spec = attrs.evolve(spec, routine=bots.routine_move((low, high), begun))
    budget = {"think": args.think} if args.think else {"iterations": args.iterations}
    game = registry.load("moonlighter")
    won = {"expert": 0, "greedy": 0}
    best = {"expert": 0, "greedy": 0}  # dungeons cleared in the best run, summed
    only = {"expert": 0, "greedy": 0}  # campaigns won by one of them alone
    searched = changed = 0
    slowest = 0.0
    start = time.monotonic()
    played = 0
    lefts: list[tuple[int, Any, Any]] = []  # (seed, view, greedy's move) where it left
    for number, seed in enumerate(range(first, last + 1)):
        if args.minutes is not None and time.monotonic() - start > 60 * args.minutes:
            break
        played += 1
        line = [f"seed {seed}:"]
        result = {}
        for level in ("greedy", "expert"):
            state = game.setup(GameConfig(players=1, seed=seed))
            if args.common_dice:
                state = attrs.evolve(state, rng=fights.DiceStreams.seeded(seed))
            bot: Any
            if level == "expert":
                bot = ExpertBot(number * 31, spec=spec, **budget)
            else:
                bot = bots.GreedyBot(number * 31)
            here = left = 0
            while not game.is_over(state):
                legal = game.legal_for(state, 0)
                view = game.view(state, 0)
                clock = time.monotonic()
                move = bot.choose(game, view, 0, legal)
                if level == "expert" and bot.last is not None and bot.last.iterations:
                    slowest = max(slowest, time.monotonic() - clock)
                    here += 1
                    greedy = bots.GreedyBot(0)
                    greedy.random = random_copy(bot.random)
                    mine = greedy.choose(game, view, 0, legal)
                    if mine != move:
                        left += 1
                        lefts.append((seed, view, mine))
                        values = ", ".join(f"{m.action} {m.value:.4f}" for m in bot.last.moves)
                        print(
                            f"  seed {seed} left greedy's {mine}: dungeon {view.dungeon} lives"
                            f" {view.lives} rolls {view.rolls} at {view.pos}"
                            f" {view.pawn} pawn {view.room.tile} room"
                            f" {view.health}/{view.max_health} pool {view.pool} foes"
                            f" {view.enemies} ({values}; {bot.last.moves[0].visits} samples)",
                            flush=True,
                        )
                state = game.apply(state, move)
            won[level] += state.won
            best[level] += state.best
            result[level] = state.won
            note = f" ({here} searched, {left} left greedy's move)" if level == "expert" else ""
            line.append(f"{level} {'won' if state.won else 'lost'} (best {state.best}){note}")
            searched += here
            changed += left
        if result["expert"] != result["greedy"]:
            only["expert" if result["expert"] else "greedy"] += 1
        print(" ".join(line), f"{(time.monotonic() - start) / 60:.1f} min", flush=True)
        if args.save_left:
            with open(args.save_left, "wb") as out:
                pickle.dump(lefts, out)
    n = played
    for level, wins in won.items():
        low, high = wilson(wins, n)
        print(
            f"{level}: {wins} of {n} won, {wins / n:.1%} [{low:.0%}, {high:.0%}];"
            f" best run {best[level] / n:.2f} dungeons on average"
        )
    diff = (won["expert"] - won["greedy"]) / n
    # the paired difference's interval: each campaign's (expert - greedy) is -1, 0 or 1
    mean_sq = (only["expert"] + only["greedy"]) / n
    spread = 1.96 * math.sqrt(max(0.0, mean_sq - diff * diff) / max(1, n - 1))
    print(
        f"paired: expert - greedy {diff:+.1%} ± {spread:.1%} (won by the expert alone"
        f" {only['expert']}, by greedy alone {only['greedy']}); {searched / n:.0f} moves"
        f" searched a campaign, {changed / n:.1f} left greedy's; slowest search {slowest:.2f} s"
    )


def random_copy(rng: Any) -> Any:
    import random

    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


if __name__ == "__main__":
    main()
