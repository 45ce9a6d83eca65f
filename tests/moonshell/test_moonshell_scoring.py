"""Moonshell scoring: every line of the scoring template and the rulebook's examples.

Open cards in these tests (unless a test says otherwise):
C1 sand dollar zig-zag (composition), A1 three white in a row (array),
PR3 white + orange pairs, T2 most pink shells, K4 starfish collector;
secret S1 (three in a row of one colour, twice).
"""

from __future__ import annotations

from tests.moonshell.ms_helpers import make_state
from tideboard.engine.states import evolve
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.scoring import breakdown, scores, solo_title, winners

EMPTY_CHEST = ".. .. .. .. / .. .. .. .. / .. .. .. .."


def score(chest_text, category, others=(), **kw):
    chests = {0: chest_text}
    for i, text in enumerate(others, 1):
        chests[i] = text
    state = make_state(max(2, 1 + len(others)), chests=chests, **kw)
    return breakdown(state, 0)[category]


# -- Composition -----------------------------------------------------------------
def test_rule_composition_example_four_diagonal_sand_dollars_any_colour_either_way_scores_10():
    """The rulebook's example: four sand dollars set diagonally, any colours; the
    pattern may be flipped, rotated or shifted, and either configuration scores 10."""
    first = ".. pD .. wD / oD wC uD wC / wC wC wC wC"
    second = ".. .. .. .. / pD .. oD .. / uA wD pS uD"
    assert score(first, "composition") == 10
    assert score(second, "composition") == 10


def test_rule_composition_needs_the_shapes_in_the_pattern():
    assert score(".. .. .. .. / .. .. .. .. / pD wD oD uD", "composition") == 0  # a line
    assert score(".. .. .. .. / pD .. oD .. / uA wD pS uC", "composition") == 0  # a clam
    assert score(".. .. .. .. / pD .. oD .. / uA wD pS UR", "composition") == 0  # an urchin


def test_rule_composition_scores_10_only_once():
    two = "pD .. pD .. / wD oD wD oD / pD wA pD oS"  # zig-zags twice over
    assert score(two, "composition") == 10


# -- Array ---------------------------------------------------------------------------
def test_rule_array_pattern_of_white_shells_any_shape_scores_8_once():
    assert score(".. .. .. .. / .. .. .. .. / wC wD wS ..", "array") == 8
    assert score("wA .. .. .. / wA .. .. .. / wC pD .. ..", "array") == 8  # turned upright
    assert score(".. .. .. .. / wC wC wC wC / wC wC wC wC", "array") == 8  # once only
    assert score(".. .. .. .. / .. .. .. .. / wC pC wC wC", "array") == 0


# -- Pair ------------------------------------------------------------------------------
def test_rule_pair_example_three_pairs_score_6_and_one_pair_scores_2():
    """The rulebook's example: three pairs score 6; a single pair scores 2, an
    extra white shell without an orange partner adds nothing.  Not adjacent."""
    left = ".. .. .. .. / oS wA pD .. / wC oA wD oD"  # 3 white, 3 orange: 3 pairs
    right = ".. .. .. .. / .. .. .. .. / wC pA wD oD"  # 2 white, 1 orange: 1 pair
    assert score(left, "pair") == 6
    assert score(right, "pair") == 2


def test_rule_pair_scores_2_per_pair_up_to_six_pairs():
    six = "wC oC wC oC / wD oD wD oD / wA oA wA oA"
    assert score(six, "pair") == 12


# -- Trove -------------------------------------------------------------------------------
def test_rule_trove_example_the_most_pink_shells_scores_6_and_second_scores_0():
    """The rulebook's example: 5 pink shells against 4: 6 points and 0 points."""
    five = ".. .. .. .. / pC .. .. .. / pD pA pS pC"
    four = ".. .. .. .. / .. .. .. .. / pD pA pS pC"
    state = make_state(2, chests={0: five, 1: four})
    assert breakdown(state, 0)["trove"] == 6 and breakdown(state, 1)["trove"] == 0


def test_rule_trove_tied_leaders_all_score_6():
    three = ".. .. .. .. / .. .. .. .. / pD pA pS .."
    state = make_state(3, chests={0: three, 1: three, 2: ".. .. .. .. / .. .. .. .. / pD .. .. .."})
    assert [breakdown(state, s)["trove"] for s in range(3)] == [6, 6, 0]


