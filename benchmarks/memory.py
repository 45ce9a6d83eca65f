"""Memory over a whole game played by bots through the app's game screen, and
over the same game played into a Match alone.

    python benchmarks/memory.py [GAME ...] [--every K] [--no-tracemalloc] [--seed S]
                                [--timeout S] [--engine-only] [--top N [--frames F]]

Each game runs in Textual's ``run_test`` at 80x24 with every seat a greedy
bot (``bot_delay=0``: the screen's own bot timer plays, and the screen redraws
after every action as it does for a person).  Every K actions the script
collects garbage and samples tracemalloc's current size and the process RSS.
It prints the samples, the growth from the first sample after the first
Moonlighter dungeon (the first sample for the other games) to the end, and the
growth per action.  A Moonlighter campaign is 2,376 actions (seed 1) and the
screen needs minutes for it, so each game stops after --timeout seconds
(default 75) and the growth is also projected over the whole game (its length
found by replaying the same bots without the app); --timeout 900 plays it to
the end.

Then, engine only (a few seconds; alone with --engine-only): tracemalloc over
playing the same whole game into a Match (what the Match keeps: actions, log
lines, and the states held for undo and replays: checkpoints and recent
moves), the number of states it holds, and the cost of stepping back through
every state as the replay screen does.

With --top N it lists the N places where the traced memory grew most between
the baseline and the end (the results window closed); --frames F (with --top)
records F frames per allocation and groups by the whole traceback, which shows
who made what stays (slower: tracemalloc then walks F frames per allocation).

Target (issue 8): memory flat over a whole game: growth under 2 MiB over a
greedy Moonlighter campaign; the Match's own share well under that.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import time
import tracemalloc

TARGET_MIB = 2.0
MIB = 1024 * 1024

# game id -> (players, label)
GAMES = {  # the short games first: the process keeps what a long game leaked
    "shifting-stones": (2, "Shifting Stones 2p, both greedy"),
    "moonshell": (2, "Moonshell 2p, both greedy"),
    "moonlighter": (1, "Moonlighter campaign, seat 1 greedy"),
}


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def sample(trace: bool) -> tuple[int, int]:
    gc.collect()
    return (tracemalloc.get_traced_memory()[0] if trace else 0), rss()


async def play(
    game_id: str, seed: int, every: int, trace: bool, timeout: float, top: int = 0, frames: int = 1
) -> dict:
    from tideboard.engine.core import GameConfig
    from tideboard.ui.app import TideboardApp

    players, _ = GAMES[game_id]
    app = TideboardApp(
        theme=None,
        game_id=game_id,
        config=GameConfig(players=players, seed=seed),
        bots={seat: "greedy" for seat in range(players)},
        bot_delay=0,
    )
    samples: list[tuple[int, int, int]] = []  # (actions, traced, rss)
    baseline_at: int | None = None
    snapshots: list = []  # with --top: at the baseline sample and at the end
    closed = None  # the sample after the game, its results window closed
    start = time.perf_counter()
    async with app.run_test(size=(80, 24)) as pilot:
        while not hasattr(app.screen, "match"):
            await pilot.pause()
        screen = app.screen
        game = screen.match.game
        first_dungeon = getattr(screen.match.state, "dungeon", None)
        next_sample = 0
        last_progress, last_count = time.perf_counter(), -1
        while True:
            await asyncio.sleep(0.005)  # the bot timer fires; the screen redraws
            match = screen.match
            count = len(match.states) - 1
            over = game.is_over(match.state)
            if count >= next_sample or over:
                await pilot.pause()
                samples.append((count, *sample(trace)))
                next_sample = (count // every + 1) * every
                if top and trace and (len(samples) - 1 == (baseline_at or 0) or over):
                    snapshots.append(tracemalloc.take_snapshot())
            if (
                baseline_at is None
                and first_dungeon is not None
                and getattr(match.state, "dungeon", first_dungeon) != first_dungeon
            ):
                baseline_at = len(samples)  # the next sample is after the first dungeon
            if over:
                # the results window closed (Esc) and the notices gone: what the
                # finished game keeps, without the one-off window
                await pilot.press("escape")
                app.clear_notifications()
                await pilot.pause()
                closed = (count, *sample(trace))
                if top and trace:
                    snapshots.append(tracemalloc.take_snapshot())
                break
            if count != last_count:
                last_progress, last_count = time.perf_counter(), count
            elif time.perf_counter() - last_progress > 10:
                print(f"  WARNING: {game_id}: no bot action for 10 s at action {count}; stopped")
                break
            if time.perf_counter() - start > timeout:
                print(f"  WARNING: {game_id}: stopped after {timeout:.0f} s at action {count}")
                if top and trace and baseline_at is not None:  # --top: up to here
                    await pilot.pause()
                    gc.collect()
                    snapshots.append(tracemalloc.take_snapshot())
                break
    if len(snapshots) >= 2:
        print(f"  where the memory grew from the baseline to the end (top {top}):")
        # the first snapshot is the baseline's; the last, the end's with the window
        # closed (or where --timeout stopped the game)
        key = "traceback" if frames > 1 else "lineno"
        grown = sorted(
            snapshots[-1].compare_to(snapshots[0], key),
            key=lambda stat: stat.size_diff,
            reverse=True,
        )
        for stat in grown[:top]:
            print(
                f"    {stat.size_diff / 1024:+8.1f} KiB {stat.count_diff:+7d} blocks  "
                f"{stat.traceback[-1]}"
            )  # where it was allocated
            for frame in reversed(list(stat.traceback)[:-1]):  # its callers, with --frames
                print(f"        from {frame}")
    return {
        "samples": samples,
        "baseline": baseline_at or 0,
        "closed": closed,
        "seconds": time.perf_counter() - start,
        "over": over,
    }


def greedy_game(game_id: str, seed: int, game=None):
    """The same bots' game played into a Match without the app (``game``: the
    game object to play with, the registry's by default)."""
    from tideboard.engine import registry
    from tideboard.engine.bots import make_bot
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match

    game = game or registry.load(game_id)
    players, _ = GAMES[game_id]
    match = Match.start(game, GameConfig(players=players, seed=seed))
    # seeded as the game screen seeds its bots (GameScreen.__init__)
    bots = {seat: make_bot(game, "greedy", seed=seed * 97 + seat) for seat in range(players)}
    while not game.is_over(match.state):
        seat = game.to_move(match.state)[0]
        match = match.play(
            bots[seat].choose(
                game, game.view(match.state, seat), seat, game.legal_actions(match.state)
            )
        )
    return match


