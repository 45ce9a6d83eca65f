"""Mermaid powers: each of the twelve, its effect and its limits, and the tides
token (rulebook: MERMAID POWERS; RULES-NOTES: passive = light, active = dark)."""

from __future__ import annotations

import pytest

from tests.moonshell.ms_helpers import chest, make_state, play
from tideboard.engine.core import ConfigError, GameConfig, IllegalAction
from tideboard.games.moonshell.content import COLUMNS, EMPTY, tile_from_code
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.rules import ocean_rows, seat_rocks
from tideboard.games.moonshell.state import (
    AT_HOME,
    BUOY_SPACE,
    CHEST,
    CORNER,
    MERMAID,
    OCEAN,
    ROCK,
    TILE,
    Choose,
)

T = tile_from_code
OCEAN_TEXT = "wC pD uA oS wD / pA uS oC wA pS / uC oD wS pC uD / oA wC pD uA oS / wD pA uS oC wA"


def with_powers(side: str, mine: str, players: int = 2, other: str = "", **kw):
    mermaids = (mine, other or ("buoy" if mine != "buoy" else "swap")) + ("",) * (players - 2)
    fields = dict(
        ocean_text=OCEAN_TEXT,
        powers=side,
        mermaids=mermaids[:players],
        meeples=(AT_HOME,) * players,
        meeple_round=(0,) * players,
        meeple_back=(0,) * players,
        saved=(EMPTY,) * players,
        bag="wC pD uA oS wD pA",
    )
    fields.update(kw)
    return make_state(players, **fields)


def legal(state):
    return [GAME.format_action(a) for a in GAME.legal_actions(state)]


# -- choosing mermaids ------------------------------------------------------------------
def test_rule_each_player_chooses_a_different_mermaid_in_turn_order_before_the_secrets():
    state = GAME.setup(GameConfig(players=3, variant="submerge", seed=1))
    assert state.phase == MERMAID and state.current == 0
    state = GAME.apply(state, Choose("inlet"))
    assert state.current == 1 and "mermaid inlet" not in legal(state)
    with pytest.raises(IllegalAction, match="taken"):
        GAME.apply(state, Choose("inlet"))
    state = GAME.apply(GAME.apply(state, Choose("swap")), Choose("buoy"))
    assert state.phase == "keep" and state.mermaids == ("inlet", "swap", "buoy")


def test_rule_mermaid_options_fix_a_players_mermaid_and_refuse_doubles():
    state = GAME.setup(
        GameConfig(
            players=2, variant="dive", seed=1, options={"mermaid-1": "slide", "mermaid-2": "inlet"}
        )
    )
    assert state.phase == "keep" and state.mermaids == ("slide", "inlet")
    with pytest.raises(ConfigError, match="cannot both"):
        GAME.setup(
            GameConfig(
                players=2, variant="dive", options={"mermaid-1": "slide", "mermaid-2": "slide"}
            )
        )
    with pytest.raises(ConfigError, match="needs mermaid powers"):
        GAME.setup(GameConfig(players=2, options={"mermaid-1": "slide"}))


def test_rule_solo_automaton_has_no_mermaid_or_mermeeple():
    state = GAME.setup(GameConfig(players=1, solo=True, variant="dive", seed=3))
    assert state.phase == MERMAID
    state = GAME.apply(state, Choose("buoy"))
    assert state.mermaids == ("buoy", "") and state.phase == "keep"
    with pytest.raises(ConfigError, match="mermaid-2"):
        GAME.setup(GameConfig(players=1, solo=True, variant="dive", options={"mermaid-2": "swap"}))


# -- the tides token ----------------------------------------------------------------------
def test_rule_tides_token_flips_when_a_mermeeple_comes_onto_the_field_and_back():
    state = with_powers("passive", "rising-moon")
    assert not state.tides_odd  # zero in play: even, counter-clockwise
    after = play(state, "rotate twice")
    assert after.meeples[0] == (OCEAN, 0) and after.tides_odd  # one in play: clockwise
    assert after.direction == "clockwise"


def test_rule_tides_two_mermeeples_in_play_is_even_again():
    state = with_powers(
        "passive", "rising-moon", meeples=((0, 0), (OCEAN, 0)), meeple_round=(0, 1), tides_odd=True
    )
    after = play(state, "rotate twice")
    assert after.in_play == 2 and not after.tides_odd


def test_rule_passive_mermeeple_returns_at_the_end_of_the_owners_next_turn():
    state = with_powers("passive", "rising-moon", rocks={0: "wC pD"})
    state = play(state, "rotate twice", "rotate", "rotate")  # Player 1's turn ends
    assert state.meeples[0] == (OCEAN, 0) and state.current == 1
    state = play(state, "rotate", "rotate", "rotate")  # Player 2
    assert state.current == 0 and state.meeples[0] == (OCEAN, 0)
    assert "rotate twice" not in legal(state)  # not home yet: no second use
    state = play(state, "rotate", "rotate", "rotate")  # the end of Player 1's next turn
    assert state.meeples[0] == AT_HOME and not state.tides_odd


