"""Shifting Stones solo's expert: its plan within the move's deadline, and hints in
the plan's words (issue #21, ``solo.ranked``, ``bots.solo_plan``)."""

from __future__ import annotations

import random

import pytest

from tests.clocks import Ticks
from tests.shifting_stones.ss_helpers import cards_worth, make_state
from tideboard.engine.hints import hints
from tideboard.engine.search import Budget, search
from tideboard.games.shifting_stones import bots, grids, solo
from tideboard.games.shifting_stones.game import GAME

HAND = (29, 16, 1, 28)  # four cards left, all in hand: the endgame searched to the end


def _endgame():
    scored = sum((cards_worth(p, n, HAND) for p, n in ((1, 6), (2, 3), (3, 3))), ())
    state = make_state("BET/HMF/HOE", [HAND], solo=True, scored=[scored])
    return GAME.view(state, 0), GAME.legal_for(state, 0)


@pytest.fixture
def expansions(monkeypatch):
    """How many grids the plan expanded to their moves (a list of one count)."""
    count = [0]
    moves = grids.code_moves

    def counted(code):
        count[0] += 1
        return moves(code)

    monkeypatch.setattr(grids, "code_moves", counted)
    return count


def test_a_tiny_thinking_time_is_kept_by_the_solo_expert(expansions):
    """Through the search with a thinking time far under a plan's: the move comes
    from the paths of up to two moves (28 grids expanded), where the favourite's
    whole plan ran before the search read its clock (hundreds of grids, and the
    endgame's exact search: up to 1.6 s of a 1 s move on a loaded machine)."""
    view, legal = _endgame()
    result = search(GAME, view, 0, legal, bots.EXPERT, random.Random(1), Budget(1e-6))
    assert result.best in legal
    assert expansions[0] <= 28


@pytest.mark.parametrize("deadline", [0.0, 5.0, 50.0, 20000.0])
def test_the_solo_plan_answers_by_its_deadline(expansions, deadline):
    """Past the paths of two moves, no grid is expanded once the clock has passed
    the deadline (the clock is read before each); the answer ranks legal moves, and
    with time enough it is the whole plan's."""
    view, legal = _endgame()
    ranked = solo.ranked(view, 0, legal, True, deadline, Ticks())
    assert expansions[0] <= 28 + deadline
    assert ranked and all(action in legal for action, *_ in ranked)
    expansions[0] = 0
    full = solo.ranked(view, 0, legal, True)
    assert expansions[0] > 200  # (the plan without a deadline)
    assert full[0][0] == bots.GreedyBot(1, deep=True).choose(GAME, view, 0, legal)
    if deadline == 20000.0:  # (the whole plan reads the clock 7,311 times, its caches
        # cold as in a worker that ran no case before this one; 434 after them)
        assert ranked[0][0] == full[0][0]


def test_the_solo_hints_say_what_the_plan_scores_and_leaves():
    view, legal = _endgame()
    result = search(GAME, view, 0, legal, bots.EXPERT, random.Random(1), Budget(iterations=1))
    shown = hints(GAME, view, 0, result)
    assert shown[0].action == result.best
    # the turn scores 16 (S/F/E), which shows with none of the others
    # (test_with_every_card_left_known_the_turn_leaves_cards_that_can_show_together),
    # and the three left are gathered after strike turns (gather.py; s18)
    assert shown[0].text.startswith("flip b2 Moon -> Sun (discard 28), to score card 16")
    assert shown[0].why == "scores 1 this turn, 3 left: wins after strike turns"


def test_the_solo_hints_line_after_strike_turns_wins():
    """The hint's "wins after strike turns" is true: the plan played on wins, with
    strikes taken."""
    view, legal = _endgame()
    state = view  # (solo: the view hides nothing the plan needs; the deck is through)
    while not GAME.is_over(state):
        state = GAME.apply(state, solo.ranked(state, 0, GAME.legal_for(state, 0))[0][0])
    assert GAME.winners(state) == (0,)
    assert state.strikes >= 1


def test_the_plans_check_stops_before_a_step_that_would_end_past_the_deadline():
    """The plan's check (``grids.ticker``) reads its clock ahead by the longest step
    so far (``search_spec.Paced``): with steps of one tick and the deadline at 10.5,
    the step begun at 10 would end at 11, past it, so the check stops the plan at
    10 (it read 10 as before the deadline and let the step run: a move took 1.09 s of
    a 1 s budget)."""
    from tests.clocks import Ticks
    from tideboard.games.shifting_stones import grids

    clock = Ticks()
    tick = grids.ticker(10.5, clock)
    assert tick is not None
    with pytest.raises(grids.Late):
        while True:
            tick()
    assert clock.reads == 10
    assert grids.ticker(None, clock) is None
