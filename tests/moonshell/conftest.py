"""Fixtures shared by the Moonshell tests."""

from __future__ import annotations

import pytest

from tideboard.games.moonshell import bots


@pytest.fixture
def evaluations(monkeypatch):
    """How many positions greedy's rating judged (a list of one count, to reset)."""
    count = [0]
    rate = bots.GreedyBot.evaluate

    def counted(self, state, seat, cache):
        count[0] += 1
        return rate(self, state, seat, cache)

    monkeypatch.setattr(bots.GreedyBot, "evaluate", counted)
    return count
