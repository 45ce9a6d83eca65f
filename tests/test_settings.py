"""The settings file: remembered, written atomically, damage ignored with a notice."""

from __future__ import annotations

import json
import os

import pytest

from tideboard.files import paths, settings
from tideboard.files.settings import Settings

THEMES = ["tide-dark", "tide-light", "tide-contrast"]


def test_no_file_gives_the_defaults_and_no_notice(isolated_saves):
    loaded, notice = settings.load(THEMES)
    assert loaded == Settings() and loaded.bot_speed == "normal" and loaded.theme is None
    assert notice is None


def test_the_file_lives_in_the_data_dir_override(isolated_saves):
    assert settings.settings_path() == isolated_saves / "settings.json"


def test_saved_settings_are_read_back(isolated_saves):
    assert settings.save(Settings(theme="tide-light", bot_speed="slow")) is None
    assert settings.load(THEMES) == (Settings(theme="tide-light", bot_speed="slow"), None)
    assert json.loads((isolated_saves / "settings.json").read_text()) == {
        "theme": "tide-light",
        "bot_speed": "slow",
    }


def test_a_save_leaves_no_temporary_file(isolated_saves):
    settings.save(Settings(bot_speed="instant"))
    settings.save(Settings(bot_speed="slow"))
    assert sorted(p.name for p in isolated_saves.iterdir()) == ["settings.json"]


def test_a_failed_write_keeps_the_old_file_and_says_why(isolated_saves, monkeypatch):
    settings.save(Settings(theme="tide-light"))

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paths.os, "replace", broken)  # settings are written by paths.write_atomic
    error = settings.save(Settings(theme="tide-dark"))
    assert error is not None and "No space left on device" in error
    assert settings.load(THEMES)[0].theme == "tide-light"
    assert sorted(p.name for p in isolated_saves.iterdir()) == ["settings.json"]


def test_bot_speeds_and_their_delays():
    assert list(settings.BOT_SPEEDS) == ["instant", "normal", "slow"]
    assert settings.BOT_SPEEDS["instant"] == 0
    assert settings.BOT_SPEEDS["normal"] < 0.6 < settings.BOT_SPEEDS["slow"]
    assert [settings.next_bot_speed(s) for s in ("instant", "normal", "slow", "bogus")] == [
        "normal",
        "slow",
        "instant",
        "instant",
    ]


DAMAGE = [
    b"not json",
    b"\xff\xfe\x00garbage",
    b"[1, 2, 3]",
    b'"a string"',
    b"[" * 100_000 + b"]" * 100_000,
    b"{" + b'"a":' * 1 + b"1",
    b"",
]


@pytest.mark.parametrize("content", DAMAGE, ids=range(len(DAMAGE)))
def test_a_damaged_file_is_ignored_with_a_notice(isolated_saves, content):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_bytes(content)
    loaded, notice = settings.load(THEMES)
    assert loaded == Settings()
    assert notice is not None and "settings.json" in notice and "ignored" in notice


def test_a_folder_or_a_fifo_in_place_of_the_file_is_ignored(isolated_saves):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").mkdir()
    loaded, notice = settings.load(THEMES)
    assert loaded == Settings() and "not a regular file" in notice
    assert settings.save(Settings(theme="tide-light")) is not None  # said, not raised
    (isolated_saves / "settings.json").rmdir()
    os.mkfifo(isolated_saves / "settings.json")  # reading it would hang
    loaded, notice = settings.load(THEMES)
    assert loaded == Settings() and "not a regular file" in notice


def test_a_huge_file_is_not_read(isolated_saves):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_text(" " * (settings.MAX_BYTES + 1) + "{}")
    loaded, notice = settings.load(THEMES)
    assert loaded == Settings() and "too large" in notice


@pytest.mark.parametrize(
    "data, kept, problem",
    [
        ({"theme": "no-such-theme", "bot_speed": "slow"}, Settings(bot_speed="slow"), "theme"),
        ({"theme": ["tide-light"]}, Settings(), "theme"),
        ({"theme": "tide-light", "bot_speed": "warp"}, Settings(theme="tide-light"), "bot speed"),
        ({"theme": "tide-light", "bot_speed": 3}, Settings(theme="tide-light"), "bot speed"),
    ],
)
def test_unknown_values_are_dropped_with_a_notice_and_the_rest_kept(
    isolated_saves, data, kept, problem
):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_text(json.dumps(data))
    loaded, notice = settings.load(THEMES)
    assert loaded == kept
    assert notice is not None and problem in notice


def test_unknown_keys_are_ignored_silently(isolated_saves):
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "settings.json").write_text(json.dumps({"bot_speed": "slow", "x": 1}))
    assert settings.load(THEMES) == (Settings(bot_speed="slow"), None)
