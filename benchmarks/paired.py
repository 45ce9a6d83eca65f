"""Versions of a game's expert paired on the same games, one among greedy bots (issue #21).

What ``expert_variants.py`` (any game), ``animal_splash_expert.py`` and
``moonshell_expert.py`` share: the games are ``bots.py``'s (game ``number`` has
seed ``S + number``, the variant in seat ``number % players``, bot ``s`` seeded
``number * 31 + s``), so ``current`` replays ``bots.py --only "<Game> <players>p"
--think-iterations N``'s games; every variant plays a game before the next game
starts, so a run cut short is still paired.

A variant is ``current`` (the game's ``EXPERT``), ``greedy`` (the greedy bot in the
seat: how a seat does that plays as the others do), a name the tool gives, or
``FIELD=VALUE`` changes of the current Spec (several, applied in order:
``scale=12,rank=0.5``; ``none`` for a field's None: ``horizon_factor=none``; a
dotted field for a group's: ``tree.depth=none``; a named
variant among them is the base the later changes apply to); a tail ``@N`` is the variant's own iterations a move.

A line a game per variant (won, a shared win's share, or lost; the rank; the
margin over the best other; the seat's points by source where the tool counts
them; every seat's points; the CPU seconds a move); at the end, per variant, the
games won with Wilson's interval, the mean rank, the mean margin with its
interval, the points by source and the CPU a move, and against the first variant
the games won and lost where they differ and the margin's mean difference paired
by game.  ``--save FILE`` appends a JSON line a game and variant as it comes;
``--against FILE`` pairs a saved run with this run's first variant (with ``--games
0``: the later files against the first), ``FILE:VARIANT`` one of its variants
(else its first).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from intervals import mean_interval, wilson

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import ExpertBot, Spec
from tideboard.engine.simulate import play_out

Seat = Callable[[int, int], Any]  # (the bot's seed, iterations a move) -> the bot
Parts = Callable[[Any, int], dict[str, float]]  # (the final state, seat) -> points by source


def expert_seat(spec: Spec) -> Seat:
    return lambda seed, iterations: ExpertBot(seed, spec=spec, iterations=iterations)


@attrs.frozen
class Variants:
    """How a tool's variant names become the bot in the seat."""

    game: Any
    expert: Spec
    named: dict[str, Callable[[], Spec | None]] = attrs.field(factory=dict)
    values: dict[str, Callable[[str], Any]] = attrs.field(factory=dict)  # a field's VALUE
    custom: Callable[[str], Seat | None] = lambda name: None  # a bot that is no Spec

    def seat(self, name: str) -> Seat:
        base = name.partition("@")[0]
        own = self.custom(base)
        if own is not None:
            return own
        named = {"current": lambda: self.expert, "greedy": lambda: None, **self.named}
        if base in named:
            spec = named[base]()
            if spec is None:
                return lambda seed, iterations: make_bot(self.game, "greedy", seed)
            return expert_seat(spec)
        spec = self.expert
        for change in base.split(","):
            if change in named:
                start = named[change]()
                assert start is not None, f"{change} is no Spec to change"
                spec = start
                continue
            spec = changed(spec, change, self.values)
        return expert_seat(spec)


def changed(spec: Any, change: str, values: dict[str, Callable[[str], Any]] | None = None) -> Any:
    """``spec`` with one ``FIELD=VALUE`` change: ``none`` for None (a hook or a limit
    left out), else VALUE converted by ``values[FIELD]`` or as the field's type; a
    dotted FIELD changes a field of a group (``tree.depth=none``)."""
    field, _, value = change.partition("=")
    group, _, inner = field.partition(".")
    if inner:
        return attrs.evolve(spec, **{group: changed(getattr(spec, group), f"{inner}={value}")})
    if value == "none":
        return attrs.evolve(spec, **{field: None})
    convert = (values or {}).get(field, type(getattr(spec, field)))
    return attrs.evolve(spec, **{field: convert(value)})


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
    game: Any,
    players: int,
    seed: int,
    number: int,
    seat_bot: Seat,
    iterations: int,
    parts: Parts | None = None,
) -> dict[str, Any]:
    """One game, the variant's bot in seat ``number % players``: its row."""
    seat = number % players
    timed = Timed(seat_bot(number * 31 + seat, iterations))
    chosen = [
        timed if s == seat else make_bot(game, "greedy", number * 31 + s) for s in range(players)
    ]
    state, _ = play_out(game, game.setup(GameConfig(players=players, seed=seed)), chosen)
    totals = list(game.scores(state))
    winners = game.winners(state)
    return {
        "seed": seed,
        "seat": seat,
        "won": 1 / len(winners) if seat in winners else 0.0,
        "margin": totals[seat] - max(t for s, t in enumerate(totals) if s != seat),
        "rank": 1 + sum(1 for t in totals if t > totals[seat]),
        "parts": parts(state, seat) if parts is not None else {},
        "totals": totals,
        "cpu": timed.cpu / max(1, timed.moves),
    }