def test_rule_trove_needs_at_least_one_tile_of_the_type():
    state = make_state(2, chests={0: ".. .. .. .. / .. .. .. .. / wD .. .. .."})
    assert breakdown(state, 0)["trove"] == 0 and breakdown(state, 1)["trove"] == 0


# -- Collector ------------------------------------------------------------------------------
def test_rule_collector_example_three_starfish_of_any_colours_score_3():
    a = ".. .. .. .. / .. .. .. .. / wS pS oS .."
    b = ".. .. .. .. / uS .. .. .. / uS wC uS .."
    assert score(a, "collector") == 3 and score(b, "collector") == 3


def test_rule_collector_scores_1_per_tile_up_to_12():
    full = "wS pS oS uS / wS pS oS uS / wS pS oS uS"
    assert score(full, "collector") == 12


# -- Secret objectives ------------------------------------------------------------------------
def test_rule_secret_example_one_colour_any_shapes_scores_8_in_either_configuration():
    """The rulebook's example: a one-colour pattern made of any shapes scores the
    card's 8 points in either configuration."""
    bottom_left = ".. .. .. .. / uS uC .. .. / uA uD wC .."
    top_right = ".. .. oA oC / wC wC oS oD / pC pC pC pC"
    assert score(bottom_left, "secret", secrets=("S3", "S1")) == 8
    assert score(top_right, "secret", secrets=("S3", "S1")) == 8
    assert score(".. .. .. .. / uS uC .. .. / uA pD wC ..", "secret", secrets=("S3", "S1")) == 0


def test_rule_secret_one_shape_card_needs_a_single_shape():
    square = ".. .. .. .. / wS pS .. .. / oS uS .. .."
    assert score(square, "secret", secrets=("S4", "S1")) == 8  # one shape, four colours
    assert score(square, "secret", secrets=("S3", "S1")) == 0  # but not one colour


def test_rule_secret_seahorses_let_it_score_several_times_on_separate_tiles():
    columns = "wC pC oC uC / wA pA oA uA / wS pS oS uS"  # four one-colour columns
    assert score(columns, "secret", secrets=("S9", "S1")) == 9  # three seahorses: 3 x 3
    two_rows = ".. .. .. .. / wC wA wS pC / wD wC wS oA"
    assert score(two_rows, "secret", secrets=("S1", "S1")) == 8  # 2 x 4
    one_row = ".. .. .. .. / .. .. .. .. / wD wC wS wA"
    assert score(one_row, "secret", secrets=("S1", "S1")) == 4  # 4 in a row is one line of 3


def test_rule_a_secret_objective_scores_only_for_its_owner():
    square = ".. .. .. .. / uS uC .. .. / uA uD .. .."
    state = make_state(2, chests={0: square, 1: square}, secrets=("S3", "S2"))
    assert breakdown(state, 0)["secret"] == 8 and breakdown(state, 1)["secret"] == 0


def test_rule_secret_is_revealed_and_counted_only_at_the_end():
    square = ".. .. .. .. / uS uC .. .. / uA uD .. .."
    state = make_state(2, chests={0: square}, secrets=("S3", "S2"))
    running = scores(state)[0]
    final = scores(evolve(state, over=True))[0]
    assert final == running + 8


# -- Urchins and the moonshell ---------------------------------------------------------------------
def test_rule_urchins_score_1_point_each():
    assert score(".. .. .. .. / UR .. .. .. / UR UR wC ..", "urchins") == 3


def test_rule_unused_moonshell_scores_4():
    assert score(EMPTY_CHEST, "moonshell") == 4
    assert score(".. .. .. .. / .. .. .. .. / MS .. .. ..", "moonshell") == 0


def test_rule_moonshell_example_counts_for_several_objectives_at_once():
    """The rulebook's example: one placed moonshell helps score the Composition,
    the Pairs and the Collector cards at the same time."""
    without = ".. .. .. .. / wD .. oD .. / uA wD pS pC"
    with_moon = ".. .. .. .. / wD .. oD .. / uA wD pS MS"
    b0 = breakdown(make_state(2, chests={0: without}), 0)
    b1 = breakdown(make_state(2, chests={0: with_moon}), 0)
    assert (b0["composition"], b1["composition"]) == (0, 10)  # a sand dollar
    assert (b0["pair"], b1["pair"]) == (2, 4)  # an orange shell for a white
    assert (b0["collector"], b1["collector"]) == (1, 2)  # a starfish
    assert (b0["moonshell"], b1["moonshell"]) == (4, 0)


