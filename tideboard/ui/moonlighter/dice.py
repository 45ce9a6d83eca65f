"""The dice panel: the die, its face and what the roll means."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tideboard.games.moonlighter.state import Roll

DIE_SIDES = {"tile": (0, 9), "attack": (1, 6), "loot": (1, 8)}
DIE_NAMES = {"tile": "Tile die d10", "attack": "Attack die d6", "loot": "Loot die d8"}


# -- the dice panel ----------------------------------------------------------------
def die_face(value: int | str, style: Style) -> Text:
    face = Text(no_wrap=True)
    face.append("╭───╮\n", style)
    face.append(f"│{value!s:^3}│\n", style)
    face.append("╰───╯", style)
    return face


def dice_panel(roll: Roll | None, current: bool, tumbling: int | None = None) -> Any:
    """The die, its face and the outcome in words (``tumbling``: a face while it rolls)."""
    if roll is None:
        return Text("No dice rolled yet.\nr rolls the tile die.", style="italic")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=5, no_wrap=True)
    grid.add_column(ratio=1)
    name = Text(
        DIE_NAMES[roll.die] if current else f"Earlier: {roll.die} die",
        style="bold" if current else "dim",
    )
    if tumbling is not None:
        grid.add_row(
            die_face(tumbling, Style(dim=True)), Group(name, Text("rolling...", style="italic"))
        )
        return grid
    words = Text(roll.meaning, style="" if current else "dim")
    grid.add_row(die_face(roll.value, Style(bold=current, dim=not current)), Group(name, words))
    return grid
