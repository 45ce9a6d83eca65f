"""The Moonshell screen: cheap redraws, the footer's keys, the log per viewer, wording."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Static

from tideboard.engine.core import GameConfig
from tideboard.ui.moonshell import ChestView, OceanBoard
from tideboard.ui.moonshell.board import LARGE, SMALL

from tests.ui.helpers import app_for, settle
from tests.ui.test_moonshell_ui import keep_first_secret, ms_app, text_of, wait_for

MS = "moonshell"


def footer_actions(screen) -> set[str]:
    """The actions the footer lists now (shown bindings that check_action allows)."""
    out = set()
    for _key, binding in screen._bindings:
        if binding.show and screen.check_action(binding.action.split("(")[0], ()):
            out.add(binding.action.split("(")[0])
    return out


async def test_a_cursor_move_repaints_two_cells_and_no_panel():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await settle(pilot)
        board = screen.query_one(OceanBoard)
        panels = {name: screen.query_one(f"#ms-{name}", Static)._ms_last
                  for name in ("info", "table", "objectives", "others")}
        status = screen.query_one("#ms-status").render()
        assert board.cursor == 2
        await pilot.press("right")
        assert board.cursor == 3
        # the old and the new column numbers (one cell each), nothing else
        x0, x1 = (SMALL.gutter + SMALL.cell_w * c + SMALL.cell_w // 2 - 1 for c in (2, 3))
        y = SMALL.rock_y - 1
        assert sorted(board.repainted) == [Region(x0, y, 1, 1), Region(x1, y, 1, 1)]
        for name, last in panels.items():
            assert screen.query_one(f"#ms-{name}", Static)._ms_last is last, name
        assert screen.query_one("#ms-status").render() is status
        chest = screen.query_one(ChestView)
        assert chest.repainted == [] or chest.repainted[0].width < 21


async def test_the_footer_lists_only_the_keys_that_apply():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        keep = footer_actions(screen)
        assert "keep" in keep and not {"rotate", "pull", "collect", "pass_turn"} & keep
        await keep_first_secret(pilot, screen)
        start = footer_actions(screen)
        assert {"rotate", "pull", "moonshell", "objectives"} <= start
        assert not {"keep", "collect", "pass_turn", "undo", "cancel"} & start
        await pilot.press("r")
        await settle(pilot)
        assert "undo" in footer_actions(screen)
        await pilot.press("2")  # preview a pull: Esc cancels it
        assert "cancel" in footer_actions(screen)
        await pilot.press("enter")
        await settle(pilot)
        after_pull = footer_actions(screen)
        assert "collect" in after_pull and "pull" not in after_pull
        assert "undo" not in after_pull  # a pull cannot be taken back


async def test_a_key_that_does_not_apply_still_says_why():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        await pilot.press("r")  # the keep phase: no rotating yet
        assert screen.state.phase == "keep"
        assert "secret" in text_of(screen, "#ms-status").lower()


async def test_the_footer_at_game_over_lists_only_what_still_works(tmp_path):
    from tests.ui.test_moonshell_ui import _near_end_state, ms_app_with_state
    from tideboard.ui.shared.modals import EndScreen

    state, config = _near_end_state()
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("c", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        assert footer_actions(screen) == {"help", "leave", "objectives"}


async def test_large_terminals_get_larger_ocean_cells():
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        board = screen.query_one(OceanBoard)
        assert board.geo == LARGE
        assert board.size.width == LARGE.width and board.size.height == LARGE.height
    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(OceanBoard).geo == SMALL
