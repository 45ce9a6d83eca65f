"""Moonshell solo's expert: the plan within its deadline, the look one turn further
from the seat's view only, and hints in points (issue #21, ``games/moonshell/
lookahead.py``, ``bots.solo_plan``, ``bots.hint_why``)."""

from __future__ import annotations

import random

import pytest

from tests.clocks import Ticks
from tideboard.engine.core import GameConfig
from tideboard.engine.hints import hints
from tideboard.engine.search import Asked, Budget, search
from tideboard.games.moonshell import bots, lookahead, sampling, scoring
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import PLAY


def _player_moves(seed: int, every: int = 1) -> list:
    """The player's states during play of a solo game greedy plays (every ``every``-th)."""
    state = GAME.setup(GameConfig(players=1, solo=True, seed=seed))
    bot, out, n = bots.GreedyBot(seed), [], 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state)
        if seat == 0 and state.phase == PLAY and len(legal) > 1:
            if n % every == 0:
                out.append(state)
            n += 1
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, seat), seat, legal))
    return out


@pytest.mark.parametrize("deadline", [0.0, 5.0, 40.0])
@pytest.mark.parametrize("look", [False, True])
def test_the_solo_expert_answers_by_its_deadline(evaluations, deadline, look):
    """The plan (and the look further) stop at the deadline: every legal move is
    ranked, and no position is rated once the clock has passed it (a plan at a
    turn's start rates hundreds)."""
    state = _player_moves(5)[0]
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    assert view.actions_left == 3
    clock = Ticks()
    evaluations[0] = 0
    ranked = bots.solo_plan(
        GAME,
        view,
        0,
        legal,
        Asked(
            budget=Budget(1.0) if look else None,
            deadline=deadline,
            rng=random.Random(1),
            clock=clock,
        ),
    )
    assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
    assert evaluations[0] <= deadline
    full = bots.solo_plan(GAME, view, 0, legal)
    assert evaluations[0] > 100  # (the plan without a deadline)
    if deadline == 40.0:  # the actions rated in time: by the turn ending right after
        assert ranked[0][0] in {a for a, _ in full}


@pytest.mark.parametrize("deadline", [10.5, 40.5, 200.5])
def test_the_solo_expert_begins_no_rating_that_would_end_past_its_deadline(monkeypatch, deadline):
    """A rating may take a good part of a tenth of a second: the plan stops before a
    rating as long as the longest so far would end past the deadline, not after it
    (here every rating takes a unit of time, and the deadline falls mid-rating)."""
    now = [0.0]
    rate = bots.GreedyBot.evaluate

    def slow(self, state, seat, cache):
        now[0] += 1.0
        return rate(self, state, seat, cache)

    state = _player_moves(5)[0]
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    monkeypatch.setattr(bots.GreedyBot, "evaluate", slow)
    ranked = bots.solo_plan(
        GAME,
        view,
        0,
        legal,
        Asked(budget=Budget(1.0), deadline=deadline, rng=random.Random(1), clock=lambda: now[0]),
    )
    assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
    assert deadline - 1 <= now[0] <= deadline


def test_a_tiny_thinking_time_is_kept_by_the_solo_expert():
    """Through the search (``Spec.decide``): with a thinking time far under a plan's,
    the move still comes (from the plan as far as it got)."""
    state = _player_moves(5)[0]
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    result = search(GAME, view, 0, legal, bots.EXPERT, random.Random(1), Budget(1e-6))
    assert result.best in legal and len(result.moves) == len(legal)


def test_the_look_further_reads_only_the_view():
    """Two real states with the same view for the seat (another bag order, another
    solo deck): the same ranking, though what the seat cannot see differs."""
    rng = random.Random(3)
    checked = 0
    for real in _player_moves(7, every=5):
        view = GAME.view(real, 0)
        other = sampling.determinize(view, 0, rng)
        assert other != real and GAME.view(other, 0) == view
        legal = GAME.legal_actions(real)
        ranked = [
            lookahead.look_further(
                bots.GreedyBot, GAME.view(s, 0), 0, legal, random.Random(5), samples=2
            )
            for s in (real, other)
        ]
        assert ranked[0] == ranked[1]
        checked += 1
    assert checked >= 3


def test_the_look_further_can_overrule_the_plan():
    """On some moves the next turn's prospects change the choice (else it would be
    the plan again); the move is always legal."""
    differ = 0
    for state in _player_moves(5)[:12]:
        view, legal = GAME.view(state, 0), GAME.legal_actions(state)
        ranked = lookahead.look_further(bots.GreedyBot, view, 0, legal, random.Random(2), samples=3)
        plan = bots.solo_plan(GAME, view, 0, legal)
        assert ranked is not None and ranked[0][0] in legal
        differ += ranked[0][0] != plan[0][0]
    assert differ


def test_solo_hints_say_the_points_after_the_turn():
    """A solo hint reads in points: the chest's score after the turn as the plan
    plays it out and the change from now, not the plan's rating."""
    for state in _player_moves(9, every=6)[:3]:
        view, legal = GAME.view(state, 0), GAME.legal_actions(state)
        now = scoring.breakdown(view, 0)["total"]
        result = search(GAME, view, 0, legal, bots.EXPERT, random.Random(1), Budget(iterations=1))
        shown = hints(GAME, view, 0, result)
        # (fewer than three where the moves after the first read alike: one hint then)
        assert 1 <= len(shown) <= 3
        assert all(a.why != b.why for a, b in zip(shown, shown[1:]))
        for hint in shown:
            assert "a few turns on" not in hint.why
            then, change = hint.why.split(" after this turn (")
            assert int(then) - int(change.split(")")[0]) == now
