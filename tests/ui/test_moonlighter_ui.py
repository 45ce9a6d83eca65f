"""Playing Moonlighter through the app with the keyboard and the mouse."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, app_with_match, settle, wait_for
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import BLACK, BLUE, GREEN, ORANGE, RED, WHITE, YELLOW
from tideboard.games.moonlighter.state import EXPLORE, FIGHT, LOOT, PLACE, Room
from tideboard.store.games import Store
from tideboard.ui.app import TideboardApp
from tideboard.ui.moonlighter import DiceBox, DungeonMap, MoonlighterScreen, fit_axis
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, HelpScreen

ML = "moonlighter"
GAME = registry.load(ML)
CONFIG = GameConfig(players=1, seed=3)


@pytest.fixture(autouse=True)
def quick_dice(monkeypatch):
    """No tumbling animation, and a short highlight, so tests read settled dice."""
    monkeypatch.setattr(DiceBox, "ROLL_FRAMES", 0)
    monkeypatch.setattr(DiceBox, "FLASH_SECONDS", 0.05)


def ml_app(seed: int = 3, theme: str | None = None) -> TideboardApp:
    return app_for(players=1, seed=seed, theme=theme, game_id=ML)


def ml_app_with_match(match: Match, theme: str | None = None) -> TideboardApp:
    """An app whose Moonlighter game starts from ``match`` (built by a test)."""
    return app_with_match(match, theme=theme)


def ml_app_with_state(state, theme: str | None = None) -> TideboardApp:
    return ml_app_with_match(Match(GAME, CONFIG, (state,)), theme)


def start_state(**changes):
    return evolve(GAME.setup(CONFIG), **changes)


def last_boss_fight():
    """The campaign's last boss fight, one blow from won (you at 1 health, 321 rolls)."""
    return start_state(
        rooms=(Room(0, 0, WHITE), Room(1, 0, RED)),
        cells=((0, 0), (1, 0)),
        pos=(1, 0),
        dungeon=5,
        cleared=4,
        best=4,
        boss=1,
        pending=FIGHT,
        health=1,
        lives=1,
        rolls=321,
    )


def corridor(length: int, **changes):
    """A straight corridor of white rooms from (0, 0) east; you stand at its east end."""
    rooms = tuple(Room(x, 0, WHITE) for x in range(length))
    return start_state(
        rooms=rooms,
        cells=tuple(r.pos for r in rooms),
        pos=(length - 1, 0),
        came_from=(length - 2, 0),
        **changes,
    )


async def ml_screen(pilot) -> MoonlighterScreen:
    """The game screen, once an app built by ``ml_app_with_state`` has shown it."""
    for _ in range(200):
        screen = pilot.app.screen
        # up, and its first hint said (on a busy machine a refresh later than the screen)
        if isinstance(screen, MoonlighterScreen) and str(screen.query_one("#ml-status").render()):
            return screen
        await pilot.pause()
    raise AssertionError("the Moonlighter screen never came up")


def status(screen) -> str:
    return str(screen.query_one("#ml-status").render())


def cell_offset(screen, pos) -> tuple[int, int]:
    """Where to click inside the map widget to hit map cell ``pos``."""
    region = screen.query_one(DungeonMap).cell_region(pos)
    return (region.x + 3, region.y + 1)


# -- exploring ----------------------------------------------------------------------
async def test_roll_then_place_west_with_arrow_and_enter():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MoonlighterScreen)
        await pilot.press("r")
        state = screen.state
        assert state.pending == PLACE and state.rolls == 1
        dmap = screen.query_one(DungeonMap)
        assert set(dmap.targets) == {(0, -1), (1, 0), (0, 1), (-1, 0)}  # open sides shown
        assert "Tile die" in screen.query_one(DiceBox).words
        await pilot.press("left")
        assert dmap.picked == (-1, 0) and screen.state is state  # picking changes nothing
        await pilot.press("enter")
        after = screen.state
        assert len(after.rooms) == 2 and after.room_at((-1, 0)) is not None
        assert after.pos == (-1, 0)
        assert dmap.targets == {} and (-1, 0) in after.cells


async def test_moving_with_arrows_and_the_same_arrow_twice():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r", "left", "enter")  # seed 3 rolls a white room: place it west
        assert screen.state.pos == (-1, 0) and screen.state.pending == EXPLORE
        await pilot.press("l")
        assert screen.query_one(DungeonMap).picked == (0, 0)
        assert "walks east" in status(screen)
        await pilot.press("enter")
        assert screen.state.pos == (0, 0)
        await pilot.press("left", "left")  # the same arrow again walks in
        assert screen.state.pos == (-1, 0)
        await pilot.press("l", "escape", "enter")  # Esc drops the pick: nothing happens
        assert screen.state.pos == (-1, 0)


