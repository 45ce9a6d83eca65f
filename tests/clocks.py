"""Clocks for the tests of the bots' deadlines: no real time involved."""

from __future__ import annotations


class Ticks:
    """A clock that moves one tick each time it is read."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return float(self.reads)
