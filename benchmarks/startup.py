"""Startup time: `tideboard --help` against a bare `import click`, and the
time until the picker's first frame under Textual's test driver.

    python benchmarks/startup.py [--runs N]

Target: `tideboard --help` at most 1.5x the time of `python -c "import click"`.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import time


def wall(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
    click_time = wall([sys.executable, "-c", "import click"], args.runs)
    help_time = wall([tideboard, "--help"], args.runs)
    ratio = help_time / click_time
    print(f"python -c 'import click': {click_time * 1000:7.1f} ms (median of {args.runs})")
    print(f"tideboard --help:         {help_time * 1000:7.1f} ms  ratio {ratio:.2f}x "
          f"({'ok' if ratio <= 1.5 else 'ABOVE'} target 1.5x)")
    imported, frame = asyncio.run(first_frame())
    print(f"picker first frame:       {frame * 1000:7.1f} ms (of which importing the app "
          f"{imported * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