# -- passive powers -----------------------------------------------------------------------
def test_power_passive_rising_moon_rotates_twice_as_one_action():
    state = with_powers("passive", "rising-moon")
    after = play(state, "rotate twice")
    assert after.actions_left == 2
    half = play(play(state, "rotate"), "rotate")
    assert after.ocean == half.ocean


def test_power_passive_tide_pool_pulls_the_nearest_tile_of_two_neighbouring_columns():
    state = with_powers("passive", "tide-pool")
    rows = ocean_rows(state, 0)
    after = play(state, "pull 1+2")
    assert seat_rocks(after, 0) == (rows[4][0], rows[4][1])
    assert after.actions_left == 2 and after.meeples[0] == (OCEAN, 0)
    with pytest.raises(IllegalAction):  # not while a tile is on a rock
        play(with_powers("passive", "tide-pool", rocks={0: "wC .."}), "pull 1+2")


def test_power_passive_inlet_pulls_onto_one_open_rock():
    state = with_powers("passive", "inlet", rocks={0: "wC .."})
    assert "pull 1" not in legal(state) and "pull 1 inlet" in legal(state)
    nearest = ocean_rows(state, 0)[4][0]
    after = play(state, "pull 1 inlet")
    assert seat_rocks(after, 0) == (T("wC"), nearest)
    with pytest.raises(IllegalAction, match="exactly one open rock"):
        play(with_powers("passive", "inlet"), "pull 1 inlet")


def test_power_passive_slide_pulls_away_onto_the_opposite_rocks():
    state = with_powers("passive", "slide")
    far = [state.ocean[i] for i in COLUMNS[2][4]][:2]  # my column 1 is their column 5
    after = play(state, "pull 1 slide")
    assert seat_rocks(after, 0) == (EMPTY, EMPTY)
    assert seat_rocks(after, 1)[0] == far[0] and after.meeples[0] == (OCEAN, 0)
    blocked = with_powers("passive", "slide", rocks={1: "wC .."})
    assert "pull 1 slide" not in legal(blocked)


def test_power_passive_swap_takes_another_sides_tile_for_an_alike_one():
    state = with_powers("passive", "swap", rocks={0: "wC ..", 1: "pD wA"})
    # the north rocks: wA is white like my wC; pD shares nothing with it
    assert "swap north-right left 1" in legal(state)
    assert not any(m.startswith("swap north-left") for m in legal(state))
    after = play(state, "swap north-right left 1")
    assert after.chests[0][0] == (T("wA"),) and seat_rocks(after, 1) == (T("pD"), T("wC"))
    assert seat_rocks(after, 0) == (EMPTY, EMPTY) and after.actions_left == 2


def test_power_passive_buoy_saves_a_tile_then_places_both_later():
    state = with_powers("passive", "buoy", rocks={0: "wC pD"})
    after = play(state, "save left")
    assert after.saved[0] == T("wC") and after.chests[0] == chest()
    after = play(after, "collect right 2 saved 2 first")
    assert after.chests[0][1] == (T("wC"), T("pD")) and after.saved[0] == EMPTY


def test_power_passive_buoy_mermeeple_comes_back_at_the_end_of_the_owners_next_turn():
    """Like every passive power's: an earlier use (round 1) does not send it home at the
    end of the turn it is used in (round 3)."""
    state = with_powers("passive", "buoy", rocks={0: "wC pD"}, round=3, meeple_round=(1, 0))
    after = play(state, "save left")
    assert after.meeples[0] == (OCEAN, 0) and after.meeple_round[0] == 3
    after = play(play(after, "collect right 1"), "rotate")
    assert after.current == 1 and after.meeples[0] == (OCEAN, 0)  # the turn has ended


def test_power_passive_buoy_only_one_tile_saved():
    state = with_powers("passive", "buoy", rocks={0: "wC pD"}, saved=(T("oS"), EMPTY))
    assert "save left" not in legal(state)


# -- active powers -----------------------------------------------------------------------
def test_power_active_is_a_free_action():
    state = with_powers("active", "inlet")
    after = play(state, "power inlet left")
    assert after.actions_left == 3 and after.meeples[0] == (ROCK, 0)


def test_power_active_tide_pool_tile_cannot_be_pulled_by_others():
    state = with_powers("active", "tide-pool", other="inlet")
    state = play(state, "power pool 1 5")  # my column 1, far end: Player 2's column 5, nearest
    cell = COLUMNS[0][0][4]
    assert state.meeples[0] == (TILE, cell) and cell == COLUMNS[2][4][0]
    state = play(state, "collect moon 1", "pull 2", "collect left 2")
    assert state.current == 1 and state.meeples[0] == (TILE, cell)
    assert "pull 5" not in legal(state) and "pull 4" in legal(state)
    with pytest.raises(IllegalAction, match="Tide Pool"):
        play(state, "pull 5")


