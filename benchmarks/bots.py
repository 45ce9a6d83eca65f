"""The expert's strength (issue #21): a table of the rows the issue asks for, each
with a 95% confidence interval.

    python benchmarks/bots.py [--games N] [--think S | --think-iterations N] [--only TEXT] [--verbose]

Rows: two players, expert against greedy (the expert takes each seat in turn);
Mermaid Rain (3 to 6 players) at three, one expert among greedy bots; four players
(Mermaid Rain also six), one expert among greedy bots (its seat goes round); the
solo games played by the expert; last, the ``easy`` level against greedy and against
random (no thinking: a few seconds a row).  A win rate's interval is
Wilson's; a median's is the order-statistic interval.  The full-size run is
``--games 200 --think 1`` (hours on one core); first figures come from
``--games 20 --think-iterations 100``.  One process, one core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from intervals import median_interval, wilson

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import Budget
from tideboard.engine.simulate import play_out

# (label, game, players, solo, what is measured, target[, level measured, the others])
ROWS: list[tuple] = [
    ("Shifting Stones 2p, expert vs greedy", "shifting-stones", 2, False, "wins", "70%"),
    ("Moonshell 2p, expert vs greedy", "moonshell", 2, False, "wins", "70%"),
    ("Animal Splash 2p, expert vs greedy", "animal-splash", 2, False, "wins", "70%"),
    ("Mermaid Rain 3p, 1 expert", "mermaid-rain", 3, False, "wins", "33%"),
    ("Shifting Stones 4p, 1 expert", "shifting-stones", 4, False, "wins", "50%"),
    ("Moonshell 4p, 1 expert", "moonshell", 4, False, "wins", "50%"),
    ("Mermaid Rain 4p, 1 expert", "mermaid-rain", 4, False, "wins", "50%"),
    ("Mermaid Rain 6p, 1 expert", "mermaid-rain", 6, False, "wins", "33%"),
    ("Animal Splash 4p, 1 expert", "animal-splash", 4, False, "wins", "50%"),
    ("Shifting Stones solo", "shifting-stones", 1, True, "wins", "30%"),
    ("Moonshell solo (median score)", "moonshell", 1, True, "median", "45"),
    ("Moonlighter campaign", "moonlighter", 1, False, "wins", "30%"),
    ("Shifting Stones 2p, easy vs greedy", "shifting-stones", 2, False, "wins", "<50%", "easy"),
    ("Moonshell 2p, easy vs greedy", "moonshell", 2, False, "wins", "<50%", "easy"),
    ("Animal Splash 2p, easy vs greedy", "animal-splash", 2, False, "wins", "<50%", "easy"),
    ("Mermaid Rain 3p, 1 easy", "mermaid-rain", 3, False, "wins", "<33%", "easy"),
    ("Moonlighter campaign, easy (median)", "moonlighter", 1, False, "median", "<greedy", "easy"),
    ("Moonlighter campaign, greedy (median)", "moonlighter", 1, False, "median", "", "greedy"),
    ("Shifting Stones solo, greedy", "shifting-stones", 1, True, "wins", "", "greedy"),
    ("Moonshell solo, greedy (median score)", "moonshell", 1, True, "median", "", "greedy"),
    ("Moonlighter campaign, greedy (won)", "moonlighter", 1, False, "wins", "", "greedy"),
    (
        "Shifting Stones 2p, easy vs random",
        "shifting-stones",
        2,
        False,
        "wins",
        ">50%",
        "easy",
        "random",
    ),
    ("Moonshell 2p, easy vs random", "moonshell", 2, False, "wins", ">50%", "easy", "random"),
    (
        "Animal Splash 2p, easy vs random",
        "animal-splash",
        2,
        False,
        "wins",
        ">50%",
        "easy",
        "random",
    ),
    (
        "Mermaid Rain 3p, 1 easy among random",
        "mermaid-rain",
        3,
        False,
        "wins",
        ">33%",
        "easy",
        "random",
    ),
]


def run_row(row, games: int, budget: Budget, seed: int, verbose: bool = False) -> str:
    label, game_id, players, solo, what, target = row[:6]
    level = row[6] if len(row) > 6 else "expert"  # the level measured
    others = row[7] if len(row) > 7 else "greedy"  # and the other seats'
    game = registry.load(game_id)
    wins = 0.0
    scores: list[int] = []
    start = time.monotonic()
    for number in range(games):
        config = GameConfig(players=players, solo=solo, seed=seed + number)
        seats = 1 if solo or players == 1 else players
        expert = number % seats
        bots = [
            make_bot(game, level if s == expert else others, number * 31 + s, budget)
            for s in range(max(seats, 2))
        ]
        state, _ = play_out(game, game.setup(config), bots)
        winners = game.winners(state)
        if expert in winners:
            wins += 1 / len(winners)
        scores.append(game.scores(state)[expert])
        if verbose:
            points = " ".join(str(p) for p in game.scores(state))
            print(
                f"  seed {seed + number}: seat {expert}, "
                f"{'won' if expert in winners else 'lost'} ({points})",
                flush=True,
            )
    minutes = (time.monotonic() - start) / 60
    if what == "median":
        low, high = median_interval(scores)
        figure = f"median {statistics.median(scores):5.1f}  [{low}, {high}]"
    else:
        low, high = wilson(wins, games)
        figure = f"wins {wins / games:6.1%}  [{low:.0%}, {high:.0%}]"
    return f"{label:40} {figure:30} target {target:>4}  ({games} games, {minutes:.1f} min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games a row")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move")
    parser.add_argument("--think-iterations", type=int, help="iterations a move instead")
    parser.add_argument("--only", default="", help="only the rows whose label has TEXT")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--verbose", action="store_true", help="a line a game")
    args = parser.parse_args()
    budget = Budget(args.think, args.think_iterations)
    what = f"{args.think_iterations} iterations" if args.think_iterations else f"{args.think} s"
    print(f"expert at {what} a move; greedy opponents unless the row says")
    for row in ROWS:
        if args.only.lower() in row[0].lower():
            print(run_row(row, args.games, budget, args.seed, args.verbose), flush=True)


if __name__ == "__main__":
    main()
