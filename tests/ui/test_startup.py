"""The app starts with the garbage collector paused and turns it back on at its first frame."""

from __future__ import annotations

import gc

import pytest

from tests.ui.helpers import app_for, app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.ui import startup


def test_resume_turns_on_only_a_collector_that_pause_turned_off():
    assert gc.isenabled()
    gc.disable()
    try:
        startup.pause_gc()  # already off (someone else's choice): left alone
        startup.resume_gc()
        assert not gc.isenabled()
    finally:
        gc.enable()
    startup.pause_gc()
    assert not gc.isenabled()
    startup.resume_gc()
    assert gc.isenabled()
    startup.resume_gc()  # twice is harmless
    assert gc.isenabled()


async def test_the_collector_is_paused_until_the_first_frame_then_on_again():
    assert gc.isenabled()
    app = app_for(players=2, seed=3)
    assert not gc.isenabled()  # paused from the app's construction
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert gc.isenabled()


GAMES = {
    "shifting-stones": 2,
    "moonshell": 2,
    "moonlighter": 1,
    "mermaid-rain": 3,
    "animal-splash": 2,
}


def _styles(screen) -> dict[int, dict]:
    return {id(node): node.styles.base.get_rules() for node in screen.walk_children(with_self=True)}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("size", [(80, 24), (130, 45)])
async def test_a_game_screen_first_resume_needs_no_restyle(game_id, size):
    """GameScreen.on_screen_resume skips Textual's restyle of the whole screen on its
    first resume: restyling it now changes no widget's style (the first screen, and one
    pushed over the picker)."""
    n = GAMES[game_id]
    for pushed in (False, True):
        if pushed:
            match = Match.start(registry.load(game_id), GameConfig(players=n, seed=1))
            app = app_with_match(match, bots={s: "greedy" for s in range(1, n)})
        else:
            app = app_for(
                players=n, seed=1, bots={s: "greedy" for s in range(1, n)}, game_id=game_id
            )
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = next(s for s in app.screen_stack if hasattr(s, "match"))
            assert screen._resumed
            before = _styles(screen)
            app.stylesheet.update(screen)
            assert _styles(screen) == before
