"""Text notation for Animal Splash actions.

    dive nb          place the diver on spot nb, or move it there clockwise
    take b2 left     take the card on b2 and add it at the left end (or right)
    slide 3 1        pay 1 oxygen: move card 3 of your tableau to place 1
    pearl 2a 3a      pay 2 oxygen: move the pearl on card 2's animal to card 3's animal
    swap 3 b2        pay 3 oxygen: exchange card 3 with the grid card on b2
    score 2a         put a pearl on card 2's animal area (2p: its plant area)
    end              end the turn
    mission 5        take mission 5 and end the turn

Spots are named for the side of the grid and the column or row they face:
na nb nc (above), e1 e2 e3 (right), sc sb sa (below), w3 w2 w1 (left), in
clockwise order.  Cells are a1-c3 (column a-c, row 1-3 from the top); cards
in a tableau are numbered 1, 2, ... from the left.  ``l`` and ``r`` are
accepted for left and right, and case does not matter.
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import parse_number, quote
from tideboard.games.animal_splash.content import AREA_LETTERS, CELL_NAMES, MISSIONS, SPOTS
from tideboard.games.animal_splash.state import (
    END,
    Action,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    Swap,
    Take,
)

HELP = (
    "write one of: dive SPOT, take CELL left|right, slide FROM TO, pearl FROM TO, "
    "swap CARD CELL, score CARD+AREA, end, mission N (e.g. 'take b2 left', 'score 2a')"
)
MAX_CARD = 16


def _area(pos: int, area: int) -> str:
    return f"{pos + 1}{AREA_LETTERS[area]}"


def format_action(action: Action) -> str:
    if isinstance(action, Dive):
        return f"dive {SPOTS[action.spot]}"
    if isinstance(action, Take):
        return f"take {CELL_NAMES[action.cell]} {'right' if action.right else 'left'}"
    if isinstance(action, Slide):
        return f"slide {action.frm + 1} {action.to + 1}"
    if isinstance(action, MovePearl):
        return f"pearl {_area(action.frm, action.frm_area)} {_area(action.to, action.to_area)}"
    if isinstance(action, Swap):
        return f"swap {action.pos + 1} {CELL_NAMES[action.cell]}"
    if isinstance(action, Score):
        return f"score {_area(action.pos, action.area)}"
    if isinstance(action, End):
        return f"mission {action.mission}" if action.mission else "end"
    raise TypeError(f"not an Animal Splash action: {action!r}")


def _card(word: str) -> int:
    return parse_number(word, 1, MAX_CARD, "card") - 1


def _cell(word: str) -> int:
    try:
        return CELL_NAMES.index(word)
    except ValueError:
        raise NotationError(
            f"{quote(word)} is not a cell; cells are a1-c3 (column a-c, row 1-3 from the top)"
        ) from None


def _spot(word: str) -> int:
    try:
        return SPOTS.index(word)
    except ValueError:
        raise NotationError(
            f"{quote(word)} is not a diver spot; spots are {' '.join(SPOTS)}"
        ) from None


def _card_area(word: str) -> tuple[int, int]:
    if len(word) < 2 or word[-1] not in AREA_LETTERS:
        raise NotationError(
            f"{quote(word)} is not a card area; write the card's number and "
            "a (animal) or p (plants), e.g. 2a"
        )
    return _card(word[:-1]), AREA_LETTERS.index(word[-1])


def parse_action(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise NotationError(f"empty move; {HELP}")
    verb, args = words[0], words[1:]
    shapes = {
        "dive": 1,
        "take": 2,
        "slide": 2,
        "pearl": 2,
        "swap": 2,
        "score": 1,
        "end": 0,
        "mission": 1,
    }
    if verb not in shapes:
        raise NotationError(f"unknown move {quote(verb)}; {HELP}")
    if len(args) != shapes[verb]:
        raise NotationError(f"{verb!r} takes {shapes[verb]} argument(s), got {len(args)}; {HELP}")
    if verb == "dive":
        return Dive(_spot(args[0]))
    if verb == "take":
        sides = {"left": False, "l": False, "right": True, "r": True}
        if args[1] not in sides:
            raise NotationError(f"{quote(args[1])} is not a side; write left or right")
        return Take(_cell(args[0]), sides[args[1]])
    if verb == "slide":
        return Slide(_card(args[0]), _card(args[1]))
    if verb == "pearl":
        (frm, frm_area), (to, to_area) = _card_area(args[0]), _card_area(args[1])
        return MovePearl(frm, frm_area, to, to_area)
    if verb == "swap":
        return Swap(_card(args[0]), _cell(args[1]))
    if verb == "score":
        return Score(*_card_area(args[0]))
    if verb == "mission":
        return End(parse_number(args[0], 1, len(MISSIONS), "mission"))
    return END
