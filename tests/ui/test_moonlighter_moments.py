"""Moonlighter's moments: a death, a beaten boss and the next dungeon wait for a key
and say what changed; a bot-played game never waits behind one."""

from __future__ import annotations

import io

from rich.console import Console

from tests.ui.helpers import app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.plurals import plural
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import LIVES, ORANGE, RED, WHITE, boss_hearts
from tideboard.games.moonlighter.state import ATTACK, FIGHT, Room
from tideboard.ui.moonlighter import MoonlighterScreen
from tideboard.ui.moonlighter.moments import MomentScreen, moment_for

GAME = registry.load("moonlighter")


def fight_state(seed: int, boss: bool, **changes):
    """A fight in the room east of the start: the boss's, or an orange room's."""
    config = GameConfig(players=1, seed=seed)
    rooms = (Room(0, 0, WHITE), Room(1, 0, RED if boss else ORANGE))
    fight = {"boss": 1} if boss else {"enemies": (2, 2)}
    return config, evolve(
        GAME.setup(config),
        rooms=rooms,
        cells=((0, 0), (1, 0)),
        pos=(1, 0),
        came_from=(0, 0),
        pending=FIGHT,
        **fight,
        **changes,
    )


def first_seed(boss: bool, wanted, **changes):
    """The first seed whose next attack does what ``wanted(before, after)`` asks."""
    for seed in range(200):
        config, state = fight_state(seed, boss, **changes)
        if wanted(state, GAME.apply(state, ATTACK)):
            return config, state
    raise AssertionError("no seed found")


def dies(before, after):
    return after.lives == before.lives - 1


def beats_boss(before, after):
    return after.cleared == before.cleared + 1


def app_at(config, state, bots=None):
    return app_with_match(Match(GAME, config, (state,)), bots=bots)


async def game_screen(pilot) -> MoonlighterScreen:
    for _ in range(20):
        for screen in pilot.app.screen_stack:
            if isinstance(screen, MoonlighterScreen):
                return screen
        await pilot.pause()
    raise AssertionError("no Moonlighter screen")


def moment_text(app) -> str:
    """The moment on screen, as plain text."""
    screen = app.screen
    assert isinstance(screen, MomentScreen), type(screen)
    console = Console(width=66, file=io.StringIO(), record=True)
    console.print(screen.moment.title)
    console.print(screen.moment.body)
    return " ".join(console.export_text().split())


async def test_a_death_is_a_moment_that_waits_for_enter():
    config, state = first_seed(False, dies, health=1, pawn="blue", dungeon=2, cleared=1, best=1)
    app = app_at(config, state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("a")
        await settle(pilot)
        text = moment_text(app)
        assert f"{plural(LIVES - 1, 'life', 'lives')} left" in text
        assert "You die in dungeon 2" in text
        assert "Run 2 starts in dungeon 1 with the white pawn" in text
        assert "the blue pawn is lost" in text
        assert "Score" in text and "1000" in text  # the best run still counts
        await pilot.press("a", "a")  # the attack key does not close it
        assert isinstance(app.screen, MomentScreen)
        await pilot.press("enter")
        assert app.screen is screen
        assert screen.state.lives == LIVES - 1 and screen.state.dungeon == 1


async def test_a_beaten_boss_is_a_moment_naming_the_next_dungeon():
    config, state = first_seed(True, beats_boss, health=5, pool=3)
    app = app_at(config, state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("a")
        await settle(pilot)
        text = moment_text(app)
        assert "Dungeon 1 cleared!" in text
        assert "dungeon 2 of 5" in text
        assert f"{boss_hearts(2)} hearts (was {boss_hearts(1)})" in text
        assert "15 green rooms (was 10)" in text
        assert "35 hearts, full (was 25)" in text  # the pools' sizes, not what was left
        await pilot.press("escape")
        assert app.screen is screen and screen.state.dungeon == 2


async def test_a_death_in_the_boss_room_restarts_that_dungeon():
    config, state = first_seed(True, dies, health=1, dungeon=3, cleared=2, best=2, pawn="red")
    app = app_at(config, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.press("a")
        await settle(pilot)
        text = moment_text(app)
        assert "The boss of dungeon 3 kills you." in text
        assert "Dungeon 3 starts again" in text and "keep the red pawn" in text
        await pilot.press("space")
        assert isinstance(app.screen, MoonlighterScreen)


async def test_the_last_death_goes_straight_to_the_end_screen():
    config, state = first_seed(False, dies, health=1, lives=1)
    app = app_at(config, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert not any(isinstance(s, MomentScreen) for s in app.screen_stack)
        assert type(app.screen).__name__ == "EndScreen"


async def test_a_bot_played_game_never_waits_behind_a_moment():
    config, state = first_seed(True, dies, health=1, dungeon=3, cleared=2, best=2)
    app = app_at(config, state, bots={0: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        for _ in range(30):
            await pilot.pause()
            if len(screen.match.states) > 5:
                break
        assert screen.match.states[1].lives == state.lives - 1  # the bot died ...
        assert len(screen.match.states) > 5  # ... and played on
        assert not any(isinstance(s, MomentScreen) for s in app.screen_stack)


def test_plain_moves_are_no_moment():
    config, state = first_seed(
        False, lambda b, a: a.lives == b.lives and a.health < b.health, health=5
    )
    assert moment_for(state, GAME.apply(state, ATTACK)) is None
