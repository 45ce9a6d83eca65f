"""Text notation for Moonshell actions.

    keep S7            keep secret objective card S7 (setup)
    rotate             rotate the ocean a quarter turn (tides token direction)
    pull 2             pull column 2 (columns 1-5, left to right as you face the ocean)
    pull 3 left        the centre column: say which rock the nearest tile slides to
    collect left 1     the tile on your left rock into chest column 1 (columns 1-4)
    collect right 4    the tile on your right rock into chest column 4
    moonshell 2        place your moonshell in chest column 2 (also: collect moon 2)
    pass               give up your remaining actions (only with a full chest)

With mermaid powers and events:

    mermaid inlet              choose your mermaid (tide-pool, inlet, rising-moon, slide,
                               swap, buoy)
    rotate twice               passive Rising Moon: two quarter turns as one action
    pull 2 inlet               passive Inlet: the nearest tile onto your one open rock
    pull 2 slide               passive Slide: from the far end onto the opposite rocks
                               (centre: 'pull 3 left slide')
    pull 2+3                   passive Tide Pool: the nearest tile of columns 2 and 3
    swap east-left right 2     passive Swap: take the east side's left rock tile into chest
                               column 2, leaving your right rock's tile there
    save left                  passive Buoy: keep your left rock's tile on your mermaid board
    collect left 2 saved 3     ... and later place the saved tile too ('first': before it)
    collect left buoy          active Buoy: the tile takes your mermeeple's chest space
    power pool 2 1             active Tide Pool on column 2, depth 1 (nearest)
    power inlet left           active Inlet on your left rock
    power moon 2               active Rising Moon on corner 2 (1 your left, 2 far left,
                               3 far right, 4 your right)
    power slide 1 2 3          active Slide: chest column 1, row 2 (from the floor) to column 3
    power swap 1 1 3 2         active Swap: chest tiles at column 1 row 1 and column 3 row 2
                               (in either order; written lower cell first)
    power buoy 2               active Buoy on chest column 2
    decline                    an event's offer (Moonrise) is let go

Case does not matter; ``l``/``r`` may stand for left/right, and ``3l`` for
``3 left``.
"""

from __future__ import annotations

from tideboard.engine.core import NotationError
from tideboard.engine.notation import is_number, parse_number, quote
from tideboard.games.moonshell.content import DECK_IDS, ROCK_SIDES, SIDE_NAMES
from tideboard.games.moonshell.reef import MERMAID_IDS
from tideboard.games.moonshell.state import (
    BUOY_COLUMN,
    DECLINE,
    MOON,
    PASS,
    ROTATE,
    ROTATE_TWICE,
    SAVE,
    Action,
    Choose,
    Collect,
    Decline,
    Keep,
    Pass,
    Power,
    Pull,
    Rotate,
    SwapTake,
)

HELP = (
    "write one of: rotate, pull COLUMN (1-5; 'pull 3 left' or 'pull 3 right' for the "
    "centre), collect left|right CHEST-COLUMN (1-4), moonshell CHEST-COLUMN, pass, "
    "keep CARD (e.g. 'collect left 2')"
)

_SIDES = {"left": 0, "l": 0, "right": 1, "r": 1}
_MOON_WORDS = {"moon", "moonshell", "m"}


_POWER_WORDS = {
    "pool": "tide-pool",
    "inlet": "inlet",
    "moon": "rising-moon",
    "slide": "slide",
    "swap": "swap",
    "buoy": "buoy",
}
_POWER_NAMES = {v: k for k, v in _POWER_WORDS.items()}
_POWER_ARGS = {"tide-pool": 2, "inlet": 1, "rising-moon": 1, "slide": 3, "swap": 4, "buoy": 1}


def format_action(action: Action) -> str:
    if isinstance(action, Keep):
        return f"keep {action.card}"
    if isinstance(action, Rotate):
        return "rotate twice" if action.twice else "rotate"
    if isinstance(action, Pull):
        if action.power == "tide-pool":
            return f"pull {action.column + 1}+{action.column + 2}"
        side = "" if action.first is None else f" {ROCK_SIDES[action.first]}"
        power = f" {action.power}" if action.power else ""
        return f"pull {action.column + 1}{side}{power}"
    if isinstance(action, Collect):
        return _format_collect(action)
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Choose):
        return f"mermaid {action.mermaid}"
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, SwapTake):
        rock = f"{SIDE_NAMES[action.rock // 2]}-{ROCK_SIDES[action.rock % 2]}"
        return f"swap {rock} {ROCK_SIDES[action.mine]} {action.column + 1}"
    if isinstance(action, Power):
        return _format_power(action)
    raise TypeError(f"not a Moonshell action: {action!r}")


