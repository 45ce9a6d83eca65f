"""The Moonshell screen with mermaid powers and events (a Tsunami game): the
mermaid window (w), the powers offered only when usable with a preview, the
mermaid/tides/event lines, and snapshots at 80x24 and 120x40."""

from __future__ import annotations

from tests.ui.helpers import settle, wait_for
from tideboard.engine.core import GameConfig
from tideboard.ui.app import TideboardApp
from tideboard.ui.moonshell.choice import ChoiceWindow
from tideboard.ui.moonshell.mermaids import mermaid_moves


def tsunami_app(options=None, seed=6) -> TideboardApp:
    config = GameConfig(players=2, variant="tsunami", seed=seed, options=options or {})
    return TideboardApp(game_id="moonshell", config=config, bots={1: "greedy"}, bot_delay=0)


async def to_first_turn(pilot) -> None:
    """Choose the first mermaid, keep a secret, answer Moonrise: Player 1's first turn."""
    screen = pilot.app.screen
    await pilot.press("w")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.state.phase == "keep" and screen.human_to_move() == 0)
    await pilot.press("k", "y")
    await wait_for(
        pilot, lambda: screen.state.phase in ("play", "event") and screen.human_to_move() == 0
    )
    if screen.state.phase == "event":  # Moonrise: w lights the chest columns, Enter places
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.phase == "play")
    await settle(pilot)


async def open_power_list(pilot) -> None:
    """w lights the power's places on the table; w again lists its moves in a window."""
    screen = pilot.app.screen
    await pilot.press("w")
    await wait_for(pilot, lambda: screen.turn.mode == "aim")
    await pilot.press("w")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))


async def test_w_chooses_a_mermaid_then_offers_only_usable_powers():
    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.state.phase == "mermaid"
        await to_first_turn(pilot)
        assert screen.state.mermaids[0] == "tide-pool"
        moves = mermaid_moves(screen.game, screen.state)
        assert moves and all(getattr(m, "power", "") == "tide-pool" for m in moves)
        await open_power_list(pilot)
        window = app.screen
        # every offered move shows what it would do before it is chosen
        assert all("→" in line and "Tide Pool" in line for line in window.lines)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.state.in_play == 1 and screen.state.tides_odd
        text = str(screen.query_one("#ms-mermaid").render())
        assert "Tide Pool in use" in text and "event: Urchin Swarm" in screen.title
        # at 80 columns the tides token's reason is under the ocean
        board = screen.query_one("#ms-board")
        assert board.tides_why == "1 mermeeple out"


async def test_w_says_why_when_the_power_is_out():
    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.turn.mode == "aim")
        await pilot.press("enter")  # the first lit tile
        await wait_for(pilot, lambda: screen.state.in_play == 1)
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is screen and mermaid_moves(screen.game, screen.state) == []
        assert "not back" in str(screen.query_one("#ms-status").render())


async def test_moon_shadow_round_offers_no_power_and_says_why():
    app = tsunami_app(seed=5)  # the first event is Moon Shadow
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        assert screen.state.event == "E13" and mermaid_moves(screen.game, screen.state) == []
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is screen
        assert "Moon Shadow" in str(screen.query_one("#ms-status").render())


def test_snapshot_tsunami_power_window_80x24(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await open_power_list(pilot)

    assert snap_compare(tsunami_app(), run_before=run, terminal_size=(80, 24))


def test_snapshot_tsunami_table_120x40(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await open_power_list(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(tsunami_app(), run_before=run, terminal_size=(120, 40))


def test_snapshot_tsunami_table_80x24(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)

    assert snap_compare(tsunami_app({"powers": "active"}), run_before=run, terminal_size=(80, 24))


# -- the w window's cursor lights the move's target on the table ------------------------
async def test_the_power_windows_cursor_lights_its_pull_on_the_board_beside_it():
    from tideboard.games.moonshell.meeples import pull_cells
    from tideboard.ui.moonshell import ChestView, OceanBoard

    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        moves = mermaid_moves(screen.game, screen.state)
        await open_power_list(pilot)
        window = app.screen
        board = screen.query_one(OceanBoard)
        # the window stands beside the ocean board, not over it
        box = window.query_one("#ms-choice").region
        assert box.x >= board.region.right - 1
        seen = []
        for index in range(len(moves)):
            await wait_for(
                pilot, lambda: board.target_cells == set(pull_cells(screen.state, 0, moves[index]))
            )
            assert board.target_cells and board.rock_marks  # the tiles and your rocks
            seen.append(frozenset(board.target_cells))
            await pilot.press("down")
        assert len(set(seen)) == len(moves)  # each move lights its own two tiles
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await settle(pilot)
        assert board.target_cells == set() and screen.turn.power_target is None
        assert screen.query_one(ChestView).marks == frozenset()


async def test_an_active_rising_moon_lights_the_corner_and_a_buoy_its_chest_space():
    from tideboard.ui.moonshell import ChestView, OceanBoard

    app = tsunami_app({"powers": "active", "mermaid-1": "rising-moon"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        await pilot.press("k", "y")
        await wait_for(
            pilot, lambda: screen.state.phase in ("play", "event") and screen.human_to_move() == 0
        )
        assert screen.state.phase == "play"
        await open_power_list(pilot)
        assert "far left corner" in app.screen.lines[1]
        board = screen.query_one(OceanBoard)
        for corner in range(4):
            await wait_for(pilot, lambda: board.corner == corner)
            await pilot.press("down")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen and board.corner is None)
        assert screen.query_one(ChestView).chosen is None


def test_power_targets_name_what_each_power_touches():
    """Every kind of power move, and an event's answer, has its target."""
    from tideboard.engine import registry
    from tideboard.games.moonshell.content import BUOY, MOONSHELL
    from tideboard.games.moonshell.state import Collect, Power, Pull, SwapTake
    from tideboard.ui.moonshell.targets import NONE, power_targets

    state = registry.load("moonshell").setup(GameConfig(players=2, variant="dive", seed=3))
    assert power_targets(state, 0, Power("inlet", 1)).rocks == {1}
    assert power_targets(state, 0, Power("rising-moon", 2)).corner == 2
    assert power_targets(state, 0, Power("tide-pool", 0, 0)).cells == {20}
    buoy = power_targets(state, 0, Power("buoy", 3))
    assert (buoy.column, buoy.landing) == (3, BUOY)
    assert power_targets(state, 0, Power("swap", 0, 5)).chest_cells == {0, 5}
    slide = power_targets(state, 0, Pull(1, None, "slide"))
    assert slide.rocks == {4, 5} and len(slide.cells) == 2  # the far side's rocks
    swap = power_targets(state, 0, SwapTake(4, 0, 2))
    assert swap.rocks == {4, 0} and swap.column == 2
    moon = power_targets(state, 0, Collect(2, 1))
    assert (moon.column, moon.landing, moon.rocks) == (1, MOONSHELL, frozenset())
    assert not power_targets(state, 0, Pull(1)) and NONE == power_targets(state, 0, None)
