"""Animal Splash's expert, paired: versions of it played on the same games (issue #21).

    python benchmarks/animal_splash_expert.py [--players 4] [--games N] [--seed S]
        [--think-iterations N] [--variants current greedy horizon=200@85 ...]

Each game is played once per variant, with the same seed, the same seat for the
variant (going round as in ``bots.py``) and the same seeds for every bot, the
others greedy: so the games differ only by what the variant chooses.  A line a
game per variant (won, a shared win's share, or lost; the seat's pearls, missions
and end-scoring points; every seat's total); at the end, per variant, the games
won with Wilson's interval, the mean rank, the mean margin over the best other
with its interval, the points by category, and against the first variant the
margin's mean difference paired by game (with its interval).

``greedy`` is the greedy bot in the variant's seat: how a seat scores when it
plays as the others do.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import attrs
from intervals import mean_interval, wilson

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot, Spec
from tideboard.engine.simulate import play_out
from tideboard.games.animal_splash import bots, scoring, turn_plan, valuation


def evaluate_ending(game: Any, state: Any) -> list[float]:
    """``bots.evaluate`` with the end-scoring card's points as it stands (who would
    get them were the game to end now) in place of 0.3 a unit of its measure."""
    now = bots.evaluate(game, state)
    shares = scoring.ending_shares(state)
    values = scoring.ending_values(state)
    return [v - 0.3 * m + s for v, m, s in zip(now, values, shares, strict=True)]


def evaluate_oxygen(game: Any, state: Any) -> list[float]:
    """``bots.evaluate`` with each seat's oxygen at greedy's price (``OXYGEN_VALUE``)."""
    now = bots.evaluate(game, state)
    return [v + valuation.OXYGEN_VALUE * o for v, o in zip(now, state.oxygen, strict=True)]


def worth_settled(state: Any, seat: int) -> float:
    """``bots.worth`` with the groups it can score now scored first: their pearls
    count once, and their cards' pairs no longer count as groups in the making."""
    tableau = state.tableaus[seat]
    count, pearls = valuation.harvested(tableau, state.pearls[seat])
    value = count + valuation.promise(tableau, pearls)
    best_mission, mine = valuation.prospects(state, seat, tableau, pearls)
    return value + best_mission + 0.3 * mine


def evaluate_settled(game: Any, state: Any) -> list[float]:
    now = scoring.scores(state)
    return [now[seat] + worth_settled(state, seat) for seat in range(state.players)]


# Each variant: the expert's Spec as it would be (None: the greedy bot).
VARIANTS: dict[str, Callable[[], Spec | None]] = {
    "current": lambda: bots.EXPERT,
    "greedy": lambda: None,
    "settled": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_settled),
    "oxygen": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_oxygen),
    "ending": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_ending),
    # s16a: the expert before its search was kept to the dives, the takes and the
    # plan's best steps (Spec.routine, settled, narrow)
    "before": lambda: attrs.evolve(bots.EXPERT, routine=None, settled=None, narrow=None),
    # the root kept so (turn_plan.focus), the tree below it not
    "focus": lambda: attrs.evolve(bots.EXPERT, settled=None, narrow=None),
    # the rest of the turn played as the plan's best end, unsearched (turn_plan.plan)
    "plan": lambda: attrs.evolve(
        bots.EXPERT, decide=turn_plan.plan, routine=None, settled=None, narrow=None
    ),
}


def variant(name: str) -> Spec | None:
    """A named variant; ``horizon=N`` / ``bias=X`` / ``exploration=X`` / ``scale=X``
    change the current Spec's field (several: ``horizon=200,bias=3``); a tail
    ``@N`` (e.g. ``horizon=200@85``) is the variant's own iterations a move."""
    name = name.partition("@")[0]
    if name in VARIANTS:
        return VARIANTS[name]()
    fields = {}
    for change in name.split(","):
        field, _, value = change.partition("=")
        fields[field] = type(getattr(bots.EXPERT, field))(value)
    return attrs.evolve(bots.EXPERT, **fields)


def iterations_of(name: str, default: int) -> int:
    _, _, own = name.partition("@")
    return int(own) if own else default


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
    parts = (
        scoring.pearls(state, seat),
        scoring.mission_points(state, seat),
        scoring.ending_shares(state)[seat],
    )
    return won, totals[seat] - best_other, rank, parts, totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--think-iterations", type=int, default=100, help="a move")
    parser.add_argument("--variants", nargs="+", default=["current", "greedy"])
    args = parser.parse_args()
    game = registry.load("animal-splash")
    specs = {name: variant(name) for name in args.variants}
    results: dict[str, list] = {name: [] for name in specs}
    start = time.monotonic()
    for number in range(args.games):
        seed = args.seed + number
        for name, spec in specs.items():
            won, margin, rank, parts, totals = play(
                game, args.players, seed, number, spec, iterations_of(name, args.think_iterations)
            )
            results[name].append((won, margin, rank, parts))
            print(
                f"seed {seed} seat {number % args.players} {name:>14}: "
                f"{'won ' if won == 1 else 'lost' if not won else f'won {won:.2g}'} margin {margin:+3d} rank {rank} "
                f"pearls/missions/end {parts} totals {totals}",
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
        parts = [statistics.fmean(r[3][i] for r in rows) for i in range(3)]
        line = (
            f"{name:>14}: won {wins:g}/{n} {wins / n:.1%} [{low:.0%}, {high:.0%}]; "
            f"rank {statistics.fmean(r[2] for r in rows):.2f}; margin {mean:+.2f} "
            f"[{mlow:+.2f}, {mhigh:+.2f}]; pearls {parts[0]:.2f} missions {parts[1]:.2f} "
            f"end {parts[2]:.2f}"
        )
        if name != first and n > 1:
            diffs = [r[1] - f[1] for r, f in zip(rows, results[first], strict=True)]
            d, dlow, dhigh = mean_interval(diffs)
            line += f"; margin vs {first} {d:+.2f} [{dlow:+.2f}, {dhigh:+.2f}]"
        print(line)


if __name__ == "__main__":
    main()
