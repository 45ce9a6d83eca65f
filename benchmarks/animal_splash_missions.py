"""How often is each Animal Splash mission taken when it is shown?  Greedy bots
play N seeded games per player count (2-5) and the script prints, per mission:

* ``shown``: turns that ended with the mission on display;
* ``open``: the share of those turns whose player could have taken it (the
  tableau fulfils it and the player holds no mission of its colour);
* ``taken``: the share of those turns on which it was taken.

    python benchmarks/animal_splash_missions.py [--games N] [--players 2 3 4 5] [--seed S]
        [--ruleset 2|1]

``--ruleset 1`` plays the missions as first released (the figures before issue #20).

Game ``k`` uses seed ``S + k`` and greedy bots seeded from it, so the figures
repeat exactly.  Issue #20 found "3 crabs" and "3 cards with a double plant"
taken on about 4% of the turns they were shown, against 14-25% for the other
missions of their colours; the rules page quotes the figures.  Not a test.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tideboard.engine.core import GameConfig
from tideboard.games.animal_splash.bots import GreedyBot
from tideboard.games.animal_splash.content import GROUPS, MISSION_PILES, MISSIONS
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.state import End


def tally(players: int, games: int, seed: int, ruleset: str) -> tuple[Counter, Counter, Counter]:
    shown, open_, taken = Counter(), Counter(), Counter()
    for k in range(games):
        state = GAME.setup(GameConfig(players=players, seed=seed + k, options={"ruleset": ruleset}))
        bots = [GreedyBot((seed + k) * 31 + s) for s in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_for(state, seat)
            action = bots[seat].choose(GAME, GAME.view(state, seat), seat, legal)
            if isinstance(action, End):
                takeable = {a.mission for a in legal if isinstance(a, End) and a.mission}
                for m in state.open_missions:
                    shown[m] += 1
                    open_[m] += m in takeable
                if action.mission:
                    taken[action.mission] += 1
            state = GAME.apply(state, action)
    return shown, open_, taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--ruleset", default="2", help='the "ruleset" option: 2 now, 1 as first released'
    )
    args = parser.parse_args()
    shown, open_, taken = Counter(), Counter(), Counter()
    per_count = {}
    for players in args.players:
        s, o, t = tally(players, args.games, args.seed, args.ruleset)
        per_count[players] = (s, t)
        shown.update(s)
        open_.update(o)
        taken.update(t)
    counts = " ".join(f"{p}p" for p in args.players)
    print(
        f"{args.games} greedy games at each of {', '.join(map(str, args.players))} players "
        f"(seeds {args.seed}..{args.seed + args.games - 1}), ruleset {args.ruleset}"
    )
    print(f"  {'mission':<56}{'pts':>4}{'shown':>7}{'open':>6}{'taken':>7}   taken at {counts}")
    for group in range(len(GROUPS)):
        for m in sorted(MISSIONS):
            card = MISSIONS[m]
            if card.group != group or m not in MISSION_PILES[args.ruleset]:
                continue
            rate = f"{100 * taken[m] / shown[m]:.0f}%" if shown[m] else "-"
            share = f"{100 * open_[m] / shown[m]:.0f}%" if shown[m] else "-"
            by_count = " ".join(
                f"{100 * t[m] / s[m]:.0f}%" if s[m] else "-" for s, t in per_count.values()
            )
            name = f"{GROUPS[group]}: {card.text}"
            print(f"  {name:<56}{card.points:>4}{shown[m]:>7}{share:>6}{rate:>7}   {by_count}")


if __name__ == "__main__":
    main()
