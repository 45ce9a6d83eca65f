"""What the Moonlighter expert's fight judge (``fights.py``) sees at greedy's critical
fights: plays greedy's campaigns and, at every ``--every``-th fight ``bots.critical``
picks, plays attack and flee on ``--pairs`` shared samples to the dungeon's end
(``fights.paired``).  A line a fight judged (the dungeon, lives, pawn, room, health,
pool, foes, odds of winning, green rooms, greedy's move, the other move's mean gain in
greedy's chance to win the campaign, its standard error and z), then how the z's
spread: with no move better than the other they spread as a standard normal.
Then the futility bound's check (``fights.futile``): on the same samples, where the
judge that stops once the other move cannot plausibly reach ``LEAVE_Z`` decides
otherwise than the full judge (``fights.leaves`` over all N), and the samples it used.
``--save FILE`` writes each fight's gains (JSON) to try other bounds on.

    python benchmarks/moonlighter_fights.py [--pairs N] [--every K] [--seeds A-B] [--save FILE]

Greedy's campaigns are seeded as ``moonlighter_expert.py`` seeds them; the samples
draw from ``random.Random(seed)``.  One process, one core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.games.moonlighter import bots, fights
from tideboard.games.moonlighter.content import ENEMY_HEARTS
from tideboard.games.moonlighter.odds import win_chance
from tideboard.games.moonlighter.queries import green_rooms
from tideboard.games.moonlighter.state import ATTACK, FLEE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200, help="samples a fight judged")
    parser.add_argument("--every", type=int, default=6, help="judge every K-th critical fight")
    parser.add_argument("--seeds", default="1-3", help="greedy's campaign seeds, A-B")
    parser.add_argument("--save", help="write each fight's gains here (JSON)")
    args = parser.parse_args()
    first, last = (int(n) for n in args.seeds.split("-"))
    game = registry.load("moonlighter")
    zs: list[float] = []
    start = time.process_time()
    pairs = 0
    full_left = stopped_left = used = 0
    saved: list[list[float]] = []
    for number, seed in enumerate(range(first, last + 1)):
        state = game.setup(GameConfig(players=1, seed=seed))
        bot = bots.GreedyBot(number * 31)
        rng = random.Random(seed)
        count = 0
        while not game.is_over(state):
            view = game.view(state, 0)
            move = bot.choose(game, view, 0, game.legal_for(state, 0))
            if bots.critical(view, move):
                count += 1
                if count % args.every == 0:
                    other = FLEE if move == ATTACK else ATTACK
                    samples = fights.paired(
                        view, (move, other), rng, bots.GreedyBot, bots.dungeons_done, args.pairs
                    )
                    pairs += len(samples)
                    mean, error = fights.verdict(samples)
                    z = mean / error if error else 0.0
                    zs.append(z)
                    cut = next(
                        (k for k in range(len(samples)) if fights.futile(samples[:k], args.pairs)),
                        len(samples),
                    )
                    full, sequential = fights.leaves(samples), fights.leaves(samples[:cut])
                    full_left += full
                    stopped_left += sequential
                    used += cut
                    saved.append([x.gain for x in samples])
                    odds = win_chance(view.health, view.enemies, view.pawn, False)
                    fresh = "fresh" if all(h == ENEMY_HEARTS for h in view.enemies) else "begun"
                    print(
                        f"seed {seed} dungeon {view.dungeon} lives {view.lives} {view.pawn} pawn"
                        f" {view.room.tile} room {fresh} {view.health}/{view.max_health}"
                        f" pool {view.pool} foes {view.enemies} odds {odds:.3f}"
                        f" greens {green_rooms(view)}: greedy {move}, the other"
                        f" {mean:+.4f} ± {error:.4f} (z {z:+.1f}); left {full},"
                        f" with the futility bound {sequential} after {cut}",
                        flush=True,
                    )
            state = game.apply(state, move)
        print(f"seed {seed}: {'won' if state.won else 'lost'}, {count} critical fights", flush=True)
    if len(zs) > 1:
        cpu = time.process_time() - start
        print(
            f"{len(zs)} fights judged: z mean {statistics.mean(zs):+.2f}, spread"
            f" {statistics.stdev(zs):.2f} (1 if no move is better); above 2: "
            f"{sum(z > 2 for z in zs)}, below -2: {sum(z < -2 for z in zs)};"
            f" {1000 * cpu / max(1, pairs):.1f} ms of CPU a sample (both playouts)"
        )
        print(
            f"the full judge left greedy's move at {full_left}, with the futility bound at"
            f" {stopped_left}; samples used {used / len(zs):.1f} of {args.pairs} a fight"
        )
    if args.save:
        with open(args.save, "w") as out:
            json.dump(saved, out)


if __name__ == "__main__":
    main()
