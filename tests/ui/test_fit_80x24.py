"""No text is cut at 80x24 (issue #20, point 17): every screen and window of every
game, and the picker with its stored games, rendered at the smallest terminal
tideboard supports, with each widget's text checked against the screen
(``tests/ui/fit.py`` says how a cut is found).

One app per game: its first turn (the hint of the status line), the help, a
hot-seat hand-over, a question, the results of a finished game, the final board
behind them, and its replay at the start and halfway (the log as the replay
writes it)."""

from __future__ import annotations

from functools import cache

import pytest

from tests.ui.fit import cuts
from tests.ui.helpers import end_guard, settle
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.store.games import Store
from tideboard.store.records import Result, Seat
from tideboard.ui import saved_games
from tideboard.ui.app import TideboardApp
from tideboard.ui.shared import (
    ConfirmScreen,
    EndScreen,
    GameLog,
    HelpScreen,
    PrivacyScreen,
    StatusLine,
)
from tideboard.ui.shared.game_screen import GameScreen

SIZE = (80, 24)


@cache
def finished(game_id: str, players: int, variant: str = "standard", seed: int = 3) -> Match:
    """A game played to its end by greedy bots (random ones never end Shifting Stones).
    Played once a worker: a ``Match`` is immutable (a move or an undo is a new one), and
    both the game's own test and the picker's (which stores all of them) need it."""
    game = registry.load(game_id)
    config = GameConfig(players=players, variant=variant, seed=seed)
    match = Match.start(game, config)
    bots = [make_bot(game, "greedy", seed + seat) for seat in range(players)]
    for _ in range(3000):
        if game.is_over(match.state):
            return match
        seat = game.to_move(match.state)[0]
        legal = game.legal_for(match.state, seat)
        match = match.play(bots[seat].choose(game, game.view(match.state, seat), seat, legal))
    raise AssertionError(f"{game_id} did not end")


def assert_fits(app, where: str) -> None:
    found = cuts(app)
    assert not found, f"{where} at 80x24 cuts:\n" + "\n".join(found)


async def wait_for(pilot, kind) -> None:
    for _ in range(50):
        if isinstance(pilot.app.screen, kind):
            break
        await pilot.pause(0.01)
    assert isinstance(pilot.app.screen, kind), f"no {kind.__name__} but {pilot.app.screen!r}"
    await settle(pilot)


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


async def close(pilot, key: str = "escape") -> None:
    await pilot.press(key)
    await settle(pilot)


GAMES = [
    ("shifting-stones", 3, "standard"),
    ("moonshell", 2, "standard"),
    ("moonshell", 3, "tsunami"),
    ("moonshell", 4, "standard"),
    ("moonlighter", 1, "standard"),
    ("mermaid-rain", 4, "standard"),
    ("animal-splash", 3, "standard"),
]


@pytest.mark.parametrize(("game_id", "players", "variant"), GAMES)
async def test_every_window_of_a_game_fits(game_id, players, variant):
    match = finished(game_id, players, variant)
    bots = {seat: "greedy" for seat in range(1, players)}
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # a new game of the same table, hot-seat: the first hint, help, a hand-over, a question
        new = Match.start(match.game, match.config)
        app.start_match(new, {})
        await settle(pilot)
        if isinstance(app.screen, PrivacyScreen):
            assert_fits(app, f"{game_id}: the hand-over screen")
            await end_guard(pilot)
            await pilot.press(app.screen.key)
            await settle(pilot)
        screen = game_screen(app)
        assert_fits(app, f"{game_id}: the first turn")
        await pilot.press("question_mark")
        await wait_for(pilot, HelpScreen)
        assert_fits(app, f"{game_id}: the help")
        await close(pilot)
        screen.show_privacy(1, screen.seat_name(1), screen.SECRETS, lambda _: None)
        await wait_for(pilot, PrivacyScreen)
        assert_fits(app, f"{game_id}: a hand-over screen")
        await end_guard(pilot)
        await close(pilot, "2")
        screen.ask(
            "Leave the game? It is saved; continue it from the picker.",
            "Leave",
            "Stay",
            lambda _: None,
        )
        await wait_for(pilot, ConfirmScreen)
        assert_fits(app, f"{game_id}: a question")
        await close(pilot)
        # the finished game: its results, then the board behind them
        app.start_match(match, bots)
        await wait_for(pilot, EndScreen)
        assert_fits(app, f"{game_id}: the results ({players} players)")
        await end_guard(pilot)
        await close(pilot)
        assert_fits(app, f"{game_id}: the final board")
        # its replay, at the start and halfway
        saved_games.open_replay(app, match, bots, finished=True)
        await settle(pilot)
        assert_fits(app, f"{game_id}: the replay's start")
        replay = game_screen(app)
        replay.control.go_to(len(match.actions) // 2)
        await settle(pilot)
        assert_fits(app, f"{game_id}: the replay halfway")
        log = replay.query_one(GameLog)  # the current move, wrapped, is in sight
        top = round(log.scroll_y)
        marked = [n for n, (_, style) in enumerate(log.lines) if style == "reverse bold"]
        assert "reverse bold" in {style for _, style in log.lines[top : top + log.size.height]}, (
            top,
            log.size.height,
            len(log.lines),
            marked,
        )


def store(match: Match, seats: tuple[Seat, ...], finish: bool = False) -> str:
    with Store.open() as games:
        gid = games.create(
            match.game.info.id,
            match.config,
            seats,
            [match.game.format_action(action) for action in match.actions],
        )
        if finish:
            games.finish(gid, Result.of(match.game, match.state))
    return gid


async def test_the_picker_with_stored_games_fits():
    """The list of games with the stored ones (a four-player table of bots of two
    levels, a solo game, finished ones): every line in full, none wrapped; each
    game's rows, a stored game's settings, the help and the delete question."""
    people = (Seat("Player 1"), Seat("Player 2", "random"))
    bots = tuple(Seat(f"Player {n}", "greedy") for n in (3, 4))
    for game_id, players, variant in GAMES:
        match = finished(game_id, players, variant)
        store(match, (people + bots)[:players], finish=True)
        store(match.undo(len(match.actions) // 2), (people + bots)[:players])
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_fits(app, "the picker")
        options = app.screen.query_one("#games")
        for index, option in enumerate(options.options):
            if option.disabled:
                continue
            options.highlighted = index
            await settle(pilot, 1)
            assert_fits(app, f"the picker on {option.id}")
        await pilot.press("d")
        await wait_for(pilot, ConfirmScreen)
        assert_fits(app, "the picker's delete question")
        await close(pilot)
        await pilot.press("question_mark")
        await wait_for(pilot, HelpScreen)
        assert_fits(app, "the picker's help")


@pytest.mark.parametrize("seed", [5, 11])
async def test_moonshells_pull_and_collect_hints_fit(seed):
    """The hints of a turn's modes (a pull's preview, which rock to collect, where in
    the chest) keep their keys on screen at 80x24 ("...chest column), Esc" was cut)."""
    from tests.ui.test_moonshell_ui import ms_app

    app = ms_app(players=3, seed=seed, bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        while screen.turn.in_keep():
            await pilot.press("k", "y")
            await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert_fits(app, "a pull's preview")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert screen.turn.mode == "rock", "both rocks hold a tile"
        assert_fits(app, "which rock to collect")
        assert "Esc cancels" in str(screen.query_one(StatusLine).render())
        await pilot.press("enter")
        await settle(pilot)
        assert_fits(app, "where in the chest")