async def test_place_is_undone_with_u():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r")
        rolled = screen.state
        await pilot.press("down", "enter", "u")
        assert screen.state == rolled and screen.state.pending == PLACE


# -- fights and loot ------------------------------------------------------------------
async def test_fight_through_keys_until_the_room_is_cleared():
    app = ml_app_with_state(start_state(pending=PLACE, tile=ORANGE, health=40, max_health=40))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter")  # the default pick: east
        assert screen.state.pending == FIGHT and screen.state.pos == (1, 0)
        assert "Foes" in str(screen.query_one("#ml-stats").render())
        for _ in range(60):
            if screen.state.pending != FIGHT:
                break
            await pilot.press("a")
        state = screen.state
        assert state.pending == EXPLORE and state.room.cleared and state.room.colour == GREEN
        assert "Attack die" in screen.query_one(DiceBox).words


async def test_flee_asks_first_where_damage_dealt_is_lost_then_goes_back():
    begun = start_state(  # an orange room east of the start, one enemy hurt
        rooms=(Room(0, 0, WHITE), Room(1, 0, ORANGE)),
        cells=((0, 0), (1, 0)),
        pos=(1, 0),
        came_from=(0, 0),
        pending=FIGHT,
        enemies=(1, 2),
    )
    app = ml_app_with_state(begun)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("f")
        assert isinstance(app.screen, ConfirmScreen)
        assert "You lose the 1 heart of damage you dealt." in app.screen.question
        await pilot.press("n")
        assert screen.state.pending == FIGHT
        await pilot.press("f")
        await pilot.press("y")
        assert screen.state.pos == (0, 0) and screen.state.pending == EXPLORE


