"""Text notation for Shifting Stones actions.

    shift 12 a1 b1   discard card 12, swap the stones on a1 and b1
    flip 12 b2       discard card 12, turn the stone on b2 over
    score 12         score card 12
    end              end the turn (refill to four)
    skip             skip the turn (draw two)

Cells are a column letter (a-c, left to right) and a row number (1-3, with
row 1 at the top, the deck's side).  ``swap`` is accepted for ``shift``, a
card may be written ``#12``, and case does not matter.  The cells of a shift
may come in either order; the move is written in board order, row by row
(``shift 12 b1 a1`` reads as ``shift 12 a1 b1``).
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import parse_number, quote
from tideboard.games.shifting_stones.content import CARDS, CELL_NAMES
from tideboard.games.shifting_stones.state import (
    END_TURN,
    SKIP,
    Action,
    EndTurn,
    Flip,
    Score,
    Shift,
    Skip,
)

HELP = "write one of: shift CARD CELL CELL, flip CARD CELL, score CARD, end, skip (e.g. 'shift 12 a1 b1')"


def format_action(action: Action) -> str:
    if isinstance(action, Shift):
        return f"shift {action.card} {CELL_NAMES[action.a]} {CELL_NAMES[action.b]}"
    if isinstance(action, Flip):
        return f"flip {action.card} {CELL_NAMES[action.cell]}"
    if isinstance(action, Score):
        return f"score {action.card}"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Skip):
        return "skip"
    raise TypeError(f"not a Shifting Stones action: {action!r}")


def _card(word: str) -> int:
    text = word[1:] if word.startswith("#") else word
    # The engine's strict number reader: ASCII digits, bounded length.
    return parse_number(text, 1, len(CARDS), "card")


def _cell(word: str) -> int:
    try:
        return CELL_NAMES.index(word)
    except ValueError:
        raise NotationError(
            f"{quote(word)} is not a cell; cells are a1-c3 (column a-c, row 1-3 from the top)"
        ) from None


def parse_action(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise NotationError(f"empty move; {HELP}")
    verb, args = words[0], words[1:]
    shapes = {"shift": 3, "swap": 3, "flip": 2, "score": 1, "end": 0, "skip": 0}
    if verb not in shapes:
        raise NotationError(f"unknown move {quote(verb)}; {HELP}")
    if len(args) != shapes[verb]:
        raise NotationError(f"{verb!r} takes {shapes[verb]} argument(s), got {len(args)}; {HELP}")
    if verb in ("shift", "swap"):
        # The cells may be named in either order: Shift keeps them in board order.
        return Shift(_card(args[0]), _cell(args[1]), _cell(args[2]))
    if verb == "flip":
        return Flip(_card(args[0]), _cell(args[1]))
    if verb == "score":
        return Score(_card(args[0]))
    return END_TURN if verb == "end" else SKIP
