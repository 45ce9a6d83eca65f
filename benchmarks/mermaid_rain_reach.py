"""How far Mermaid Rain's expert's playouts see (issue #21): from the seat's first meld
step and from its tile pick in rounds 1-4 of greedy games (seeds 1-3, seat 0), the share
of the playouts cut at their horizon after the seat's own ride of the round, per count
of players and per length of the playouts (``current``, or ``FIELD=VALUE`` changes of
the expert's ``Spec``; the meld plan reads the version's ``Spec``).  A playout cut
before the ride judges a meld or a tile by the cards in hand, not by what it rides to.

    python benchmarks/mermaid_rain_reach.py [--players 4 6] [--iterations N]
        [--variants current horizon_factor=none ...]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import attrs
from paired import changed

from tideboard.engine.core import GameConfig
from tideboard.engine.search import Asked, Budget, search
from tideboard.games.mermaid_rain import bots as mermaid_bots
from tideboard.games.mermaid_rain import meld_plan
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.state import DISCARD, HOME, OVER, RIDE, Pick, Show


def positions(players: int) -> list[tuple[str, object, list]]:
    """Seat 0's first meld steps and tile picks in rounds 1-4 of greedy games."""
    found = []
    for seed in (1, 2, 3):
        state = GAME.setup(GameConfig(players=players, seed=seed))
        greedy = [mermaid_bots.GreedyBot(s) for s in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            legal = list(GAME.legal_for(state, seat))
            view = GAME.view(state, seat)
            first = legal[0]
            if seat == 0 and len(legal) > 1 and state.round < 5:
                if isinstance(first, Show) and not sum(state.melds[0]):
                    found.append(("meld", view, legal))
                elif isinstance(first, Pick):
                    found.append(("tile", view, legal))
            state = GAME.apply(state, greedy[seat].choose(GAME, view, seat, legal))
    return found


def ridden(state, round_number: int) -> bool:
    """Whether seat 0 has ridden in ``round_number`` by ``state``."""
    if state.round > round_number or state.phase in (HOME, DISCARD, OVER):
        return True
    return state.phase == RIDE and 0 in state.order[: state.turn]


def spec_of(name: str):
    spec = mermaid_bots.EXPERT
    if name != "current":
        for change in name.split(","):
            spec = changed(spec, change)
    return spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--iterations", type=int, default=40, help="a search")
    parser.add_argument("--variants", nargs="+", default=["horizon_factor=none", "current"])
    args = parser.parse_args()
    for players in args.players:
        found = positions(players)
        for name in args.variants:
            base = spec_of(name)
            tally: Counter = Counter()
            for kind, view, legal in found:

                def judged(game, state, kind=kind, round_number=view.round):
                    tally[kind, ridden(state, round_number)] += 1
                    return mermaid_bots.evaluate(game, state)

                spec = attrs.evolve(base, evaluate=judged)
                budget, rng = Budget(iterations=args.iterations), random.Random(1)
                if kind == "meld":
                    meld_plan.plan(
                        GAME,
                        view,
                        0,
                        legal,
                        Asked(budget=budget, deadline=None, rng=rng, spec=spec),
                        greedy=mermaid_bots.GreedyBot,
                        weigh=mermaid_bots.weigh_melds,
                    )
                else:
                    search(GAME, view, 0, legal, spec, rng, budget, play=True)
            shares = []
            for kind in ("meld", "tile"):
                cut = tally[kind, True] + tally[kind, False]
                share = tally[kind, True] / cut if cut else float("nan")
                count = sum(1 for k, *_ in found if k == kind)
                shares.append(f"{kind} {share:.0%} ({count} positions)")
            horizon = base.playout_horizon(found[0][1])
            print(
                f"{players} players, {name} ({horizon} actions): cut after the seat's "
                "ride: " + ", ".join(shares),
                flush=True,
            )


if __name__ == "__main__":
    main()
