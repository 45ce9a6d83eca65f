"""Issue 20 (found playing over SSH): the new-table dialog explains the row with
the cursor in a line under the rows (a rules option's help text from the game's
``info.py``, as the local picker does), and ``?`` there shows help."""

from __future__ import annotations

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room
from tests.ui.helpers import settle
from tideboard.engine import registry
from tideboard.serve.new_table import NewTableScreen
from tideboard.ui.shared.modals import HelpScreen


def row_help(dialog) -> str:
    line = dialog.query_one("#row-help")
    assert line.region.height and line.region.bottom <= dialog.size.height  # on screen
    return str(line.render())


async def test_the_row_with_the_cursor_is_explained_and_question_mark_helps(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")  # Moonshell
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen) and dialog.info.id == "moonshell"
        assert row_help(dialog).startswith("Players: how many sit at the table")
        options = {o.label: o for o in registry.get_info("moonshell").options}
        for _ in range(len(dialog.rows())):
            kind, key, label, _value = dialog.rows()[dialog.row]
            if kind == "option":
                shown = " ".join(row_help(dialog).split())
                assert shown == " ".join(f"{label}: {options[label].help}".split())
            await pilot.press("j")
            await settle(pilot, 1)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog


async def test_the_row_help_and_the_cursor_stay_in_sight_when_the_rows_do_not_fit(
    tmp_path, monkeypatch
):
    """Moonshell of four with powers at 80x24 has more rows than the dialog holds:
    they scroll between the title and the help, the cursor's row in sight."""
    fixed_ids(monkeypatch)
    app = lobby_app(new_room(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")
        await settle(pilot)
        dialog = app.screen
        dialog.players, dialog.values["powers"] = 4, "passive"
        dialog.action_change(0)  # (redrawn)
        await settle(pilot)
        rows = dialog.query_one("#new-table-rows")
        foot = dialog.query_one("#new-table-foot").region
        assert rows.virtual_region.height > foot.y - rows.region.y  # more rows than room
        for _ in range(len(dialog.rows()) - 1):
            await pilot.press("j")
            await settle(pilot, 2)
            kind, _key, label, _value = dialog.rows()[dialog.row]
            assert row_help(dialog).startswith(f"{label}: ")
            box = dialog.query_one("#new-table-box")
            line = rows.region.y - int(box.scroll_y) + dialog.row  # on the screen
            top = dialog.query_one("#new-table-box").content_region.y
            assert top <= line < foot.y, (label, line, top, foot.y)
