import gc
import os
import sys

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


@pytest.fixture(autouse=True)
def collector_turned_back_on():
    """A test that starts the CLI with a stand-in app pauses the garbage collector
    (as ``tideboard`` does before importing the app) and no first frame turns it
    back on; the next test must not inherit that."""
    yield
    if not gc.isenabled():
        gc.enable()


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(config, items):
    """Tests marked slow first: xdist hands tests out in this order, so the
    parallel run does not end with one long test while the other cores wait."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable


def pytest_xdist_auto_num_workers(config):
    """-n auto: two workers a core.  Many tests wait part of their time (fsync,
    child processes, sockets, a pause between keys); with one worker a core, a
    core stood idle while its worker waited."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)
