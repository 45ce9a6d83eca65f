"""The players' names where room is short: the scores, the board's sides, the other chests.

A seat is named as everywhere else (``who``: "Player 2 (greedy)", "You", at a server table
the player's own name); where a few columns are all there is, without a bot's level and cut
with an ellipsis, never replaced by a number."""

from __future__ import annotations

import textwrap

from rich.cells import cell_len, set_cell_size


def seat_tag(name: str, you: bool = False) -> str:
    """``name`` without a bot's level ("Player 2 (greedy)" -> "Player 2", "ana (bot)" ->
    "ana"), with " (you)" when ``you`` (the seat whose secrets are shown)."""
    base = name.split(" (", 1)[0] if name.endswith(")") and " (" in name else name
    if you and base != "You":
        base += " (you)"
    return base


def clip(name: str, width: int) -> str:
    """``name`` in at most ``width`` cells: dropping " (you)" first, then cut with "…"
    ("Player 2" too long becomes "P2")."""
    if cell_len(name) <= width:
        return name
    if name.endswith(" (you)") and cell_len(name) - 6 <= width:
        return name[:-6]
    name = name.removesuffix(" (you)")
    if name.startswith("Player ") and name[7:].isdigit() and cell_len(name) > width:
        return f"P{name[7:]}"[:width]  # the seat's number, not "Playe…" for every seat
    if width <= 1:
        return name[:width]
    return set_cell_size(name, width - 1) + "…"


def label_lines(name: str, width: int, rows: int) -> list[str]:
    """``name`` wrapped between words into at most ``rows`` lines of ``width`` cells (for
    a name beside the ocean); a word too long for a line is cut with "…"."""
    lines = textwrap.wrap(name, max(1, width), break_long_words=False) or [""]
    if len(lines) > rows:
        lines = lines[: rows - 1] + [" ".join(lines[rows - 1 :])]
    return [clip(line, width) for line in lines]
