"""The app starts with the garbage collector paused and turns it back on at its first frame."""

from __future__ import annotations

import gc

from tests.ui.helpers import app_for, settle
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
