"""Random legal play never breaks what must always hold (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.round_trip import through_a_record
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.mermaid_rain.content import BASE, STARTS, TILE_SETS, TILES, WATER
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.state import HIDDEN, MELD, Enter, Home

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(state):
    n = state.players
    # cards are conserved: hands, meld cards on the table, deck and discard hold all 54
    # (after the meld phase the melds stay on show, their cards in the discard)
    cards = [0, 0, 0]
    for s in range(n):
        for k in range(3):
            cards[k] += state.hands[s][k] + (state.melds[s][k] if state.phase == MELD else 0)
    for k in state.deck + state.discard:
        cards[k] += 1
    assert cards == [18, 18, 18]
    # treasures are conserved: on the board, in the pool or owned, each once
    ids = [t for spot in state.spaces for t in spot] + list(state.pool)
    ids += [t for owned in state.owned for t in owned]
    assert sorted(ids) == list(range(len(state.kinds)))
    # tiles only on the sea, each tile in one place
    places = [t for t in range(TILES) if state.tile_cells[t]]
    for t in places:
        assert all(BASE[c] == WATER and state.cover[c] == t for c in state.tile_cells[t])
    piles = [t for p in state.piles + state.tile_discards for t in p]
    held = [t for h in state.held for t in h]
    tiles = sorted(piles + held + places + list(state.offer))
    assert tiles in ([*TILE_SETS["1"]], [*TILE_SETS["2"]])  # one ruleset's 36
    # a mermaid stands on a space (or, only while going home, on the sea)
    for s, a in enumerate(state.at):
        if a >= 0 and s not in state.stranded:
            assert BASE[a] != WATER or state.cover[a] >= 0


@SETTINGS
@given(players=st.integers(3, 6), seed=st.integers(0, 2**64 - 1))
def test_random_games_keep_cards_treasures_starts_and_tiles_right(players, seed):
    """Invariants of the rules, after every action of random games at 3-6 players:
    the 54 adventure cards are conserved (Setup, Melding, Movement, discard to two);
    every treasure is once on the board, in the pool or owned (Setup, Collecting
    Treasures, Ocean March); a mermaid is placed (first turn, End of Round) only on
    a start space no other mermaid stands on, though one may move onto an occupied
    one (Movement); surf tiles lie only on empty water (Placing Surf Tiles)."""
    rnd = random.Random(seed)
    state = GAME.setup(GameConfig(players=players, seed=seed))
    check(state)
    for _ in range(3000):
        if GAME.is_over(state):
            break
        seat = rnd.choice(GAME.to_move(state))
        legal = GAME.legal_for(state, seat)
        assert legal and all(GAME.seat_of(state, a) == seat for a in legal)
        action = rnd.choice(legal)
        if isinstance(action, (Enter, Home)):
            assert action.cell in STARTS and action.cell not in state.at
        state = GAME.apply(state, action)
        check(state)
    assert GAME.is_over(state) and state.round == 5


@pytest.mark.slow
@SETTINGS
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_a_saved_game_replays_and_views_never_show_others_secrets(players, seed):
    rnd = random.Random(seed)
    match = Match.start(GAME, GameConfig(players=players, seed=seed))
    for _ in range(rnd.randrange(1, 400)):
        if GAME.is_over(match.state):
            break
        match = match.play(rnd.choice(GAME.legal_actions(match.state)))
        state = match.state
        for seat in range(players):
            seen = GAME.view(state, seat)
            for other in range(players):
                if other != seat:
                    assert seen.hands[other][:3] == (0, 0, 0)
            hidden = {
                t
                for t in range(len(state.kinds))
                if t not in state.face_up and t not in state.known[seat]
            }
            if not GAME.is_over(state):
                assert all(seen.kinds[t] == HIDDEN for t in hidden)
            json.dumps(GAME.to_json(seen))
    again = through_a_record(match)
    assert again.state == match.state
