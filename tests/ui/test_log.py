"""The game log: wrapped between words with indented continuations, re-wrapped on
resize, scrolled from the keyboard, the same entries as the match's log (undo
removes lines), and no seed while a game with secrets runs."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.shifting_stones.state import END_TURN
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.log import GameLog, wrap_entry

SENTENCE = "Player 2 pulls column 4: a white starfish and a purple clamshell slide onto the rocks."


def test_wrap_entry_breaks_between_words_and_indents_what_follows():
    lines = wrap_entry(SENTENCE, 24)
    assert all(len(line) <= 24 for line in lines) and len(lines) > 2
    assert not lines[0].startswith(" ") and all(line.startswith("  ") for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == SENTENCE  # no word cut or lost


def test_wrap_entry_keeps_an_entrys_own_line_breaks_indented():
    assert wrap_entry("Round 2 begins.\nPlayer 1 to play", 40) == [
        "Round 2 begins.",
        "  Player 1 to play",
    ]
    assert wrap_entry("", 40) == [""]
    long = wrap_entry("x" * 50, 20)
    assert "".join(line.strip() for line in long) == "x" * 50  # only an over-long word is cut


def _shown(log: GameLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_the_log_on_screen_is_its_entries_wrapped_at_its_width():
    app = app_for(game_id="moonlighter", players=1, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        log.add(SENTENCE)
        await settle(pilot)
        width = log.scrollable_content_region.width
        assert _shown(log)[-len(wrap_entry(SENTENCE, width)) :] == wrap_entry(SENTENCE, width)
        log.styles.width = width + 12  # as a wider terminal gives a growing log
        await settle(pilot, 5)
        wider = log.scrollable_content_region.width
        assert wider > width
        assert _shown(log) == [line for entry in log.entries for line in wrap_entry(entry, wider)]


async def test_an_undo_removes_the_undone_entry_instead_of_adding_a_note():
    app = app_for(players=2, bots={1: "greedy"}, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        log = game.query_one(GameLog)
        before = list(log.entries)
        await pilot.press("f", "enter")  # a flip: one log entry
        await settle(pilot)
        assert len(log.entries) == len(before) + 1
        await pilot.press("u")
        await settle(pilot)
        assert log.entries == before == [log.entries[0], *game.match.log]
        assert not any("undone" in line for line in _shown(log))


async def test_pgup_pgdn_home_end_scroll_the_log():
    app = app_for(players=2, bots={1: "greedy"}, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        for n in range(60):
            log.add(f"Entry {n}: something happened on the table.")
        await settle(pilot)
        bottom = log.scroll_y
        assert bottom == log.max_scroll_y > 0
        await pilot.press("pageup")
        assert log.scroll_y < bottom
        await pilot.press("home")
        assert log.scroll_y == 0
        await pilot.press("pagedown")
        assert 0 < log.scroll_y
        await pilot.press("end")
        assert log.scroll_y == bottom


@pytest.mark.parametrize(
    "game_id, players",
    [("shifting-stones", 2), ("moonshell", 2), ("moonlighter", 1), ("animal-splash", 2)],
)
async def test_the_first_line_never_names_the_seed_of_a_running_game(game_id, players):
    """Hidden cards, or (Moonlighter) the dice still to come, follow from the seed."""
    app = app_for(
        game_id=game_id, players=players, seed=777, bots={1: "greedy"} if players > 1 else {}
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        first = game.query_one(GameLog).entries[0]
        text = "\n".join(_shown(game.query_one(GameLog)))
        assert first.endswith("new game.") and "777" not in text


def test_a_finished_or_resumed_game_with_secrets_says_so():
    game = registry.load("shifting-stones")
    match = Match.start(game, GameConfig(players=1, solo=True, seed=777))
    match = match.play(END_TURN)
    assert GameScreen(match, {}, 0).control.log_heading() == "Shifting Stones, game resumed."
    while not game.is_over(match.state):
        match = match.play(END_TURN)
    assert GameScreen(match, {}, 0).control.log_heading() == "Shifting Stones, seed 777."


def test_cell_width_counts_as_rich_does_without_its_cache():
    from rich.cells import cached_cell_len, cell_len

    from tideboard.ui.shared.log import cell_width

    texts = [
        "plain",
        "♥♥♡ 4/6 ≈ 12",
        "日本語 wide",
        "e\u0301",
        "a\u200db",
        "👍🏽 ok",
        "tab\there",
        "☠ ◂▸▴▾ ♙ ✓",
        "",
    ]
    before = cached_cell_len.cache_info().currsize
    widths = [cell_width(text + " unseen") for text in texts[:4]]
    assert cached_cell_len.cache_info().currsize == before  # nothing added to Rich's cache
    assert widths == [cell_len(text + " unseen") for text in texts[:4]]
    assert [cell_width(text) for text in texts] == [cell_len(text) for text in texts]


def test_entries_read_like_the_list_they_replaced():
    """Old entries are compressed a block at a time; they read back as they were."""
    from tideboard.ui.shared.log import Entries

    entries, model = Entries(), []
    for n in range(5 * Entries.BLOCK + 7):
        entry = (
            f"Move {n}: "
            + "x" * (n % 23)
            + ("\nmore" if n % 9 == 0 else "")
            + ("\0" if n == Entries.BLOCK + 3 else "")
        )  # a block that cannot be joined
        entries.append(entry)
        model.append(entry)
    assert entries._packed and len(entries._recent) < 2 * Entries.BLOCK
    assert entries == model and len(entries) == len(model) and model == list(entries)
    assert list(reversed(entries)) == model[::-1]
    for index in (0, 1, Entries.BLOCK, Entries.BLOCK + 3, -1, -Entries.BLOCK - 1, len(model) // 2):
        assert entries[index] == model[index]
    assert entries[:1] == model[:1] and entries[70:200] == model[70:200]
    assert Entries(model) == model and entries != model[:-1]
    with pytest.raises(IndexError):
        entries[len(model)]


async def test_a_long_log_rewraps_its_newest_entries_and_undoes_lines():
    app = app_for(players=2, bots={1: "greedy"}, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        for n in range(400):
            log.add(f"Entry {n}: something happened on the table.")
        await settle(pilot)
        width = log.scrollable_content_region.width
        entries = list(log.entries)
        newest = [line for entry in entries[-3:] for line in wrap_entry(entry, width)]
        assert _shown(log)[-len(newest) :] == newest
        log.show(entries[:-5])  # as an undo does: the newest lines go
        await settle(pilot)
        assert log.entries == entries[:-5]
        assert _shown(log)[-1] == wrap_entry(entries[-6], width)[-1]
        # redrawn as a replay's step redraws it: its lines in one go, one scroll
        scrolls = []
        real = log.scroll_end
        log.scroll_end = lambda *args, **kwargs: scrolls.append(1) or real(*args, **kwargs)
        log.show(entries, marks={0: "bold"}, centre=200)
        await settle(pilot)
        assert len(scrolls) == 1, f"scrolled {len(scrolls)} times for {len(log.lines)} lines"
        centre = wrap_entry(entries[200], width)[0]
        assert centre in _shown(log) and _shown(log)[0] == wrap_entry(entries[0], width)[0]


@pytest.mark.parametrize("game_id", ["shifting-stones", "moonshell"])
async def test_a_long_games_log_is_read_from_its_history_in_one_walk(game_id, monkeypatch):
    # a History index walks back from the newest move: reading the log a line at a
    # time (as on opening a long game) walked the history once a line
    from tideboard.engine import bots
    from tideboard.engine.match import History

    game = registry.load(game_id)
    match = Match.start(game, GameConfig(players=2, seed=3))
    bot = bots.make_bot(game, "random", 3)
    while len(match.actions) < 120 and not game.is_over(match.state):
        seat = game.to_move(match.state)[0]
        legal = game.legal_actions(match.state)
        match = match.play(bot.choose(game, game.view(match.state, seat), seat, legal))
    app = app_with_match(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        walks = []
        steps = History._steps
        monkeypatch.setattr(History, "_steps", lambda *a: walks.append(1) or steps(*a))
        screen.logged = 1  # as a screen that has shown only the heading
        screen.follow_log()
        assert len(screen.query_one(GameLog).entries) > 80
        assert len(walks) <= 4, f"{len(walks)} walks of the history for one reading of the log"


def _long_match(moves: int = 60) -> Match:
    from tideboard.engine import bots

    game = registry.load("shifting-stones")
    match = Match.start(game, GameConfig(players=2, seed=3))
    bot = bots.make_bot(game, "random", 3)
    while len(match.actions) < moves and not game.is_over(match.state):
        seat = game.to_move(match.state)[0]
        legal = game.legal_actions(match.state)
        match = match.play(bot.choose(game, game.view(match.state, seat), seat, legal))
    return match


def _frames_of_the_log(monkeypatch) -> list[tuple[int, int]]:
    """(the log's scroll, its end) at each frame that draws its first line with lines in it."""
    frames: list[tuple[int, int]] = []
    draw = GameLog.render_line

    def drawn(self, y):
        if y == 0 and self.lines:
            frames.append((self.scroll_offset.y, self.max_scroll_y))
        return draw(self, y)

    monkeypatch.setattr(GameLog, "render_line", drawn)
    return frames


@pytest.mark.every_frame
async def test_a_long_log_opens_on_its_newest_lines_with_no_frame_of_its_top(monkeypatch):
    # the log's scroll to its end waited for the refresh, so the frame that first drew
    # a long game's log showed its top, and the next jumped to the newest line
    frames = _frames_of_the_log(monkeypatch)
    app = app_with_match(_long_match(), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.max_scroll_y > 20  # long: its top is far from its end
        await pilot.resize_terminal(100, 30)  # rewrapped at a new width
        await settle(pilot)
    assert frames and all(y == end for y, end in frames), frames


@pytest.mark.every_frame
async def test_a_replays_step_draws_the_log_at_its_move_from_the_first_frame(monkeypatch):
    from tideboard.ui.app import TideboardApp

    match = _long_match()
    app = TideboardApp(bot_delay=0, match=match, bots={}, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        frames = _frames_of_the_log(monkeypatch)
        for key in ("end", "home", *["right"] * 25, "left", "end", "left"):
            frames.clear()
            await pilot.press(key)
            await settle(pilot)
            log = app.screen.query_one(GameLog)
            assert frames and {y for y, _ in frames} == {log.scroll_offset.y}, (key, frames)
