"""Moonshell's expert among greedy bots, versions paired on the same games (issue #21).

    python benchmarks/moonshell_expert.py [--players 4] [--games N] [--seed S]
        [--think-iterations N] [--variant current | greedy | FIELD=VALUE,...]
        [--save FILE] [--against FILE ...]

One variant a run: each game as ``bots.py --only "Moonshell 4p" --verbose`` plays
it (the same seeds, the variant's seat going round, every bot seeded the same), so
the games differ only by what the variant chooses.  A line a game (won, a shared
win's share, or lost; the margin over the best other, the rank, the seat's points
by source, every seat's total, the CPU seconds a move); at the end the games won
with Wilson's interval, the mean rank, the mean margin with its interval and the
points by source.  ``--save`` writes each game's result as it comes (JSON lines,
so a run cut short still tells something); ``--against`` pairs the saved runs on
the games both played: the games won by each, and the margin's mean difference
with its interval.

Variants: ``current`` (``bots.EXPERT``: at three or four players the table plan,
``games/moonshell/table.py``), ``search`` (the search with random playouts the
table plan replaced there), ``greedy`` (the greedy bot in the seat: how a seat
scores when it plays as the others do), ``planner`` / ``planner=SHARE`` (greedy
planning its turn, without the outlook / with the table's outlook, its chances
as if the turns left were SHARE times as many; ``planner=1,later=0.1,deny=0.3``: a
tile left on its rocks at the turn's end worth 0.1 of its gain, less 0.3 of what the
next seat's rocks bring it), the named ones in ``VARIANTS``,
or ``FIELD=VALUE`` changing the current Spec's fields (``search,horizon=12,scale=8``:
the search's); a tail ``@N`` is the variant's own iterations a move.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import attrs
from intervals import mean_interval, wilson

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot, Spec, bot_policy
from tideboard.games.moonshell import bots, outlook, rules, scoring, solo, table
from tideboard.games.moonshell.content import EMPTY
from tideboard.games.moonshell.state import PLAY


def scaled_outlook(view: Any, seat: int, share: float) -> outlook.Outlook:
    """The table's outlook (``table.table_outlook``) with its chances as if the turns
    left were ``share`` times as many (below 1: the others take tiles too)."""
    return outlook.Outlook(view, seat, turns=table.turns_left(view) * share)


class PlannerBot(bots.GreedyBot):
    """Greedy that plans its whole turn in multiplayer too (``solo.best_action``:
    every sequence of its actions left, the end rated by greedy's rating; with
    ``share`` set, the pattern cards by the outlook at the table, scaled): what
    ``bots.plan`` does at three or four players, as a bot (``planner``,
    ``planner=1``) and as the search's favourite (``plan-prior``, ``plan1-prior``)."""

    def __init__(self, seed: int | None = None, share: float | None = None) -> None:
        super().__init__(seed)
        self.share = share
        self.deny = 0.0  # less this share of what the next seat's rocks bring it

    def evaluate(self, state: Any, seat: int, cache: dict) -> float:
        value = super().evaluate(state, seat, cache)
        if self.deny and not state.over and state.current == seat and not state.actions_left:
            following = (seat + 1) % state.players
            theirs = cache.setdefault(("seat", following), {})
            look, self.outlook = self.outlook, None
            try:
                gains = [
                    self._tile_gain(state, following, t, theirs)
                    for t in rules.seat_rocks(state, following)
                    if t != EMPTY
                ]
            finally:
                self.outlook = look
            value -= self.deny * sum(max(0.0, g) for g in gains)
        return value

    def choose(self, game: Any, view: Any, seat: int, legal: Any) -> Any:
        if view.phase == PLAY and view.current == seat and not view.over and not view.solo:
            if self.share is not None:
                self.outlook = scaled_outlook(view, seat, self.share)
            try:
                return solo.best_action(self, view, seat, list(legal), self.random.choice)
            finally:
                self.outlook = None
        return super().choose(game, view, seat, legal)


SOURCES = ("composition", "array", "secret", "pair", "trove", "collector", "urchins", "moonshell")

VARIANTS: dict[str, Callable[[], Spec | None]] = {
    "current": lambda: bots.EXPERT,
    "greedy": lambda: None,
    "planner": lambda: None,
    "search": lambda: attrs.evolve(bots.EXPERT, decide=bots.solo_plan),
    # the search, its favourite greedy's turn plan (without / with the table's outlook)
    "plan-prior": lambda: attrs.evolve(
        bots.EXPERT, decide=bots.solo_plan, prior=bot_policy(PlannerBot())
    ),
    "plan1-prior": lambda: attrs.evolve(
        bots.EXPERT, decide=bots.solo_plan, prior=bot_policy(PlannerBot(share=1.0))
    ),
}


def variant(name: str) -> Spec | None:
    name = name.partition("@")[0]
    if name.startswith("planner"):
        return None
    if name in VARIANTS:
        return VARIANTS[name]()
    spec = bots.EXPERT
    for change in name.split(","):
        if change in VARIANTS:
            base = VARIANTS[change]()
            assert base is not None
            spec = base
            continue
        field, _, value = change.partition("=")
        if field == "policy":
            spec = attrs.evolve(spec, policy=POLICIES[value]())
        else:
            spec = attrs.evolve(spec, **{field: type(getattr(spec, field))(value)})
    return spec


POLICIES: dict[str, Callable[[], Any]] = {
    "random": lambda: None,
    "greedy": lambda: bot_policy(bots.GreedyBot()),
    "planner": lambda: bot_policy(PlannerBot()),
}


