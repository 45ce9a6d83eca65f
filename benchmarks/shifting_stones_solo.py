"""Where Shifting Stones solo games are lost (issue #21): greedy, the expert's
favourite (``GreedyBot(deep=True)``) or the expert on fixed seeds, with what the
losses share.

    python benchmarks/shifting_stones_solo.py [--deep | --expert SECONDS] [--games N]
        [--seed S] [--exact N] [--no-gather] [--save FILE] [--against FILE]

``--expert``: the expert at that thinking time a move (its plan within the
deadline, ``bots.solo_plan``); ``--exact N``: the endgame's exact search for up to
N cards left (``solo.EXACT``); ``--no-gather``: without the endgame's lines across
strike turns (``gather.py``; the plan before s18).  The slowest move is printed in CPU and wall time.

Prints the wins (Wilson's 95% interval) and the cards scored, the strikes by the
number of cards left when they were taken (and how many of them moved no stone),
the strikes and cards left when the endgame began (the deck through, four cards or
fewer left), and, at two and three cards left, whether the grid can show the
cards left together (some placements agree where they overlap and the box holds
the stones they need), for the lost games and the won.  Each game's seed is the
bot's too: a row repeats exactly.  ``--save`` writes each seed's result (JSON);
``--against`` pairs this run with a saved one: the games gained and lost.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter

from intervals import wilson

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import Budget
from tideboard.games.shifting_stones import solo
from tideboard.games.shifting_stones.bots import GreedyBot
from tideboard.games.shifting_stones.endgame import near, together
from tideboard.games.shifting_stones.game import GAME


def play(seed: int, deep: bool, think: float | None = None) -> tuple[bool, int, list[dict]]:
    """One game: won, cards scored, and each turn's start."""
    state = GAME.setup(GameConfig(players=1, solo=True, seed=seed))
    if think is None:
        bot = GreedyBot(seed, deep=deep)
    else:
        bot = make_bot(GAME, "expert", seed, Budget(think=think))
    turns = []
    while not GAME.is_over(state):
        if not state.acted:
            left = len(state.hands[0]) + len(state.deck) + len(state.discard)
            turns.append(
                {
                    "grid": state.grid,
                    "cards": tuple(sorted(state.hands[0] + state.discard)),
                    "deck": len(state.deck),
                    "strikes": state.strikes,
                    "left": left,
                }
            )
        legal = GAME.legal_for(state, 0)
        view = GAME.view(state, 0)
        began, wall = time.process_time(), time.monotonic()
        action = bot.choose(GAME, view, 0, legal)
        SLOWEST[:] = max(SLOWEST, [time.process_time() - began, seed])
        SLOWEST_WALL[:] = max(SLOWEST_WALL, [time.monotonic() - wall, seed])
        state = GAME.apply(state, action)
    return GAME.winners(state) == (0,), len(state.scored[0]), turns


SLOWEST = [0.0, 0]  # the slowest move's CPU seconds, and its game's seed
SLOWEST_WALL = [0.0, 0]  # the same in wall time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deep", action="store_true", help="the expert's favourite")
    parser.add_argument("--expert", type=float, metavar="SECONDS", help="the expert at this budget")
    parser.add_argument("--exact", type=int, help="solo.EXACT: the exact search's cards left")
    parser.add_argument("--no-gather", action="store_true", help="without gather.best_line")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--save", help="write each seed's result here (JSON)")
    parser.add_argument("--against", help="a saved run to pair with (the same seeds)")
    args = parser.parse_args()
    if args.exact is not None:
        solo.EXACT = args.exact
    if args.no_gather:
        solo.GATHER = False
    results: dict[str, bool] = {}
    start = time.monotonic()
    wins = scored = 0
    strikes: Counter = Counter()
    entries: Counter = Counter()
    pairs: Counter = Counter()
    nears: Counter = Counter()
    for seed in range(args.seed, args.seed + args.games):
        won, n, turns = play(seed, args.deep, args.expert)
        results[str(seed)] = won
        wins += won
        scored += n
        for before, after in itertools.pairwise(turns):
            if after["strikes"] > before["strikes"]:
                idle = "idle" if after["grid"] == before["grid"] else "moved"
                strikes[before["left"], idle] += 1
        endgame = [t for t in turns if not t["deck"] and t["left"] <= 4]
        if endgame:
            entries["won" if won else "lost", endgame[0]["left"], endgame[0]["strikes"]] += 1
        for size in (2, 3):
            at = next((t for t in endgame if t["left"] == size), None)
            if at is not None:
                pairs["won" if won else "lost", size, together(*at["cards"])] += 1
                if size == 2:
                    a, b = at["cards"]
                    nears["won" if won else "lost", near(a, b) or near(b, a)] += 1
    low, high = wilson(wins, args.games)
    who = "the favourite (deep)" if args.deep else "greedy"
    if args.expert is not None:
        who = f"the expert ({args.expert:g} s a move)"
    if args.exact is not None:
        who += f", exact to {args.exact} cards"
    if args.no_gather:
        who += ", without gathering"
    print(f"{who}: won {wins} of {args.games}, {wins / args.games:.1%} [{low:.0%}, {high:.0%}]")
    print(f"cards scored {scored / args.games:.1f} a game; {time.monotonic() - start:.0f} s")
    print(
        f"the slowest move: {SLOWEST[0]:.2f} s of CPU (seed {SLOWEST[1]}), "
        f"{SLOWEST_WALL[0]:.2f} s of wall time (seed {SLOWEST_WALL[1]})"
    )
    print("strikes by the cards left (idle: no stone moved):", sorted(strikes.items()))
    print("the endgame began (result, cards left, strikes):", sorted(entries.items()))
    print("the cards left can show together (result, cards, yes):", sorted(pairs.items()))
    print("the last two one move apart (result, yes):", sorted(nears.items()))
    if args.save:
        with open(args.save, "w") as out:
            json.dump(results, out)
    if args.against:
        with open(args.against) as saved:
            before = json.load(saved)
        paired = [seed for seed in results if seed in before]
        gained = sum(results[s] and not before[s] for s in paired)
        lost = sum(before[s] and not results[s] for s in paired)
        was = sum(before[s] for s in paired)
        low, high = wilson(was, len(paired))
        print(
            f"paired with {args.against} on {len(paired)} seeds: {gained} gained, {lost} lost "
            f"(it won {was}, {was / max(1, len(paired)):.1%} [{low:.0%}, {high:.0%}])"
        )


if __name__ == "__main__":
    main()
