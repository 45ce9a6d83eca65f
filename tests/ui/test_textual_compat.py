"""Every private Textual name tideboard uses (tideboard/ui/textual_compat.py)
still exists and does what the SSH driver relies on."""

from __future__ import annotations

import time

from textual import constants, events

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
