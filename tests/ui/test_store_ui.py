"""The game store in the app: every game is a record, saved move by move; the
picker's Continue list; resuming and replaying stored games."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys

import pytest
from textual.widgets import OptionList

from tests.ui.helpers import SS, app_for, end_guard, hand_over, notices, settle
from tideboard.engine.match import Match
from tideboard.files.paths import store_path
from tideboard.store.games import Store, StoreError
from tideboard.store.records import Result, Seat
from tideboard.ui import app as app_module
from tideboard.ui.app import TideboardApp
from tideboard.ui.picker import PickerScreen
from tideboard.ui.shared import ConfirmScreen, EndScreen, GameLog, PrivacyScreen
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.replay import Replay
from tideboard.ui.shifting_stones.screen import ShiftingStonesScreen

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "store"))
from helpers import finished, played, v1_save  # noqa: E402

MS = "moonshell"


def stored_games(unfinished_only: bool = False):
    with Store.open() as store:
        return store.list(unfinished_only=unfinished_only)


def loaded(gid: str):
    with Store.open() as store:
        return store.load_match(gid)


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def store_a(match: Match, seats=None, finish: bool = False) -> str:
    with Store.open() as store:
        gid = store.create(
            match.game.info.id,
            match.config,
            seats,
            [match.game.format_action(action) for action in match.actions],
        )
        if finish:
            store.finish(gid, Result.of(match.game, match.state))
    return gid


# -- every game is a record, saved move by move ----------------------------------
async def test_a_game_is_a_record_from_its_start_and_every_move_is_committed():
    app = app_for(bots={1: "greedy"}, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        [summary] = stored_games()
        assert summary.moves == 0 and summary.game == SS
        assert summary.seats == (Seat("Player 1"), Seat("Player 2", "greedy"))
        await pilot.press("f", "enter")  # a flip, then the bot's turn
        await settle(pilot)
        screen = game_screen(app)
        assert len(screen.match.actions) >= 1
        match, bots = loaded(summary.id)
        assert match.state == screen.match.state and bots == {1: "greedy"}
        assert stored_games()[0].moves == len(screen.match.actions)


async def test_a_move_never_waits_for_the_disk_and_closing_the_game_waits_for_its_save(monkeypatch):
    """Issue #19: a save runs on the store's writer thread, not on the event
    loop (which, in ``tideboard serve``, every session shares).  With the disk
    held, the moves are played and shown at once; the store gets them, in
    order, once the disk answers, and the app ending waits for them."""
    import threading
    import time

    from tideboard.store.writer import GameWriter

    disk = threading.Event()
    real_sync = GameWriter.sync

    def slow_sync(self, match):
        disk.wait(5)  # a slow fsync
        return real_sync(self, match)

    monkeypatch.setattr(GameWriter, "sync", slow_sync)
    app = app_for(players=1, solo=True, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        screen = game_screen(app)
        started = time.monotonic()
        await pilot.press("f", "enter")  # a flip
        for _ in range(3):
            await pilot.pause()
        assert time.monotonic() - started < 2.0, "the move waited for the disk"
        assert len(screen.match.actions) == 1 and screen.control.saves_pending >= 1
        disk.set()
        app.exit()
    [summary] = stored_games()
    assert summary.moves == 1
    assert loaded(summary.id)[0].state == screen.match.state
    assert screen.control.save_error is None and screen.control.saves_pending == 0


async def test_starting_the_same_game_twice_keeps_both(isolated_saves):
    """Defect 3: 'tideboard play GAME' twice gave one saved game; now two records."""
    for seed in (11, 12):
        app = app_for(bots={1: "greedy"}, seed=seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f", "enter")
            await settle(pilot)
    games = stored_games()
    assert len(games) == 2
    assert {g.config.seed for g in games} == {11, 12}
    assert all(g.moves > 0 for g in games)


async def test_the_picker_starts_a_new_game_without_asking_to_replace_one():
    gid = store_a(played(SS, moves=3, seed=7))
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "ctrl+s")  # Shifting Stones: settings, start
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert isinstance(game_screen(app), ShiftingStonesScreen)
        ids = {g.id for g in stored_games()}
        assert gid in ids and len(ids) == 2
    assert loaded(gid)[0].state == played(SS, moves=3, seed=7).state
    # the new game was left without a move: not kept (issue #20)
    assert {g.id for g in stored_games()} == {gid}


async def test_undo_is_saved_and_a_failed_undo_save_is_shown(monkeypatch):
    """Defect 11: undo ignored a failed save."""
    app = app_for(players=1, solo=True, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("f", "enter")  # flip: undoable
        await settle(pilot)
        assert len(screen.match.actions) == 1
        gid = screen.control.writer.id
        assert len(loaded(gid)[0].actions) == 1
        await pilot.press("u")
        await settle(pilot)
        assert len(screen.match.actions) == 0
        assert len(loaded(gid)[0].actions) == 0, "the undo is saved"

        await pilot.press("f", "enter")
        await settle(pilot)

        def broken(*args, **kwargs):
            raise StoreError("the disk is full")

        truncate = Store.truncate
        monkeypatch.setattr(Store, "truncate", broken)
        await pilot.press("u")
        await settle(pilot)
        assert len(screen.match.actions) == 0  # the screen still takes the move back
        assert any("Could not save the game: the disk is full" in m for m in notices(app))
        assert app.sub_title == "NOT SAVED"
        assert len(loaded(gid)[0].actions) == 1  # the store kept what it had

        monkeypatch.setattr(Store, "truncate", truncate)
        await pilot.press("f", "enter")  # the next save brings the record up to date
        await settle(pilot)
        assert loaded(gid)[0].state == screen.match.state
        assert app.sub_title == "" and "The game is saved again." in notices(app)


async def test_a_store_that_cannot_be_opened_is_shown_and_the_game_goes_on(isolated_saves):
    isolated_saves.mkdir(parents=True)
    store_path().mkdir()  # a folder where the store's file should be
    app = app_for(players=1, solo=True, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f", "enter")
        await settle(pilot)
        assert len(game_screen(app).match.actions) == 1
        assert any("Could not save the game" in m and "not a file" in m for m in notices(app))
        assert app.is_running


async def test_a_finished_game_is_recorded_with_its_result_and_seed():
    match = finished(SS, seed=4)
    # the last move still to play, by the human
    game = match.game
    before = match.undo(1)
    last = match.actions[-1]
    assert not game.is_over(before.state)
    app = TideboardApp(bot_delay=0, start=before)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        while isinstance(app.screen, PrivacyScreen):
            await hand_over(pilot)
        assert screen.dispatch(last)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert screen.control.writer.finished
    [summary] = stored_games()
    assert summary.finished and summary.result == Result.of(game, match.state)
    assert stored_games(unfinished_only=True) == []


# -- Continue ----------------------------------------------------------------------
def continue_option(app, gid: str) -> int:
    options = app.screen.query_one("#games", OptionList)
    return options.get_option_index(f"resume:{gid}")


async def test_continue_lists_each_unfinished_game_with_its_own_settings():
    ss = store_a(
        played(SS, moves=3, seed=7, players=3),
        seats=[Seat("Player 1"), Seat("Player 2", "greedy"), Seat("Player 3")],
    )
    ms = store_a(played(MS, moves=2, seed=8))
    done = store_a(finished(SS, seed=4), finish=True)
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        options = app.screen.query_one("#games", OptionList)
        ids = [str(options.get_option_at_index(i).id) for i in range(options.option_count)]
        assert f"resume:{ss}" in ids and f"resume:{ms}" in ids
        assert f"resume:{done}" not in ids
        assert ids.index(f"replay:{done}") > ids.index(f"resume:{ms}")  # after Continue
        label = str(options.get_option(f"resume:{ss}").prompt)
        assert "Shifting Stones" in label and "P2 medium" in label
        assert "P3" in label and "3 moves" in label
        options.highlighted = continue_option(app, ss)
        await settle(pilot)
        about = str(app.screen.query_one("#game-about").render())
        assert f"game {ss}" in about and "Player 2 (medium bot)" in about
        assert not app.screen.query_one("#players").display  # not the new-game rows
        options.highlighted = 0
        await settle(pilot)
        assert app.screen.query_one("#players").display


async def test_the_picker_shown_again_before_its_stored_games_came_lists_them_once():
    """Found by the monkey test: a return to the picker that refilled the list before
    the first frame's deferred 'Continue' list came added that list twice (a crash)."""
    gid = store_a(played(SS, moves=2, seed=7))
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        picker = app.screen
        picker._fill_games()  # what a return from a game does, before the deferred fill
        await settle(pilot)
        options = picker.query_one("#games", OptionList)
        ids = [str(options.get_option_at_index(i).id) for i in range(options.option_count)]
        assert ids.count(f"resume:{gid}") == 1 and ids.count("heading:resume:") == 1


