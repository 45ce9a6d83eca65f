"""Snapshot tests of the Moonlighter screen.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

import pytest

from tests.ui.test_moonlighter_ui import last_boss_fight
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import ORANGE, YELLOW
from tideboard.games.moonlighter.state import PLACE
from tideboard.ui.app import TideboardApp
from tideboard.ui.moonlighter import DiceBox, MoonlighterScreen

GAME = registry.load("moonlighter")
CONFIG = GameConfig(players=1, seed=3)


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    """No tumbling faces, and a fresh result stays highlighted: the same picture every run."""
    monkeypatch.setattr(DiceBox, "ROLL_FRAMES", 0)
    monkeypatch.setattr(DiceBox, "FLASH_SECONDS", 600)


def app_from(match: Match, theme: str | None = None) -> TideboardApp:
    app = TideboardApp(theme=theme, bot_delay=0)
    app.start_game = None
    app.call_after_refresh(lambda: app.start_match(match, {}))
    return app


async def wait_for_screen(pilot) -> None:
    for _ in range(20):
        if isinstance(pilot.app.screen, MoonlighterScreen):
            return
        await pilot.pause()


def played(seed: int, steps: int) -> Match:
    """``steps`` moves of the greedy bot from ``seed``: a realistic explored map."""
    match = Match.start(GAME, GameConfig(players=1, seed=seed))
    bot = make_bot(GAME, "greedy", seed=1)
    for _ in range(steps):
        state = match.state
        match = match.play(bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state)))
    return match


def test_snapshot_moonlighter_start(snap_compare):
    app = TideboardApp(game_id="moonlighter", config=CONFIG, bots={}, bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_moonlighter_place_choice(snap_compare):
    app = TideboardApp(game_id="moonlighter", config=CONFIG, bots={}, bot_delay=0)
    assert snap_compare(app, press=["r", "down"], terminal_size=(80, 24))


def test_snapshot_moonlighter_fight_in_progress(snap_compare):
    start = evolve(GAME.setup(CONFIG), pending=PLACE, tile=ORANGE)

    async def fight(pilot):
        await wait_for_screen(pilot)
        await pilot.press("right", "enter", "a", "a")

    assert snap_compare(
        app_from(Match(GAME, CONFIG, (start,))), run_before=fight, terminal_size=(80, 24)
    )


def test_snapshot_moonlighter_loot_choice(snap_compare):
    """A chest was just looted: the footer offers switch and keep (k is keep only now)."""
    start = evolve(GAME.setup(CONFIG), pending=PLACE, tile=YELLOW)

    async def loot(pilot):
        await wait_for_screen(pilot)
        await pilot.press("enter")

    assert snap_compare(
        app_from(Match(GAME, CONFIG, (start,))), run_before=loot, terminal_size=(80, 24)
    )


def test_snapshot_moonlighter_big_map_light_theme(snap_compare):
    assert snap_compare(
        app_from(played(3, 160), theme="tide-light"),
        run_before=wait_for_screen,
        terminal_size=(100, 30),
    )


def test_snapshot_moonlighter_end_screen(snap_compare):
    state = last_boss_fight()

    async def last_blow(pilot):
        await wait_for_screen(pilot)
        await pilot.press("a")
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(
        app_from(Match(GAME, CONFIG, (state,))), run_before=last_blow, terminal_size=(80, 24)
    )


# -- 120x40: large rooms while the dungeon fits, the wide side panel ----------------------
def test_snapshot_moonlighter_place_choice_120x40(snap_compare):
    """A room rolled at 120x40: rooms drawn large, the pawn's power in full."""
    app = TideboardApp(game_id="moonlighter", config=CONFIG, bots={}, bot_delay=0)
    assert snap_compare(app, press=["r", "down"], terminal_size=(120, 40))


def test_snapshot_moonlighter_mid_game_120x40(snap_compare):
    """A grown dungeon at 120x40: small rooms again, more of them, a long log."""
    assert snap_compare(
        app_from(played(3, 160)), run_before=wait_for_screen, terminal_size=(120, 40)
    )


def test_snapshot_moonlighter_end_screen_120x40(snap_compare):
    state = last_boss_fight()

    async def last_blow(pilot):
        await wait_for_screen(pilot)
        await pilot.press("a")
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(
        app_from(Match(GAME, CONFIG, (state,))), run_before=last_blow, terminal_size=(120, 40)
    )


def test_snapshot_moonlighter_death_moment(snap_compare):
    """A death: the moment waits for a key and says what changed."""
    from tests.ui.test_moonlighter_moments import dies, first_seed

    config, state = first_seed(False, dies, health=1, pawn="blue", dungeon=2, cleared=1, best=1)

    async def die(pilot):
        await wait_for_screen(pilot)
        await pilot.press("a")
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(
        app_from(Match(GAME, config, (state,))), run_before=die, terminal_size=(80, 24)
    )


def test_snapshot_moonlighter_boss_beaten_moment_120x40(snap_compare):
    """A beaten boss: what the next dungeon changes, at 120x40."""
    from tests.ui.test_moonlighter_moments import beats_boss, first_seed

    config, state = first_seed(True, beats_boss, health=5)

    async def last_blow(pilot):
        await wait_for_screen(pilot)
        await pilot.press("a")
        for _ in range(5):
            await pilot.pause()

    assert snap_compare(
        app_from(Match(GAME, config, (state,))), run_before=last_blow, terminal_size=(120, 40)
    )
