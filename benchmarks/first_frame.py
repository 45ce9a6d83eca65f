"""Time to first frame: the picker and each game screen against a bare Textual app.

    python benchmarks/first_frame.py [--runs N]

Each measurement is a fresh Python process (``python first_frame.py --child
TARGET``) that builds the app, runs it headless at 80x24 and, once the
target screen is current and one refresh has been painted (``pilot.pause()``
in Textual's auto-pilot), prints the wall clock.  The figure is that moment
minus the moment the parent started the process, so it includes the
interpreter start, the imports, the stylesheet parsing and the first
layout and paint.  Games are opened as ``tideboard play`` opens them, with
one human seat (the others greedy bots).  The bare app (one Static) is measured the same way.
Median of N runs, targets interleaved so machine load hits all alike.

Bytecode: an installed tideboard has its ``.pyc`` files (pip compiles them),
and so has Textual here; but a checkout run with ``PYTHONDONTWRITEBYTECODE=1``
(as some shells and CI set) would recompile every tideboard module in every
run, which the bare app never pays.  So before measuring, the script compiles
the tideboard package once with ``compileall`` into its ``__pycache__``
folders (whatever that variable says: compileall writes them explicitly) and
says so; both sides then start from bytecode, as a user's install does.

Target (issue 8): every first frame at most 1.3x the bare app.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 1.3
TARGETS = [
    "bare",
    "bare-gc-paused",
    "picker",
    "shifting-stones",
    "moonshell",
    "moonlighter",
    "mermaid-rain",
    "animal-splash",
]
PLAYERS = {
    "shifting-stones": 2,
    "moonshell": 2,
    "moonlighter": 1,
    "mermaid-rain": 3,
    "animal-splash": 2,
}


def child(target: str) -> None:
    if target in ("bare", "bare-gc-paused"):
        if (
            target == "bare-gc-paused"
        ):  # for comparison only: the bare app started as tideboard starts
            import gc

            gc.disable()
        from textual.app import App
        from textual.widgets import Static

        class Bare(App):
            def compose(self):
                yield Static("A bare Textual app.")

        app = Bare()

        def ready(app) -> bool:
            return bool(app.query("Static"))
    else:
        from tideboard.ui.startup import pause_gc

        pause_gc()  # as the tideboard command does before it imports the app (cli.py)
        from tideboard.ui.app import TideboardApp

        if target == "picker":
            app = TideboardApp()

            def ready(app) -> bool:
                return type(app.screen).__name__ == "PickerScreen"
        else:
            from tideboard.engine.core import GameConfig

            # one human seat (seat 2, if any, a bot): the board, not a privacy screen
            players = PLAYERS[target]
            app = TideboardApp(
                game_id=target,
                config=GameConfig(players=players, seed=1),
                bots={seat: "greedy" for seat in range(1, players)},
            )

            def ready(app) -> bool:
                return any(hasattr(screen, "match") for screen in app.screen_stack)

    first: list[str] = []

    def on_display(screen, renderable) -> None:
        # the first frame of the target screen handed to the driver (headless
        # drivers drop it; a terminal's would write it now)
        if not first and renderable is not None and ready(app) and screen is app.screen:
            first.append(f"FRAME {time.time():.6f} {time.process_time():.6f}")
            if os.environ.get("FIRST_FRAME_EXIT"):  # for instruction counts (valgrind)
                print(first[0], flush=True)
                os._exit(0)

    from tideboard.ui.textual_compat import on_frame

    on_frame(app, on_display)

    async def pilot(pilot) -> None:
        while not ready(app):
            await pilot.pause()
        await pilot.pause()  # settled: what was queued at start is done
        while not first:
            await pilot.pause()
        print(first[0], flush=True)
        print(f"SETTLED {time.time():.6f} {time.process_time():.6f}", flush=True)
        app.exit()

    app.run(headless=True, size=(80, 24), auto_pilot=pilot)


def compile_tideboard() -> str:
    """Compile every tideboard module into ``__pycache__`` (as pip does at
    install), so that our modules load from bytecode like Textual's."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("tideboard")
    folders = sorted(spec.submodule_search_locations)
    for folder in folders:
        compileall.compile_dir(folder, quiet=1)
    return ", ".join(folders)


def measure(target: str, env: dict) -> tuple[float, float]:
    """(wall seconds from starting the process, CPU seconds of the process) at
    the target screen's first frame."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--child", target],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    ).stdout
    line = next(line for line in out.splitlines() if line.startswith("FRAME "))
    _, wall, cpu = line.split()
    return float(wall) - start, float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    folders = compile_tideboard()
    env = dict(os.environ, TIDEBOARD_DATA_DIR=tempfile.mkdtemp(prefix="td-bench-ff-"))
    runs: dict[str, list[tuple[float, float]]] = {t: [] for t in TARGETS}
    for target in TARGETS:  # warm the file cache
        measure(target, env)
    for _ in range(args.runs):
        for target in TARGETS:
            runs[target].append(measure(target, env))
    print(
        f"first frame, headless 80x24, a new process each, median of {args.runs}; "
        f"target <= {TARGET}x the bare app"
    )
    print(
        f"bytecode: tideboard compiled once with compileall before measuring ({folders}); "
        f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '(unset)')}"
    )
    print(
        "wall: from starting the process; CPU: the process's own CPU time (less "
        "disturbed by other work on the machine)"
    )
    bare_wall = statistics.median(w for w, _ in runs["bare"])
    bare_cpu = statistics.median(c for _, c in runs["bare"])
    print(
        f"{'bare Textual app':<24} wall {bare_wall * 1000:6.1f} ms         "
        f"CPU {bare_cpu * 1000:6.1f} ms"
    )
    wall = statistics.median(w for w, _ in runs["bare-gc-paused"])
    cpu = statistics.median(c for _, c in runs["bare-gc-paused"])
    print(
        f"{'(bare, collector paused)':<24} wall {wall * 1000:6.1f} ms {wall / bare_wall:4.2f}x  "
        f"CPU {cpu * 1000:6.1f} ms {cpu / bare_cpu:4.2f}x  (for comparison: tideboard pauses "
        "the garbage collector until its first frame, tideboard/ui/startup.py)"
    )
    for target in TARGETS[2:]:
        wall = statistics.median(w for w, _ in runs[target])
        cpu = statistics.median(c for _, c in runs[target])
        verdict = "ok" if max(wall / bare_wall, cpu / bare_cpu) <= TARGET else "ABOVE target"
        print(
            f"{target:<24} wall {wall * 1000:6.1f} ms {wall / bare_wall:4.2f}x  "
            f"CPU {cpu * 1000:6.1f} ms {cpu / bare_cpu:4.2f}x  {verdict}"
        )


if __name__ == "__main__":
    main()
