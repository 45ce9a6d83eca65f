"""Lunar Reef (anemones and clownfish, the expansion decks, the event deck),
the moonshell option and the four modes (rulebook: ADVANCED GAME MODES, Game
Modes, LUNAR REEF; RULES-NOTES: Moonshell)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.moonshell.ms_helpers import make_state, play
from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.games.moonshell.content import (
    ANEMONE,
    CLOWNFISH,
    DECK_IDS,
    EMPTY,
    REEF_PAIR,
    URCHIN,
    tile_from_code,
)
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.reef import EVENTS
from tideboard.games.moonshell.rules import rotate, seat_rocks
from tideboard.games.moonshell.scoring import breakdown, pair_count, winners
from tideboard.games.moonshell.state import EVENT, PLAY

T = tile_from_code


def setup(players=2, **kw):
    return GAME.setup(GameConfig(players=players, **kw))


def bag_census(state) -> Counter:
    return Counter(state.ocean + state.bag)


def start_play(state):
    while state.phase != PLAY and state.phase != EVENT:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


# -- the moonshell as an option ---------------------------------------------------------
def test_rule_moonshell_off_no_tile_no_points_no_tie_break():
    state = setup(2, options={"moonshell": "off"}, seed=2)
    assert state.moonshells == (False, False) and not state.moonshell_on
    state = start_play(state)
    assert not any(GAME.format_action(a).startswith("moonshell") for a in GAME.legal_actions(state))
    empty = make_state(2, moonshells=(False, False), moonshell_on=False)
    assert breakdown(empty, 0)["moonshell"] == 0
    with pytest.raises(IllegalAction, match="no moonshell"):
        play(empty, "moonshell 1")


def test_rule_moonshell_off_first_tie_break_falls_away_fewer_tiles_decides():
    state = make_state(
        2,
        moonshells=(False, False),
        moonshell_on=False,
        chests={
            0: ".. .. .. .. / .. .. .. .. / UR .. .. ..",
            1: ".. .. .. .. / .. .. .. .. / UR UR .. ..",
        },
        secrets=("", ""),
        open_cards=("C1", "A1", "PR3", "T2", "K4"),
    )
    scores = [breakdown(state, s)["total"] for s in (0, 1)]
    assert scores == [1, 2]
    # tied on points (an unpaired anemone is worth nothing): fewer tiles wins
    tied = make_state(
        2,
        moonshells=(False, False),
        moonshell_on=False,
        secrets=("", ""),
        open_cards=("C1", "A1", "PR3", "T2", "K4"),
        chests={
            0: ".. .. .. .. / .. .. .. .. / UR UR .. ..",
            1: ".. .. .. .. / .. .. .. .. / UR UR AN ..",
        },
    )
    assert breakdown(tied, 0)["total"] == breakdown(tied, 1)["total"] == 2
    assert winners(tied) == (0,)  # fewer tiles on the treasure board


# -- anemones and clownfish --------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_lunar_reef_players_plus_one_of_each_in_the_bag(players):
    state = setup(players, options={"reef": "players+1", "urchins": "none"})
    census = bag_census(state)
    assert census[ANEMONE] == census[CLOWNFISH] == players + 1


def test_rule_dive_adds_8_urchins_3_anemones_3_clownfish_at_any_table():
    for players in (2, 3, 4):
        census = bag_census(setup(players, variant="dive"))
        assert (census[URCHIN], census[ANEMONE], census[CLOWNFISH]) == (8, 3, 3)


def test_rule_solo_reef_counts_as_two_players():
    census = bag_census(setup(1, solo=True, options={"reef": "players+1"}))
    assert census[ANEMONE] == census[CLOWNFISH] == 3


def test_rule_clownfish_stacks_on_an_open_anemone():
    state = make_state(2, rocks={0: "CF .."}, chests={0: ".. .. .. .. / .. AN .. .. / wC wC AN .."})
    moves = [GAME.format_action(a) for a in GAME.legal_actions(state)]
    assert [m for m in moves if m.startswith("collect left")] == ["collect left 3"]  # lowest
    after = play(state, "collect left 3")
    assert after.chests[0][2] == (REEF_PAIR,) and after.chests[0][1] == (T("wC"), ANEMONE)
    with pytest.raises(IllegalAction, match="stacks on its partner in column 3"):
        play(state, "collect left 4")


def test_rule_anemone_slides_under_an_unstacked_clownfish_even_in_a_full_chest():
    full = "wC wC wC wC / wC wC wC wC / CF wC wC FA"
    state = make_state(2, rocks={0: "AN .."}, chests={0: full})
    after = play(state, "collect left 1")
    assert after.chests[0][0][0] == REEF_PAIR


def test_rule_without_a_partner_a_reef_tile_is_placed_like_any_other():
    state = make_state(2, rocks={0: "CF .."})
    after = play(state, "collect left 4")
    assert after.chests[0][3] == (CLOWNFISH,)


def test_rule_stacked_pair_scores_3_unpaired_nothing():
    state = make_state(2, chests={0: ".. .. .. .. / .. .. .. .. / FA FA AN CF"})
    assert breakdown(state, 0)["reef"] == 6
    assert breakdown(state, 0)["total"] == 6 + 4  # the unused moonshell


# -- the Lunar Reef objective decks -----------------------------------------------------
def test_rule_decks_option_draws_from_base_lunar_reef_or_both():
    for seed in range(20):
        base = setup(2, seed=seed).open_cards
        lunar = setup(2, seed=seed, options={"decks": "lunar-reef"}).open_cards
        assert all(not c.startswith("L") for c in base)
        assert all(c.startswith("L") for c in lunar)
    mixed = {c for seed in range(60) for c in setup(2, variant="tsunami", seed=seed).open_cards}
    assert any(c.startswith("L") for c in mixed) and any(not c.startswith("L") for c in mixed)
    assert len(DECK_IDS["lunar-pair"]) == 12


def test_rule_lunar_pair_card_a_tile_of_both_types_joins_the_smaller_side():
    white, star = 1 << 4, 1 << 3  # LP1: white shell + starfish
    masks = [0x18, 0x18, 1 << 5 | 1 << 3]  # two white starfish, one pink starfish
    assert pair_count(masks, white, star) == 1


# -- events --------------------------------------------------------------------------------
def test_rule_event_card_revealed_before_the_first_turn_of_each_round():
    state = start_play(setup(2, variant="tsunami", seed=5))
    assert state.event and len(state.event_deck) == 14
    first = state.event
    while state.round == 1:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.event != first and len(state.event_discard) == 2


def test_event_deck_has_15_cards_with_short_texts():
    assert len(EVENTS) == 15
    assert all(len(card.text) <= 70 for card in EVENTS.values())
    assert {card.kind for card in EVENTS.values()} == {"now", "round"}


def with_event(card: str, **kw):
    state = make_state(2, events_on=True, event_deck=(card,), **kw)
    from tideboard.games.moonshell.turns import start_round

    return start_round(state)


def test_event_moonrise_each_player_may_place_the_moonshell_for_free():
    state = with_event("E1")
    assert state.phase == EVENT and state.current == 0
    state = play(state, "moonshell 2")
    assert state.current == 1 and state.chests[0][1] == (17,)
    state = play(state, "decline")
    assert state.phase == PLAY and state.current == 0 and state.moonshells == (False, True)
    assert state.actions_left == 3


def test_event_undertow_and_whirlpool_turn_the_ocean():
    base = make_state(2)
    assert with_event("E2").ocean == rotate(base).ocean
    assert with_event("E3").ocean == rotate(rotate(base)).ocean


def test_event_low_tide_puts_rock_tiles_back_in_the_bag():
    state = with_event("E4", rocks={0: "wC pD"}, bag="oS")
    assert state.rocks == (EMPTY,) * 8 and sorted(state.bag) == sorted([T("wC"), T("pD"), T("oS")])


def test_event_homecoming_sends_every_mermeeple_home():
    state = with_event(
        "E5",
        powers="active",
        mermaids=("buoy", "inlet"),
        meeples=((6, 0), (3, 4)),
        meeple_round=(0, 0),
        saved=(EMPTY, EMPTY),
        chests={0: ".. .. .. .. / .. .. .. .. / MM .. .. .."},
    )
    assert state.in_play == 0 and state.chests[0][0] == () and not state.tides_odd


def test_event_shell_shower_fills_empty_rocks_from_the_bag():
    state = with_event("E6", rocks={0: "wC .."}, bag="oS pD uA")
    assert seat_rocks(state, 0) == (T("wC"), T("uA")) and seat_rocks(state, 1) == (T("pD"), T("oS"))


def test_event_urchin_swarm_adds_four_urchins_to_the_bag():
    state = with_event("E7", urchins_aside=6, bag="wC")
    assert state.urchins_aside == 2 and Counter(state.bag)[URCHIN] == 4


def test_event_still_water_forbids_rotating():
    state = with_event("E8")
    assert "rotate" not in [GAME.format_action(a) for a in GAME.legal_actions(state)]
    with pytest.raises(IllegalAction, match="Still Water"):
        play(state, "rotate")


def test_event_spring_tide_pulls_with_one_open_rock():
    state = with_event("E9", rocks={0: "wC .."})
    assert "pull 1" in [GAME.format_action(a) for a in GAME.legal_actions(state)]
    after = play(state, "pull 1")
    assert EMPTY not in seat_rocks(after, 0)


@pytest.mark.parametrize("column", [5, -1, 99])
def test_event_spring_tide_one_tile_pull_refuses_a_column_off_the_board(column):
    """Spring Tide's one-tile pull, like every pull, takes columns 1-5 only: apply
    accepts exactly what legal_actions lists (it raised IndexError for 5 and pulled
    column 5 for -1)."""
    from tideboard.games.moonshell.state import Pull

    state = with_event("E9", rocks={0: "wC .."})
    assert Pull(column) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="no such column"):
        GAME.apply(state, Pull(column))


def test_event_heavy_seas_and_fair_winds_change_the_actions():
    assert with_event("E10").actions_left == 2
    assert with_event("E11").actions_left == 4


def test_event_reverse_current_turns_against_the_token():
    state = with_event("E12")
    after = play(state, "rotate")
    assert after.ocean == rotate(make_state(2), clockwise=True).ocean


def test_event_moon_shadow_blocks_powers():
    state = with_event(
        "E13",
        powers="passive",
        mermaids=("rising-moon", "buoy"),
        meeples=((0, 0), (0, 0)),
        meeple_round=(0, 0),
        saved=(EMPTY, EMPTY),
    )
    assert "rotate twice" not in [GAME.format_action(a) for a in GAME.legal_actions(state)]


def test_event_becalmed_forbids_the_centre_column():
    state = with_event("E14")
    moves = [GAME.format_action(a) for a in GAME.legal_actions(state)]
    assert "pull 3 left" not in moves and "pull 2" in moves


def test_event_free_flow_first_rotation_is_free():
    state = with_event("E15")
    after = play(state, "rotate")
    assert after.actions_left == 3
    assert play(after, "rotate").actions_left == 2


@pytest.mark.parametrize("event, steps", [("E10", 2), ("", 3), ("E11", 4)])
def test_event_applies_to_the_automaton_heavy_seas_and_fair_winds(event, steps):
    from tideboard.games.moonshell.automaton import play_turn

    state = make_state(
        2,
        solo=True,
        events_on=True,
        event=event,
        auto_rotated=True,
        solo_deck=("Z1", "Z2", "Z4"),
        bag="wC pD uA oS wD pA uS oC",
    )
    _, log = play_turn(state)
    done = [line for line in log if "pulls its column" in line or "collects" in line]
    assert len(done) == steps


# -- modes ---------------------------------------------------------------------------------
def test_mode_wade_base_decks_moonshell_secrets_no_urchins():
    state = setup(2, variant="wade", seed=1)
    assert bag_census(state)[URCHIN] == 0 and state.moonshell_on and not state.powers
    assert state.offers[0] and all(not c.startswith("L") for c in state.open_cards)


def test_mode_submerge_passive_powers_no_urchins():
    state = setup(3, variant="submerge", seed=1)
    assert state.powers == "passive" and bag_census(state)[URCHIN] == 0


def test_mode_dive_passive_or_active():
    assert setup(2, variant="dive").powers == "passive"
    assert setup(2, variant="dive", options={"powers": "active"}).powers == "active"


def test_mode_tsunami_mixed_decks_and_events():
    state = setup(4, variant="tsunami", seed=3)
    assert state.events_on and len(state.event_deck) == 15
    assert bag_census(state)[URCHIN] == 8 and bag_census(state)[ANEMONE] == 3


def test_mode_solo_with_tsunami_plays_to_the_end():
    state = setup(1, solo=True, variant="tsunami", seed=7)
    steps = 0
    while not GAME.is_over(state) and steps < 500:
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
        steps += 1
    assert GAME.is_over(state) and "automaton" in GAME.result_text(state)


def test_mode_standard_keeps_two_player_urchins():
    assert bag_census(setup(2))[URCHIN] == 8 and bag_census(setup(3))[URCHIN] == 0