def iterations_of(name: str, default: int) -> int:
    _, _, own = name.partition("@")
    return int(own) if own else default


class Timed:
    """A bot whose moves' CPU time is counted."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.cpu, self.moves = bot, 0.0, 0

    def choose(self, game: Any, view: Any, seat: int, legal: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(game, view, seat, legal)
        self.cpu += time.process_time() - start
        self.moves += 1
        return action


def play(
    game: Any, players: int, seed: int, number: int, name: str, spec: Spec | None, iterations: int
):
    seat = number % players
    if spec is not None:
        bot: Any = ExpertBot(number * 31 + seat, spec=spec, iterations=iterations)
    elif name.partition("@")[0].startswith("planner"):
        # planner[=SHARE][,later=X][,deny=Y]: X a tile left on the rocks at the
        # turn's end, Y of what the next seat's rocks bring it taken off
        first, *rest = name.partition("@")[0].split(",")
        _, _, share = first.partition("=")
        bot = PlannerBot(number * 31 + seat, float(share) if share else None)
        for change in rest:
            field, _, value = change.partition("=")
            assert field in ("later", "deny"), change
            setattr(bot, "later_share" if field == "later" else field, float(value))
    else:
        bot = make_bot(game, "greedy", number * 31 + seat)
    timed = Timed(bot)
    chosen = [
        timed if s == seat else make_bot(game, "greedy", number * 31 + s) for s in range(players)
    ]
    state = game.setup(GameConfig(players=players, seed=seed))
    while not game.is_over(state):
        mover = game.to_move(state)[0]
        legal = game.legal_for(state, mover)
        state = game.apply(state, chosen[mover].choose(game, game.view(state, mover), mover, legal))
    totals = list(game.scores(state))
    winners = game.winners(state)
    parts = scoring.breakdown(state, seat)
    return {
        "seed": seed,
        "seat": seat,
        "won": 1 / len(winners) if seat in winners else 0.0,
        "margin": totals[seat] - max(t for s, t in enumerate(totals) if s != seat),
        "rank": 1 + sum(1 for t in totals if t > totals[seat]),
        "parts": {k: parts[k] for k in SOURCES},
        "totals": totals,
        "cpu": timed.cpu / max(1, timed.moves),
    }


def summary(name: str, rows: list[dict]) -> str:
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, n)
    mean, mlow, mhigh = mean_interval([r["margin"] for r in rows])
    parts = " ".join(f"{k} {statistics.fmean(r['parts'][k] for r in rows):.2f}" for k in SOURCES)
    return (
        f"{name}: won {wins:g}/{n} {wins / n:.1%} [{low:.0%}, {high:.0%}]; "
        f"rank {statistics.fmean(r['rank'] for r in rows):.2f}; margin {mean:+.2f} "
        f"[{mlow:+.2f}, {mhigh:+.2f}]; {parts}; "
        f"cpu a move {statistics.fmean(r['cpu'] for r in rows):.3f} s"
    )


def load(path: str) -> dict[int, dict]:
    with open(path) as f:
        return {row["seed"]: row for row in map(json.loads, f)}


def paired(first: str, other: str) -> str:
    a, b = load(first), load(other)
    seeds = sorted(set(a) & set(b))
    if not seeds:
        return f"{other} vs {first}: no games in common"
    diffs = [b[s]["margin"] - a[s]["margin"] for s in seeds]
    d, dlow, dhigh = mean_interval(diffs)
    gained = sum(1 for s in seeds if b[s]["won"] > a[s]["won"])
    lost = sum(1 for s in seeds if b[s]["won"] < a[s]["won"])
    wa, wb = (sum(x[s]["won"] for s in seeds) for x in (a, b))
    return (
        f"{other} vs {first} on {len(seeds)} games: won {wb:g} to {wa:g} "
        f"(gained {gained}, lost {lost}); margin {d:+.2f} [{dlow:+.2f}, {dhigh:+.2f}]; "
        f"rank {statistics.fmean(b[s]['rank'] for s in seeds):.2f} to "
        f"{statistics.fmean(a[s]['rank'] for s in seeds):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--start", type=int, default=0, help="skip the first K games")
    parser.add_argument("--think-iterations", type=int, default=500, help="a move")
    parser.add_argument("--variant", default="current")
    parser.add_argument("--save", help="a JSON line a game to this file (appended)")
    parser.add_argument("--against", nargs="*", default=[], help="saved runs to pair")
    args = parser.parse_args()
    if args.against and not args.games:
        for other in args.against[1:]:
            print(paired(args.against[0], other))
        return
    game = registry.load("moonshell")
    spec = variant(args.variant)
    iterations = iterations_of(args.variant, args.think_iterations)
    rows = []
    start = time.monotonic()
    for number in range(args.start, args.games):
        seed = args.seed + number
        row = play(game, args.players, seed, number, args.variant, spec, iterations)
        rows.append(row)
        if args.save:
            with open(args.save, "a") as f:
                f.write(json.dumps(row) + "\n")
        won = row["won"]
        print(
            f"seed {seed} seat {row['seat']}: "
            f"{'won ' if won == 1 else 'lost' if not won else f'won {won:.2g}'} "
            f"margin {row['margin']:+3d} rank {row['rank']} {row['parts']} "
            f"totals {row['totals']} cpu {row['cpu']:.3f}",
            flush=True,
        )
    minutes = (time.monotonic() - start) / 60
    print(f"{len(rows)} games, {args.variant} at {iterations} iterations, {minutes:.1f} min")
    if rows:
        print(summary(args.variant, rows))
    for other in args.against:
        if args.save:
            print(paired(other, args.save))


if __name__ == "__main__":
    main()
