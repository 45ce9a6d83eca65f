"""Text notation for Mermaid Rain actions.  Every move starts with its seat:

    p1 show dg        meld: show a Dolphin and a Seagull (the first two cards)
    p1 show t         meld: add a Sea Turtle; ``p1 show m`` shows the Mermaid card (stop)
    p1 pick 12        take face-up surf tile 12
    p1 draw arc       Aquamarine Waltz: take a face-down tile of a shape (duo bar arc tri)
    p1 enter a2       put the mermaid on start space a2 (the first turn)
    p1 place 12 c4 c5 lay surf tile 12 on c4 and c5 (any order)
    p1 drop 12        discard surf tile 12 without laying it
    p1 move d5 d      move to d5 paying a Dolphin; two letters pay a pair (wild)
    p1 teleport d5    Mermaid Rain: start the move by jumping to d5
    p1 take 2         collect the second treasure on your space
    p1 end            end the surf-riding turn
    p1 home a2        a stranded mermaid returns to start space a2
    p1 keep dt        keep a Dolphin and a Turtle at the end of the round

Cards: d Dolphin, g Seagull, t Sea Turtle, m Mermaid card.  Cells are a row
letter (a-i from the top) and a column number (1-11 from the left).  A surf
tile is one space: any of its cells names it (the first is written).
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import parse_number, quote
from tideboard.games.mermaid_rain.content import (
    CARD_LETTERS,
    CELL_BY_NAME,
    CELL_NAMES,
    SHAPES,
    TILES,
)
from tideboard.games.mermaid_rain.state import (
    Action,
    Draw,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Move,
    Pick,
    Place,
    Show,
    Take,
    Teleport,
)

HELP = (
    "write the seat then the move, e.g. 'p1 show dg', 'p1 pick 12', 'p1 move d5 d', "
    "'p1 end' (see 'tideboard rules mermaid-rain')"
)
MAX_SEATS = 6


def _letters(cards: tuple[int, ...]) -> str:
    return "".join(CARD_LETTERS[k] for k in cards)


def format_action(action: Action) -> str:
    p = f"p{action.seat + 1}"
    if isinstance(action, Show):
        return f"{p} show {_letters(action.cards)}"
    if isinstance(action, Pick):
        return f"{p} pick {action.tile}"
    if isinstance(action, Draw):
        return f"{p} draw {SHAPES[action.shape]}"
    if isinstance(action, Enter):
        return f"{p} enter {CELL_NAMES[action.cell]}"
    if isinstance(action, Place):
        return f"{p} place {action.tile} " + " ".join(CELL_NAMES[c] for c in action.cells)
    if isinstance(action, Drop):
        return f"{p} drop {action.tile}"
    if isinstance(action, Move):
        return f"{p} move {CELL_NAMES[action.to]} {_letters(action.cards)}"
    if isinstance(action, Teleport):
        return f"{p} teleport {CELL_NAMES[action.to]}"
    if isinstance(action, Take):
        return f"{p} take {action.index + 1}"
    if isinstance(action, End):
        return f"{p} end"
    if isinstance(action, Home):
        return f"{p} home {CELL_NAMES[action.cell]}"
    if isinstance(action, Keep):
        return f"{p} keep {_letters(action.cards)}"
    raise TypeError(f"not a Mermaid Rain action: {action!r}")


def _seat(word: str) -> int:
    if not word.startswith("p"):
        raise NotationError(f"a move starts with its seat, p1-p{MAX_SEATS}; {HELP}")
    return parse_number(word[1:], 1, MAX_SEATS, "seat") - 1


def _cell(word: str) -> int:
    try:
        return CELL_BY_NAME[word]
    except KeyError:
        raise NotationError(
            f"{quote(word)} is not a space; spaces are a1-i11 (row a-i from the top, column 1-11)"
        ) from None


def _cards(word: str, allowed: str) -> tuple[int, ...]:
    if not word or any(ch not in allowed for ch in word):
        raise NotationError(
            f"{quote(word)} is not a card list; cards are "
            f"{', '.join(allowed)} (d Dolphin, g Seagull, t Sea Turtle"
            f"{', m Mermaid' if 'm' in allowed else ''})"
        )
    return tuple(sorted(CARD_LETTERS.index(ch) for ch in word))


def _tile(word: str) -> int:
    return parse_number(word, 0, TILES - 1, "surf tile")


SHAPES_OF = {
    "show": 1,
    "pick": 1,
    "draw": 1,
    "enter": 1,
    "drop": 1,
    "move": 2,
    "teleport": 1,
    "take": 1,
    "end": 0,
    "home": 1,
    "keep": 1,
}


def parse_action(text: str, tile_space=None) -> Action:
    """Read a move.  ``tile_space(cell)`` (if given) names the space a cell
    belongs to, so any cell of a laid surf tile reads as that tile's space."""
    words = text.strip().lower().split()
    if len(words) < 2:
        raise NotationError(f"{quote(text.strip()) if text.strip() else 'empty move'}: {HELP}")
    seat, verb, args = _seat(words[0]), words[1], words[2:]
    space = tile_space or (lambda cell: cell)
    if verb == "place":
        if len(args) not in (3, 4):
            raise NotationError(f"'place' takes a tile and its 2 or 3 spaces; {HELP}")
        cells = tuple(sorted({_cell(w) for w in args[1:]}))
        if len(cells) != len(args) - 1:
            raise NotationError("'place' names each space once")
        return Place(seat, _tile(args[0]), cells)
    if verb not in SHAPES_OF:
        raise NotationError(f"unknown move {quote(verb)}; {HELP}")
    if len(args) != SHAPES_OF[verb]:
        raise NotationError(
            f"{verb!r} takes {SHAPES_OF[verb]} argument(s), got {len(args)}; {HELP}"
        )
    if verb == "show":
        cards = _cards(args[0], "dgtm")
        if len(cards) not in (1, 2):
            raise NotationError("show two cards first, then one at a time")
        return Show(seat, cards)
    if verb == "pick":
        return Pick(seat, _tile(args[0]))
    if verb == "draw":
        if args[0] not in SHAPES:
            raise NotationError(
                f"{quote(args[0])} is not a tile shape; shapes are {', '.join(SHAPES)}"
            )
        return Draw(seat, SHAPES.index(args[0]))
    if verb == "enter":
        return Enter(seat, _cell(args[0]))
    if verb == "drop":
        return Drop(seat, _tile(args[0]))
    if verb == "move":
        cards = _cards(args[1], "dgt")
        if len(cards) > 2:
            raise NotationError("a move costs one card or a pair")
        return Move(seat, space(_cell(args[0])), cards)
    if verb == "teleport":
        return Teleport(seat, space(_cell(args[0])))
    if verb == "take":
        return Take(seat, parse_number(args[0], 1, 99, "treasure") - 1)
    if verb == "end":
        return End(seat)
    if verb == "home":
        return Home(seat, _cell(args[0]))
    cards = _cards(args[0], "dgt")
    if len(cards) != 2:
        raise NotationError("keep exactly two cards")
    return Keep(seat, cards)