async def test_a_fresh_fight_is_fled_at_once_nothing_lost():
    """Fleeing before any enemy is hurt throws nothing away (walking back in meets the
    same two enemies): no question, as a hinted "f makes it" promises."""
    app = ml_app_with_state(start_state(pending=PLACE, tile=ORANGE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("right", "enter")
        assert screen.state.pending == FIGHT and screen.state.enemies == (2, 2)
        await pilot.press("f")
        assert not isinstance(app.screen, ConfirmScreen)
        assert screen.state.pos == (0, 0) and screen.state.pending == EXPLORE


async def test_locked_black_room_cannot_be_fled_and_says_why():
    app = ml_app_with_state(start_state(pending=PLACE, tile=BLACK))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter", "f")
        assert not isinstance(app.screen, ConfirmScreen)
        assert screen.state.pending == FIGHT and screen.state.pos == (1, 0)
        assert "locked" in status(screen)
        assert "LOCKED" in str(screen.query_one("#ml-stats").render())


async def test_loot_switch_takes_the_pawn():
    app = ml_app_with_state(start_state(pending=PLACE, tile=YELLOW))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter")
        assert screen.state.pending == LOOT and screen.state.room.pawn == "blue"
        assert "s switches" in status(screen)
        await pilot.press("s")  # the white pawn has no power: no question
        assert screen.state.pawn == "blue" and screen.state.room.pawn == "white"
        # switching back drops a power: asked first
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert screen.state.pawn == "blue"
        await pilot.press("s", "y")
        assert screen.state.pawn == "white" and screen.state.room.pawn == "blue"


async def test_loot_keep_with_p_leaves_the_pawn_in_the_chest():
    app = ml_app_with_state(start_state(pending=PLACE, tile=YELLOW))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter")
        assert screen.state.pending == LOOT and "p keeps your white pawn" in status(screen)
        await pilot.press("p")
        state = screen.state
        assert state.pending == EXPLORE and state.pawn == "white" and state.room.pawn == "blue"
        await pilot.press("p")  # no loot choice now: says why, changes nothing
        assert screen.state == state and "switch or keep" not in status(screen).lower()


async def test_k_is_always_up_even_during_a_loot_choice():
    """k used to keep the pawn during a loot choice and be "up" otherwise."""
    rooms = (Room(0, 0, YELLOW, pawn="blue"), Room(0, -1, WHITE))
    app = ml_app_with_state(start_state(rooms=rooms, cells=((0, 0), (0, -1)), pending=LOOT))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("k")
        assert screen.state.pending == LOOT and screen.state.pawn == "white"
        assert (
            "switches" in status(screen) or "Decide" in status(screen) or "decide" in status(screen)
        )
        await pilot.press("p", "k")  # keep with p; then k picks the room to the north
        assert screen.state.pending == EXPLORE
        assert screen.query_one(DungeonMap).picked == (0, -1)
        await pilot.press("k")  # the same key again walks in
        assert screen.state.pos == (0, -1)


# -- illegal moves ----------------------------------------------------------------------
async def test_illegal_attack_says_why_and_changes_nothing():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.match
        await pilot.press("a")
        assert screen.match is before
        assert "nothing to attack" in status(screen)
        await pilot.press("f", "s")
        assert screen.match is before and "no pawn lying here" in status(screen)
        await pilot.press("r", "r")
        assert "First place a white room: arrows pick a side" in status(screen)
        assert screen.state.rolls == 1


# -- the view -----------------------------------------------------------------------------
def test_fit_axis_centres_small_maps_and_follows_the_player():
    assert fit_axis(0, 2, 6, 1, None) == -1  # fits: centred
    assert fit_axis(0, 19, 6, 19, None) == 14  # too big: the player's end
    assert fit_axis(0, 19, 6, 10, 8) == 8  # still in view: no jump
    assert fit_axis(0, 19, 6, 13, 8) == 10  # at the edge: recentre
    assert fit_axis(0, 19, 6, 0, 10) == 0  # never past the content


@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_map_scrolls_when_it_grows_past_the_view():
    app = ml_app_with_state(corridor(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        dmap = screen.query_one(DungeonMap)
        assert dmap.cols == 6 and dmap.rows == 6
        assert all(dmap.in_view(pos) for pos in screen.state.cells)
        await pilot.press("r", "right", "enter")  # one room east: still fits
        assert screen.state.pos == (5, 0) and screen.state.pending == EXPLORE
        assert all(dmap.in_view(pos) for pos in screen.state.cells)
        await pilot.press("r")
        assert screen.state.pending == PLACE
        await pilot.press("right", "enter")  # seven wide: the view scrolls east
        state = screen.state
        assert state.pos == (6, 0) and dmap.in_view(state.pos)
        assert not dmap.in_view((0, 0)) and "◂" in str(dmap.as_text())


@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_a_big_map_keeps_the_player_in_view_while_walking():
    app = ml_app_with_state(corridor(12))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        dmap = screen.query_one(DungeonMap)
        assert dmap.in_view((11, 0)) and not dmap.in_view((0, 0))
        for _ in range(11):
            await pilot.press("left", "enter")
            assert dmap.in_view(screen.state.pos)
        assert screen.state.pos == (0, 0) and not dmap.in_view((11, 0))
        assert "▸" in str(dmap.as_text())


@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_larger_terminal_shows_more_rooms():
    app = ml_app_with_state(corridor(8))
    async with app.run_test(size=(100, 30)) as pilot:
        dmap = (await ml_screen(pilot)).query_one(DungeonMap)
        assert dmap.cols == 8 and all(dmap.in_view((x, 0)) for x in range(8))


# -- the mouse --------------------------------------------------------------------------
@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_clicking_an_open_side_places_and_a_room_walks_in():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r")
        await pilot.click(DungeonMap, offset=cell_offset(screen, (0, 1)))
        assert screen.state.pos == (0, 1) and screen.state.room_at((0, 1)) is not None
        await pilot.click(DungeonMap, offset=cell_offset(screen, (0, 0)))
        assert screen.state.pos == (0, 0)
        before = screen.state
        await pilot.click(DungeonMap, offset=cell_offset(screen, (1, 0)))  # empty, not rolled
        assert screen.state == before and "roll" in status(screen)


# -- the end ------------------------------------------------------------------------------
async def test_the_last_boss_fight_ends_the_campaign_with_the_end_screen():
    state = last_boss_fight()
    app = ml_app_with_state(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        assert "Boss" in str(screen.query_one("#ml-stats").render())
        await pilot.press("f")  # no way out of the boss room
        assert screen.state.pending == FIGHT and "no way out" in status(screen)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert screen.state.over
        result = app.screen.result
        assert ("Campaign won" in result) == screen.state.won
        assert "321 tile rolls" in result
        with Store.open() as store:
            assert store.list(unfinished_only=False)[0].finished
        rows = {row[0]: row[1] for row in zip(*(col._cells for col in app.screen.table.columns))}
        assert rows["Player"] == "Player 1 (you)"
        # the end table agrees with the result line
        assert (rows["Result"] == "[b]won[/b]") == screen.state.won
        assert f"Score {GAME.scores(screen.state)[0]}" in result
        assert rows["[b]Score[/b]"] == f"[b]{GAME.scores(screen.state)[0]}[/b]"
        # only help, quit and the map apply now: no undo, no game keys
        assert footer_keys(screen) <= {"question_mark", "q", "m", "r", "a", "p"}


async def test_help_lists_the_keys():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = [key for key, _ in app.screen.keys]
        assert "r" in keys and "a" in keys and "p" in keys
        assert any("j k l" in key for key in keys)
        await pilot.press("escape")
        assert isinstance(app.screen, MoonlighterScreen)


async def test_dice_highlight_is_brief_and_every_theme_draws(monkeypatch):
    # long enough that a busy machine still sees the highlight right after the key
    # (a pilot's key waits up to a second twice for the app to be idle)
    monkeypatch.setattr(DiceBox, "FLASH_SECONDS", 4.0)
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        dice = screen.query_one("#ml-dice")
        await pilot.press("r")
        assert dice.has_class("fresh")
        await wait_for(pilot, lambda: not dice.has_class("fresh"))  # it goes by itself
        for _ in range(3):
            await pilot.press("f2")
            assert "Dungeon 1" in str(screen.query_one(DungeonMap).as_text())


# -- what the player is told ------------------------------------------------------------
def footer_keys(screen) -> set[str]:
    """The keys the footer shows now."""
    return {
        key
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.enabled
    }


def green_row(count: int, **changes):
    """A row of ``count`` cleared rooms east of the start: the boss can appear."""
    rooms = (Room(0, 0, WHITE),) + tuple(
        Room(x, 0, ORANGE, cleared=True) for x in range(1, count + 1)
    )
    return start_state(rooms=rooms, cells=tuple(r.pos for r in rooms), **changes)


async def test_footer_shows_only_the_keys_that_apply_now():
    app = ml_app_with_state(start_state(pending=PLACE, tile=YELLOW))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        assert not footer_keys(screen) & {"r", "a", "f", "s", "p"}  # placing: arrows
        await pilot.press("enter")
        assert screen.state.pending == LOOT
        assert {"s", "p"} <= footer_keys(screen) and not footer_keys(screen) & {"r", "a", "f"}
        await pilot.press("p")
        state = screen.state
        assert state.pending == EXPLORE and state.room.pawn == "blue"
        # a pawn lies here: s may take it; nothing to keep, so Keep leaves the footer
        assert {"r", "s"} <= footer_keys(screen) and "p" not in footer_keys(screen)
        await pilot.press("a")  # hidden keys still say why they do nothing
        assert screen.state == state and "nothing to attack" in status(screen)
        await pilot.press("f")
        assert screen.state == state and "nothing to flee" in status(screen)
        await pilot.press("k")
        assert "no room to the north" in status(screen)


async def test_footer_in_fights_offers_flee_only_where_you_can():
    app = ml_app_with_state(start_state(pending=PLACE, tile=ORANGE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter")
        assert screen.state.pending == FIGHT
        assert {"a", "f"} <= footer_keys(screen) and not footer_keys(screen) & {"r", "s", "p"}
        await pilot.press("r")  # not shown, still explained
        assert "First" in status(screen) or "fight" in status(screen).lower()
    app = ml_app_with_state(start_state(pending=PLACE, tile=BLACK))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("enter")
        assert "a" in footer_keys(screen) and "f" not in footer_keys(screen)


async def test_stats_stay_five_lines_when_the_boss_is_ready():
    """Two checks of the same first frame (one app): the stats stay five lines when
    the boss is ready, and the boss-ready roll hint warns there is no way out."""
    app = ml_app_with_state(green_row(10))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        stats_stay_five_lines_when_the_boss_is_ready(screen)
        boss_ready_roll_hint_warns_there_is_no_way_out(screen)


def stats_stay_five_lines_when_the_boss_is_ready(screen) -> None:
    stats = screen.query_one("#ml-stats")
    text = str(stats.render())
    assert "boss on a 0" in text
    assert stats.size.height == 5  # no line wraps onto a sixth
    assert all(len(line) <= stats.size.width for line in text.splitlines())


def boss_ready_roll_hint_warns_there_is_no_way_out(screen) -> None:
    assert "a 0 brings the boss" in status(screen)


async def test_boss_with_one_heart_left_is_singular():
    rooms = (Room(0, 0, WHITE), Room(1, 0, RED))
    state = start_state(
        rooms=rooms, cells=((0, 0), (1, 0)), pos=(1, 0), boss=1, pending=FIGHT, health=5
    )
    app = ml_app_with_state(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        assert "The boss has 1 heart and" in status(screen)


async def test_picking_a_room_says_what_waits_inside():
    rooms = (
        Room(0, 0, WHITE),
        Room(1, 0, ORANGE),
        Room(-1, 0, BLUE),
        Room(0, 1, YELLOW, pawn="red"),
    )
    state = start_state(rooms=rooms, cells=tuple(r.pos for r in rooms), health=2, pool=20)
    app = ml_app_with_state(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("right")
        assert "orange room: its enemies are back at full health" in status(screen)
        assert "(or → again)" in status(screen)
        await pilot.press("left")
        assert "pool heals you 3 hearts" in status(screen)
        await pilot.press("down")
        assert "where the red pawn lies" in status(screen)


async def test_enter_in_a_boxed_in_room_does_not_suggest_rolling():
    rooms = tuple(Room(x, y, WHITE) for x, y in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)))
    app = ml_app_with_state(start_state(rooms=rooms, cells=tuple(r.pos for r in rooms)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        assert "r" not in footer_keys(screen)
        await pilot.press("enter")
        assert "walk into" in status(screen) and "r rolls" not in status(screen)


async def test_pink_pawn_texts_have_no_brackets_inside_brackets():
    rooms = (Room(0, 0, YELLOW, pawn="pink"),)
    app = ml_app_with_state(start_state(rooms=rooms, cells=((0, 0),), pending=LOOT))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        assert "pink pawn (+2 maximum health, lost again" in status(screen)
        assert "))" not in status(screen)
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmScreen)
        assert "))" not in app.screen.question and "+2 maximum health," in app.screen.question


async def test_m_shows_the_whole_map_when_it_is_bigger_than_the_view():
    from tideboard.ui.shared import BlocksScreen

    app = ml_app_with_state(corridor(12))
    async with app.run_test(size=(80, 24)) as pilot:
        await ml_screen(pilot)
        await pilot.press("m")
        assert isinstance(app.screen, BlocksScreen)
        title, body = app.screen.parts[0]
        row = body.plain.splitlines()[0]
        assert row.count("W") == 12 and row.rstrip().endswith("W@"), row
        await pilot.press("m")
        assert isinstance(app.screen, MoonlighterScreen)


async def test_the_whole_map_of_one_room_says_one_room():
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        title, _ = app.screen.parts[0]
        assert title.startswith("Dungeon 1: 1 room,"), title


# -- speed: a cursor move redraws only the cursor ------------------------------------------
@pytest.mark.every_frame  # the map lays its view out as it draws (DungeonMap)
async def test_a_cursor_move_redraws_two_cells_and_no_panel(monkeypatch):
    app = ml_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r")
        dmap = screen.query_one(DungeonMap)
        await pilot.pause()
        calls = {"table": 0, "draw": 0, "stats": 0}
        regions = []
        real_refresh = type(dmap).refresh

        def count(name, real):
            def wrapper(*args, **kwargs):
                calls[name] += 1
                return real(*args, **kwargs)

            return wrapper

        monkeypatch.setattr(screen, "refresh_table", count("table", screen.refresh_table))
        monkeypatch.setattr(dmap, "_draw", count("draw", dmap._draw))
        stats = screen.query_one("#ml-stats")
        monkeypatch.setattr(stats, "update", count("stats", stats.update))
        monkeypatch.setattr(
            dmap, "refresh", lambda *r, **k: (regions.append(r), real_refresh(dmap, *r, **k))[1]
        )
        before = screen.state
        await pilot.press("left")
        await pilot.pause()
        assert screen.state is before and dmap.picked == (-1, 0)
        assert calls == {"table": 0, "draw": 0, "stats": 0}
        # the old and the new cursor cells, nothing else
        painted = [r for call in regions for r in call]
        assert len(painted) == 2 and all(r.width == dmap.cell_w for r in painted)
        assert "places it west" in status(screen)


async def test_a_side_picked_before_an_undo_is_dropped_not_walked():
    # A room picked (an arrow) belongs to the position it was picked on: after u the
    # game is back a move, and the pick goes; the same arrow then picks again, and
    # does not walk at once (before, the pick stayed "chosen" from the undone
    # position, and one arrow walked).
    app = ml_app_with_state(corridor(4, pending=EXPLORE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ml_screen(pilot)
        await pilot.press("left", "enter")
        assert screen.state.pos == (2, 0)
        await pilot.press("left")  # picked: west of (2, 0)
        assert screen.target == "w" and screen.chosen
        await pilot.press("u")
        await settle(pilot)
        assert screen.state.pos == (3, 0) and screen.target is None and not screen.chosen
        assert screen.query_one(DungeonMap).picked is None
        await pilot.press("left")  # picks again, on this position
        assert screen.state.pos == (3, 0) and screen.target == "w"
        await pilot.press("left")
        assert screen.state.pos == (2, 0)
