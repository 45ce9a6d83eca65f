import gc
import os
import sys
from contextlib import asynccontextmanager

# Cache compiled and assertion-rewritten modules even where the environment says
# not to (PYTHONDONTWRITEBYTECODE): every xdist worker imports and rewrites the
# whole suite and hypothesis, about 10 s of CPU a process without the cache.
# __pycache__ is ignored by git.
sys.dont_write_bytecode = False

# The app tests make many short-lived objects (a Textual app a test): with the
# default thresholds the collector ran thousands of times in a worker and took
# about a quarter of its CPU; with serve's thresholds (tideboard/serve/run.py)
# under a tenth.  What the tests hold for the whole session (modules, collected
# tests) is frozen after collection, out of the full collections' way.
gc.set_threshold(10_000, 20, 100)

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402
from textual.app import App  # noqa: E402

from tideboard.store.background import WriteThread  # noqa: E402
from tideboard.ui.textual_compat import idle_wait_window, screen_lines, skip_unseen_frames  # noqa: E402

# Textual's pilot waits for the app to be idle after each key it presses, twice,
# sleeping in windows of 20 ms: that sleep was half of the app tests' time.  In
# windows of 4 ms, by the same measure (idle: under a twentieth of the window
# used), they took about half as long; windows of 2 ms and under were slower
# again (an app's own background work in such a short window reads as busy).
idle_wait_window(0.004)

# In CI, property tests draw the same examples every run, so a red build is
# always reproducible; locally they explore new examples each time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    """Every test writes its autosaves to its own folder, never the user's."""
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


_writer_threads: set[WriteThread] = set()
_submit = WriteThread.submit


def _submit_seen(self: WriteThread, job):
    _writer_threads.add(self)
    return _submit(self, job)


WriteThread.submit = _submit_seen  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def writer_threads_ended():
    """Every store writer thread a test started is ended after it (its writes
    done first), as ``tideboard`` ends its own when the app closes its store
    (``run_app``); ``App.run_test`` does not.  A writer thread left running
    kept its whole app alive to the end of the session (the thread holds the
    ``sys.stderr`` it started with: the test app's print capture): hundreds of
    apps a worker, and every full collection of the garbage collector went
    through them all.  A later write to the same store starts a new thread."""
    yield
    while _writer_threads:
        _writer_threads.pop().close()


@pytest.fixture(autouse=True)
def unsaved_games_forgotten():
    """What a test's app could not save (``saving.UNSAVED``, which the command line
    reports on exit) is forgotten after it: ``tideboard`` forgets it before each
    app it runs (``cli.io.forget_unsaved``), but a test that stands in for the app
    skips that, and a later test's ``resume`` reported an earlier test's full disk."""
    yield
    saving = sys.modules.get("tideboard.ui.shared.saving")
    if saving is not None:
        saving.UNSAVED.clear()


@pytest.fixture(autouse=True)
def collector_turned_back_on():
    """A test that starts the CLI with a stand-in app pauses the garbage collector
    (as ``tideboard`` does before importing the app) and no first frame turns it
    back on; the next test must not inherit that."""
    yield
    if not gc.isenabled():
        gc.enable()


@pytest.fixture(autouse=True)
def unseen_frames_skipped(request):
    """A headless app draws every frame and throws it away; the tests skip
    drawing them (a third of the app tests' CPU), not laying them out
    (``textual_compat.skip_unseen_frames``).  What a test reads is drawn
    (``screen_lines``, snapshots), and so is every app's last screen when its
    ``run_test`` ends (below): a widget that cannot draw still fails its test.
    A test marked ``every_frame`` draws them all: the monkey tests (a key in a
    burst may leave a screen no later frame shows) and those that count frames."""
    skip_unseen_frames(request.node.get_closest_marker("every_frame") is None)
    yield


_run_test = App.run_test


@asynccontextmanager
async def _run_test_last_screen_drawn(self, *args, **kwargs):
    async with _run_test(self, *args, **kwargs) as pilot:
        yield pilot
        if self.is_running and self.is_headless and self.screen_stack:
            await pilot.pause()
            screen_lines(self)  # the last screen, drawn in full: raises if a widget cannot


App.run_test = _run_test_last_screen_drawn  # type: ignore[method-assign]


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


def pytest_sessionfinish(session, exitstatus):
    """What the session made is frozen too before pytest's last look for
    unraisable exceptions (five full collections at its cleanup, in each
    worker): over the hundreds of apps a worker leaves, a few seconds of each
    worker at the very end of the run."""
    gc.freeze()


# The folders of the app, server and store tests: most of them draw screens or
# wait for the disk, up to a few seconds each (the others, rules and command
# line tests, take a few hundredths of a second).
HEAVY_FOLDERS = ("tests/ui/", "tests/serve/", "tests/store/")


def pytest_collection_modifyitems(config, items):
    """Tests marked slow first, then the app, server and store tests, then the
    rest: xdist hands tests out in this order, so the parallel run ends with
    the short tests, spread over the workers as each frees up, not with a
    long one while the other cores wait."""

    def rank(item) -> int:
        if item.get_closest_marker("slow") is not None:
            return 0
        return 1 if item.nodeid.startswith(HEAVY_FOLDERS) else 2

    # Within the app, server and store tests, the folders take turns (each test
    # at its place in its own folder): the server's tests wait much of their time
    # on their clients and timers, and run beside the app tests, which keep the
    # cores busy, instead of all together with the cores half idle.
    place: dict[int, float] = {}
    for folder in HEAVY_FOLDERS:
        mine = [item for item in items if rank(item) == 1 and item.nodeid.startswith(folder)]
        for number, item in enumerate(mine):
            place[id(item)] = number / len(mine)
    items.sort(key=lambda item: (rank(item), place.get(id(item), 0.0)))  # stable

    # A snapshot is the screen as a player sees it: drawn frame by frame (a
    # list scrolled to its highlight, say, depends on the frames drawn before).
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.every_frame)


def pytest_xdist_auto_num_workers(config):
    """-n auto: two workers a core.  Many tests wait part of their time (fsync,
    child processes, SSH clients and servers, a pause between keys); with one worker
    a core a core stood idle while its worker waited.  Three a core ran the whole
    suite faster on a quiet machine (224-242 s against 253 s on 2 cores) but, in a
    CI run, starved the SSH tests' servers at the start, where the slow tests run
    side by side (a client waited past its timeout); and once the suite was
    CPU-bound (session 9: 2,712 tests) three a core took 490 s of CPU for 273 s,
    two 448 s for 277 s: the extra workers' own start cost what they gained."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)
