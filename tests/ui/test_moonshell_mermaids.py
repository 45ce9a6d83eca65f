"""The Moonshell screen with mermaid powers and events (a Tsunami game): the
mermaid window (w), the powers offered only when usable with a preview, the
mermaid/tides/event lines, and snapshots at 80x24 and 120x40."""

from __future__ import annotations

from tideboard.engine.core import GameConfig
from tideboard.ui.app import TideboardApp
from tideboard.ui.moonshell.mermaids import ChoiceWindow

from tests.ui.helpers import settle


def tsunami_app(options=None, seed=6) -> TideboardApp:
    config = GameConfig(players=2, variant="tsunami", seed=seed, options=options or {})
    return TideboardApp(game_id="moonshell", config=config, bots={1: "greedy"}, bot_delay=0)


async def wait_for(pilot, condition, tries: int = 300) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
    assert condition()


async def to_first_turn(pilot) -> None:
    """Choose the first mermaid, keep a secret, answer Moonrise: Player 1's first turn."""
    screen = pilot.app.screen
    await pilot.press("w")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.state.phase == "keep" and screen.human_to_move() == 0)
    await pilot.press("k", "y")
    await wait_for(pilot, lambda: screen.state.phase in ("play", "event")
                   and screen.human_to_move() == 0)
    if screen.state.phase == "event":
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.phase == "play")
    await settle(pilot)


async def test_w_chooses_a_mermaid_then_offers_only_usable_powers():
    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.state.phase == "mermaid"
        await to_first_turn(pilot)
        assert screen.state.mermaids[0] == "tide-pool"
        moves = screen.mermaid_moves()
        assert moves and all(getattr(m, "power", "") == "tide-pool" for m in moves)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceWindow))
        window = app.screen
        # every offered move shows what it would do before it is chosen
        assert all("→" in line and "Tide Pool" in line for line in window.lines)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.state.in_play == 1 and screen.state.tides_odd
        text = str(screen.query_one("#ms-mermaid").render())
        assert "Tide Pool" in text and "Tides ↻" in text and "Event" in text


async def test_w_says_why_when_the_power_is_out():
    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceWindow))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is screen and screen.mermaid_moves() == []
        assert "not back" in str(screen.query_one("#ms-status").render())


async def test_moon_shadow_round_offers_no_power_and_says_why():
    app = tsunami_app(seed=5)  # the first event is Moon Shadow
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        assert screen.state.event == "E13" and screen.mermaid_moves() == []
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is screen
        assert "Moon Shadow" in str(screen.query_one("#ms-status").render())


def test_snapshot_tsunami_power_window_80x24(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))

    assert snap_compare(tsunami_app(), run_before=run, terminal_size=(80, 24))


def test_snapshot_tsunami_table_120x40(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(tsunami_app(), run_before=run, terminal_size=(120, 40))


def test_snapshot_tsunami_table_80x24(snap_compare):
    async def run(pilot):
        await to_first_turn(pilot)

    assert snap_compare(tsunami_app({"powers": "active"}), run_before=run,
                        terminal_size=(80, 24))
