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
