"""The shared drawing pieces (tideboard/ui/shared)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tideboard.ui.shared import CellClicked, border_line, card_frame, grid_of, side_by_side

EDGE = Style(dim=True)


def test_border_line_sets_the_label_after_the_first_stroke_and_keeps_the_width():
    line = border_line(Text(), "╰─╯", 8, EDGE, " key 1 ", Style(bold=True))
    assert line.plain == "╰─ key 1 ╯"
    assert border_line(Text(), "╭─╮", 8, EDGE).plain == "╭" + "─" * 8 + "╮"


def test_card_frame_cuts_and_pads_every_line_to_the_frame():
    lines = card_frame(
        [Text("a long card name"), Text("ok")], 6, EDGE, top=Text(" 7 "), bottom=Text("")
    )
    assert [line.plain for line in lines] == ["╭─ 7 ──╮", "│a lon…│", "│ok    │", "╰──────╯"]
    assert {line.cell_len for line in lines} == {8}


def test_blocks_side_by_side_and_in_rows():
    block = [Text("ab"), Text("c")]
    assert side_by_side([block, block]).plain == "ab ab \nc  c  "
    assert grid_of([block, block, block], width=6).plain.split("\n") == [
        "ab ab ",
        "c  c  ",
        "ab ",
        "c  ",
    ]


def test_cell_clicked_names_the_widget_as_its_control():
    widget = Widget()
    message = CellClicked(widget, ("rock", 3))
    assert message.control is widget and message.key == ("rock", 3)


def _game_screens():
    from tideboard.engine import registry
    from tideboard.ui.screens import has_screen, screen_class

    return {game_id: screen_class(game_id) for game_id in registry.GAMES if has_screen(game_id)}


def test_a_game_screen_is_screen_classes_only_no_mixins():
    """Issue #19: a game screen's behaviour is not assembled from mixins: every
    tideboard class it inherits is a Textual screen, but for ``Windows`` (the one
    plain base: how a game screen opens the shared windows)."""
    from textual.screen import Screen

    from tideboard.ui.shared.windows import Windows

    screens = _game_screens()
    assert len(screens) >= 5
    for game_id, cls in screens.items():
        plain = [
            base.__name__
            for base in cls.__mro__
            if base.__module__.startswith("tideboard.")
            and not issubclass(base, Screen)
            and base is not Windows
        ]
        assert not plain, f"{game_id}: mixins {plain}"


def test_a_replay_and_a_table_are_the_games_own_screen_class():
    """Issue #19: a replay, a server table and a game played here are one class, the
    game's own, each with its controller (no class made at run time)."""
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match
    from tideboard.serve.table_screen import RemoteTable
    from tideboard.ui.shared.local_game import LocalGame
    from tideboard.ui.shared.replay import Replay, replay_screen

    class Table:  # what RemoteTable reads of a server table when it is made
        def __init__(self, match):
            self.match, self.chat = match, []
            self.timing = None  # untimed (a timed table's clocks: serve/clock_store.py)

        def seat_of(self, name):
            return 0

    for game_id, cls in _game_screens().items():
        from tideboard.engine import registry

        game = registry.load(game_id)
        players = game.info.min_players
        match = Match.start(game, GameConfig(players=players, seed=3))
        local = cls(match, {}, 0)
        replay = replay_screen(match, {}, finished=False)
        table = cls(control=RemoteTable(None, Table(match), "ana"))
        assert type(local) is type(replay) is type(table) is cls, game_id
        assert isinstance(local.control, LocalGame) and isinstance(replay.control, Replay)
        assert local.control.screen is local and table.control.viewer == 0


def test_a_game_screen_is_one_class_right_below_game_screen():
    """Issue #19: a game's screen is one class, ``<Game>Screen(GameScreen)``, composed of
    helper objects and widgets: no chain of partial screens (a drawing class, a modes
    class) between it and ``GameScreen``."""
    from tideboard.ui.shared import GameScreen

    for game_id, cls in _game_screens().items():
        below = [base.__name__ for base in cls.__mro__[: cls.__mro__.index(GameScreen)]]
        assert below == [cls.__name__], f"{game_id}: a chain of screens {below}"
