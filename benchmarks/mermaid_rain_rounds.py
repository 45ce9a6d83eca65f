"""Does every round of Mermaid Rain matter?  Greedy bots play N seeded games per
player count (3-6) and the script prints, per round:

* how many treasures are collected (``board``: taken from a space; ``pool``:
  an Ocean March's treasure from the face-down pool), per game on average;
* the share of picked surf tiles (an Aquamarine Waltz tile included) that had
  no legal spot when their holder came to lay them (so were discarded);
* the share of games whose board treasures had all been collected by the end
  of the round, and how many were still lying on the board at the end;
* how often each meld was built (per seat and round), and the pool left.

    python benchmarks/mermaid_rain_rounds.py [--games N] [--players 3 4 5 6] [--seed S]
        [--ruleset 2|1]

``--ruleset 1`` plays the treasure spots and surf tiles as first released (the
figures before issue #20).

Game ``k`` of a player count uses seed ``S + k`` and greedy bots seeded from it,
so the figures repeat exactly.  It is not a test: it prints figures (issue #20
asks that no round be dead at 5-6 players, the rules page quotes them).
Runs about 1 s per game on one core; use ``nice``.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tideboard.engine.core import GameConfig
from tideboard.games.mermaid_rain import spaces
from tideboard.games.mermaid_rain.bots import GreedyBot
from tideboard.games.mermaid_rain.content import MELD_NAMES, ROUNDS
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.state import RIDE, Drop, Place, Take


def play(players: int, seed: int, ruleset: str = "2") -> dict:
    """One greedy game; what happened per round."""
    config = GameConfig(players=players, seed=seed, options={"ruleset": ruleset})
    state = GAME.setup(config)
    bots = [GreedyBot(seed * 31 + s) for s in range(players)]
    taken = Counter()  # round -> treasures taken from the board
    marched = Counter()  # round -> treasures from the pool (Ocean March)
    tiles = Counter()  # round -> tiles laid or dropped
    stuck = Counter()  # round -> tiles dropped for want of a spot
    melds = Counter()  # meld rank -> times built
    dry = None  # the round the board's last treasure was collected
    covered = {}  # round -> water cells covered at the round's end
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, GAME.view(state, seat), seat, GAME.legal_for(state, seat))
        rnd, pool, phase = state.round, len(state.pool), state.phase
        if isinstance(action, (Place, Drop)):
            tiles[rnd] += 1
            if isinstance(action, Drop) and not spaces.placements(state, action.tile):
                stuck[rnd] += 1
        if isinstance(action, Take):
            taken[rnd] += 1
        if phase == RIDE:
            covered[rnd] = bin(state.covered).count("1")
        after = GAME.apply(state, action)
        if after.ranks != state.ranks and any(after.ranks):
            melds.update(after.ranks)
        marched[rnd] += pool - len(after.pool)
        if dry is None and not any(after.spaces):
            dry = rnd
        state = after
    return {
        "taken": taken,
        "marched": marched,
        "tiles": tiles,
        "stuck": stuck,
        "melds": melds,
        "dry": dry,
        "left": sum(len(s) for s in state.spaces),
        "pool": len(state.pool),
        "board": sum(len(s) for s in GAME.setup(config).spaces),
        "covered": covered,
    }


def report(players: int, games: int, seed: int, ruleset: str) -> None:
    runs = [play(players, seed + k, ruleset) for k in range(games)]
    rounds = range(1, ROUNDS + 1)
    board = sum(r["board"] for r in runs) / games
    print(
        f"\n{players} players, {games} greedy games (seeds {seed}..{seed + games - 1}), "
        f"{board:.0f} treasures on the board at the start, ruleset {ruleset}"
    )
    print("  round                    " + "".join(f"{r:>7}" for r in rounds))

    def row(name: str, values) -> None:
        print(f"  {name:<25}" + "".join(f"{v:>7}" for v in values))

    row("taken from the board", [f"{sum(x['taken'][r] for x in runs) / games:.1f}" for r in rounds])
    row(
        "from the pool (March)",
        [f"{sum(x['marched'][r] for x in runs) / games:.1f}" for r in rounds],
    )
    shares = []
    for r in rounds:
        laid = sum(x["tiles"][r] for x in runs)
        shares.append(f"{100 * sum(x['stuck'][r] for x in runs) / laid:.0f}%" if laid else "-")
    row("tiles with no spot", shares)
    row(
        "board empty by its end",
        [
            f"{100 * sum(1 for x in runs if x['dry'] and x['dry'] <= r) / games:.0f}%"
            for r in rounds
        ],
    )
    row(
        "sea cells covered (end)",
        [f"{sum(x['covered'].get(r, 0) for x in runs) / games:.0f}" for r in rounds],
    )
    left = sum(x["left"] for x in runs) / games
    pool = sum(x["pool"] for x in runs) / games
    print(f"  left on the board at the end {left:.1f}, in the pool {pool:.1f}")
    melds = Counter()
    for x in runs:
        melds.update(x["melds"])
    total = sum(melds.values())
    print(
        "  melds built: "
        + ", ".join(f"{MELD_NAMES[rank]} {100 * melds[rank] / total:.0f}%" for rank in range(1, 9))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--ruleset", default="2", help='the "ruleset" option: 2 now, 1 as first released'
    )
    args = parser.parse_args()
    for players in args.players:
        report(players, args.games, args.seed, args.ruleset)


if __name__ == "__main__":
    main()
