"""Moonshell components and setup."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.moonshell.ms_helpers import EXPECTED_CENSUS, census
from tideboard.engine.core import ConfigError, GameConfig, IllegalAction
from tideboard.engine.rng import Rng
from tideboard.games.moonshell.content import (
    ALL_SHELLS,
    CARDS,
    COLOURS,
    DECK_IDS,
    EMPTY,
    HIDDEN,
    PATTERN_CARDS,
    SHAPES,
    TYPE_CARDS,
    URCHIN,
    PatternCard,
    TypeCard,
    tile_name,
)
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import KEEP, PLAY, Keep


def setup(players=3, seed=1, solo=False):
    return GAME.setup(GameConfig(players=1 if solo else players, solo=solo, seed=seed))


def keep_all(state):
    while state.phase == KEEP:
        state = GAME.apply(state, Keep(state.offers[state.current][0]))
    return state


def test_rule_components_48_shells_of_4_shapes_4_colours_3_copies():
    assert len(ALL_SHELLS) == 48
    counts = Counter(tile_name(t) for t in ALL_SHELLS)
    assert len(counts) == 16 and set(counts.values()) == {3}
    assert set(SHAPES) == {"clamshell", "sand dollar", "auger", "starfish"}
    assert set(COLOURS) == {"white", "pink", "purple", "orange"}


def test_rule_card_decks_have_the_published_counts():
    sizes = {deck: len(ids) for deck, ids in DECK_IDS.items()}
    assert sizes == {
        "composition": 8,
        "array": 8,
        "pair": 12,
        "trove": 8,
        "collector": 8,
        "secret": 12,
        "lunar-composition": 8,
        "lunar-array": 8,
        "lunar-pair": 12,
        "lunar-trove": 8,
        "lunar-collector": 8,
    }
    for prefix in ("", "lunar-"):
        assert all(CARDS[c].points == 10 for c in DECK_IDS[prefix + "composition"])
        assert all(CARDS[c].points == 8 for c in DECK_IDS[prefix + "array"])


def test_the_pattern_and_type_cards_are_looked_up_by_kind():
    """Composition, Array and secret cards are PATTERN_CARDS; Pair, Trove and
    Collector cards TYPE_CARDS; CARDS is both, each id once."""
    for deck, ids in DECK_IDS.items():
        kind = TYPE_CARDS if deck.endswith(("pair", "trove", "collector")) else PATTERN_CARDS
        assert all(
            isinstance(kind[c], PatternCard if kind is PATTERN_CARDS else TypeCard) for c in ids
        )
    assert not PATTERN_CARDS.keys() & TYPE_CARDS.keys()
    assert CARDS == {**PATTERN_CARDS, **TYPE_CARDS}
    assert set(CARDS) == {c for ids in DECK_IDS.values() for c in ids}


@pytest.mark.parametrize("players", [3, 4])
def test_rule_setup_fills_the_5x5_ocean_and_bags_the_rest(players):
    state = setup(players)
    assert EMPTY not in state.ocean and len(state.ocean) == 25
    assert len(state.bag) == 48 - 25
    assert URCHIN not in state.ocean + state.bag  # urchins wait to the side
    assert state.urchins_aside == 24
    assert census(state) == EXPECTED_CENSUS
    assert state.rocks == (EMPTY,) * 8


def test_rule_two_player_setup_adds_8_urchins_to_the_bag():
    state = setup(2, seed=4)
    assert (state.ocean + state.bag).count(URCHIN) == 8
    assert len(state.ocean) + len(state.bag) == 56
    assert state.urchins_aside == 16
    assert census(state) == EXPECTED_CENSUS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_each_player_sits_at_their_own_side(players):
    state = setup(players)
    assert len(set(state.sides)) == players
    assert state.sides[0] == 0  # Player 1 sits south
    if players == 2:
        assert state.sides == (0, 2)  # facing each other


def test_rule_tides_token_starts_even_side_up_counter_clockwise():
    state = setup()
    assert not state.tides_odd and state.direction == "counter-clockwise"


def test_rule_one_card_of_each_open_deck_face_up():
    state = setup()
    assert [CARDS[c].deck for c in state.open_cards] == [
        "composition",
        "array",
        "pair",
        "trove",
        "collector",
    ]
    seen = {setup(seed=s).open_cards for s in range(12)}
    assert len(seen) > 1  # drawn at random


def test_rule_one_moonshell_per_player_in_reserve():
    assert setup(4).moonshells == (True,) * 4


def test_rule_two_secret_cards_dealt_and_each_player_keeps_one_in_turn():
    state = setup(3, seed=2)
    dealt = [c for offer in state.offers for c in offer]
    assert len(dealt) == 6 and len(set(dealt)) == 6
    assert state.phase == KEEP and GAME.to_move(state) == (0,)
    assert set(GAME.legal_actions(state)) == {Keep(c) for c in state.offers[0]}
    for seat in range(3):
        assert GAME.to_move(state) == (seat,)
        choice = state.offers[seat][1]
        state = GAME.apply(state, Keep(choice))
        assert state.secrets[seat] == choice and state.offers[seat] == ()  # the other is discarded
    assert state.phase == PLAY and GAME.to_move(state) == (0,) and state.actions_left == 3


def test_rule_keep_must_be_one_of_your_two_secret_cards():
    state = setup(2, seed=2)
    other = next(c for c in DECK_IDS["secret"] if c not in state.offers[0])
    with pytest.raises(IllegalAction, match="not one of your secret objectives"):
        GAME.apply(state, Keep(other))
    with pytest.raises(IllegalAction, match="secret objectives"):
        GAME.apply(state, GAME.parse_action(state, "rotate"))
    played = keep_all(state)
    with pytest.raises(IllegalAction, match="have all been chosen"):
        GAME.apply(played, Keep(played.secrets[0]))


def test_same_seed_same_game_and_seeds_differ():
    assert setup(seed=7) == setup(seed=7)
    assert setup(seed=7).ocean != setup(seed=8).ocean
    # recorded once: seed 7 always lays out this ocean
    assert setup(seed=7).ocean == (
        5,
        6,
        15,
        8,
        8,
        6,
        11,
        0,
        0,
        11,
        4,
        11,
        7,
        13,
        2,
        2,
        1,
        9,
        5,
        7,
        1,
        14,
        8,
        3,
        10,
    )


def test_setup_rejects_player_counts_outside_2_to_4():
    with pytest.raises(ConfigError, match="2-4"):
        GAME.setup(GameConfig(players=5))
    with pytest.raises(ConfigError):
        GAME.info.check_config(GameConfig(players=1))


def test_view_hides_other_secrets_offers_bag_order_and_rng():
    state = setup(3, seed=5)
    view = GAME.view(state, 0)
    assert view.offers[0] == state.offers[0]
    assert view.offers[1] == (HIDDEN, HIDDEN) and view.offers[2] == (HIDDEN, HIDDEN)
    assert view.rng == Rng(0) and state.rng != Rng(0)
    assert sorted(view.bag) == list(view.bag) and sorted(view.bag) == sorted(state.bag)
    state = keep_all(state)
    view = GAME.view(state, 1)
    assert view.secrets[1] == state.secrets[1]
    assert view.secrets[0] == HIDDEN and view.secrets[2] == HIDDEN
    spectator = GAME.view(state, None)
    assert set(spectator.secrets) == {HIDDEN}
    # the json of a view carries no other secret either
    seats = GAME.to_json(view)["seats"]
    assert seats[0]["secret"] == "hidden" and seats[2]["secret"] == "hidden"
    assert seats[1]["secret"]["id"] == state.secrets[1]


def test_view_solo_hides_the_solo_deck_order():
    state = setup(solo=True, seed=3)
    view = GAME.view(state, 0)
    assert sorted(view.solo_deck) == list(view.solo_deck)
    assert sorted(view.solo_deck) == sorted(state.solo_deck)
