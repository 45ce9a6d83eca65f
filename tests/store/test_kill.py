"""A writer killed with SIGKILL at random points always leaves a store whose
record loads to the last committed move (issue 7, "the kill test").

The writer is a forked child process (forking skips the interpreter start,
so 150 kills take seconds); it reports "GAME_ID COUNT" on a pipe after every
commit, before the next move.  ``KILL_TEST_SEED`` repeats a failing run.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time

import pytest

from tideboard.store.games import Store

sys.path.insert(0, os.path.dirname(__file__))
from kill_writer import write_forever, write_forever_background  # noqa: E402

TRIALS = 150
BACKGROUND_TRIALS = 60


def run_writer(path, seed: int, lines: int, rng: random.Random, writer=write_forever) -> list[str]:
    """Fork a writer, read ``lines`` reports, SIGKILL it at a random moment,
    and return every report it made."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: write until killed, never return into pytest
        try:
            os.close(read_end)
            writer(str(path), seed, write_end)
        finally:
            os._exit(1)
    os.close(write_end)
    with os.fdopen(read_end, "r") as reader:
        reported = []
        while len(reported) < lines:
            line = reader.readline()
            if not line.endswith("\n"):
                break
            reported.append(line)
        if rng.random() < 0.7:
            time.sleep(rng.random() * 0.003)  # land between reports, mid-transaction
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        reported += reader.read().splitlines(keepends=True)
    assert os.WIFSIGNALED(status), "the writer stopped by itself"
    return [line for line in reported if line.endswith("\n")]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_kill_at_random_points_keeps_the_last_committed_move(tmp_path):
    path = tmp_path / "games.db"
    seed = int(os.environ.get("KILL_TEST_SEED", random.randrange(10**6)))
    rng = random.Random(seed)
    started = time.monotonic()
    for trial in range(TRIALS):
        reports = run_writer(path, seed + trial, rng.randrange(1, 50), rng)
        where = f"trial {trial}, KILL_TEST_SEED={seed}"
        assert reports, f"{where}: the writer reported nothing"
        gid, count = reports[-1].split()
        with Store.open(path) as store:
            summary = store.summary(gid)
            match, _ = store.load_match(gid)  # replays through the engine
        # the kill may land after the next commit but before its report
        assert summary.moves in (int(count), int(count) + 1), (
            f"{where}: {summary.moves} moves on disk, last reported {count}"
        )
        assert len(match.actions) == summary.moves, where
    with Store.open(path) as store:
        games = store.list(unfinished_only=False)
        for summary in games:
            assert len(store.load_match(summary.id)[0].actions) == summary.moves
    assert len(games) >= TRIALS
    print(f"{TRIALS} kills in {time.monotonic() - started:.1f} s, seed {seed}")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_kill_with_the_writes_on_the_writer_thread_keeps_every_move_shown_saved(tmp_path):
    """Issue #19: the app and the server save on the store's writer thread and
    play on without waiting; a move whose save came back to the loop as done
    is on disk after a kill -9, and the record loads (to a later move, if the
    writer was ahead of the reports)."""
    path = tmp_path / "games.db"
    seed = int(os.environ.get("KILL_TEST_SEED", random.randrange(10**6)))
    rng = random.Random(seed)
    for trial in range(BACKGROUND_TRIALS):
        reports = run_writer(
            path, seed + trial, rng.randrange(1, 50), rng, write_forever_background
        )
        where = f"trial {trial}, KILL_TEST_SEED={seed}"
        assert reports, f"{where}: the writer reported nothing"
        gid, count = reports[-1].split()
        with Store.open(path) as store:
            summary = store.summary(gid)
            match, _ = store.load_match(gid)
        assert summary.moves >= int(count), (
            f"{where}: {summary.moves} moves on disk, {count} shown as saved"
        )
        assert len(match.actions) == summary.moves, where