def engine_memory(game_id: str, seed: int) -> dict:
    """tracemalloc over playing the whole greedy game into a Match, twice (the
    first also fills the rules' and bots' one-time caches; the second is what
    the Match itself keeps), then over stepping back through every state as
    the replay screen does."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        figures = {}
        for run in ("cold", "warm"):
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            t0 = time.perf_counter()
            match = greedy_game(game_id, seed)
            seconds = time.perf_counter() - t0
            gc.collect()
            figures[run] = tracemalloc.get_traced_memory()[0] - before
            if run == "cold":
                del match
        moves = len(match.actions)
        kept = match.kept_states()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for back in range(moves + 1):  # the replay screen: End, then Left to the start
            match.undo(back).state
        gc.collect()
        after_steps = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    try:  # the same steps timed without tracemalloc, on a fresh copy of the game
        match = greedy_game(game_id, seed)
        t0 = time.perf_counter()
        for back in range(moves + 1):
            match.undo(back).state
        step = (time.perf_counter() - t0) / (moves + 1)
    finally:
        if not started:
            tracemalloc.start()  # as the caller had it
    return {
        "moves": moves,
        "cold": figures["cold"],
        "warm": figures["warm"],
        "seconds": seconds,
        "kept": kept,
        "kept_after": match.kept_states(),
        "step": step,
        "after_steps": after_steps,
    }


def report_engine(game_id: str, figures: dict) -> None:
    from tideboard.engine.match import CHECKPOINT_EVERY

    _, label = GAMES[game_id]
    moves = figures["moves"]
    print(f"{label}, engine only (a Match, no app): {moves} actions in {figures['seconds']:.1f} s")
    verdict = ""
    if game_id == "moonlighter":
        ok = figures["warm"] / MIB < TARGET_MIB / 2
        verdict = f" ({'ok' if ok else 'ABOVE'}: well under the {TARGET_MIB} MiB target)"
    print(
        f"  the Match after the whole game: {figures['warm'] / MIB:+.2f} MiB "
        f"= {figures['warm'] / 1024 / max(1, moves):+.2f} KiB/action{verdict}"
    )
    print(
        f"    (the first game played, the rules' one-time caches included: "
        f"{figures['cold'] / MIB:+.2f} MiB)"
    )
    print(
        f"  states held: {figures['kept']} of {moves + 1} (a checkpoint every "
        f"{CHECKPOINT_EVERY} moves, the last {CHECKPOINT_EVERY}-{2 * CHECKPOINT_EVERY - 1} "
        "moves)"
    )
    print(
        f"  stepping back through every state (the replay screen): "
        f"{figures['step'] * 1e6:.0f} us/step; then {figures['kept_after']} states held, "
        f"{figures['after_steps'] / 1024:+.0f} KiB more"
    )


def game_length(game_id: str, seed: int) -> int:
    """Actions in the same bots' game played without the app."""
    return len(greedy_game(game_id, seed).actions)