def test_power_active_tide_pool_mermeeple_rides_its_tile_when_the_board_turns():
    state = with_powers("active", "tide-pool")
    state = play(state, "power pool 2 3", "rotate")
    kind, where = state.meeples[0]
    assert kind == TILE
    before = with_powers("active", "tide-pool")
    assert state.ocean[where] == before.ocean[COLUMNS[0][1][2]]


def test_power_active_inlet_rock_cannot_be_taken_by_others():
    state = with_powers("active", "inlet", other="swap", rocks={0: "wC .."})
    state = play(state, "power inlet left", "rotate", "rotate", "collect moon 1")
    assert state.meeples[0] == (ROCK, 4)
    # two rotations: my rocks are now in front of Player 2 (north)
    assert state.current == 1 and seat_rocks(state, 1)[0] == T("wC")
    assert not any(m.startswith("collect left") for m in legal(state))
    with pytest.raises(IllegalAction, match="Inlet"):
        play(state, "collect left 1")


def test_power_active_rising_moon_turns_the_board_at_the_start_of_the_next_turn():
    state = with_powers("active", "rising-moon")
    state = play(state, "power moon 3")  # the far-right corner
    assert state.meeples[0] == (CORNER, 2)
    start = state
    state = play(state, "collect moon 1", "rotate", "rotate")  # (rotations carry it: SW)
    assert state.meeples[0] == (CORNER, 0)
    state = play(state, "rotate", "rotate", "rotate")  # Player 2: now at NW
    # at the start of my turn the ocean turned once more, bringing it to my left corner
    assert state.current == 0 and state.meeples[0] == AT_HOME
    assert state.ocean == play(start, "rotate", "rotate").ocean  # 2 + 3 + 1 quarter turns


def test_power_active_slide_moves_a_chest_tile_through_open_spaces():
    state = with_powers("active", "slide", chests={0: ".. .. .. .. / wC .. .. .. / pD .. .. oS"})
    assert "power slide 1 2 2" in legal(state) and "power slide 1 2 3" in legal(state)
    assert "power slide 1 1 4" not in legal(state)  # column 4's floor is taken: it stops
    after = play(state, "power slide 1 2 3")
    assert after.chests[0][0] == (T("pD"),) and after.chests[0][2] == (T("wC"),)
    assert after.meeples[0] == (CHEST, 2)


def test_power_active_swap_needs_same_shape_or_colour_and_never_the_moonshell():
    state = with_powers("active", "swap", chests={0: ".. .. .. .. / .. .. .. .. / wC pC MS wD"})
    moves = legal(state)
    assert "power swap 1 1 2 1" in moves  # two clamshells
    assert "power swap 1 1 4 1" in moves  # two white shells
    assert not any(" 3 1" in m for m in moves if m.startswith("power swap"))  # moonshell
    after = play(state, "power swap 1 1 2 1")
    assert after.chests[0][0] == (T("pC"),) and after.chests[0][1] == (T("wC"),)


def test_power_active_buoy_holds_a_space_a_later_tile_takes():
    state = with_powers("active", "buoy", rocks={0: "wC pD"})
    state = play(state, "power buoy 2")
    assert state.meeples[0] == (BUOY_SPACE, 1) and state.chests[0][1] == (20,)
    state = play(state, "collect right 2")  # lands on top of the mermeeple
    state = play(state, "collect left buoy")
    assert state.chests[0][1] == (T("wC"), T("pD")) and state.meeples[0] == AT_HOME


def test_power_is_offered_only_while_the_mermeeple_is_home():
    state = with_powers(
        "active", "inlet", meeples=((ROCK, 0), AT_HOME), meeple_round=(1, 0), tides_odd=True
    )
    assert not any(m.startswith("power") for m in legal(state))
    with pytest.raises(IllegalAction, match="not back"):
        play(state, "power inlet right")


def test_power_of_another_mermaid_or_side_is_refused():
    state = with_powers("active", "inlet")
    with pytest.raises(IllegalAction, match="not yours"):
        play(state, "power buoy 1")
    with pytest.raises(IllegalAction, match="active powers, not the passive"):
        play(state, "rotate twice")


@pytest.mark.parametrize(
    "level, side", [("greedy", "passive"), ("greedy", "active"), ("random", "active")]
)
def test_bots_use_powers_and_cope_with_events(level, side):
    from tideboard.games.moonshell.bots import bot_factories

    config = GameConfig(players=3, variant="tsunami", seed=11, options={"powers": side})
    state = GAME.setup(config)
    bots = [bot_factories()[level](seat) for seat in range(3)]
    used = 0
    for _ in range(600):
        if GAME.is_over(state):
            break
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state))
        after = GAME.apply(state, action)
        used += after.in_play > state.in_play
        state = after
    assert GAME.is_over(state) and used > 0
