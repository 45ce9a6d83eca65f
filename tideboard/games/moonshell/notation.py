"""Text notation for Moonshell actions.

    keep S7            keep secret objective card S7 (setup)
    rotate             rotate the ocean a quarter turn (tides token direction)
    pull 2             pull column 2 (columns 1-5, left to right as you face the ocean)
    pull 3 left        the centre column: say which rock the nearest tile slides to
    collect left 1     the tile on your left rock into chest column 1 (columns 1-4)
    collect right 4    the tile on your right rock into chest column 4
    moonshell 2        place your moonshell in chest column 2 (also: collect moon 2)
    pass               give up your remaining actions (only with a full chest)

Case does not matter; ``l``/``r`` may stand for left/right, and ``3l`` for
``3 left``.
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import is_number, parse_number, quote
from tideboard.games.moonshell.content import DECK_IDS, ROCK_SIDES
from tideboard.games.moonshell.state import (MOON, PASS, ROTATE, Action, Collect, Keep, Pass,
                                             Pull, Rotate)

HELP = ("write one of: rotate, pull COLUMN (1-5; 'pull 3 left' or 'pull 3 right' for the "
        "centre), collect left|right CHEST-COLUMN (1-4), moonshell CHEST-COLUMN, pass, "
        "keep CARD (e.g. 'collect left 2')")

_SIDES = {"left": 0, "l": 0, "right": 1, "r": 1}
_MOON_WORDS = {"moon", "moonshell", "m"}


def format_action(action: Action) -> str:
    if isinstance(action, Keep):
        return f"keep {action.card}"
    if isinstance(action, Rotate):
        return "rotate"
    if isinstance(action, Pull):
        side = "" if action.first is None else f" {ROCK_SIDES[action.first]}"
        return f"pull {action.column + 1}{side}"
    if isinstance(action, Collect):
        if action.source == MOON:
            return f"moonshell {action.column + 1}"
        return f"collect {ROCK_SIDES[action.source]} {action.column + 1}"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(f"not a Moonshell action: {action!r}")


def _number(word: str, low: int, high: int, what: str) -> int:
    return parse_number(word, low, high, what)


def _split_glued(args: list[str]) -> list[str]:
    """'3l' -> ['3', 'l'] and 'l2' -> ['l', '2']."""
    out: list[str] = []
    for word in args:
        digits = word.rstrip("lrightef")
        if len(word) > 1 and is_number(word[0]) and word[-1].isalpha() and is_number(digits):
            out += [digits, word[len(digits):]]
        elif len(word) > 1 and is_number(word[-1]) and word[0].isalpha():
            letters = word.rstrip("0123456789")
            out += [letters, word[len(letters):]]
        else:
            out.append(word)
    return out


def parse_action(text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError(f"empty move; {HELP}")
    verb, args = words[0], words[1:]
    if verb != "keep":
        args = _split_glued(args)
    if verb in ("rotate", "pass"):
        if args:
            raise NotationError(f"{verb!r} takes nothing after it; {HELP}")
        return ROTATE if verb == "rotate" else PASS
    if verb == "keep":
        if len(args) != 1:
            raise NotationError("keep takes one card, e.g. 'keep S3' (secret objectives are S1-S12)")
        card = args[0].upper()
        if is_number(card):
            card = f"S{int(card)}"
        if card not in DECK_IDS["secret"]:
            raise NotationError(f"{quote(args[0])} is not a secret objective card; they are S1-S12")
        return Keep(card)
    if verb == "pull":
        if not 1 <= len(args) <= 2:
            raise NotationError("pull takes a column 1-5, and for the centre column the rock: "
                                "'pull 2', 'pull 3 left'")
        column = _number(args[0], 1, 5, "column") - 1
        first = None
        if len(args) == 2:
            if args[1] not in _SIDES:
                raise NotationError(f"{quote(args[1])} is not a rock; say left or right")
            first = _SIDES[args[1]]
        return Pull(column, first)
    if verb in _MOON_WORDS:
        if len(args) != 1:
            raise NotationError("moonshell takes a chest column 1-4, e.g. 'moonshell 2'")
        return Collect(MOON, _number(args[0], 1, 4, "chest column") - 1)
    if verb in ("collect", "take", "c"):
        if len(args) != 2:
            raise NotationError("collect takes a rock (left, right or moon) and a chest column "
                                "1-4, e.g. 'collect left 2'")
        if args[0] in _SIDES:
            source = _SIDES[args[0]]
        elif args[0] in _MOON_WORDS:
            source = MOON
        else:
            raise NotationError(f"{quote(args[0])} is not a rock; say left, right or moon")
        return Collect(source, _number(args[1], 1, 4, "chest column") - 1)
    raise NotationError(f"unknown move {quote(verb)}; {HELP}")

