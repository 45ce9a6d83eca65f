"""How the suite runs in parallel (pytest-xdist), with the timing tests alone.

``python -m pytest`` runs on every core (``-n auto`` in pyproject.toml).  Two
markers steer it:

- ``@pytest.mark.alone``: a test that measures latency or time (the soak, the
  attack suite's flood and window tests).  It runs after every other test has
  finished, on one worker while the others have stopped, so no test of the
  suite competes with it for the CPU.
- ``@pytest.mark.slow``: a test of more than about 10 s.  Slow tests are handed
  out first, so that the parallel part does not end with one long test running
  while the other cores wait.

The workers collect the tests, the controller only sees their ids: each worker
writes the ids of its ``alone`` tests to a folder the controller made (named in
``TIDEBOARD_ALONE_DIR``), and :class:`AloneLastScheduling` reads them there.
Without xdist (``-p no:xdist`` or ``-n 0``) the markers only order the tests.
"""

from __future__ import annotations

import json
import os
from itertools import cycle
from pathlib import Path

import pytest

try:
    from xdist.scheduler import LoadScheduling
except ImportError:  # pytest-xdist is not installed: the suite runs in one process
    LoadScheduling = object  # type: ignore[assignment,misc]

ALONE_DIR = "TIDEBOARD_ALONE_DIR"


def order(items: list[pytest.Item]) -> None:
    """Slow tests first, alone tests last (each in collection order otherwise)."""
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("alone"):
            return 2
        return 0 if item.get_closest_marker("slow") else 1

    items.sort(key=rank)  # stable


def write_alone_ids(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a worker: tell the controller which tests must run alone."""
    folder = os.environ.get(ALONE_DIR)
    worker = getattr(config, "workerinput", {}).get("workerid")
    if not folder or not worker:
        return
    ids = [item.nodeid for item in items if item.get_closest_marker("alone")]
    path = Path(folder) / f"{worker}.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(ids))
    temporary.replace(path)


class AloneLastScheduling(LoadScheduling):  # type: ignore[misc,valid-type]
    """xdist's load scheduling, except that the ``alone`` tests are held back
    until every other test is done; then one worker runs them all while every
    other worker has shut down.

    A worker runs its last test only once it is sent another one or told to
    shut down (pytest needs the next item to tear fixtures down), so: once no
    ordinary test is left to hand out, every worker but one is shut down; the
    one left is sent the alone tests when the others are gone and at most one
    test (the one it holds) is left on it.
    """

    def __init__(self, config: pytest.Config, log=None) -> None:
        super().__init__(config, log)
        self.alone: list[int] | None = None  # indices into the collection, held back
        self.alone_node = None  # the worker that will run them

    @property
    def tests_finished(self) -> bool:
        return not self.alone and super().tests_finished

    @property
    def has_pending(self) -> bool:
        return bool(self.alone) or super().has_pending

    def schedule(self) -> None:
        """LoadScheduling.schedule() with the alone tests kept out of the chunks."""
        assert self.collection_is_completed
        if self.collection is not None:  # a worker was added or restarted
            for node in self.nodes:
                self.check_schedule(node)
            return
        if not self._check_nodes_have_same_collection():
            self.log("**Different tests collected, aborting run**")
            return
        node = next(iter(self.node2collection))
        self.collection = self.node2collection[node]
        path = Path(os.environ.get(ALONE_DIR, "")) / f"{node.gateway.id}.json"
        try:
            ids = set(json.loads(path.read_text()))
        except (OSError, ValueError):
            ids = set()
        self.alone = [n for n, nodeid in enumerate(self.collection) if nodeid in ids]
        held = set(self.alone)
        self.pending[:] = [n for n in range(len(self.collection)) if n not in held]
        if self.maxschedchunk is None:
            self.maxschedchunk = len(self.collection)
        if len(self.pending) < 2 * len(self.nodes):
            nodes = cycle(self.nodes)
            for _ in range(len(self.pending)):
                self._send_tests(next(nodes), 1)
        else:
            chunk = min(len(self.pending) // len(self.nodes) // 4, self.maxschedchunk)
            for node in self.nodes:
                self._send_tests(node, max(chunk, 2))
        if not self.pending:
            self._ordinary_done(self.nodes[0])

    def check_schedule(self, node, duration: float = 0) -> None:
        if self.pending or not self.alone:
            return super().check_schedule(node, duration)
        self._ordinary_done(node)

    def _ordinary_done(self, node) -> None:
        """No ordinary test is left to hand out: keep one worker for the alone
        tests, shut the others down, and start the alone tests once they are gone."""
        if not self.alone:
            for other in self.nodes:
                other.shutdown()
            return
        if self.alone_node is None or self.alone_node not in self.node2pending:
            self.alone_node = node
        for other in self.nodes:
            if other is not self.alone_node and not other.shutting_down:
                other.shutdown()
        self._start_alone()

    def _start_alone(self) -> None:
        node = self.alone_node
        if (not self.alone or node is None or node not in self.node2pending
                or len(self.node2pending) > 1 or len(self.node2pending[node]) > 1):
            return
        alone, self.alone = self.alone, []
        self.node2pending[node].extend(alone)
        node.send_runtest_some(alone)
        node.shutdown()

    def remove_node(self, node):
        crashed = super().remove_node(node)
        if self.alone:
            if node is self.alone_node:
                self.alone_node = None
            if not self.pending and self.nodes:
                self._ordinary_done(self.alone_node or self.nodes[0])
        return crashed
