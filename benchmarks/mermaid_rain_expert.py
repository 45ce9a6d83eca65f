"""Mermaid Rain's expert among greedy bots, paired by seed (issue #21): one expert
at ``--players`` (its seat going round), the games and bots seeded as
``bots.py --only "Mermaid Rain" --verbose`` seeds them, so a row here is the same
games as that benchmark's.

    python benchmarks/mermaid_rain_expert.py [--players 4] [--games 20] [--seed 1]
        [--start K] [--iterations 100] [--spec FIELD=VALUE ...] [--set MODULE.NAME=VALUE ...]
        [--save FILE] [--against FILE]

Prints a line a game (won or lost, the points, the expert's margin over the best
other seat, its treasures and melds), then the wins (Wilson's 95% interval), the
mean margin, and the expert's treasures collected, spaces moved, points (the track,
the tribute, the majorities) and melds built against the greedy seats' mean, and
the CPU seconds a move.  ``--spec horizon=30`` runs the expert with a field of its
search's ``Spec`` changed (a number, or ``none``); ``--set meld_plan.SHORTLIST=10``
with a constant of a ``mermaid_rain`` module changed.  ``--save`` writes each seed's
result (JSON, after each game); ``--against`` pairs this run with a saved one: the
games gained and lost, and the mean change of the margin with its 95% interval.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections import Counter

import attrs
from intervals import mean_interval, wilson

from tideboard.engine.core import GameConfig
from tideboard.engine.search import Budget, ExpertBot
from tideboard.games.mermaid_rain import bots as mermaid_bots
from tideboard.games.mermaid_rain import scoring
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.melds import meld_rank
from tideboard.games.mermaid_rain.state import MELD, Move, Take, Teleport

MELD_NAMES = ("", "Rain", "Squall", "March", "Twin", "Waltz", "Mist", "Drop", "Octopus")


def play(number: int, seed: int, players: int, budget: Budget, spec) -> dict:
    """One game as ``bots.py`` plays it: the expert in seat ``number % players``."""
    expert = number % players
    bots = [
        ExpertBot(number * 31 + s, spec=spec, iterations=budget.iterations)
        if s == expert
        else mermaid_bots.GreedyBot(number * 31 + s)
        for s in range(players)
    ]
    state = GAME.setup(GameConfig(players=players, seed=seed))
    taken = [0] * players
    moved = [0] * players
    melds: list[Counter] = [Counter() for _ in range(players)]
    thought = 0.0
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_for(state, seat)
        before = time.process_time()
        action = bots[seat].choose(GAME, GAME.view(state, seat), seat, legal)
        if seat == expert and len(legal) > 1:
            thought += time.process_time() - before
            moves += 1
        if isinstance(action, Take):
            taken[seat] += 1
        elif isinstance(action, (Move, Teleport)):
            moved[seat] += 1
        was_meld = state.phase == MELD
        melds_before = state.melds
        state = GAME.apply(state, action)
        if was_meld and state.phase != MELD:
            for s, meld in enumerate(melds_before):
                if sum(meld):
                    melds[s][meld_rank(meld)] += 1
    scores = GAME.scores(state)
    winners = GAME.winners(state)
    others = [s for s in range(players) if s != expert]
    parts = [(b["track"], b["tribute"], sum(b["majorities"])) for b in scoring.breakdown(state)]
    return {
        "parts": parts[expert],
        "parts_others": [sum(parts[s][i] for s in others) / len(others) for i in range(3)],
        "seat": expert,
        "won": expert in winners,
        "share": 1 / len(winners) if expert in winners else 0.0,
        "scores": list(scores),
        "margin": scores[expert] - max(scores[s] for s in others),
        "taken": taken[expert],
        "taken_others": sum(taken[s] for s in others) / len(others),
        "moved": moved[expert],
        "moved_others": sum(moved[s] for s in others) / len(others),
        "melds": {MELD_NAMES[r]: n for r, n in sorted(melds[expert].items())},
        "melds_others": {
            MELD_NAMES[r]: sum(melds[s][r] for s in others) / len(others) for r in range(1, 9)
        },
        "seconds": thought / max(1, moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument(
        "--start", type=int, default=0, help="skip the first START games (resume a run)"
    )
    parser.add_argument("--iterations", type=int, default=100, help="the expert's a move")
    parser.add_argument("--spec", nargs="*", default=[], help="FIELD=VALUE of the search's Spec")
    parser.add_argument(
        "--set", nargs="*", default=[], help="MODULE.NAME=NUMBER: a constant of mermaid_rain"
    )
    parser.add_argument("--save", help="write each seed's result here (JSON)")
    parser.add_argument("--against", help="a saved run to pair with (the same seeds)")
    args = parser.parse_args()
    spec = mermaid_bots.EXPERT
    for change in args.spec:
        field, value = change.split("=")
        if value == "none":
            spec = attrs.evolve(spec, **{field: None})
        else:
            spec = attrs.evolve(spec, **{field: type(getattr(spec, field))(float(value))})
    for change in args.set:
        name, value = change.split("=")
        module_name, constant = name.split(".")
        module = importlib.import_module(f"tideboard.games.mermaid_rain.{module_name}")
        setattr(module, constant, type(getattr(module, constant) or 0.0)(float(value)))
    budget = Budget(iterations=args.iterations)
    results: dict[str, dict] = {}
    start = time.monotonic()
    for number in range(args.start, args.games):
        seed = args.seed + number
        r = play(number, seed, args.players, budget, spec)
        results[str(seed)] = r
        melds = " ".join(f"{name} {n}" for name, n in r["melds"].items())
        print(
            f"  seed {seed}: seat {r['seat']}, {'won' if r['won'] else 'lost'} "
            f"({' '.join(map(str, r['scores']))}), margin {r['margin']:+d}, "
            f"treasures {r['taken']} (others {r['taken_others']:.1f}), melds: {melds}",
            flush=True,
        )
        if args.save:  # after each game: a run cut short still pairs
            with open(args.save, "w") as out:
                json.dump(results, out)
    games = len(results)
    rows = list(results.values())
    wins = sum(r["share"] for r in rows)
    low, high = wilson(wins, games)
    mean, mlow, mhigh = mean_interval([r["margin"] for r in rows])
    print(
        f"{args.players} players, expert at {args.iterations} iterations"
        f"{''.join(' ' + c for c in args.spec + args.set)}: won {wins:g} of {games}, "
        f"{wins / games:.1%} [{low:.0%}, {high:.0%}] (fair {1 / args.players:.0%}); "
        f"margin {mean:+.1f} [{mlow:+.1f}, {mhigh:+.1f}]"
    )
    print(
        f"treasures {sum(r['taken'] for r in rows) / games:.1f} a game "
        f"(greedy {sum(r['taken_others'] for r in rows) / games:.1f}), spaces moved "
        f"{sum(r['moved'] for r in rows) / games:.1f} "
        f"(greedy {sum(r['moved_others'] for r in rows) / games:.1f})"
    )
    if all("parts" in r for r in rows):
        mine = [sum(r["parts"][i] for r in rows) / games for i in range(3)]
        theirs = [sum(r["parts_others"][i] for r in rows) / games for i in range(3)]
        print(
            "points a game: track {:.1f} ({:.1f}), tribute {:.1f} ({:.1f}), "
            "majorities {:.1f} ({:.1f})".format(*(x for pair in zip(mine, theirs) for x in pair))
        )
    built: Counter = Counter()
    for r in rows:
        built.update(r["melds"])
    print(
        "melds a game: "
        + ", ".join(
            f"{name} {built[name] / games:.1f} "
            f"({sum(r['melds_others'][name] for r in rows) / games:.1f})"
            for name in MELD_NAMES[1:]
        )
    )
    seconds = sum(r["seconds"] for r in rows) / games
    print(f"{seconds:.3f} s of CPU a move; {(time.monotonic() - start) / 60:.1f} min")
    if args.against:
        with open(args.against) as saved:
            before = json.load(saved)
        paired = [seed for seed in results if seed in before]
        gained = sum(results[s]["won"] and not before[s]["won"] for s in paired)
        lost = sum(before[s]["won"] and not results[s]["won"] for s in paired)
        was = sum(before[s]["share"] for s in paired)
        diff, dlow, dhigh = mean_interval(
            [results[s]["margin"] - before[s]["margin"] for s in paired]
        )
        print(
            f"paired with {args.against} on {len(paired)} seeds: {gained} gained, {lost} lost "
            f"(it won {was:g}); margin {diff:+.1f} [{dlow:+.1f}, {dhigh:+.1f}]"
        )


if __name__ == "__main__":
    main()
