"""Help's Markdown pages (ui/shared/markdown_page.py): drawn as Rich's Markdown
in a Static draws them, but once a width for every app of the process."""

from __future__ import annotations

from rich.markdown import Markdown
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Offset, Region
from textual.selection import Selection
from textual.widgets import Static

from tests.ui.helpers import app_for, settle, wait_for
from tideboard.ui.shared.markdown_page import MarkdownPage, page_lines
from tideboard.ui.shared.modals import HelpScreen

# Every kind of block and span a rules page uses, wrapped at both widths.
PAGE = """# A rules page

Some **bold**, *italic* and `code` words in a paragraph long enough to wrap at the
narrower of the two widths, with a [link](https://example.org) in it.

## Keys

| Key | Does |
|---|---|
| `?` | help: this page, the keys of the screen under it and the game's rules |
| `q` | quit |

- a bullet
- a bullet that is long enough to wrap onto a second line at the narrower width
  1. a numbered one inside

> A quoted line.

```
a block of code
```
"""


class Page(App[None]):
    """Pages in a scrolling box, one under the other, as help shows them."""

    CSS = "VerticalScroll { background: $panel; padding: 0 2; }"

    def __init__(self, *widgets) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield from self.widgets


def cells(widget) -> list[list[tuple[str, object]]]:
    """Every cell of the page as drawn (its character and look), top to bottom."""
    width, height = widget.outer_size
    return [
        [look(char, segment.style or Style()) for segment in strip for char in segment.text]
        for strip in widget.render_lines(Region(0, 0, width, height))
    ]


def look(char: str, style: Style) -> tuple[str, object]:
    """What a cell shows: a blank's foreground colour shows nothing."""
    if char == " ":
        return char, (style.bgcolor, style.underline, style.strike, style.reverse)
    return char, style.clear_meta_and_links()


async def test_a_markdown_page_looks_exactly_as_richs_markdown_in_a_static():
    page, static = MarkdownPage(PAGE), Static(Markdown(PAGE))
    widths = set()
    async with Page(page, static).run_test(size=(60, 24)) as pilot:
        box = pilot.app.query_one(VerticalScroll)
        for size in ((60, 24), (123, 41)):
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda: box.region.width == size[0])  # laid out anew
            drawn = cells(page)
            assert len(drawn) > 20 and drawn == cells(static), size
            widths.add(len(drawn[0]))
    assert len(widths) == 2  # (wrapped at each width)


async def test_help_draws_its_pages_once_a_width_however_often_it_opens():
    page_lines.cache_clear()
    app = app_for(game_id="moonshell", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        drawn = page_lines.cache_info().misses
        assert drawn >= 2  # the keys and the rules
        for _ in range(2):
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
        assert page_lines.cache_info().misses == drawn
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert page_lines.cache_info().misses > drawn  # a new width: drawn again


async def test_the_text_of_a_page_can_be_selected_and_copied():
    page = MarkdownPage("# Title\n\nThe *first* line.\n\nThe second line.")
    async with Page(page).run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        lines = [strip.text for strip in page.lines()]
        y = next(y for y, line in enumerate(lines) if "first" in line)
        x = lines[y].index("first")
        selection = Selection.from_offsets(Offset(x, y), Offset(x + len("first"), y))
        assert page.get_selection(selection) == ("first", "\n")