def line(name: str, row: dict[str, Any]) -> str:
    won = row["won"]
    outcome = "won " if won == 1 else "lost" if not won else f"won {won:.2g}"
    parts = f" {row['parts']}" if row["parts"] else ""
    return (
        f"seed {row['seed']} seat {row['seat']} {name:>14}: {outcome} margin "
        f"{row['margin']:+3d} rank {row['rank']}{parts} totals {row['totals']} "
        f"cpu {row['cpu']:.3f}"
    )


def summary(name: str, rows: Sequence[dict[str, Any]]) -> str:
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, n)
    mean, mlow, mhigh = mean_interval([r["margin"] for r in rows])
    means = [f"{k} {statistics.fmean(r['parts'][k] for r in rows):.2f}" for k in rows[0]["parts"]]
    parts = "; " + " ".join(means) if means else ""
    return (
        f"{name:>14}: won {wins:g}/{n} {wins / n:.1%} [{low:.0%}, {high:.0%}]; "
        f"rank {statistics.fmean(r['rank'] for r in rows):.2f}; margin {mean:+.2f} "
        f"[{mlow:+.2f}, {mhigh:+.2f}]{parts}; "
        f"cpu a move {statistics.fmean(r['cpu'] for r in rows):.3f} s"
    )


def compared(first: str, rows: dict[int, dict], other: str, theirs: dict[int, dict]) -> str:
    """``other``'s games against ``first``'s where both played the seed."""
    seeds = sorted(set(rows) & set(theirs))
    if not seeds:
        return f"{other} vs {first}: no games in common"
    gained = sum(1 for s in seeds if theirs[s]["won"] > rows[s]["won"])
    lost = sum(1 for s in seeds if theirs[s]["won"] < rows[s]["won"])
    won_first, won_other = (sum(x[s]["won"] for s in seeds) for x in (rows, theirs))
    text = (
        f"{other} vs {first} on {len(seeds)} games: won {won_other:g} to {won_first:g} "
        f"(gained {gained}, lost {lost}); rank "
        f"{statistics.fmean(theirs[s]['rank'] for s in seeds):.2f} to "
        f"{statistics.fmean(rows[s]['rank'] for s in seeds):.2f}"
    )
    if len(seeds) > 1:
        d, dlow, dhigh = mean_interval([theirs[s]["margin"] - rows[s]["margin"] for s in seeds])
        text += f"; margin {d:+.2f} [{dlow:+.2f}, {dhigh:+.2f}]"
    return text


def load(path: str) -> dict[int, dict]:
    """A saved run's games by seed: ``FILE:VARIANT`` that variant's, else the first
    variant's in the file."""
    name = None
    if not os.path.exists(path):
        path, _, name = path.rpartition(":")
    with open(path) as f:
        rows = [json.loads(text) for text in f]
    if name is None and rows:
        name = rows[0].get("variant")
    return {row["seed"]: row for row in rows if row.get("variant") == name}


def main(
    doc: str,
    game_id: str | None = None,
    variants: Callable[[Any], Variants] | None = None,
    parts: Parts | None = None,
    iterations: int = 100,
    argv: Sequence[str] | None = None,
) -> None:
    """A tool's command line: ``game_id`` None takes the game as the first argument;
    ``variants(game)`` the tool's names (else the game's ``EXPERT`` and fields)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if game_id is None:
        parser.add_argument("game", help="a game's id, e.g. shifting-stones")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20, help="the last game's number + 1")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--start", type=int, default=0, help="skip the first K games")
    parser.add_argument("--think-iterations", type=int, default=iterations, help="a move")
    parser.add_argument("--variants", "--variant", nargs="+", default=["current", "greedy"])
    parser.add_argument("--save", help="a JSON line a game to this file (appended)")
    parser.add_argument("--against", nargs="*", default=[], help="saved runs to pair")
    args = parser.parse_args(argv)
    if args.against and not args.games:
        first = load(args.against[0])
        for other in args.against[1:]:
            print(compared(args.against[0], first, other, load(other)))
        return
    game_id = game_id or args.game
    game = registry.load(game_id)
    if variants is None:
        bots = importlib.import_module(f"tideboard.games.{game_id.replace('-', '_')}.bots")
        names = Variants(game, bots.EXPERT)
    else:
        names = variants(game)
    seats = {name: names.seat(name) for name in args.variants}
    results: dict[str, dict[int, dict]] = {name: {} for name in seats}
    start = time.monotonic()
    for number in range(args.start, args.games):
        seed = args.seed + number
        for name, seat_bot in seats.items():
            own = iterations_of(name, args.think_iterations)
            row = play(game, args.players, seed, number, seat_bot, own, parts)
            results[name][seed] = row
            if args.save:
                with open(args.save, "a") as f:
                    f.write(json.dumps({**row, "variant": name}) + "\n")
            print(line(name, row), flush=True)
    minutes = (time.monotonic() - start) / 60
    print(
        f"{args.games - args.start} games, seeds {args.seed + args.start}-"
        f"{args.seed + args.games - 1}, {args.think_iterations} iterations, {minutes:.1f} min"
    )
    first = args.variants[0]
    for name, rows in results.items():
        if rows:
            print(summary(name, list(rows.values())))
            if name != first:
                print("  " + compared(first, results[first], name, rows))
    for other in args.against:
        print(compared(other, load(other), first, results[first]))
