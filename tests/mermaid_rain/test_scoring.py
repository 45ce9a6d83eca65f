"""End scoring: the tribute and the majorities (the seed's worked tie example included)."""

from __future__ import annotations

from tests.mermaid_rain.mr_helpers import GAME, fresh
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.scoring import breakdown, majority, scores, winners
from tideboard.games.mermaid_rain.state import OVER


def test_seed_example_a_and_b_tie_for_first_and_c_comes_third():
    """A and B tied first get (12 + 6) / 2 = 9 each; C gets 4 for coming third."""
    assert majority([3, 3, 1]) == [9, 9, 4]


def test_seed_example_scored_at_the_game_end():
    """Tribute and Scoring, the seed's example through the final scores: A and B
    tie for the most Pearls after the tribute (9 each), C is third (4)."""
    # kinds 0-4: one of each for every seat's tribute; then Pearls (3): A 3, B 3, C 1
    kinds = [0, 1, 2, 3, 4] * 3 + [3] * 7
    owned = [
        list(range(0, 5)) + [15, 16, 17],
        list(range(5, 10)) + [18, 19, 20],
        list(range(10, 15)) + [21],
    ]
    rows = breakdown(_finished(owned, kinds))
    assert [row["majorities"][3] for row in rows] == [9, 9, 4]
    assert [row["tribute"] for row in rows] == [0, 0, 0]


def test_a_monopoly_scores_15():
    assert majority([0, 4, 0, 0]) == [0, 15, 0, 0]


def test_places_score_12_6_4_2_and_players_without_the_kind_are_ignored():
    assert majority([5, 4, 3, 2, 0]) == [12, 6, 4, 2, 0]
    assert majority([1, 0, 2, 0, 0, 0]) == [6, 0, 12, 0, 0, 0]
    assert majority([6, 5, 4, 3, 2, 1]) == [12, 6, 4, 2, 0, 0]


def test_ties_split_rounding_down_with_at_least_one_point():
    assert majority([2, 2, 2]) == [7, 7, 7]  # (12 + 6 + 4) / 3
    assert majority([3, 1, 1, 1]) == [12, 4, 4, 4]  # (6 + 4 + 2) / 3
    assert majority([4, 3, 2, 1, 1]) == [12, 6, 4, 1, 1]  # (2 + 0) / 2 = 1
    assert majority([4, 3, 2, 1, 1, 1]) == [12, 6, 4, 1, 1, 1]  # 2 // 3 = 0 -> 1
    assert majority([4, 3, 2, 1, 0, 0]) == [12, 6, 4, 2, 0, 0]


def _finished(owned, kinds, points=None):
    state = fresh(len(owned))
    return evolve(
        state,
        phase=OVER,
        owned=tuple(tuple(o) for o in owned),
        kinds=tuple(kinds),
        points=tuple(points or [0] * len(owned)),
    )


def test_tribute_discards_one_of_each_kind_and_costs_5_per_missing_kind():
    # treasure ids 0..: kinds 0 1 2 3 4 0 0 1
    kinds = [0, 1, 2, 3, 4, 0, 0, 1] + [0] * 10
    state = _finished([[0, 1, 2, 3, 4, 5, 6], [7], []], kinds, points=[14, 2, 0])
    rows = breakdown(state)
    assert [r["tribute"] for r in rows] == [0, -20, -25]
    # after the tribute seat 0 keeps two Abalone (a monopoly); seat 1 keeps nothing
    assert rows[0]["majorities"] == [15, 0, 0, 0, 0]
    assert scores(state) == (29, -18, -25) and winners(state) == (0,)


def test_during_play_the_score_is_the_track():
    state = evolve(fresh(3), points=(3, 9, 1))
    assert GAME.scores(state) == (3, 9, 1)


def test_equal_totals_share_the_victory():
    """The rules break no ties."""
    state = _finished([[], [], []], [0] * 18, points=[4, 4, 1])
    assert winners(state) == (0, 1)
