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
    lines = card_frame([Text("a long card name"), Text("ok")], 6, EDGE,
                       top=Text(" 7 "), bottom=Text(""))
    assert [line.plain for line in lines] == ["╭─ 7 ──╮", "│a lon…│", "│ok    │", "╰──────╯"]
    assert {line.cell_len for line in lines} == {8}


def test_blocks_side_by_side_and_in_rows():
    block = [Text("ab"), Text("c")]
    assert side_by_side([block, block]).plain == "ab ab \nc  c  "
    assert grid_of([block, block, block], width=6).plain.split("\n") == [
        "ab ab ", "c  c  ", "ab ", "c  "]


def test_cell_clicked_names_the_widget_as_its_control():
    widget = Widget()
    message = CellClicked(widget, ("rock", 3))
    assert message.control is widget and message.key == ("rock", 3)


def test_split_action_reads_every_binding_as_textual_does():
    """The game screens read their bindings' actions without Textual's parser
    (it compiles each one); the result must be Textual's, for every binding of
    every screen and for the awkward cases that go to Textual's parser."""
    from textual.actions import parse
    from textual.screen import Screen

    from tideboard.engine import registry
    from tideboard.ui.screens import has_screen, screen_class
    from tideboard.ui.shared.game_screen import split_action

    actions = {"quit", "screen.setup", "app.next(1)", 'say(1, "a,b")', "y(1.5)", "z()",
               "w(-3, 'x')", "v(True, None)"}
    for game_id in registry.GAMES:
        if has_screen(game_id):
            for cls in screen_class(game_id).__mro__:
                if issubclass(cls, Screen):
                    for binding in cls.__dict__.get("BINDINGS", []):
                        actions.add(binding.action if hasattr(binding, "action") else binding[1])
    assert len(actions) > 30
    for action in actions:
        _namespace, name, args = parse(action)
        assert split_action(action) == (name, args), action
