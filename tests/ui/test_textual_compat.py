"""Every private Textual name tideboard uses (tideboard/ui/textual_compat.py)
still exists and does what the SSH driver relies on."""

from __future__ import annotations

from textual import events

from tideboard.ui import textual_compat


def test_the_xterm_parser_turns_one_write_of_keys_into_each_key():
    parser = textual_compat.XTermParser()
    keys = [e.key for e in parser.feed("\x1b[B\x1b[Bq") if isinstance(e, events.Key)]
    assert keys == ["down", "down", "q"]


def test_a_lone_escape_waits_for_the_parser_tick():
    parser = textual_compat.XTermParser()
    assert not [e for e in parser.feed("\x1b") if isinstance(e, events.Key)]
    assert parser._timeout_time is not None  # the SSH driver reads it to schedule a tick


def test_the_synchronized_update_brackets_are_the_ones_textual_writes():
    assert textual_compat.SYNC_START == "\x1b[?2026h"
    assert textual_compat.SYNC_END == "\x1b[?2026l"
