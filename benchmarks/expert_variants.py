"""Any game's expert among greedy bots, paired: versions of its Spec on the same games (issue #21).

    python benchmarks/expert_variants.py GAME [--players 4] [--games N] [--seed S]
        [--think-iterations N] [--variants current greedy scale=12 horizon=20,bias=2.0 ...]

The games are ``bots.py``'s (game ``number`` has seed ``S + number``, the expert in
seat ``number % players``, bot ``s`` seeded ``number * 31 + s``): ``current`` replays
``bots.py --only "<Game> <players>p" --think-iterations N``'s games.  Each game is
played once per variant before the next game, so a run cut short is still paired.
A variant is ``current`` (the game's ``EXPERT``), ``greedy`` (the greedy bot in the
seat: how a seat does that plays as the others do), or ``FIELD=VALUE`` changes of the
current Spec (several: ``scale=12,field=0.5``), a tail ``@N`` its own iterations.
A line a game per variant (won, a shared win's share, or lost; rank; margin over the
best other; every seat's points); at the end, per variant, the games won with
Wilson's interval, the mean rank, the mean margin with its interval, and against
the first variant the games won and lost where they differ and the margin's mean
difference paired by game.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from typing import Any

import attrs
from intervals import mean_interval, wilson

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot, Spec
from tideboard.engine.simulate import play_out


def variant(expert: Spec, name: str) -> Spec | None:
    """A named variant of ``expert`` (None: the greedy bot)."""
    name = name.partition("@")[0]
    if name == "current":
        return expert
    if name == "greedy":
        return None
    fields = {}
    for change in name.split(","):
        field, _, value = change.partition("=")
        fields[field] = type(getattr(expert, field))(value)
    return attrs.evolve(expert, **fields)


def play(game: Any, players: int, seed: int, number: int, spec: Spec | None, iterations: int):
    seat = number % players
    chosen: list[Any] = []
    for s in range(players):
        if s == seat and spec is not None:
            chosen.append(ExpertBot(number * 31 + s, spec=spec, iterations=iterations))
        else:
            chosen.append(make_bot(game, "greedy", number * 31 + s))
    state, _ = play_out(game, game.setup(GameConfig(players=players, seed=seed)), chosen)
    totals = game.scores(state)
    winners = game.winners(state)
    won = 1 / len(winners) if seat in winners else 0.0
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    rank = 1 + sum(1 for s, t in enumerate(totals) if t > totals[seat])
    return won, totals[seat] - best_other, rank, totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game's id, e.g. shifting-stones")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--think-iterations", type=int, default=100, help="a move")
    parser.add_argument("--variants", nargs="+", default=["current", "greedy"])
    args = parser.parse_args()
    game = registry.load(args.game)
    expert = importlib.import_module(f"tideboard.games.{args.game.replace('-', '_')}.bots").EXPERT
    specs = {name: variant(expert, name) for name in args.variants}
    results: dict[str, list] = {name: [] for name in specs}
    start = time.monotonic()
    for number in range(args.games):
        seed = args.seed + number
        for name, spec in specs.items():
            _, _, own = name.partition("@")
            iterations = int(own) if own else args.think_iterations
            won, margin, rank, totals = play(game, args.players, seed, number, spec, iterations)
            results[name].append((won, margin, rank))
            outcome = "won " if won == 1 else "lost" if not won else f"won {won:.2g}"
            print(
                f"seed {seed} seat {number % args.players} {name:>14}: {outcome} "
                f"margin {margin:+3d} rank {rank} totals {totals}",
                flush=True,
            )
    minutes = (time.monotonic() - start) / 60
    print(
        f"{args.games} games, seeds {args.seed}-{args.seed + args.games - 1}, "
        f"{args.think_iterations} iterations, {minutes:.1f} min"
    )
    first = args.variants[0]
    for name, rows in results.items():
        n = len(rows)
        wins = sum(r[0] for r in rows)
        low, high = wilson(wins, n)
        mean, mlow, mhigh = mean_interval([r[1] for r in rows])
        line = (
            f"{name:>14}: won {wins:g}/{n} {wins / n:.1%} [{low:.0%}, {high:.0%}]; "
            f"rank {statistics.fmean(r[2] for r in rows):.2f}; margin {mean:+.2f} "
            f"[{mlow:+.2f}, {mhigh:+.2f}]"
        )
        if name != first and n > 1:
            pairs = list(zip(rows, results[first], strict=True))
            more = sum(1 for r, f in pairs if r[0] > f[0])
            fewer = sum(1 for r, f in pairs if r[0] < f[0])
            d, dlow, dhigh = mean_interval([r[1] - f[1] for r, f in pairs])
            line += (
                f"; vs {first}: better in {more} games, worse in {fewer}, "
                f"margin {d:+.2f} [{dlow:+.2f}, {dhigh:+.2f}]"
            )
        print(line)


if __name__ == "__main__":
    main()