async def test_continue_opens_the_game_and_appends_to_its_record():
    start = played(SS, moves=2, seed=7)
    gid = store_a(start, seats=[Seat("Player 1"), Seat("Player 2", "greedy")])
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#games", OptionList).highlighted = continue_option(app, gid)
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.control.writer.id == gid and screen.bot_levels == {1: "greedy"}
        assert screen.match.actions[:2] == start.actions
        while isinstance(app.screen, PrivacyScreen):
            await hand_over(pilot)
        assert screen.human_to_move() == 0
        assert screen.dispatch(screen.game.legal_actions(screen.state)[0])
        await settle(pilot, 5)
        assert len(screen.match.actions) > 2
    [summary] = stored_games()
    assert summary.id == gid
    assert loaded(gid)[0].state == screen.match.state


async def test_a_damaged_record_is_listed_as_damaged_and_left_alone():
    good = store_a(played(SS, moves=2, seed=7))
    bad = store_a(played(SS, moves=2, seed=8))
    with sqlite3.connect(store_path()) as db:
        db.execute("UPDATE games SET seats = '[{\"nom\": 1}' WHERE id = ?", (bad,))
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        options = app.screen.query_one("#games", OptionList)
        assert "damaged" in str(options.get_option(f"resume:{bad}").prompt)
        options.highlighted = continue_option(app, bad)
        await settle(pilot)
        assert "damaged" in str(app.screen.query_one("#game-about").render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        assert "Could not continue" in str(app.screen.query_one("#picker-error").render())
        assert f"resume:{good}" in [str(o.id) for o in options._options]


async def test_a_record_that_no_longer_replays_is_reported_not_opened():
    gid = store_a(played(SS, moves=2, seed=7))
    with sqlite3.connect(store_path()) as db:
        db.execute("UPDATE actions SET notation = 'flip 99 z9' WHERE game_id = ? AND n = 1", (gid,))
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#games", OptionList).highlighted = continue_option(app, gid)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        error = str(app.screen.query_one("#picker-error").render())
        assert "Could not continue" in error and "move 2" in error


async def test_old_autosaves_are_imported_and_a_damaged_one_is_left_alone(isolated_saves):
    isolated_saves.mkdir(parents=True)
    old = played(SS, moves=3, seed=7)
    good = isolated_saves / "autosave-shifting-stones.json"
    good.write_text(json.dumps(v1_save(old, {"2": "greedy"})))
    bad = isolated_saves / "autosave-moonshell.json"
    bad.write_text("{ not json")
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        [summary] = stored_games()
        options = app.screen.query_one("#games", OptionList)
        assert "P2 medium" in str(options.get_option(f"resume:{summary.id}").prompt)
        assert any("Skipped a damaged old save" in m for m in notices(app))
        assert any(f"as game {summary.id}" in m for m in notices(app))
    assert loaded(summary.id)[0].state == old.state
    assert bad.read_text() == "{ not json" and good.exists()


async def test_a_finished_game_replays_from_the_picker():
    match = finished(SS, seed=4)
    done = store_a(match, finish=True)
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        options = app.screen.query_one("#games", OptionList)
        assert "Shifting Stones" in str(options.get_option(f"replay:{done}").prompt)
        options.highlighted = options.get_option_index(f"replay:{done}")
        await settle(pilot)
        about = str(app.screen.query_one("#game-about").render())
        assert f"seed {match.config.seed}" in about
        assert match.game.result_text(match.state) in about
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen.control, Replay) and app.screen.control.finished
        await pilot.press("end")
        assert app.screen.state == match.state
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)


