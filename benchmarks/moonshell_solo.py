"""Moonshell solo against the automaton: where the points come from (issue #21).

    python benchmarks/moonshell_solo.py [--bot LEVEL] [--games N] [--seed S]
        [--think S [--cpu] | --think-iterations N] [--out FILE.json]
    python benchmarks/moonshell_solo.py --compare BEFORE.json AFTER.json

Plays solo games (seeds S, S+1, ...; the bot seeded as ``benchmarks/bots.py`` seeds
it) and prints the median and mean score with 95% intervals and the mean points of
each scoring category.  ``--out`` keeps every game's breakdown; ``--compare`` pairs
two such files by seed (the mean difference with its 95% interval, the games won
and lost by each, the games that ended with the very same chest).  Each move of the
player's bot is timed (CPU): the report gives the mean, the 95th percentile and the
worst.  ``--bot`` is a level or ``module:factory`` (a callable taking
the seed, for trying a variant without wiring it in).  ``--cpu``: the expert's
``--think`` seconds are this process's CPU seconds (``time.process_time``), which
stand for a move on a free core whatever the machine's load; the report then
gives how many of the next turn's plans the look further (``lookahead.py``) made
a move.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

import attrs
from intervals import mean_interval, median_interval

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import Budget, ExpertBot, plan_deadline
from tideboard.engine.simulate import play_out
from tideboard.games.moonshell import bots as moonshell_bots
from tideboard.games.moonshell import lookahead, scoring

_PLANS = [0]  # the look further's plans of the next turn (``--cpu``'s count)


def make(level: str, seed: int, budget: Budget, cpu: bool = False):
    game = registry.load("moonshell")
    if ":" in level:
        module, name = level.split(":")
        return getattr(importlib.import_module(module), name)(seed)
    if cpu and level == "expert" and budget.iterations is None:
        spec = attrs.evolve(moonshell_bots.EXPERT, decide=_cpu_decide)
        return ExpertBot(seed, spec=spec, think=budget.think)
    return make_bot(game, level, seed, budget)


def _cpu_decide(game, view, seat, legal, asked):
    """``solo_plan`` with its deadline in this process's CPU time."""
    start = time.process_time()
    deadline = plan_deadline(start, asked.budget)
    asked = attrs.evolve(asked, deadline=deadline, clock=time.process_time)
    return moonshell_bots.solo_plan(game, view, seat, legal, asked)


def _counted(next_turn):
    def counted(*args, **kwargs):
        _PLANS[0] += 1
        return next_turn(*args, **kwargs)

    return counted


def play(level: str, games: int, first: int, budget: Budget, cpu: bool = False) -> list[dict]:
    game = registry.load("moonshell")
    out = []
    if cpu:
        lookahead._next_turn = _counted(lookahead._next_turn)
    for number in range(games):
        seed = first + number
        bots = [make(level, number * 31, budget, cpu), make_bot(game, "greedy", number * 31 + 1)]
        moves: list[float] = []
        plans: list[int] = []
        bots[0] = _Timed(bots[0], moves, plans)
        start = time.process_time()
        state, _ = play_out(game, game.setup(GameConfig(players=1, solo=True, seed=seed)), bots)
        row = scoring.breakdown(state, 0)
        row["seed"] = seed
        row["cpu"] = round(time.process_time() - start, 2)
        row["automaton"] = scoring.breakdown(state, 1)["total"]
        row["cards"] = list(state.open_cards) + [state.secrets[0]]
        row["chest"] = [list(col) for col in state.chests[0]]
        row["auto_chest"] = [list(col) for col in state.chests[1]]
        row["moves"] = [round(t, 4) for t in moves]
        if cpu:
            row["plans"] = plans
        out.append(row)
        print(f"seed {seed}: {row['total']} ({row['cpu']} s)", flush=True)
    return out


class _Timed:
    """The player's bot, each move's CPU time noted."""

    def __init__(self, bot, times: list[float], plans: list[int]) -> None:
        self.bot = bot
        self.times = times
        self.plans = plans

    def choose(self, game, view, seat, legal):
        _PLANS[0] = 0
        start = time.process_time()
        action = self.bot.choose(game, view, seat, legal)
        self.times.append(time.process_time() - start)
        self.plans.append(_PLANS[0])
        return action


def move_times(rows: list[dict]) -> str:
    """The player's moves' CPU time: mean, 95th percentile and worst."""
    times = sorted(t for r in rows for t in r.get("moves", ()))
    if not times:
        return "move times: not noted"
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"move CPU ({len(times)} moves): mean {statistics.fmean(times):.3f} s, "
        f"p95 {p95:.3f} s, max {times[-1]:.3f} s"
    )


def report(rows: list[dict]) -> None:
    totals = [r["total"] for r in rows]
    low, high = median_interval(totals)
    mean, mlow, mhigh = mean_interval(totals)
    print(
        f"{len(rows)} games: median {statistics.median(totals)} [{low}, {high}], "
        f"mean {mean:.2f} [{mlow:.2f}, {mhigh:.2f}], 45+ in {sum(t >= 45 for t in totals)}"
    )
    for category in scoring.CATEGORIES:
        print(f"  {category:12} {statistics.fmean(r[category] for r in rows):6.2f}")
    print(f"  {move_times(rows)}")
    plans = sorted(p for r in rows for p in r.get("plans", ()) if p)
    if plans:
        print(
            f"  the look further in {len(plans)} moves: next-turn plans a move "
            f"mean {statistics.fmean(plans):.1f}, median {statistics.median(plans)}, "
            f"fewest {plans[0]}, most {plans[-1]}"
        )


def compare(before: list[dict], after: list[dict]) -> None:
    old = {r["seed"]: r for r in before}
    pairs = [(old[r["seed"]], r) for r in after if r["seed"] in old]
    print("before:")
    report([a for a, _ in pairs])
    print("after:")
    report([b for _, b in pairs])
    diffs = [b["total"] - a["total"] for a, b in pairs]
    mean, low, high = mean_interval(diffs)
    better = sum(d > 0 for d in diffs)
    worse = sum(d < 0 for d in diffs)
    print(f"paired ({len(pairs)} seeds): {mean:+.2f} [{low:+.2f}, {high:+.2f}]")
    same = sum(a.get("chest") == b.get("chest") for a, b in pairs)
    print(f"  the same chest in {same} games")
    print(f"  better in {better}, worse in {worse}, the same in {len(pairs) - better - worse}")
    for category in scoring.CATEGORIES:
        d = statistics.fmean(b[category] - a[category] for a, b in pairs)
        print(f"  {category:12} {d:+6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--think-iterations", type=int)
    parser.add_argument("--cpu", action="store_true", help="--think in CPU seconds")
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2)
    args = parser.parse_args()
    if args.compare:
        with open(args.compare[0]) as a, open(args.compare[1]) as b:
            compare(json.load(a), json.load(b))
        return
    budget = Budget(args.think, args.think_iterations)
    rows = play(args.bot, args.games, args.seed, budget, args.cpu)
    report(rows)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f)


if __name__ == "__main__":
    main()
