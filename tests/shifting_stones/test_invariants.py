"""Random legal play never breaks what must always hold in Shifting Stones."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.round_trip import through_a_record
from tests.shifting_stones.ss_helpers import ALL_IDS, BOX, all_card_ids
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.content import CARD_BY_ID
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import HIDDEN, EndTurn, Score, Skip

MAX_ACTIONS = 400


def _config(players: int, seed: int) -> GameConfig:
    return GameConfig(players=players, solo=players == 1, seed=seed)


def _pick(rnd: random.Random, legal, eager: float):
    """A legal action, biased so that games move on: score often, end turns often."""
    scores = [a for a in legal if isinstance(a, Score)]
    if scores and rnd.random() < eager:
        return rnd.choice(scores)
    roll = rnd.random()
    if roll < 0.25:
        return next(a for a in legal if isinstance(a, EndTurn))
    if roll < 0.32 and any(isinstance(a, Skip) for a in legal):
        return next(a for a in legal if isinstance(a, Skip))
    return rnd.choice(legal)


def check_invariants(state, start_ids: frozenset[int], players: int) -> None:
    # the nine stones, with the box's count of each pair
    assert len(state.grid) == 9 and Counter(f // 2 for f in state.grid) == BOX
    # every card exactly once across deck, discard, hands and scored piles
    ids = all_card_ids(state)
    assert len(ids) == len(set(ids)) and set(ids) == start_ids
    # scores are the scored cards' points, plus the 1-point bonus once over
    points = [sum(CARD_BY_ID[c].points for c in cards) for cards in state.scored]
    ones = [sum(CARD_BY_ID[c].points == 1 for c in cards) for cards in state.scored]
    if state.over and not state.solo and max(ones) > 0:
        points = [p + 3 * (n == max(ones)) for p, n in zip(points, ones)]
    assert list(GAME.scores(state)) == points
    # whose turn it is
    legal = GAME.legal_actions(state)
    if state.over:
        assert GAME.to_move(state) == () and legal == []
    else:
        assert GAME.to_move(state) == (state.current,) and 0 <= state.current < players
        assert legal and isinstance(legal[-1], (EndTurn, Skip))
    if state.solo:
        assert 0 <= state.strikes <= 4 and (state.strikes < 4 or state.over)
    # what each seat (and a spectator) sees
    for seat in [*range(players), None]:
        seen = GAME.view(state, seat)
        for other, hand in enumerate(seen.hands):
            if other == seat:
                assert hand == state.hands[other]
            else:
                assert hand == (HIDDEN,) * len(state.hands[other])
        assert seen.deck == (HIDDEN,) * len(state.deck)
        # The generator would tell the next shuffle: the view must not depend on it.
        moved = evolve(state, rng=Rng(state.rng.position ^ 0x5DEECE66D))
        assert GAME.view(moved, seat).rng == seen.rng
        assert (seen.grid, seen.discard, seen.scored) == (state.grid, state.discard, state.scored)
        shown = GAME.to_json(seen)
        json.dumps(shown)
        assert shown["deck"] == len(state.deck)
        for other, hand in enumerate(shown["hands"]):
            if other != seat:
                assert hand == [None] * len(state.hands[other])


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([1, 2, 3, 4, 5]),
    policy=st.integers(0, 2**32),
    eager=st.sampled_from([0.2, 0.9]),
)
def test_random_legal_play_keeps_every_invariant(seed, players, policy, eager):
    rnd = random.Random(policy)
    config = _config(players, seed)
    match = Match.start(GAME, config)
    start_ids = frozenset(all_card_ids(match.state))
    assert len(start_ids) == (16 if players == 1 else 72)
    assert start_ids <= ALL_IDS
    check_invariants(match.state, start_ids, players)
    while not GAME.is_over(match.state) and len(match.actions) < MAX_ACTIONS:
        legal = GAME.legal_actions(match.state)
        match = match.play(_pick(rnd, legal, eager))
        check_invariants(match.state, start_ids, players)
    # the same seed and the same actions replay to the same state, also from notation
    again = Match.start(GAME, config)
    for action in match.actions:
        again = again.play(action)
    assert again.state == match.state
    from_record = through_a_record(match)
    assert from_record.state == match.state and from_record.log == match.log


def test_full_games_reach_the_end_with_the_bonus_counted():
    """Greedy bots play whole games (solo too); the end state still holds."""
    for players in (1, 2, 3, 4, 5):
        bots = [GAME.bot_factories()["greedy"](players * 10 + s) for s in range(players)]
        state = GAME.setup(_config(players, seed=players))
        start_ids = frozenset(all_card_ids(state))
        for _ in range(3000):
            if GAME.is_over(state):
                break
            seat = state.current
            action = bots[seat].choose(
                GAME, GAME.view(state, seat), seat, GAME.legal_actions(state)
            )
            state = GAME.apply(state, action)
        assert GAME.is_over(state), players
        check_invariants(state, start_ids, players)
        if players > 1:
            trigger = {2: 10, 3: 9, 4: 8, 5: 7}[players]
            assert max(len(cards) for cards in state.scored) >= trigger
            assert state.current == players - 1  # the round was finished
        else:
            assert state.strikes == 4 or len(state.scored[0]) == 16
