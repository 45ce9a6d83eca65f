"""Every private Textual name tideboard uses (tideboard/ui/textual_compat.py)
still exists and does what tideboard relies on."""

from __future__ import annotations

import inspect
import time

import pytest
from textual import constants, events
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from tideboard.ui import textual_compat


def test_the_xterm_parser_turns_one_write_of_keys_into_each_key():
    parser = textual_compat.XTermParser()
    keys = [e.key for e in parser.feed("\x1b[B\x1b[Bq") if isinstance(e, events.Key)]
    assert keys == ["down", "down", "q"]


def _keys(events_: object) -> list[str]:
    return [e.key for e in events_ if isinstance(e, events.Key)]  # type: ignore[attr-defined]


def test_a_lone_escape_waits_for_the_parser_tick_and_parser_waits_says_so():
    parser = textual_compat.XTermParser()
    assert _keys(parser.feed("q")) == ["q"]
    assert not textual_compat.parser_waits(parser)  # nothing held: no tick needed
    assert _keys(parser.feed("\x1b")) == []
    assert textual_compat.parser_waits(parser)  # the SSH driver schedules a tick
    assert _keys(parser.tick()) == []  # too early: still held
    assert textual_compat.parser_waits(parser)
    time.sleep(constants.ESCAPE_DELAY + 0.02)
    assert _keys(parser.tick()) == ["escape"]
    assert not textual_compat.parser_waits(parser)


def test_a_sequence_finished_in_a_later_write_is_not_held():
    parser = textual_compat.XTermParser()
    assert _keys(parser.feed("\x1b[")) == []
    assert textual_compat.parser_waits(parser)
    assert _keys(parser.feed("A")) == ["up"]
    assert not textual_compat.parser_waits(parser)


def test_the_synchronized_update_brackets_are_the_ones_textual_writes():
    assert textual_compat.SYNC_START == "\x1b[?2026h"
    assert textual_compat.SYNC_END == "\x1b[?2026l"


class _Recording(textual_compat.RulesHookStylesheet):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.asked: list = []
        self.given: dict = {}

    def rules_of(self, source, parse):
        self.asked.append(source)
        rules = self.given.get(source[1])
        return rules if rules is not None else parse()


def test_parse_asks_rules_of_for_each_source_and_uses_its_answer():
    sheet = _Recording(variables={"tint": "#102030"})
    sheet.add_source("Static { color: $tint; }", read_from=("a.tcss", ""))
    sheet.add_source(
        "Label { width: 3; }",
        read_from=("b.tcss", ""),
        is_default_css=True,
        tie_breaker=-2,
        scope="Label",
    )
    sheet.parse()
    assert sheet.asked == [
        ("Static { color: $tint; }", ("a.tcss", ""), False, 0, ""),
        ("Label { width: 3; }", ("b.tcss", ""), True, -2, "Label"),
    ]
    first = sheet.rules[0]
    assert "#102030" in first.css.lower()  # parse() parsed with the sheet's variables
    # an answer from elsewhere (another session's parse) is what the sheet uses
    other = _Recording(variables={"tint": "#102030"})
    other.given[("a.tcss", "")] = [first]
    other.add_source("Static { color: $tint; }", read_from=("a.tcss", ""))
    other.parse()
    assert other.rules[0] is first


def test_textual_parses_each_source_through_the_method_the_hook_replaces():
    assert "_parse_rules" in vars(Stylesheet)
    assert list(inspect.signature(Stylesheet._parse_rules).parameters) == [
        "self",
        "css",
        "read_from",
        "is_default_rules",
        "tie_breaker",
        "scope",
    ]


class _FirstScreenApp(App):
    """An app whose first screen is its default screen (as TideboardApp's)."""

    def __init__(self, fix: bool) -> None:
        super().__init__()
        self.fix = fix

    def get_default_screen(self) -> Screen:
        return Screen(name="first")

    def on_mount(self) -> None:
        if self.fix:
            textual_compat.give_result_callback(self.screen_stack[0])


async def test_textual_still_gives_a_default_first_screen_no_result_callback():
    """If this fails, Textual has fixed switch_screen from a default screen:
    give_result_callback (and its use in TideboardApp.on_mount) can go."""
    app = _FirstScreenApp(fix=False)
    async with app.run_test() as pilot:
        await pilot.pause()
        with pytest.raises(IndexError):
            app.switch_screen(Screen(name="second"))


