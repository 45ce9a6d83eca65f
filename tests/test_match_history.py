"""Match history: play and undo share it instead of copying it (issue 7,
item 10), and states/actions/log still read like the tuples they were."""

from __future__ import annotations

import random
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.moonlighter import GAME as LIGHTER
from tideboard.games.shifting_stones import GAME as STONES
from tideboard.games.shifting_stones.state import Score

CONFIG = GameConfig(players=2, seed=11)


def endless(match: Match, count: int, rnd: random.Random) -> Match:
    """``count`` random moves that never score, so the game never ends."""
    for _ in range(count):
        legal = [a for a in STONES.legal_actions(match.state) if not isinstance(a, Score)]
        match = match.play(rnd.choice(legal))
    return match


def test_a_move_costs_the_same_memory_however_long_the_game():
    """The old Match copied states, actions and log at each move: a move in a
    game of 20,000 moves allocated three 20,000-item tuples (~480 KB)."""
    rnd = random.Random(3)
    match = endless(Match.start(STONES, CONFIG), 20_000, rnd)
    legal = [a for a in STONES.legal_actions(match.state) if not isinstance(a, Score)]
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        after_move = match.play(legal[0]).undo().play(legal[-1])
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert len(after_move.actions) == 20_001
    assert grown < 40_000, f"one move allocated {grown} bytes"


def test_play_keeps_the_match_it_came_from_unchanged():
    start = Match.start(STONES, CONFIG)
    first = start.play_text("end")
    second = first.play_text("skip")
    assert len(start.actions) == 0 and len(first.actions) == 1 and len(second.actions) == 2
    assert second.states[-2] is first.state and second.states[0] is start.state
    assert second.undo() == first and second.undo(2) == start and second.undo(9) == start
    assert first.undo(0) is first
    other = first.play_text("end")  # a branch from the same match
    assert second.actions[-1] != other.actions[-1] and first.log == tuple(first.log)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.integers(1, 30), st.integers(-6, -1)), max_size=12),
       st.integers(0, 2**32))
def test_history_reads_like_the_tuples_it_replaced(steps, seed):
    """A model: tuples built the old way, against the shared history."""
    rnd = random.Random(seed)
    match = Match.start(LIGHTER, GameConfig(players=1, seed=seed))
    states, actions, log = [match.state], [], []
    for step in steps:
        if step > 0:
            for _ in range(step):
                if LIGHTER.is_over(match.state):
                    break
                action = rnd.choice(LIGHTER.legal_actions(match.state))
                match = match.play(action)
                states.append(match.state)
                actions.append(action)
                log.append(match.log[-1])
        else:
            match = match.undo(-step)
            cut = min(-step, len(actions))
            if cut:
                del states[-cut:], actions[-cut:], log[-cut:]
        for seq, model in ((match.states, states), (match.actions, actions), (match.log, log)):
            model = tuple(model)
            assert len(seq) == len(model) and tuple(seq) == model and seq == model
            assert list(reversed(seq)) == list(reversed(model))
            n = len(model)
            for index in {0, n - 1, -1, -2, n // 2, -n}:
                if -n <= index < n:
                    assert seq[index] == model[index]
            for piece in (slice(n // 2, None), slice(-2, None), slice(1, -1), slice(None, 3),
                          slice(n + 5, None), slice(None, None, 2), slice(3, 1)):
                assert seq[piece] == model[piece], piece
            with pytest.raises(IndexError):
                seq[n]
        assert match.state == states[-1]
