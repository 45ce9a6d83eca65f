"""Text notation for Moonlighter actions.

    roll         roll the tile die (d10) for the next room
    place n      put the rolled room north of you and step in (n, e, s or w)
    move w       walk into the room to the west (n, e, s or w)
    attack       roll the attack die (d6)
    flee         leave an orange room the way you came (enemies heal)
    switch       swap your pawn for the one lying in this chest room
    keep         keep your pawn; the looted one stays in the chest room

Sides may be written in full (``move north``); ``r``, ``a`` and ``go`` are
accepted for ``roll``, ``attack`` and ``move``; case does not matter.
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import quote
from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.state import (
    ATTACK,
    FLEE,
    KEEP,
    ROLL,
    SWITCH,
    Action,
    Attack,
    Flee,
    Keep,
    Move,
    Place,
    RollTile,
    Switch,
)

HELP = (
    "write one of: roll, place n|e|s|w, move n|e|s|w, attack, flee, switch, keep (e.g. 'place e')"
)

_SIDES = {
    "n": "n",
    "north": "n",
    "e": "e",
    "east": "e",
    "s": "s",
    "south": "s",
    "w": "w",
    "west": "w",
}
_PLAIN: dict[str, Action] = {
    "roll": ROLL,
    "r": ROLL,
    "attack": ATTACK,
    "a": ATTACK,
    "flee": FLEE,
    "switch": SWITCH,
    "keep": KEEP,
}
_SIDED = {"place": "place", "move": "move", "go": "move"}


def format_action(action: Action) -> str:
    if isinstance(action, RollTile):
        return "roll"
    if isinstance(action, Place):
        return f"place {action.direction}"
    if isinstance(action, Move):
        return f"move {action.direction}"
    if isinstance(action, Attack):
        return "attack"
    if isinstance(action, Flee):
        return "flee"
    if isinstance(action, Switch):
        return "switch"
    if isinstance(action, Keep):
        return "keep"
    raise TypeError(f"not a Moonlighter action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise NotationError(f"empty move; {HELP}")
    verb, args = words[0], words[1:]
    if verb in _PLAIN:
        if args:
            raise NotationError(f"{verb!r} takes no argument, got {quote(' '.join(args))}; {HELP}")
        return _PLAIN[verb]
    if verb in _SIDED:
        if len(args) != 1:
            raise NotationError(
                f"{verb!r} takes one side (n, e, s or w), got {plural(len(args), 'word')}; {HELP}"
            )
        side = _SIDES.get(args[0])
        if side is None:
            raise NotationError(f"{quote(args[0])} is not a side; sides are n, e, s and w")
        return Place(side) if _SIDED[verb] == "place" else Move(side)
    raise NotationError(f"unknown move {quote(verb)}; {HELP}")