def test_rule_moonshell_takes_the_best_side_of_a_pair():
    # two whites, no orange: the moonshell is orange
    assert score(".. .. .. .. / .. .. .. .. / wC wD MS ..", "pair") == 2
    # two oranges, no white: the moonshell is white
    assert score(".. .. .. .. / .. .. .. .. / oC oD MS ..", "pair") == 2
    assert score(".. .. .. .. / .. .. .. .. / oC wD MS ..", "pair") == 2


def test_rule_moonshell_counts_for_the_trove():
    state = make_state(
        2,
        chests={
            0: ".. .. .. .. / .. .. .. .. / pC MS .. ..",
            1: ".. .. .. .. / .. .. .. .. / pC pD .. ..",
        },
    )
    assert breakdown(state, 0)["trove"] == 6 and breakdown(state, 1)["trove"] == 6


def test_score_totals_add_up_every_category():
    chest = ".. pD .. wD / oD wC uD wC / wC UR wS wC"
    b = breakdown(make_state(2, chests={0: chest}, secrets=("S1", "S1")), 0)
    assert b["composition"] == 10 and b["array"] == 8  # zig-zag; row of white
    assert b["urchins"] == 1 and b["moonshell"] == 4 and b["collector"] == 1
    assert b["total"] == sum(v for k, v in b.items() if k != "total")


# -- Ties and titles ---------------------------------------------------------------------------------
def test_rule_tie_the_player_who_did_not_use_the_moonshell_wins():
    # PR4 pink + purple pairs, T3 most purple, K4 starfish; secrets that cannot score here
    cards = ("C1", "A1", "PR4", "T3", "K4")
    used = ".. .. .. .. / .. .. .. .. / UR UR UR MS"  # 3 urchins + trove 6 + starfish 1
    kept = ".. .. .. .. / oC wC .. .. / uC oC wC oC"  # trove 6 (tied) + unused moonshell 4
    state = evolve(
        make_state(2, chests={0: used, 1: kept}, secrets=("S7", "S7"), open_cards=cards), over=True
    )
    assert scores(state) == (10, 10)
    assert winners(state) == (1,)  # even though Player 2 has more tiles
    assert "Player 2 wins" in GAME.result_text(state)


def test_rule_tie_then_the_player_with_fewer_tiles_wins():
    more = ".. .. .. .. / .. .. .. .. / UR UR wC pD"
    fewer = ".. .. .. .. / .. .. .. .. / UR UR .. .."
    state = evolve(
        make_state(
            2,
            chests={0: more, 1: fewer},
            secrets=("S12", "S12"),
            open_cards=("C1", "A1", "PR4", "T3", "K4"),
        ),
        over=True,
    )
    assert scores(state)[0] == scores(state)[1]
    assert winners(state) == (1,)


def test_rule_full_tie_is_a_shared_victory():
    same = ".. .. .. .. / .. .. .. .. / UR UR .. .."
    state = evolve(make_state(2, chests={0: same, 1: same}), over=True)
    assert winners(state) == (0, 1)
    assert "share the victory" in GAME.result_text(state)


def test_rule_solo_ranking_titles():
    assert [solo_title(p) for p in (0, 24, 25, 34, 35, 44, 45, 80)] == [
        "Nymph",
        "Nymph",
        "Kelpie",
        "Kelpie",
        "Siren",
        "Siren",
        "Merqueen",
        "Merqueen",
    ]


def test_every_pattern_card_of_every_deck_fits_in_a_treasure_chest():
    """Pattern cards are worked out when first scored, not at import: each one,
    base and Lunar Reef, must still fit the 4x3 chest somewhere."""
    from tideboard.games.moonshell.content import CARDS, PatternCard

    pattern_cards = [card for card in CARDS.values() if isinstance(card, PatternCard)]
    assert len(pattern_cards) >= 40
    for card in pattern_cards:
        assert card.placements, f"card {card.id} does not fit in a treasure chest"


def test_the_result_says_why_the_game_ended():
    """Issue #20: the results said who won, not why the game was over."""
    same = ".. .. .. .. / .. .. .. .. / UR UR .. .."
    state = evolve(make_state(2, chests={0: same, 1: same}), over=True, end_trigger=1)
    assert GAME.result_text(state).startswith(
        "Player 2 filled their chest first, and the round was played out"
    )
    solo = evolve(make_state(solo=True), over=True, end_trigger=1)
    assert GAME.result_text(solo).startswith("The automaton filled its chest")
