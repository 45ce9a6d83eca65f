"""Finding text cut off on screen (issue #20, point 17): what a widget was given
to show, compared with what the terminal shows in that widget's place.

:func:`cuts` looks at every widget shown on the app's top screen:

- a widget that shows text (a ``Static``, a ``Button``, a widget whose
  ``render()`` is a ``Text``: a picker row, the footer, the title line): every
  word of its text must be on screen inside the widget's region.  A word cut by
  the widget's edge ("shipwr"), lost under an ellipsis or below the last line
  shown is missing there.  Rich renderables (tables, groups) are read as the
  words they show when nothing limits their width;
- a widget only partly on screen (outside its container or the terminal) is cut
  unless a container it is in can scroll to the rest; a button never may be
  (a dialog's buttons are always in sight);
- an ``OptionList`` (the picker's list of games): no line of an option is wider
  than the list, so none wraps (a wrapped line breaks a name in two);
- a ``GameLog``: no line is wider than the log (it has no horizontal scroll).

Words are what a player reads: a run of characters with a letter or a digit in
it (box drawing and rules are not words).
"""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from tideboard.ui.shared.log import GameLog
from tideboard.ui.textual_compat import screen_lines
from tideboard.ui.title_line import TitleLine

WORD = re.compile(r"\S+")
READ_WIDTH = 400  # the width a renderable is read at: nothing wraps or is cut


def words(text: str) -> Counter[str]:
    return Counter(w for w in WORD.findall(text) if any(c.isalnum() for c in w))


def plain(renderable: Any) -> str | None:
    """The text ``renderable`` shows, or None when it is not text (a drawing)."""
    if isinstance(renderable, str):
        return Text.from_markup(renderable).plain
    if isinstance(renderable, (Text, Content)):
        return renderable.plain
    if hasattr(renderable, "__rich_console__") or hasattr(renderable, "__rich__"):
        console = Console(width=READ_WIDTH, file=io.StringIO(), record=True, color_system=None)
        console.print(renderable)
        return console.export_text(styles=False)
    return None


def given_text(widget: Widget) -> str | None:
    """The text a widget was given to show (None: it draws, or has no text)."""
    if isinstance(widget, Button):
        return plain(widget.label)
    if isinstance(widget, Static):
        return plain(widget.content)
    if isinstance(widget, TitleLine):
        return widget.title_content().plain
    if type(widget).render is not Widget.render and not isinstance(widget, OptionList):
        try:
            rendered = widget.render()
        except Exception:  # a drawing widget that needs more than a call
            return None
        if isinstance(rendered, (Text, Content)):
            return rendered.plain
    return None


def scrolls(widget: Widget) -> bool:
    """Whether a container ``widget`` is in can scroll to what is outside its view."""
    for node in widget.ancestors_with_self:
        if isinstance(node, Widget) and (node.max_scroll_y > 0 or node.max_scroll_x > 0):
            return True
    return False


def on_top(screen: Any, widget: Widget, seen: Region) -> bool:
    """Whether no other widget is drawn over ``widget`` in ``seen`` (a docked
    foot over the end of a scrolling body): each row's first and last cell."""
    if widget.children:
        return True  # a container: its children are on top, and are checked
    for y in range(seen.y, seen.bottom):
        for x in (seen.x, seen.right - 1):
            try:
                top, _ = screen.get_widget_at(x, y)
            except Exception:
                return False
            if top is not widget and widget not in top.ancestors:  # (its scrollbar)
                return False
    return True


def region_text(lines: list[str], region: Region) -> str:
    """The characters on screen in ``region`` (screen lines are one cell a
    character here: wide characters are rare in these texts and only shift a
    word, not split it)."""
    out = []
    for y in range(region.y, region.bottom):
        if 0 <= y < len(lines):
            out.append(lines[y][region.x : region.right])
    return "\n".join(out)


def cuts(app: Any) -> list[str]:
    """Every cut text on ``app``'s top screen, described (empty: none)."""
    screen = app.screen
    lines = screen_lines(app)
    width, height = app.size
    whole = Region(0, 0, width, height)
    found: list[str] = []
    for widget in screen.walk_children(with_self=False):
        if not isinstance(widget, Widget) or not widget.display or not widget.visible:
            continue
        try:
            geometry = screen.find_widget(widget)
        except Exception:
            continue  # not laid out: not on screen
        region = geometry.region
        if not region.area:
            continue
        seen = region.intersection(geometry.clip).intersection(whole)
        name = f"{type(widget).__name__}#{widget.id or '-'}"
        partly = seen != region or not on_top(screen, widget, seen)
        if partly and (isinstance(widget, Button) or not scrolls(widget)):
            found.append(f"{name}: only {seen} of {region} on screen")
            continue
        if isinstance(widget, OptionList):
            room = widget.scrollable_content_region.width
            for option in widget.options:
                for line in (plain(option.prompt) or "").split("\n"):
                    if cell_len(line) > room:
                        found.append(f"{name}: option line {line!r} wider than {room}")
            continue
        if isinstance(widget, GameLog):
            room = widget.wrap_width()
            found += [
                f"{name}: log line {text!r} wider than {room}"
                for text, _ in widget.lines
                if cell_len(text) > room
            ]
            continue
        if partly:
            continue  # in a container that scrolls to it
        text = given_text(widget)
        if not text:
            continue
        missing = words(text) - words(region_text(lines, region))
        if missing:
            found.append(f"{name}: {sorted(missing)} not on screen of {text.strip()[:200]!r}")
    return found
