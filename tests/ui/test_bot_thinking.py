"""An expert bot thinks off the event loop (issue #21, "No stalls"): the screen
answers keys meanwhile, its move lands once thought, and a game left while it
thinks drops the answer."""

from __future__ import annotations

import pytest

from tideboard.engine import thinking
from tideboard.engine.bots import make_bot, set_default_budget
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import Budget
from tideboard.ui.shared import ConfirmScreen, HelpScreen

from .helpers import app_for, settle, wait_for

THINK = 3.0  # seconds a move (long enough for a few keys on a loaded machine)
# a game whose two-player expert searches its whole budget (Shifting Stones' plays
# its turn's plan at once, s18p)
MS = "moonshell"


@pytest.fixture
async def slow_expert():
    """Experts thinking THINK seconds a move, the pool started (its workers
    starting would slow the first keys on a busy machine: not what is tested)."""
    game = load(MS)
    state = game.setup(GameConfig(players=2, seed=1))
    bot = make_bot(game, "expert", 1, Budget(iterations=2))
    await thinking.choose(game, bot, game.view(state, 0), 0, game.legal_for(state, 0))
    set_default_budget(Budget(THINK))
    yield
    set_default_budget(None)


async def test_keys_are_handled_while_an_expert_thinks_and_its_move_lands(slow_expert):
    app = app_for(players=2, bots={0: "expert"}, game_id=MS)  # the expert moves first
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)  # (its step has begun: on the loop it would hold it)
        control = app.screen.control
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        assert not control.match.actions  # all while it thought
        await wait_for(pilot, lambda: control.match.actions)
        assert app.screen.control is control and control.thinking is None


async def test_leaving_while_an_expert_thinks_drops_its_answer(slow_expert):
    app = app_for(players=2, bots={0: "expert"}, game_id=MS)
    async with app.run_test(size=(80, 24)) as pilot:
        control = app.screen.control
        await wait_for(pilot, lambda: control.thinking is not None)
        await pilot.press("q")  # "Leave this game?" while it thinks
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")  # leave: the app ends (a game the command line opened)
        await settle(pilot)
    assert not control.match.actions and control.answer is None
    assert control.thinking is None  # (its worker was cancelled with the screen)
    assert app.return_code in (None, 0)


async def test_a_greedy_bot_thinks_off_the_loop_and_its_late_answer_is_dropped():
    # A greedy move may take a noticeable part of a second (Moonshell's solo greedy
    # up to 0.4 s): it is thought off the loop, keys are handled meanwhile, and an
    # answer thought for a match that is gone (a new game, an undo) is never made.
    import threading

    from tideboard.engine.match import Match

    app = app_for(players=2, bots={0: "greedy"})  # the greedy bot is first to move
    release, calls = threading.Event(), []
    async with app.run_test(size=(80, 24)) as pilot:
        control = app.screen.control
        bot = control.bots[0]
        choose = bot.choose

        def slow(game, view, seat, legal):
            answer = choose(game, view, seat, legal)
            if not calls:  # the late answer: another legal move than the bot's
                answer = next(a for a in legal if a != answer)
            calls.append((view, answer, threading.current_thread()))
            if len(calls) == 1:
                assert release.wait(10)  # (on the loop: every key waits this long)
            return answer

        bot.choose = slow
        await wait_for(pilot, lambda: calls)
        await pilot.press("question_mark")  # keys are handled while it thinks
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not control.match.actions and calls[0][2] is not threading.main_thread()
        old = control.match
        control.match = Match.start(old.game, old.config)  # a new game, the same deal
        control.advance()  # (its first move is the bot's again)
        release.set()
        await wait_for(pilot, lambda: control.match.actions)
        await settle(pilot)
        made = list(control.match.actions)  # (the bot's turn: a move or a few)
        assert made == [answer for _, answer, _ in calls[1 : 1 + len(made)]]
        assert calls[1][0] == calls[0][0] and calls[1][1] != calls[0][1]
        assert not old.actions  # (the late answer: dropped, on either match)
