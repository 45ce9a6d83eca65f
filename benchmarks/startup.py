"""Startup time: `tideboard --help` and `tideboard list` against a bare
`import click`, and the time until the picker's first frame under Textual's
test driver (see first_frame.py for the first frames against a bare app).

    python benchmarks/startup.py [--runs N]

Targets: `tideboard --help` and `tideboard list` each at most 1.5x the time of
`python -c "import click"` (wall time of a new process, median of N runs,
the commands interleaved so machine load hits all alike).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import time

TARGET = 1.5


def wall(commands: dict[str, list[str]], runs: int) -> dict[str, float]:
    """Median wall time of each command; one warm-up run each, then interleaved."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(runs + 1):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(
                command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            if round_:
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


async def first_frame() -> tuple[float, float]:
    start = time.perf_counter()
    from tideboard.ui.app import TideboardApp
    from tideboard.ui.picker import PickerScreen

    imported = time.perf_counter() - start
    app = TideboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, PickerScreen):
            await pilot.pause()
        await pilot.pause()
    return imported, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    tideboard = shutil.which("tideboard") or sys.exit("tideboard is not installed on PATH")
    figures = wall(
        {
            "python -c 'import click'": [sys.executable, "-c", "import click"],
            "tideboard --help": [tideboard, "--help"],
            "tideboard list": [tideboard, "list"],
        },
        args.runs,
    )
    (click_name, click_time), *ours = figures.items()
    print(f"{click_name + ':':<26}{click_time * 1000:7.1f} ms (median of {args.runs})")
    for name, seconds in ours:
        ratio = seconds / click_time
        print(
            f"{name + ':':<26}{seconds * 1000:7.1f} ms  ratio {ratio:.2f}x "
            f"({'ok' if ratio <= TARGET else 'ABOVE'} target {TARGET}x)"
        )
    imported, frame = asyncio.run(first_frame())
    print(
        f"picker first frame:       {frame * 1000:7.1f} ms (of which importing the app "
        f"{imported * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
