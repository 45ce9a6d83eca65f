"""The SSH server's architecture spike: N apps in one process, or one forked process each.

    python benchmarks/ssh_spike.py [--sessions N] [--target picker|bare]

For each way of serving N sessions that connect at once, this starts N apps
headless at 80x24 and reports the time from the start to each app's first
frame (p50/p95), the CPU each start cost, and the memory per session:

- ``inproc``: N ``App`` objects in one process and one event loop (what a
  custom Textual driver over the SSH channel would give): memory is the
  process's RSS growth over N.
- ``fork``: a warm parent (Textual and tideboard imported, ``gc.freeze()``)
  forks a child per session that builds and runs its app: memory is each
  child's own pages (USS: private clean + dirty, from ``/proc/PID/smaps_rollup``)
  and its proportional share (PSS), the parent's pages being shared.
- ``spawn``: a new Python process per session (``python -c``), for scale.

The headless driver drops the frames instead of writing them, so the
figures leave out the cost of the terminal output itself (the same for all).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def make_app(target: str):
    if target == "bare":
        from textual.app import App
        from textual.widgets import Static

        class Bare(App):
            def compose(self):
                yield Static("A bare Textual app.")

        return Bare()
    from tideboard.ui.app import TideboardApp

    return TideboardApp()


async def run_until_first_frame(app, hold: asyncio.Event | None = None) -> float:
    """Run ``app`` headless; the moment of its first frame (time.time())."""
    first: list[float] = []

    def on_display(screen, renderable) -> None:
        if not first and renderable is not None:
            first.append(time.time())

    from tideboard.ui.textual_compat import on_frame

    on_frame(app, on_display)

    async def pilot(pilot) -> None:
        while not first:
            await pilot.pause()
        if hold is not None:
            await hold.wait()
        app.exit()

    await app.run_async(headless=True, size=(80, 24), auto_pilot=pilot)
    return first[0]


def rss_kib(pid: int | str = "self") -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def smaps(pid: int) -> dict[str, int]:
    """Rss, Pss, Private_Clean, Private_Dirty... in KiB."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1])
    return fields


def inproc(n: int, target: str) -> dict[str, float]:
    make_app(target)  # imports, as a server would have done before any session
    gc.collect()
    before = rss_kib()
    cpu0 = time.process_time()
    _result: dict[str, int] = {}
    times = asyncio.run(main_with_count(n, target, _result))
    cpu = time.process_time() - cpu0
    return {
        "p50": statistics.median(times),
        "p95": quantile(times, 0.95),
        "cpu_ms": cpu / n * 1000,
        "mib": (_result["rss"] - before) / n / 1024,
    }


async def main_with_count(n: int, target: str, result: dict[str, int]) -> list[float]:
    hold = asyncio.Event()
    painted: list[float] = []
    start = time.time()

    async def one() -> float:
        app = make_app(target)
        first: list[float] = []

        def on_display(screen, renderable) -> None:
            if not first and renderable is not None:
                first.append(time.time())
                painted.append(first[0])

        from tideboard.ui.textual_compat import on_frame

        on_frame(app, on_display)

        async def pilot(pilot) -> None:
            while not first:
                await pilot.pause()
            await hold.wait()
            app.exit()

        await app.run_async(headless=True, size=(80, 24), auto_pilot=pilot)
        return first[0]

    tasks = [asyncio.create_task(one()) for _ in range(n)]
    while len(painted) < n:
        await asyncio.sleep(0.02)
    gc.collect()
    result["rss"] = rss_kib()
    hold.set()
    firsts = await asyncio.gather(*tasks)
    return [f - start for f in firsts]


