"""The solo variant: the automated opponent in seat 2 and the ranking titles.

In these states the human (Player 1, south) ends the turn with one last
action so that the automaton (north) plays at once.  Open cards: PR3 white +
orange pairs, T2 most pink, K4 starfish collector.
"""

from __future__ import annotations

import random

import pytest

from tests.moonshell.ms_helpers import EXPECTED_CENSUS, census, make_state, play, tiles
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import EMPTY, URCHIN, tile_from_code
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.rules import ocean_rows, seat_rocks
from tideboard.games.moonshell.state import KEEP

T = tile_from_code


def solo_state(**kw):
    kw.setdefault("rocks", {})
    kw["rocks"] = {0: "wC ..", **kw["rocks"]}
    kw.setdefault("actions_left", 1)
    kw.setdefault("auto_rotated", True)
    kw.setdefault("solo_deck", ("Z1", "Z2", "Z3"))
    kw.setdefault("bag", "wC pD uA oS wD pA uS oC wA pS")
    return make_state(solo=True, **kw)


def human_ends_turn(state, column=1):
    return play(state, f"collect left {column}")


def test_rule_solo_setup_is_the_two_player_setup_with_the_automaton_in_seat_2():
    state = GAME.setup(GameConfig(players=1, solo=True, seed=4))
    assert state.players == 2 and state.solo and state.sides == (0, 2)
    assert (state.ocean + state.bag).count(URCHIN) == 8  # as for two players
    assert census(state) == EXPECTED_CENSUS
    assert state.moonshells == (True, False)  # no moonshell for the automaton
    assert state.offers[1] == () and len(state.offers[0]) == 2
    assert sorted(state.solo_deck) == sorted(f"Z{i}" for i in range(1, 11))
    state = play(state, f"keep {state.offers[0][0]}")
    assert state.phase != KEEP and state.secrets[1] == ""  # no secret objective either


def test_rule_solo_only_player_1_is_ever_to_move():
    rnd = random.Random(5)
    state = GAME.setup(GameConfig(players=1, solo=True, seed=5))
    while not GAME.is_over(state):
        assert GAME.to_move(state) == (0,)
        state = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
    assert GAME.to_move(state) == ()


def test_rule_automaton_rotates_once_only_then_pulls_and_collects():
    state = solo_state(auto_rotated=False)
    before = state
    state = human_ends_turn(state)
    log = state.auto_log
    assert len(log) == 3 and log[0].startswith("rotates the ocean counter-clockwise")
    assert log[1].startswith("draws solo card Z3") and log[2].startswith("collects")
    assert state.auto_rotated and state.current == 0 and state.actions_left == 3
    assert state.ocean != before.ocean
    # next turn: no rotation any more - pull, collect, collect
    state = play(state, "rotate", "rotate", "rotate")
    log = state.auto_log
    assert [line.split()[0] for line in log] == ["collects", "draws", "collects"] or [
        line.split()[0] for line in log
    ] == ["draws", "collects", "collects"]
    assert not any(line.startswith("rotates") for line in log)


def test_rule_automaton_pulls_the_column_drawn_from_the_solo_deck():
    state = solo_state(solo_deck=("Z1", "Z9"))  # Z9: column 5 from the automaton's left
    seen = ocean_rows(state, 1)
    nearest, second = seen[-1][4], seen[-2][4]
    after = human_ends_turn(state)
    assert after.solo_discard == ("Z9",) and after.solo_deck == ("Z1",)
    assert "column 5 (your column 1)" in after.auto_log[0]
    # column 5 is on its right: the nearest tile went to its left (farthest) rock,
    # then both tiles were collected, the left one first (no objective matches)
    collected = after.chests[1][0]
    assert set(collected) == {nearest, second}


def test_rule_solo_deck_is_reshuffled_when_every_card_is_discarded():
    others = tuple(f"Z{i}" for i in range(1, 11) if i != 4)
    state = solo_state(solo_deck=("Z4",), solo_discard=others)
    after = human_ends_turn(state)
    assert after.solo_discard == ()
    assert sorted(after.solo_deck) == sorted(f"Z{i}" for i in range(1, 11))


