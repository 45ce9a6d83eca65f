"""Invariants under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.moonshell.ms_helpers import EXPECTED_CENSUS, census
from tideboard.engine.core import GameConfig
from tideboard.games.moonshell.content import CHEST_ROWS, EMPTY, MOONSHELL
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.rules import chest_count
from tideboard.games.moonshell.scoring import breakdown

TABLES = st.sampled_from([(2, False), (3, False), (4, False), (1, True)])


def check(state):
    # 48 seashells and 24 urchins, wherever they are: bag, ocean, rocks, chests, aside
    assert census(state) == EXPECTED_CENSUS
    for seat, chest in enumerate(state.chests):
        assert len(chest) == 4
        for column in chest:
            # chests obey gravity: a column is a stack from the floor, no gaps
            assert len(column) <= CHEST_ROWS and EMPTY not in column
        moons = sum(col.count(MOONSHELL) for col in chest)
        assert moons + state.moonshells[seat] <= 1
        if state.solo and seat == 1:
            assert moons == 0
    assert 0 <= state.actions_left <= 3
    # the ocean only has gaps once the bag and the urchins are used up
    if state.bag or state.urchins_aside:
        assert EMPTY not in state.ocean
    # scores recompute the same and add up
    first = GAME.scores(state)
    assert GAME.scores(state) == first
    for seat in range(state.players):
        b = breakdown(state, seat)
        assert b["total"] == sum(v for k, v in b.items() if k != "total")


@settings(max_examples=30, deadline=None)
@given(TABLES, st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=150, max_size=150))
def test_invariants_hold_under_random_legal_play(table, seed, picks):
    players, solo = table
    state = GAME.setup(GameConfig(players=players, solo=solo, seed=seed))
    check(state)
    for pick in picks:
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        assert legal
        seat = GAME.to_move(state)[0]
        assert seat < (1 if solo else players)
        before_tiles = chest_count(state.chests[seat])
        action = legal[pick % len(legal)]
        after = GAME.apply(state, action)
        assert chest_count(after.chests[seat]) - before_tiles in (0, 1)
        assert GAME.describe(state, action, after)
        check(after)
        state = after
    if GAME.is_over(state):
        assert any(chest_count(c) == 12 for c in state.chests)
        assert GAME.winners(state)
        assert GAME.result_text(state)


@settings(max_examples=15, deadline=None)
@given(TABLES, st.integers(0, 10_000))
def test_same_seed_and_actions_replay_the_same_game(table, seed):
    players, solo = table
    config = GameConfig(players=players, solo=solo, seed=seed)
    a = b = GAME.setup(config)
    for step in range(60):
        if GAME.is_over(a):
            break
        legal = GAME.legal_actions(a)
        action = legal[(step * 7 + seed) % len(legal)]
        a = GAME.apply(a, action)
        b = GAME.apply(b, GAME.parse_action(b, GAME.format_action(action)))
        assert a == b