def fork(n: int, target: str) -> dict[str, float]:
    make_app(target)
    gc.collect()
    gc.freeze()
    start = time.time()
    children = []
    for _ in range(n):
        read, write = os.pipe()
        go, wait = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            os.close(wait)
            cpu0 = time.process_time()

            async def child() -> float:
                app = make_app(target)
                first: list[float] = []

                def on_display(screen, renderable) -> None:
                    if not first and renderable is not None:
                        first.append(time.time())
                        os.write(write, f"{first[0]} {time.process_time() - cpu0}\n".encode())

                from tideboard.ui.textual_compat import on_frame

                on_frame(app, on_display)

                async def pilot(pilot) -> None:
                    while not first:
                        await pilot.pause()
                    await asyncio.get_running_loop().run_in_executor(None, os.read, go, 1)
                    app.exit()

                await app.run_async(headless=True, size=(80, 24), auto_pilot=pilot)
                return first[0]

            asyncio.run(child())
            os._exit(0)
        os.close(write)
        os.close(go)
        children.append((pid, read, wait))
    times, cpus = [], []
    for _pid, read, _wait in children:
        line = b""
        while not line.endswith(b"\n"):
            line += os.read(read, 100)
        moment, cpu = map(float, line.split())
        times.append(moment - start)
        cpus.append(cpu)
    time.sleep(0.3)
    uss = pss = 0
    for pid, _read, _wait in children:
        fields = smaps(pid)
        uss += fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
        pss += fields.get("Pss", 0)
    parent = smaps(os.getpid())
    for pid, read, wait in children:
        os.write(wait, b"x")
        os.waitpid(pid, 0)
    return {
        "p50": statistics.median(times),
        "p95": quantile(times, 0.95),
        "cpu_ms": statistics.median(cpus) * 1000,
        "mib": uss / n / 1024,
        "pss_mib": (pss + parent["Pss"]) / n / 1024,
    }


SPAWN_CHILD = """
import asyncio, sys, time
sys.path.insert(0, {here!r})
import ssh_spike
t = asyncio.run(ssh_spike.run_until_first_frame(ssh_spike.make_app({target!r})))
print(t, time.process_time(), ssh_spike.rss_kib(), flush=True)
"""


def spawn(n: int, target: str) -> dict[str, float]:
    here = os.path.dirname(os.path.abspath(__file__))
    code = SPAWN_CHILD.format(here=here, target=target)
    start = time.time()
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        for _ in range(n)
    ]
    times, cpus, rss = [], [], []
    for proc in procs:
        moment, cpu, kib = proc.communicate()[0].split()
        times.append(float(moment) - start)
        cpus.append(float(cpu))
        rss.append(int(kib))
    return {
        "p50": statistics.median(times),
        "p95": quantile(times, 0.95),
        "cpu_ms": statistics.median(cpus) * 1000,
        "mib": statistics.median(rss) / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--target", default="picker", choices=["picker", "bare"])
    parser.add_argument("--mode", action="append", choices=["inproc", "fork", "spawn"])
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("TIDEBOARD_DATA_DIR", tempfile.mkdtemp(prefix="td-spike-"))
    if args.child:
        mode, target = args.child
        result = {"inproc": inproc, "fork": fork, "spawn": spawn}[mode](args.sessions, target)
        print(" ".join(f"{k}={v:.3f}" for k, v in result.items()), flush=True)
        return
    print(f"{args.sessions} sessions starting together, headless 80x24, target {args.target}")
    for mode in args.mode or ["inproc", "fork", "spawn"]:
        # each mode in a fresh process, so that one's memory does not count in the next
        out = subprocess.run(
            [
                sys.executable,
                os.path.abspath(__file__),
                "--sessions",
                str(args.sessions),
                "--child",
                mode,
                args.target,
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        fields = dict(item.split("=") for item in out.splitlines()[-1].split())
        line = (
            f"{mode:7} first frame p50 {float(fields['p50']) * 1000:6.0f} ms  "
            f"p95 {float(fields['p95']) * 1000:6.0f} ms  CPU/start {float(fields['cpu_ms']):5.0f} ms  "
            f"memory/session {float(fields['mib']):5.1f} MiB"
        )
        if "pss_mib" in fields:
            line += f" own (PSS incl. parent {float(fields['pss_mib']):.1f} MiB)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
