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

from .helpers import SS, app_for, settle, wait_for

THINK = 3.0  # seconds a move (long enough for a few keys on a loaded machine)


@pytest.fixture
async def slow_expert():
    """Experts thinking THINK seconds a move, the pool started (its workers
    starting would slow the first keys on a busy machine: not what is tested)."""
    game = load(SS)
    state = game.setup(GameConfig(players=2, seed=1))
    bot = make_bot(game, "expert", 1, Budget(iterations=2))
    await thinking.choose(game, bot, game.view(state, 0), 0, game.legal_for(state, 0))
    set_default_budget(Budget(THINK))
    yield
    set_default_budget(None)


async def test_keys_are_handled_while_an_expert_thinks_and_its_move_lands(slow_expert):
    app = app_for(players=2, bots={0: "expert"})  # the expert is first to move
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
    app = app_for(players=2, bots={0: "expert"})
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