@pytest.mark.parametrize(
    "rocks, first, reason",
    [
        ("pC wS", "wS", "Collector"),  # starfish (Collector) beats pink (Trove), even on the right
        ("wC pC", "pC", "Trove"),  # pink (Trove) beats white (Pair)
        ("uC oA", "oA", "Pair"),  # orange (Pair) beats a plain tile
        ("uC uA", "uC", "leftmost"),  # nothing matches: the leftmost tile
    ],
)
def test_rule_automaton_collects_collector_then_trove_then_pair_else_leftmost(rocks, first, reason):
    state = solo_state(rocks={1: rocks})
    after = human_ends_turn(state)
    assert after.chests[1][0][0] == T(first)
    assert reason in after.auto_log[0]
    # it collects the other tile too, then pulls again with its last action
    assert len(after.chests[1][0]) == 2
    assert after.auto_log[2].startswith("draws")


def test_rule_automaton_places_tiles_in_the_leftmost_open_space():
    state = solo_state(rocks={1: "uC uA"}, chests={1: "uC .. .. .. / uC .. .. .. / uC wC .. .."})
    after = human_ends_turn(state)
    assert after.chests[1][0] == tiles("uC uC uC")
    assert after.chests[1][1] == tiles("wC uC uA")


def test_rule_automaton_with_one_tile_collects_it_then_pulls_then_collects():
    state = solo_state(rocks={1: ".. oA"})
    after = human_ends_turn(state)
    assert [line.split()[0] for line in after.auto_log] == ["collects", "draws", "collects"]
    assert after.chests[1][0][0] == T("oA")
    assert sum(t != EMPTY for t in seat_rocks(after, 1)) == 1


def test_rule_automaton_filling_its_chest_ends_the_game_after_its_turn():
    full11 = "wC wC wC .. / pD pD pD pD / uA uA uA uA"
    state = solo_state(rocks={1: "oS .."}, chests={1: full11})
    after = human_ends_turn(state)
    assert after.end_trigger == 1 and after.over
    assert "fills its treasure chest" in " ".join(after.auto_log)


def test_rule_player_filling_the_chest_lets_the_automaton_finish_the_round():
    full11 = "wC wC wC .. / pD pD pD pD / uA uA uA uA"
    state = solo_state(chests={0: full11}, rocks={1: "oS .."})
    after = human_ends_turn(state, column=4)
    assert after.end_trigger == 0 and after.over
    assert after.auto_turns == 1 and after.chests[1][0][0] == T("oS")


def test_describe_tells_the_player_what_the_automaton_did():
    state = solo_state(rocks={1: "pC wS"})
    after = human_ends_turn(state)
    line = GAME.describe(state, GAME.parse_action(state, "collect left 1"), after)
    assert line.startswith("You collect the white clamshell")  # solo: as the screen says
    assert "The automaton collects the white starfish" in line and "Collector" in line
    assert GAME.to_json(GAME.view(after, 0))["solo"]["last_turn"] == list(after.auto_log)


def test_solo_game_plays_to_the_end_and_names_the_title():
    match = Match.start(GAME, GameConfig(players=1, solo=True, seed=11))
    rnd = random.Random(1)
    while not GAME.is_over(match.state):
        match = match.play(rnd.choice(GAME.legal_actions(match.state)))
    text = GAME.result_text(match.state)
    assert any(title in text for title in ("Nymph", "Kelpie", "Siren", "Merqueen"))
    assert "automaton" in text
    assert len(GAME.scores(match.state)) == 2
    assert census(match.state) == EXPECTED_CENSUS


def test_solo_title_uses_the_players_final_score():
    chest = "wS wS wS wS / pS pS pS pS / oS oS oS oS"
    state = evolve(make_state(solo=True, chests={0: chest}, secrets=("S10", "")), over=True)
    # collector 12 + trove 6 + 4 white/orange pairs 8 + white row 8 + three starfish
    # columns 9 + unused moonshell 4
    assert GAME.scores(state) == (47, 0)
    assert "47 points: Merqueen" in GAME.result_text(state)
    lower = evolve(state, chests=(state.chests[0][:2] + ((), ()), state.chests[1]))
    assert "Kelpie" in GAME.result_text(lower) or "Nymph" in GAME.result_text(lower)
