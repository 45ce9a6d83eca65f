"""Invariants under random legal play in every mode, both power sides and solo
with modes (hypothesis): tiles are conserved (anemones and clownfish too),
every mermeeple is in exactly one place, and the tides token matches the
number of mermeeples on the field."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.moonshell.ms_helpers import census
from tideboard.engine.core import GameConfig
from tideboard.games.moonshell.content import (
    ANEMONE,
    BUOY,
    CHEST_ROWS,
    CLOWNFISH,
    EMPTY,
    MOONSHELL,
    URCHIN,
    URCHINS,
    chest_cells,
)
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.queries import actions_per_turn, chest_count
from tideboard.games.moonshell.scoring import breakdown
from tideboard.games.moonshell.state import (
    BUOY_SPACE,
    CHEST,
    CORNER,
    HOME,
    OCEAN,
    ROCK,
    TILE,
    State,
)

MODES = st.sampled_from(
    [
        (2, False, "wade", {}),
        (3, False, "submerge", {}),
        (4, False, "dive", {}),
        (2, False, "dive", {"powers": "active"}),
        (3, False, "tsunami", {}),
        (4, False, "tsunami", {"powers": "active"}),
        (2, False, "standard", {"moonshell": "off"}),
        (3, False, "standard", {"reef": "players+1", "decks": "lunar-reef"}),
        (1, True, "wade", {}),
        (1, True, "dive", {"powers": "active"}),
        (1, True, "tsunami", {}),
    ]
)


def expected(state: State, reef: int) -> Counter:
    return Counter(
        {
            **{t: 3 for t in range(16)},
            URCHIN: URCHINS,
            **({ANEMONE: reef, CLOWNFISH: reef} if reef else {}),
        }
    )


def meeple_places(state: State, seat: int) -> int:
    """How many places hold ``seat``'s mermeeple (it must be exactly one)."""
    kind, place = state.meeples[seat]
    places = 0
    places += kind == HOME
    places += kind == OCEAN
    places += kind == TILE and state.ocean[place] != EMPTY
    places += kind == ROCK and 0 <= place < 8
    places += kind == CORNER and 0 <= place < 4
    places += kind == CHEST and chest_cells(state.chests[seat])[place] not in (EMPTY, BUOY)
    holding = sum(col.count(BUOY) for col in state.chests[seat])
    if kind == BUOY_SPACE:
        places += holding == 1 and BUOY in state.chests[seat][place]
    else:
        assert holding == 0
    return places


def check(state: State, reef: int) -> None:
    assert census(state) == expected(state, reef)
    for seat, chest in enumerate(state.chests):
        for column in chest:
            assert len(column) <= CHEST_ROWS and EMPTY not in column
        moons = sum(col.count(MOONSHELL) for col in chest)
        assert moons + state.moonshells[seat] <= 1
        if not state.moonshell_on or (state.solo and seat == 1):
            assert moons == 0 and not state.moonshells[seat]
    if state.powers:
        for seat in range(state.players):
            assert meeple_places(state, seat) == 1
        # the tides token: odd side (clockwise) exactly for an odd number in play
        assert state.tides_odd == (state.in_play % 2 == 1)
        if state.solo:
            assert state.meeples[1] == (HOME, 0) and not state.mermaids[1]
    else:
        assert not state.tides_odd and state.meeples == ()
    assert 0 <= state.actions_left <= actions_per_turn(state)
    for seat in range(state.players):
        b = breakdown(state, seat)
        assert b["total"] == sum(v for k, v in b.items() if k != "total")


@settings(max_examples=40, deadline=None)
@given(MODES, st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=200, max_size=200))
def test_invariants_hold_in_every_mode(mode, seed, picks):
    players, solo, variant, options = mode
    config = GameConfig(players=players, solo=solo, seed=seed, variant=variant, options=options)
    reef = {"none": 0, "3": 3}.get(GAME.info.option_values(config)["reef"], players + 1)
    state = GAME.setup(config)
    check(state, reef)
    for pick in picks:
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        assert legal
        action = legal[pick % len(legal)]
        after = GAME.apply(state, action)
        assert GAME.parse_action(after, GAME.format_action(action)) == action
        assert GAME.describe(state, action, after)
        check(after, reef)
        state = after
    if GAME.is_over(state):
        assert any(chest_count(c) == 12 for c in state.chests)
        assert GAME.winners(state) and GAME.result_text(state)


@settings(max_examples=15, deadline=None)
@given(MODES, st.integers(0, 10_000))
def test_same_seed_and_actions_replay_the_same_game_in_every_mode(mode, seed):
    players, solo, variant, options = mode
    config = GameConfig(players=players, solo=solo, seed=seed, variant=variant, options=options)
    a = b = GAME.setup(config)
    for step in range(80):
        if GAME.is_over(a):
            break
        legal = GAME.legal_actions(a)
        action = legal[(step * 7 + seed) % len(legal)]
        a = GAME.apply(a, action)
        b = GAME.apply(b, GAME.parse_action(b, GAME.format_action(action)))
        assert a == b
