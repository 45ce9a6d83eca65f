"""Snapshot tests of the Moonshell screen.

A changed screen fails here; look at the report (snapshot_report.html), and
if the change is wanted, accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from tideboard.engine.core import GameConfig
from tideboard.ui.app import TideboardApp
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen

MS = "moonshell"


def ms_app(players=2, solo=False, seed=5, bots=None, theme=None) -> TideboardApp:
    config = GameConfig(players=players, solo=solo, seed=seed)
    return TideboardApp(theme=theme, game_id=MS, config=config, bots=bots or {}, bot_delay=0)


async def keep_and_wait(pilot) -> None:
    await pilot.press("k", "y")
    for _ in range(100):
        screen = pilot.app.screen
        if screen.state.phase == "play" and screen.human_to_move() == 0:
            break
        await pilot.pause(0.01)


def test_snapshot_moonshell_keep_phase(snap_compare):
    assert snap_compare(ms_app(bots={1: "greedy"}), press=["right"], terminal_size=(80, 24))


def test_snapshot_moonshell_turn_in_progress(snap_compare):
    async def play(pilot):
        await keep_and_wait(pilot)
        await pilot.press("2", "enter", "c", "right", "enter", "4")  # pull, then pick a column

    assert snap_compare(ms_app(bots={1: "greedy"}), run_before=play, terminal_size=(80, 24))


def test_snapshot_moonshell_light_theme_larger_terminal(snap_compare):
    async def play(pilot):
        await keep_and_wait(pilot)
        await pilot.press("r", "p")  # rotate, then preview a pull of the centre column

    app = ms_app(players=3, bots={1: "greedy", 2: "greedy"}, seed=8, theme="tide-light")
    assert snap_compare(app, run_before=play, terminal_size=(100, 30))


def test_snapshot_moonshell_solo_end_screen(snap_compare):
    async def play_out(pilot):
        await keep_and_wait(pilot)
        game = pilot.app.screen
        for _ in range(200):  # pull column 1 and collect into the leftmost room, to the end
            if isinstance(pilot.app.screen, EndScreen):
                break
            if isinstance(pilot.app.screen, ConfirmScreen):
                await pilot.press("y")
            elif game.control.held is not None:  # the turn's end waits for Enter
                await pilot.press("enter")
            else:
                state = game.state
                rocks = state.rocks[0], state.rocks[1]
                chest = state.chests[0]
                room = [c for c in range(4) if len(chest[c]) < 3]
                if not room:
                    await pilot.press("x")
                elif rocks == (-1, -1):
                    await pilot.press("1")
                    await pilot.press("enter")
                else:
                    await pilot.press("c")
                    if game.turn.mode == "rock":
                        await pilot.press("enter")
                    await pilot.press(str(room[0] + 1))
                    await pilot.press("enter")
            await pilot.pause()

    assert snap_compare(ms_app(players=1, solo=True), run_before=play_out, terminal_size=(80, 24))


def test_snapshot_moonshell_turn_in_progress_120x40(snap_compare):
    """Large ocean cells, the objectives in full and a longer log."""

    async def play(pilot):
        await keep_and_wait(pilot)
        await pilot.press("2", "enter", "c", "right", "enter", "4")  # pull, then pick a column

    assert snap_compare(ms_app(bots={1: "greedy"}), run_before=play, terminal_size=(120, 40))


def _end_app() -> TideboardApp:
    from tests.ui.test_moonshell_ui import _near_end_state, ms_app_with_state

    state, config = _near_end_state()
    return ms_app_with_state(state, config, bots={1: "greedy"})


async def _finish(pilot) -> None:
    for _ in range(5):
        await pilot.pause()
    await pilot.press("c", "enter", "enter")  # (the last Enter hands the turn over)
    for _ in range(100):
        if isinstance(pilot.app.screen, EndScreen):
            break
        await pilot.pause(0.01)


def test_snapshot_moonshell_game_over_reveals_secrets(snap_compare):
    assert snap_compare(_end_app(), run_before=_finish, terminal_size=(80, 24))


def test_snapshot_moonshell_game_over_120x40(snap_compare):
    assert snap_compare(_end_app(), run_before=_finish, terminal_size=(120, 40))