async def test_with_a_result_callback_switch_screen_replaces_the_first_screen():
    app = _FirstScreenApp(fix=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        textual_compat.give_result_callback(app.screen)  # twice: harmless
        for name in ("second", "third"):
            await app.switch_screen(Screen(name=name))
            await pilot.pause()
            assert [s.name for s in app.screen_stack] == [name]


@pytest.mark.every_frame
async def test_screen_lines_reads_the_characters_on_screen_and_on_frame_sees_each_frame():
    from textual.widgets import Static

    class Shown(App[None]):
        def compose(self):
            yield Static("tide table 42")

    app = Shown()
    frames: list[object] = []
    textual_compat.on_frame(app, lambda screen, update: frames.append(update))
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        lines = textual_compat.screen_lines(app)
        assert len(lines) >= 5 and lines[0].startswith("tide table 42")
        assert any(frame is not None for frame in frames)  # the first frame went by
        app.notify("first")
        app.notify("second")
        await pilot.pause()
        assert textual_compat.notices_shown(app) == ["first", "second"]
        app.clear_notifications()
        assert textual_compat.notices_shown(app) == []


class _Counted(App[None]):
    """One line of text whose drawing is counted, and a key that breaks it."""

    def compose(self):
        from textual.widgets import Static

        class Line(Static):
            drawn = 0
            broken = False

            def render_line(self, y):
                if self.broken:
                    raise RuntimeError("cannot draw")
                Line.drawn += 1
                return super().render_line(y)

        self.line_class = Line
        yield Line("tide 1", id="line")

    def key_n(self) -> None:
        self.query_one("#line").update("tide 2")

    def key_b(self) -> None:
        self.query_one("#line").broken = True
        self.query_one("#line").refresh()


@pytest.mark.every_frame
@pytest.mark.parametrize("skip", [True, False])
async def test_skip_unseen_frames_lays_out_but_draws_only_what_is_read(skip):
    app = _Counted()
    frames: list[object] = []
    textual_compat.on_frame(app, lambda screen, update: frames.append(update))
    textual_compat.skip_unseen_frames(skip)
    try:
        async with app.run_test(size=(20, 3)) as pilot:
            await pilot.pause()
            drawn, frames[:] = app.line_class.drawn, []
            await pilot.press("n")
            await pilot.pause()
            # skipped: the frame handed over empty and the line not drawn for it
            assert any(frame is not None for frame in frames) is not skip
            assert (app.line_class.drawn > drawn) is not skip
            assert app.query_one("#line").region.width == 20  # laid out all the same
            assert textual_compat.screen_lines(app)[0].startswith("tide 2")
            assert app.line_class.drawn > drawn  # what is read is drawn
    finally:
        textual_compat.skip_unseen_frames(False)


async def test_an_app_test_whose_last_screen_cannot_draw_fails_at_its_end():
    # tests/conftest.py: frames are skipped here, and run_test draws the last screen
    from tests import conftest

    app = _Counted()
    body_done = False
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with app.run_test(size=(20, 3)) as pilot:
            await pilot.press("b")
            await pilot.pause()
            body_done = True
    assert body_done  # no frame was drawn in the test: it failed at its end
    # Textual's own run_test, with the frames skipped, would not have failed
    app = _Counted()
    async with conftest._run_test(app, size=(20, 3)) as pilot:
        await pilot.press("b")
        await pilot.pause()


async def test_idle_wait_window_sets_the_window_textuals_idle_wait_sleeps_in(monkeypatch):
    from textual import _wait

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(_wait, "sleep", sleep)
    old = textual_compat.idle_wait_window(0.05)
    try:
        assert (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE) == (0.05, 0.05 / 20)
        await _wait.wait_for_idle(0, max_sleep=0)  # one window, whatever the CPU
        assert slept == [0.05]  # read when it waits, not when Textual was imported
    finally:
        textual_compat.idle_wait_window(old)
    assert _wait.SLEEP_GRANULARITY == old == 0.004  # tests/conftest.py's window