def _format_collect(action: Collect) -> str:
    if action.column == SAVE:
        return f"save {ROCK_SIDES[action.source]}"
    column = "buoy" if action.column == BUOY_COLUMN else str(action.column + 1)
    text = (
        f"moonshell {column}"
        if action.source == MOON
        else f"collect {ROCK_SIDES[action.source]} {column}"
    )
    if action.saved >= 0:
        text += f" saved {action.saved + 1}" + (" first" if action.saved_first else "")
    return text


def _format_power(action: Power) -> str:
    m, a, b, c = action.mermaid, action.a, action.b, action.c
    args: list[int | str]
    if m == "tide-pool":
        args = [a + 1, b + 1]
    elif m == "inlet":
        args = [ROCK_SIDES[a]]
    elif m == "slide":
        args = [a + 1, b + 1, c + 1]
    elif m == "swap":  # (the lower chest cell first: one text for the two orders)
        a, b = min(a, b), max(a, b)
        args = [a % 4 + 1, a // 4 + 1, b % 4 + 1, b // 4 + 1]
    else:
        args = [a + 1]
    return f"power {_POWER_NAMES[m]} " + " ".join(str(x) for x in args)


def _number(word: str, low: int, high: int, what: str) -> int:
    return parse_number(word, low, high, what)


def _split_glued(args: list[str]) -> list[str]:
    """'3l' -> ['3', 'l'] and 'l2' -> ['l', '2']."""
    out: list[str] = []
    for word in args:
        digits = word.rstrip("lrightef")
        if len(word) > 1 and is_number(word[0]) and word[-1].isalpha() and is_number(digits):
            out += [digits, word[len(digits) :]]
        elif len(word) > 1 and is_number(word[-1]) and word[0].isalpha():
            letters = word.rstrip("0123456789")
            out += [letters, word[len(letters) :]]
        else:
            out.append(word)
    return out


def parse_action(text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError(f"empty move; {HELP}")
    verb, args = words[0], words[1:]
    if verb in ("mermaid", "power", "swap", "save", "decline"):
        return _parse_advanced(verb, args)
    if verb == "rotate" and args == ["twice"]:
        return ROTATE_TWICE
    if verb == "pull" and len(args) == 1 and "+" in args[0]:
        left, _, right = args[0].partition("+")
        column = _number(left, 1, 4, "column") - 1
        if _number(right, 2, 5, "column") != column + 2:
            raise NotationError(
                "the Tide Pool pull takes two neighbouring columns, e.g. 'pull 2+3'"
            )
        return Pull(column, None, "tide-pool")
    power = ""
    if verb == "pull" and args and args[-1] in ("inlet", "slide"):
        power = args.pop()
    saved, saved_first = -1, False
    if verb in ("collect", "take", "c", *_MOON_WORDS) and "saved" in args:
        at = args.index("saved")
        tail = args[at + 1 :]
        args = args[:at]
        if tail[-1:] == ["first"]:
            saved_first, tail = True, tail[:-1]
        if len(tail) != 1:
            raise NotationError("'saved' takes the chest column 1-4 of the saved tile")
        saved = _number(tail[0], 1, 4, "chest column") - 1
    if verb != "keep":
        args = _split_glued(args)
    action = _parse_plain(verb, args)
    if power:
        if not isinstance(action, Pull):
            raise NotationError(f"{power} only changes a pull")
        return Pull(action.column, action.first, power)
    if saved >= 0:
        if not isinstance(action, Collect) or action.column >= 4:
            raise NotationError("'saved' follows a collect into a chest column")
        return Collect(action.source, action.column, saved, saved_first)
    return action


def _parse_advanced(verb: str, args: list[str]) -> Action:
    if verb == "decline":
        if args:
            raise NotationError("'decline' takes nothing after it")
        return DECLINE
    if verb == "mermaid":
        if len(args) != 1 or args[0] not in MERMAID_IDS:
            raise NotationError(f"mermaid takes one of: {', '.join(MERMAID_IDS)}")
        return Choose(args[0])
    if verb == "save":
        if len(args) != 1 or args[0] not in _SIDES:
            raise NotationError("save takes a rock: 'save left' or 'save right'")
        return Collect(_SIDES[args[0]], SAVE)
    if verb == "swap":
        if len(args) != 3 or args[1] not in _SIDES:
            raise NotationError(
                "swap takes a rock of another side, one of yours and a chest "
                "column: 'swap east-left right 2'"
            )
        side, _, k = args[0].partition("-")
        if side not in SIDE_NAMES or k not in _SIDES:
            raise NotationError(f"{quote(args[0])} is not a rock; say e.g. north-left, east-right")
        rock = SIDE_NAMES.index(side) * 2 + _SIDES[k]
        return SwapTake(rock, _SIDES[args[1]], _number(args[2], 1, 4, "chest column") - 1)
    if not args or args[0] not in _POWER_WORDS:
        raise NotationError(f"power takes one of: {', '.join(_POWER_WORDS)} and its places")
    mermaid = _POWER_WORDS[args[0]]
    rest = args[1:]
    if len(rest) != _POWER_ARGS[mermaid]:
        raise NotationError(f"power {args[0]} takes {_POWER_ARGS[mermaid]} value(s); {HELP}")
    if mermaid == "inlet":
        if rest[0] not in _SIDES:
            raise NotationError("power inlet takes your rock: left or right")
        return Power(mermaid, _SIDES[rest[0]])
    if mermaid == "tide-pool":
        return Power(
            mermaid, _number(rest[0], 1, 5, "column") - 1, _number(rest[1], 1, 5, "depth") - 1
        )
    if mermaid == "rising-moon":
        return Power(mermaid, _number(rest[0], 1, 4, "corner") - 1)
    if mermaid == "buoy":
        return Power(mermaid, _number(rest[0], 1, 4, "chest column") - 1)
    if mermaid == "slide":
        return Power(
            mermaid,
            _number(rest[0], 1, 4, "chest column") - 1,
            _number(rest[1], 1, 3, "row") - 1,
            _number(rest[2], 1, 4, "chest column") - 1,
        )
    c1, r1, c2, r2 = (
        _number(w, 1, 4 if i % 2 == 0 else 3, "column" if i % 2 == 0 else "row") - 1
        for i, w in enumerate(rest)
    )
    cells = sorted((r1 * 4 + c1, r2 * 4 + c2))  # either order: the same swap
    return Power(mermaid, cells[0], cells[1])


def _parse_plain(verb: str, args: list[str]) -> Action:
    if verb in ("rotate", "pass"):
        if args:
            raise NotationError(f"{verb!r} takes nothing after it; {HELP}")
        return ROTATE if verb == "rotate" else PASS
    if verb == "keep":
        if len(args) != 1:
            raise NotationError(
                "keep takes one card, e.g. 'keep S3' (secret objectives are S1-S12)"
            )
        card = args[0].upper()
        if is_number(card):
            card = f"S{int(card)}"
        if card not in DECK_IDS["secret"]:
            raise NotationError(f"{quote(args[0])} is not a secret objective card; they are S1-S12")
        return Keep(card)
    if verb == "pull":
        if not 1 <= len(args) <= 2:
            raise NotationError(
                "pull takes a column 1-5, and for the centre column the rock: "
                "'pull 2', 'pull 3 left'"
            )
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
        if args[0] == "buoy":
            return Collect(MOON, BUOY_COLUMN)
        return Collect(MOON, _number(args[0], 1, 4, "chest column") - 1)
    if verb in ("collect", "take", "c"):
        if len(args) != 2:
            raise NotationError(
                "collect takes a rock (left, right or moon) and a chest column "
                "1-4, e.g. 'collect left 2'"
            )
        if args[0] in _SIDES:
            source = _SIDES[args[0]]
        elif args[0] in _MOON_WORDS:
            source = MOON
        else:
            raise NotationError(f"{quote(args[0])} is not a rock; say left, right or moon")
        if args[1] == "buoy":
            return Collect(source, BUOY_COLUMN)
        return Collect(source, _number(args[1], 1, 4, "chest column") - 1)
    raise NotationError(f"unknown move {quote(verb)}; {HELP}")