def report(game_id: str, result: dict, trace: bool, length: int) -> None:
    _, label = GAMES[game_id]
    samples = result["samples"]
    base = samples[min(result["baseline"], len(samples) - 1)]
    end = samples[-1]
    actions = max(1, end[0] - base[0])
    where = (
        "after the first dungeon"
        if game_id == "moonlighter" and result["baseline"]
        else "at the first sample"
    )
    print(
        f"{label}: {end[0]} actions in {result['seconds']:.1f} s"
        f"{'' if result['over'] else ' (NOT finished)'}"
    )
    print("  actions  " + ("traced MiB  " if trace else "") + "RSS MiB")
    step = max(1, len(samples) // 12)
    for i, (count, traced, resident) in enumerate(samples):
        if i % step == 0 or i == len(samples) - 1 or i == result["baseline"]:
            mark = "  <- baseline" if i == min(result["baseline"], len(samples) - 1) else ""
            print(
                f"  {count:7d}  "
                + (f"{traced / MIB:10.2f}  " if trace else "")
                + f"{resident / MIB:7.1f}{mark}"
            )
    closed = result.get("closed")
    if closed is not None:
        print(
            f"  {closed[0]:7d}  "
            + (f"{closed[1] / MIB:10.2f}  " if trace else "")
            + f"{closed[2] / MIB:7.1f}  <- the results window closed (Esc), notices gone"
        )
    for name, index in (("traced", 1), ("RSS", 2)):
        if name == "traced" and not trace:
            continue
        growth = (end[index] - base[index]) / MIB
        last = closed if closed is not None else end
        kept = (last[index] - base[index]) / MIB
        verdict = ""
        if game_id == "moonlighter":
            verdict = f" ({'ok' if kept < TARGET_MIB else 'ABOVE'} target < {TARGET_MIB} MiB)"
        if closed is not None:
            print(
                f"  growth {where} to the end with the results window up, {name}: {growth:+.2f} MiB"
            )
        print(
            f"  growth {where} to the end of the game, {name}: {kept:+.2f} MiB over "
            f"{actions} actions = {(last[index] - base[index]) / 1024 / actions:+.1f} "
            f"KiB/action{verdict}"
        )
        if not result["over"]:
            projected = (end[index] - base[index]) / actions * (length - base[0]) / MIB
            print(f"    projected over the whole game ({length} actions): {projected:+.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all three)")
    parser.add_argument("--every", type=int, default=50, help="sample every K actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-tracemalloc",
        dest="trace",
        action="store_false",
        help="RSS only (tracemalloc slows Python down about 2x)",
    )
    parser.add_argument("--timeout", type=float, default=75, help="seconds per game at most")
    parser.add_argument(
        "--top", type=int, default=0, help="with tracemalloc: the N places where memory grew most"
    )
    parser.add_argument(
        "--frames",
        type=int,
        default=1,
        help="with --top: frames kept per allocation, grouped by traceback",
    )
    parser.add_argument(
        "--engine-only", action="store_true", help="only the Match, without the app (a few seconds)"
    )
    args = parser.parse_args()
    os.environ.setdefault("TIDEBOARD_DATA_DIR", "/tmp/td-bench-memory")
    if args.trace:
        tracemalloc.start(max(1, args.frames))
    for game_id in args.games or list(GAMES):
        if game_id not in GAMES:
            sys.exit(f"unknown game {game_id!r}; choose from {', '.join(GAMES)}")
        if not args.engine_only:
            result = asyncio.run(
                play(
                    game_id, args.seed, args.every, args.trace, args.timeout, args.top, args.frames
                )
            )
            report(game_id, result, args.trace, game_length(game_id, args.seed))
        report_engine(game_id, engine_memory(game_id, args.seed))


if __name__ == "__main__":
    main()
