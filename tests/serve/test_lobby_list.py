"""The lobby's list widget (``serve/lobby_list.py``, issue #19: widgets own their
keys): its own bindings move its reactive cursor over the lines that can be
chosen, it posts ``Highlighted`` when the cursor moves and ``Chosen`` on Enter
or a double click, as Textual's ``OptionList`` does; the filter line's arrows
move it too.  A bare app of its own, no room."""

from __future__ import annotations

import random

from textual import events
from textual.app import App, ComposeResult

from tideboard.serve.lobby_list import ListFilter, LobbyList

ENTRIES = [
    ("head", "", "Your tables"),
    ("mine", "t001", "t001  Shifting Stones"),
    ("mine", "t002", "t002  Moonshell"),
    ("head", "", "Open tables"),
    ("open", "t003", "t003  Mermaid Rain"),
    ("head", "", "New table"),
] + [("game", f"g{n}", f"game {n}") for n in range(30)]


def at(lines: LobbyList) -> tuple[str, str] | None:
    """The (kind, key) of the line under the cursor (None: a heading)."""
    entry = lines.current()
    return None if entry is None else (entry[0], entry[1])


class ListApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.highlighted: list[tuple[str, str, str] | None] = []
        self.chosen: list[tuple[str, str, str]] = []

    def compose(self) -> ComposeResult:
        yield LobbyList()
        box = ListFilter(id="box")
        box.display = False
        yield box

    def on_mount(self) -> None:
        lines = self.query_one(LobbyList)
        lines.set_entries(list(ENTRIES))
        lines.move(0)

    def on_lobby_list_highlighted(self, event: LobbyList.Highlighted) -> None:
        self.highlighted.append(event.entry)

    def on_lobby_list_chosen(self, event: LobbyList.Chosen) -> None:
        self.chosen.append(event.entry)


async def test_the_list_moves_its_cursor_on_its_own_keys_and_posts_what_it_highlights():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = app.query_one(LobbyList)
        assert lines.has_focus and lines.cursor == 1  # (the first line to choose)
        await pilot.press("down", "j")
        assert at(lines) == ("open", "t003")  # over the heading
        await pilot.press("k")
        assert at(lines) == ("mine", "t002")
        await pilot.pause()
        assert [e[:2] for e in app.highlighted[-3:]] == [
            ("mine", "t002"),
            ("open", "t003"),
            ("mine", "t002"),
        ]
        await pilot.press("end")
        assert at(lines) == ("game", "g29")
        await pilot.press("home")
        assert at(lines) == ("mine", "t001")
        await pilot.press("pagedown")
        assert lines.cursor > 4 and lines.current() is not None
        await pilot.press("up")  # the filter line is not open: the list's keys only
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [lines.current()]


async def test_a_double_click_chooses_and_a_click_on_a_heading_does_nothing():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = app.query_one(LobbyList)
        await pilot.click(LobbyList, offset=(3, 3))  # "Open tables": a heading
        assert at(lines) == ("mine", "t001") and app.chosen == []
        await pilot.click(LobbyList, offset=(3, 4), times=2)
        await pilot.pause()
        assert app.chosen == [("open", "t003", "t003  Mermaid Rain")]


async def test_a_burst_of_keys_and_fewer_lines_keep_the_cursor_in_range():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = app.query_one(LobbyList)
        keys = random.Random(19).choices(["up", "down", "pageup", "pagedown", "home", "end"], k=60)
        for key in keys:  # queued together, as a fast typist's or a paste
            event = events.Key(key, None)
            event.set_sender(app)
            app.post_message(event)
        for _ in range(5):
            await pilot.pause()
        assert lines.current() is not None
        assert lines.top <= lines.cursor < lines.top + lines.size.height
        lines.cursor = 99  # set from outside: kept in range
        assert lines.cursor == len(ENTRIES) - 1
        await pilot.press("end")
        lines.set_entries(ENTRIES[:3])  # the line under the cursor went
        assert at(lines) == ("mine", "t002")
        lines.set_entries(ENTRIES[:1])  # only a heading
        assert lines.cursor == 0 and at(lines) is None
        await pilot.press("down", "pagedown", "end", "enter")
        await pilot.pause()
        assert lines.cursor == 0 and app.chosen == []


async def test_the_filter_lines_arrows_move_the_lists_cursor_and_it_types_the_rest():
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        lines, box = app.query_one(LobbyList), app.query_one(ListFilter)
        box.display = True
        box.focus()
        await pilot.press("down", "down", "j", "k")
        assert at(lines) == ("open", "t003") and box.value == "jk"
        await pilot.press("up")
        assert at(lines) == ("mine", "t002")


def test_the_lobby_is_one_screen_class_and_its_list_owns_the_lists_keys():
    """Issue 19: no screen built of partial screens (the lobby had two Screen
    bases for p/r and c/d); the list's keys are the list's, Enter named per screen."""
    from textual.screen import Screen

    from tideboard.serve.lobby import LobbyLines, LobbyScreen
    from tideboard.serve.players import BoardLines, LeaderboardScreen, PageLines, PlayerScreen

    ours = [cls for cls in LobbyScreen.__mro__ if issubclass(cls, Screen) and cls is not Screen]
    assert ours == [LobbyScreen]
    assert {"c", "d", "p", "r", "w", "s", "x", "a", "n"} <= set(bound_keys(LobbyScreen))
    for screen in (LobbyScreen, PlayerScreen, LeaderboardScreen):
        assert not {"up", "down", "pageup", "pagedown", "home", "end", "enter"} & set(
            bound_keys(screen)
        ), screen
    words = {
        cls: bound_keys(cls)["enter"].description for cls in (LobbyLines, PageLines, BoardLines)
    }
    assert words == {
        LobbyLines: "Open / sit / new table",
        PageLines: "Leaderboard / replay",
        BoardLines: "Player's page",
    }


def bound_keys(cls) -> dict:
    """Each key ``cls`` binds with its bases (a subclass's over its base's, as
    Textual merges them): its binding."""
    from textual.binding import BindingsMap

    keys: dict = {}
    for base in reversed(cls.__mro__):
        for key, bindings in BindingsMap(base.__dict__.get("BINDINGS", [])).key_to_bindings.items():
            keys[key] = bindings[0]
    return keys
