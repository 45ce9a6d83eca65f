"""Where Mermaid Rain's expert gains or loses against greedy in the same seat (issue #21):
the games of ``bots.py --only "Mermaid Rain <N>p"`` (seed ``S + k``, the seat ``k % N``,
bot ``s`` seeded ``k * 31 + s``), each played once per version of the seat (``greedy``,
``current``, or ``FIELD=VALUE`` changes of the expert's ``Spec``; a tail ``@N`` its own
iterations a move), printing per game and
version the seat's points by category (track, tribute, majorities), its treasures by
kind, its track points and treasures per round, the best other seat's total, and for
an expert, per kind of decision, how often it chose other than a greedy bot would
(greedy's random tie-breaks count as departures too); at the end the means per version.

    python benchmarks/mermaid_rain_seats.py [--players 4] [--games N] [--seed S] [--start K]
        [--think-iterations N] [--variants greedy current ...] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter

from intervals import mean_interval, wilson
from paired import changed

from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot
from tideboard.games.mermaid_rain import bots as mermaid_bots
from tideboard.games.mermaid_rain import scoring
from tideboard.games.mermaid_rain.content import ROUNDS
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.state import Take


def spec_of(name: str):
    name = name.partition("@")[0]
    if name == "greedy":
        return None
    spec = mermaid_bots.EXPERT
    if name == "current":
        return spec
    for change in name.split(","):
        spec = changed(spec, change)
    return spec  # (the search hands it to the meld plan, ``Spec.decide``)


def play(players: int, seed: int, number: int, spec, iterations: int) -> dict:
    seat = number % players
    bots = [
        ExpertBot(number * 31 + s, spec=spec, iterations=iterations)
        if s == seat and spec is not None
        else mermaid_bots.GreedyBot(number * 31 + s)
        for s in range(players)
    ]
    shadow = mermaid_bots.GreedyBot(number * 31 + seat + 1000)
    state = GAME.setup(GameConfig(players=players, seed=seed))
    track = [0] * (ROUNDS + 1)
    taken = [0] * (ROUNDS + 1)
    asked: Counter = Counter()
    departed: Counter = Counter()
    while not GAME.is_over(state):
        mover = GAME.to_move(state)[0]
        legal = GAME.legal_for(state, mover)
        view = GAME.view(state, mover)
        action = bots[mover].choose(GAME, view, mover, legal)
        if mover == seat and spec is not None and len(legal) > 1:
            kind = type(action).__name__
            asked[kind] += 1
            if shadow.choose(GAME, view, mover, legal) != action:
                departed[kind] += 1
        rnd = state.round
        after = GAME.apply(state, action)
        track[rnd] += after.points[seat] - state.points[seat]
        taken[rnd] += mover == seat and isinstance(action, Take)
        state = after
    parts = scoring.breakdown(state)
    totals = [b["total"] for b in parts]
    winners = GAME.winners(state)
    mine = parts[seat]
    return {
        "won": 1 / len(winners) if seat in winners else 0.0,
        "margin": totals[seat] - max(t for s, t in enumerate(totals) if s != seat),
        "track": mine["track"],
        "tribute": mine["tribute"],
        "majorities": mine["majorities"],
        "total": totals[seat],
        "totals": totals,
        "kinds": scoring.treasure_counts(state, seat),
        "round_track": track[1:],
        "round_taken": taken[1:],
        "asked": dict(asked),
        "departed": dict(departed),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="skip the first K games")
    parser.add_argument("--think-iterations", type=int, default=450)
    parser.add_argument("--variants", nargs="+", default=["greedy", "current"])
    parser.add_argument("--save", help="append a JSON line a game and version here")
    args = parser.parse_args()
    rows: dict[str, list[dict]] = {name: [] for name in args.variants}
    start = time.monotonic()
    for number in range(args.start, args.games):
        seed = args.seed + number
        for name in args.variants:
            began, cpu = time.monotonic(), time.process_time()
            own = name.partition("@")[2]
            iterations = int(own) if own else args.think_iterations
            r = play(args.players, seed, number, spec_of(name), iterations)
            r.update(
                seed=seed,
                variant=name,
                seconds=time.monotonic() - began,
                cpu=time.process_time() - cpu,
            )
            rows[name].append(r)
            print(
                f"seed {seed} {name:>12}: {'won ' if r['won'] else 'lost'} margin "
                f"{r['margin']:+3d} total {r['total']} = track {r['track']} tribute "
                f"{r['tribute']} maj {sum(r['majorities'])} {r['majorities']} kinds "
                f"{r['kinds']} per round track {r['round_track']} taken {r['round_taken']} "
                f"totals {r['totals']} ({r['seconds']:.0f} s, {r['cpu']:.0f} s CPU)",
                flush=True,
            )
            if args.save:
                with open(args.save, "a") as out:
                    out.write(json.dumps(r) + "\n")
    print(
        f"{args.games - args.start} games, seeds {args.seed + args.start}-"
        f"{args.seed + args.games - 1}, "
        f"{args.players} players, {args.think_iterations} iterations, "
        f"{(time.monotonic() - start) / 60:.1f} min"
    )
    first = args.variants[0]
    for name, rs in rows.items():
        n = len(rs)
        wins = sum(r["won"] for r in rs)
        low, high = wilson(wins, n)
        m, mlo, mhi = mean_interval([r["margin"] for r in rs])
        line = (
            f"{name:>12}: won {wins:g}/{n} [{low:.0%}, {high:.0%}] margin {m:+.1f} "
            f"[{mlo:+.1f}, {mhi:+.1f}]; track {statistics.fmean(r['track'] for r in rs):.1f} "
            f"tribute {statistics.fmean(r['tribute'] for r in rs):.1f} majorities "
            f"{statistics.fmean(sum(r['majorities']) for r in rs):.1f} treasures "
            f"{statistics.fmean(sum(r['kinds']) for r in rs):.1f}; per round track "
            + " ".join(
                f"{statistics.fmean(r['round_track'][i] for r in rs):.1f}" for i in range(ROUNDS)
            )
            + " taken "
            + " ".join(
                f"{statistics.fmean(r['round_taken'][i] for r in rs):.1f}" for i in range(ROUNDS)
            )
        )
        if name != first:
            pairs = list(zip(rs, rows[first]))
            d, dlo, dhi = mean_interval([a["margin"] - b["margin"] for a, b in pairs])
            better = sum(a["won"] > b["won"] for a, b in pairs)
            worse = sum(a["won"] < b["won"] for a, b in pairs)
            line += f"; vs {first}: better {better}, worse {worse}, margin {d:+.1f} [{dlo:+.1f}, {dhi:+.1f}]"
        asked: Counter = Counter()
        departed: Counter = Counter()
        for r in rs:
            asked.update(r["asked"])
            departed.update(r["departed"])
        if asked:
            line += f"; CPU a game {statistics.fmean(r.get('cpu', 0.0) for r in rs):.0f} s"
            line += "; departs " + ", ".join(f"{k} {departed[k]}/{asked[k]}" for k in sorted(asked))
        print(line)


if __name__ == "__main__":
    main()