# -- resume and replay from the CLI ---------------------------------------------------
async def test_a_loaded_game_continues_its_record():
    start = played(MS, moves=3, seed=8)
    gid = store_a(start, seats=[Seat("Player 1"), Seat("Player 2", "greedy")])
    match, bots = loaded(gid)
    app = TideboardApp(bot_delay=0, match=match, bots=bots, store_id=gid)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.control.writer.id == gid and screen.match.state == start.state
        assert not isinstance(screen.control, Replay)
        await settle(pilot, 5)
        moves = len(screen.match.actions)
    assert len(stored_games()) == 1
    assert len(loaded(gid)[0].actions) == moves


def test_run_app_returns_the_apps_return_code(monkeypatch):
    """Defect 7: a crash in the app exited 0."""

    def crash(self, *args, **kwargs):
        self._return_code = 1

    monkeypatch.setattr(TideboardApp, "run", crash)
    assert app_module.run_app() == 1
    monkeypatch.setattr(TideboardApp, "run", lambda self, *a, **k: None)
    assert app_module.run_app() == 0


def log_lines(screen) -> list[str]:
    return [strip.text for strip in screen.query_one(GameLog).lines]


def highlighted(screen) -> list[str]:
    return [line for line in log_lines(screen) if line.startswith("▶")]


