"""Engine speed: random legal playouts, applied actions per second.

Each step generates the legal actions, picks one at random and applies it,
so the figure includes move generation.  Runs on one core.

    python benchmarks/engine_speed.py [GAME ...] [--seconds S] [--cpu] [--only TEXT]

``--cpu`` adds actions per CPU-second of this process (``time.process_time``),
steadier than the wall-clock figure while other work shares the machine; the
targets are checked against the wall-clock figure.  ``--only`` measures only
the lines whose label contains TEXT (e.g. ``--only solo``).

A game with modes (Moonshell) is also measured in each mode, both power
sides, at two players and solo, each beside the plain game's figure at the
same table from the same run (the machine is shared, so that ratio is the
steadier comparison).

Targets (actions/s on these machines): shifting-stones 20,000,
moonshell 40,000 (issue #11, every mode), moonlighter 20,000, mermaid-rain 40,000,
animal-splash 50,000.
"""

from __future__ import annotations

import argparse
import random
import time

from tideboard.engine import registry
from tideboard.engine.core import GameConfig

TARGETS = {
    "shifting-stones": 20_000,
    "moonshell": 40_000,
    "moonlighter": 20_000,
    "mermaid-rain": 40_000,
    "animal-splash": 50_000,
}


def measure(
    game_id: str,
    players: int | None,
    solo: bool,
    seconds: float,
    variant: str = "standard",
    options=(),
) -> tuple[float, int, int, float]:
    """(actions/s, actions, games finished, actions per CPU-second)."""
    game = registry.load(game_id)
    info = game.info
    n_players = 1 if solo else (players or info.min_players)
    rnd = random.Random(1)
    actions = games = 0
    seed = 0

    def config(seed: int) -> GameConfig:
        return GameConfig(players=n_players, solo=solo, seed=seed, variant=variant, options=options)

    state = game.setup(config(seed))
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(200):
            if game.is_over(state):
                games += 1
                seed += 1
                state = game.setup(config(seed))
            state = game.apply(state, rnd.choice(game.legal_actions(state)))
            actions += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return actions / elapsed, actions, games, actions / cpu if cpu > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every playable game)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="also report actions per CPU-second (steadier on a busy machine)",
    )
    parser.add_argument(
        "--only",
        default="",
        metavar="TEXT",
        help="measure only the lines whose label contains TEXT",
    )
    args = parser.parse_args()
    ids = args.games or [g for g in registry.GAMES if registry.is_available(g)]
    for game_id in ids:
        info = registry.get_info(game_id)
        tables = [(p, False) for p in range(info.min_players, info.max_players + 1)]
        if info.solo:
            tables.append((1, True))
        target = TARGETS.get(game_id)

        def verdict(rate: float) -> str:
            return (
                "" if target is None else (" ok" if rate >= target else f" BELOW target {target:,}")
            )

        def cpu_note(cpu_rate: float) -> str:
            return f", {cpu_rate:,.0f} per CPU-second" if args.cpu else ""

        plain = {}
        for players, solo in tables:
            label = "solo" if solo else f"{players}p"
            first = solo not in plain  # the first (fewest players) table: the ratios' base
            if args.only and args.only not in label and not first:
                continue
            rate, actions, games, cpu_rate = measure(game_id, players, solo, args.seconds)
            if first:
                plain[solo] = rate
                if args.only and args.only not in label:
                    continue
            print(
                f"{game_id:<16} {label:>4}: {rate:>10,.0f} actions/s "
                f"({actions:,} actions, {games} games finished{cpu_note(cpu_rate)})"
                f"{verdict(rate)}"
            )
        # a game with modes: each mode (2 players, and solo), both power sides
        for variant in info.variants[1:] if info.options else ():
            sides = (
                ((), (("powers", "active"),))
                if "powers" in info.preset(variant) and info.preset(variant)["powers"] != "none"
                else ((),)
            )
            for options in sides:
                for players, solo in ((info.min_players, False), (1, True))[: 1 + info.solo]:
                    label = f"{variant}{' active' if options else ''} {'solo' if solo else f'{players}p'}"
                    if args.only and args.only not in label:
                        continue
                    rate, actions, games, cpu_rate = measure(
                        game_id, players, solo, args.seconds, variant, options
                    )
                    print(
                        f"{game_id:<16} {label:>18}: {rate:>10,.0f} actions/s "
                        f"({actions:,} actions, {games} games finished, "
                        f"{rate / plain[solo]:.2f} of standard{cpu_note(cpu_rate)})"
                        f"{verdict(rate)}"
                    )


if __name__ == "__main__":
    main()