async def test_replay_steps_through_a_finished_game_showing_every_hand():
    match = finished(SS, seed=4)
    gid = store_a(match, finish=True)
    whole, bots = loaded(gid)
    app = TideboardApp(bot_delay=0, match=whole, bots=bots, store_id=gid, replay=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen.control, Replay) and type(screen) is ShiftingStonesScreen
        assert screen.control.position == 0 and screen.state == match.states[0]
        assert highlighted(screen) == []
        await pilot.press("right", "n")
        assert screen.control.position == 2 and screen.state == match.states[2]
        assert highlighted(screen) == [f"▶ {match.log[1]}"]
        # the hand of the player to move is drawn, whoever it is: the game is over
        seat = match.game.to_move(screen.state)[0]
        assert screen.viewer == seat and screen.shown == screen.state
        await pilot.press("left")
        assert screen.control.position == 1 and highlighted(screen) == [f"▶ {match.log[0]}"]
        await pilot.press("end")
        assert screen.control.position == len(match.actions) and screen.state == match.state
        assert not isinstance(app.screen, EndScreen)  # a replay plays nothing
        await pilot.press("right")
        assert screen.control.position == len(match.actions)
        await pilot.press("home", "f", "enter", "x", "y", "e", "u")
        await settle(pilot)
        assert screen.control.position == 0 and screen.state == match.states[0]
        await pilot.press("q")
        await settle(pilot)
        assert not app.is_running  # 'tideboard replay' ends with q
    [summary] = stored_games()
    assert summary.moves == len(match.actions)  # nothing written


async def test_replay_of_an_unfinished_game_shows_only_the_public_view():
    match = played(MS, moves=6, seed=8)
    gid = store_a(match)
    whole, bots = loaded(gid)
    app = TideboardApp(bot_delay=0, match=whole, bots=bots, store_id=gid, replay=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen.control, Replay)
        for _ in range(len(match.actions) + 1):
            assert screen.viewer is None
            assert screen.shown == match.game.view(screen.state, None)
            assert not isinstance(app.screen, PrivacyScreen)
            await pilot.press("right")
    assert loaded(gid)[0].actions == match.actions


@pytest.mark.parametrize("game_id", [SS, MS])
async def test_a_replay_of_an_unfinished_hot_seat_game_draws_nobodys_secrets(game_id):
    from tests.ui.test_monkey import rendered_text, secret_patterns

    match = played(game_id, moves=12, seed=6, players=3)
    app = TideboardApp(bot_delay=0, match=match, replay=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        for position in range(len(match.actions) + 1):
            assert screen.control.position == position
            text = rendered_text(app)
            for seat in range(3):
                for pattern in secret_patterns(match.game, screen.state, seat):
                    assert not re.search(pattern, text), (position, seat)
            await pilot.press("right")


async def test_continue_on_a_game_that_turns_out_finished_opens_its_replay():
    """A game killed between its last move and recording the result."""
    match = finished(SS, seed=4)
    gid = store_a(match)  # not marked finished
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#games", OptionList).highlighted = continue_option(app, gid)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen.control, Replay)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
    assert stored_games()[0].finished


@pytest.mark.parametrize("game_id", [SS, MS, "moonlighter", "animal-splash"])
async def test_every_game_screen_replays(game_id):
    players = 1 if game_id == "moonlighter" else 2
    match = played(game_id, moves=8, seed=3, players=players)
    app = TideboardApp(bot_delay=0, match=match, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen.control, Replay)
        for position in range(len(match.actions)):
            assert screen.state == match.states[position]
            await pilot.press("right")
        await pilot.press("end")
        assert screen.state == match.state
        assert app.is_running


def test_tideboard_play_twice_gives_two_games(monkeypatch):
    """Defect 3, through the CLI: the second 'tideboard play' overwrote the first's save."""
    import asyncio

    from click.testing import CliRunner

    from tideboard.cli import main

    def run_headless(**kwargs):
        app = TideboardApp(bot_delay=0, **kwargs)

        async def drive():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("f", "enter")
                await settle(pilot)
                app.exit()
            return app.return_code or 0

        return asyncio.run(drive())

    monkeypatch.setattr(app_module, "run_app", run_headless)
    for _ in range(2):
        result = CliRunner().invoke(main, ["play", SS, "--bot", "2=greedy"])
        assert result.exit_code == 0, result.output
    games = stored_games()
    assert len(games) == 2 and all(g.moves > 0 for g in games)
    assert games[0].config.seed != games[1].config.seed


async def test_a_stored_game_is_deleted_from_the_picker_after_a_question():
    """Issue #20: "Continue a game" entries can be deleted (d), with a question
    whose default answer keeps the game."""
    keep = store_a(played(SS, moves=2, seed=7))
    gone = store_a(played(SS, moves=3, seed=8))
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        options = app.screen.query_one("#games", OptionList)
        options.highlighted = 0  # a game to start: nothing to delete
        await settle(pilot)
        await pilot.press("d")
        assert isinstance(app.screen, PickerScreen)
        options.highlighted = continue_option(app, gone)
        await settle(pilot)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen) and gone in app.screen.question
        await pilot.press("enter")  # the safe answer: keep it
        await settle(pilot)
        assert {g.id for g in stored_games()} == {keep, gone}
        await pilot.press("d")
        await settle(pilot)
        await end_guard(pilot)  # (a window ignores keys for a moment: no double taps)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        assert {g.id for g in stored_games()} == {keep}
        assert f"resume:{gone}" not in [o.id for o in options.options]


def test_games_delete_asks_on_a_terminal_and_needs_yes_otherwise(monkeypatch):
    from click.testing import CliRunner

    import tideboard.cli.store as store_cli
    from tideboard.cli import main

    keep = store_a(played(SS, moves=2, seed=7))
    gone = store_a(played(SS, moves=3, seed=8))
    result = CliRunner().invoke(main, ["games", "--delete", gone])
    assert result.exit_code == 2 and "--yes" in result.output  # no terminal: no question
    monkeypatch.setattr(store_cli, "_interactive", lambda: True)
    result = CliRunner().invoke(main, ["games", "--delete", gone], input="\n")
    assert result.exit_code == 0 and "Nothing deleted" in result.output  # No is the default
    assert {g.id for g in stored_games()} == {keep, gone}
    result = CliRunner().invoke(main, ["games", "--delete", gone], input="y\n")
    assert result.exit_code == 0 and f"Deleted game {gone}" in result.output
    assert {g.id for g in stored_games()} == {keep}
    result = CliRunner().invoke(main, ["games", "--delete", gone, "--yes"])
    assert result.exit_code == 2 and "no game" in result.output
