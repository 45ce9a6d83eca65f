"""Moonshell's log lines (``describe``): safe for every seat."""

from __future__ import annotations

from tideboard.engine.core import seat_label
from tideboard.games.moonshell.automaton import urchin_note
from tideboard.games.moonshell.content import COLUMNS, EMPTY, ROCK_SIDES, tile_name
from tideboard.games.moonshell.queries import humans, seat_rocks, who
from tideboard.games.moonshell.reef import EVENTS, MERMAIDS
from tideboard.games.moonshell.state import (
    BUOY_COLUMN,
    EVENT,
    HOME,
    MOON,
    PLAY,
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
    State,
    SwapTake,
)

_BASE_VERB = {
    "keeps": "keep",
    "rotates": "rotate",
    "pulls": "pull",
    "places": "place",
    "collects": "collect",
    "passes": "pass",
    "chooses": "choose",
    "puts": "put",
    "slides": "slide",
    "uses": "use",
    "declines": "decline",
    "swaps": "swap",
    "saves": "save",
}
# Where a power acts, in the words of the board as its user sees it (their side at the
# bottom, columns 1-5 from their left), as a pull's "column 4" is: the screen rewrites
# the ocean's places in its reader's frame (tideboard/ui/moonshell/journal.py).
OCEAN_ROWS = (
    "top row",
    "2nd row from the top",
    "middle row",
    "2nd row from the bottom",
    "bottom row",
)
CORNER_WORDS = ("bottom left", "top left", "top right", "bottom right")  # Power.a's order
CHEST_ROWS = ("bottom", "middle", "top")  # a chest's rows from the floor up
SIDE_WORDS = {1: "to their left", 2: "across", 3: "to their right"}  # from a seat's side


def cell_words(row: int, column: int) -> str:
    """An ocean cell as the board shows it: 'column 3, 2nd row from the bottom'."""
    return f"column {column + 1}, {OCEAN_ROWS[row]}"


def corner_words(corner: int) -> str:
    """A corner of the ocean board as the board shows it (0 bottom left, then clockwise)."""
    return f"the {CORNER_WORDS[corner]} corner"


def describe(before: State, action: Action, after: State) -> str:
    seat = before.current
    you = before.solo and seat == 0  # the solo player reads "You pull ...", like the screen

    def does(verb: str) -> str:
        return f"You {_BASE_VERB[verb]}" if you else f"{who(before, seat)} {verb}"

    if isinstance(action, Keep):
        chosen = sum(1 for c in after.secrets if c)
        line = f"{does('keeps')} a secret objective"
        if humans(before) > 1:  # (solo: there is no one else to wait for)
            line += f" ({chosen} of {humans(before)} chosen)"
        if after.phase != before.phase:
            line += "; you start" if before.solo else f"; {seat_label(0)} starts"
        return line + _round_news(before, after)
    if isinstance(action, Choose):
        return f"{does('chooses')} the {MERMAIDS[action.mermaid].name} mermaid"
    if isinstance(action, Rotate):
        line = f"{does('rotates')} the ocean {before.direction}"
        if action.twice:
            line += " twice (Rising Moon)"
    elif isinstance(action, Pull):
        line = _pull_line(before, action, after, does)
    elif isinstance(action, Collect):
        line = _collect_line(before, action, after, does)
    elif isinstance(action, SwapTake):
        tile = before.rocks[action.rock]
        given = seat_rocks(before, seat)[action.mine]
        line = (
            f"{does('swaps')} (Swap): takes the {tile_name(tile)} from "
            f"{_rock_owner(before, seat, action.rock, you)} into chest column "
            f"{action.column + 1}, leaving the {tile_name(given)}"
        )
    elif isinstance(action, Power):
        line = _power_line(before, action, does, "your" if you else "their")
    elif isinstance(action, Decline):
        line = f"{does('declines')} to place the moonshell"
    elif isinstance(action, Pass):
        line = does("passes")
    else:
        line = repr(action)
    if isinstance(action, Collect) and before.phase == EVENT:
        line += " (Moonrise)"
    if before.end_trigger < 0 and after.end_trigger == seat:
        line += " - the chest is full: the game ends when this round is complete"
    line += _meeples_home(before, after)
    # A log entry may hold several lines: the automaton's turn is one line
    # per step so the player can follow it.
    if after.auto_turns > before.auto_turns:
        line += "".join(f"\nThe automaton {event}" for event in after.auto_log)
    line += _round_news(before, after)
    if after.turn != before.turn and not after.over and after.phase == PLAY:
        line += f"\n{who(after, after.current)} to play"
    if after.over:
        line += " - game over"
    return line


def _pull_line(before: State, action: Pull, after: State, does) -> str:
    seat = before.current
    if action.power == "slide":
        far = (before.sides[seat] + 2) % 4 * 2
        got = ", ".join(tile_name(t) for t in after.rocks[far : far + 2] if t != EMPTY)
        return (
            f"{does('pulls')} column {action.column + 1} away (Slide): {got} onto the "
            f"rocks opposite" + urchin_note(before, after)
        )
    l1, r1 = seat_rocks(before, seat)
    l2, r2 = seat_rocks(after, seat)
    got = ", ".join(
        f"{tile_name(t)} to the {side} rock"
        for t, old, side in ((l2, l1, "left"), (r2, r1, "right"))
        if t != EMPTY and old == EMPTY
    )
    what = (
        f"columns {action.column + 1} and {action.column + 2} (Tide Pool)"
        if action.power == "tide-pool"
        else f"column {action.column + 1}" + (" (Inlet)" if action.power == "inlet" else "")
    )
    return f"{does('pulls')} {what}: {got}" + urchin_note(before, after)


def _power_line(before: State, action: Power, does, their: str) -> str:
    """An active power's line, naming where it acts (the ocean's places as its user sees
    the board; their own rocks and chest columns need no frame)."""
    seat = before.current
    a, b, c = action.a, action.b, action.c
    chest = before.chests[seat]
    if action.mermaid == "tide-pool":
        cell = COLUMNS[before.sides[seat]][a][b]
        return (
            f"{does('puts')} the Tide Pool mermeeple on the {tile_name(before.ocean[cell])} "
            f"in {cell_words(4 - b, a)}"
        )
    if action.mermaid == "inlet":
        return f"{does('puts')} the Inlet mermeeple on {their} {ROCK_SIDES[a]} rock"
    if action.mermaid == "rising-moon":
        return f"{does('puts')} the Rising Moon mermeeple on {corner_words(a)} of the ocean"
    if action.mermaid == "buoy":
        return (
            f"{does('puts')} the Buoy mermeeple on the {CHEST_ROWS[len(chest[a])]} space "
            f"of chest column {a + 1}, holding it"
        )
    if action.mermaid == "slide":
        return (
            f"{does('slides')} the {tile_name(chest[a][b])} in chest column {a + 1} "
            f"({CHEST_ROWS[b]} row) over to column {c + 1} (Slide)"
        )
    (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
    return (
        f"{does('swaps')} the {tile_name(chest[ca][ra])} in chest column {ca + 1} "
        f"({CHEST_ROWS[ra]} row) with the {tile_name(chest[cb][rb])} in column {cb + 1} "
        f"({CHEST_ROWS[rb]} row) (Swap)"
    )


def _rock_owner(before: State, seat: int, rock: int, you: bool) -> str:
    """'Player 2's left rock', or an empty side's rock said from the taker's side."""
    side, k = divmod(rock, 2)
    owners = [s for s in range(before.players) if before.sides[s] == side]
    if owners:
        name = who(before, owners[0])  # ("The automaton" inside a sentence: "the automaton")
        return (
            f"{name[0].lower() + name[1:] if name.startswith('The ') else name}'s "
            f"{ROCK_SIDES[k]} rock"
        )
    where = SIDE_WORDS[(side - before.sides[seat]) % 4].replace("their", "your" if you else "their")
    return f"the {ROCK_SIDES[k]} rock of the empty side {where}"


def _collect_line(before: State, action: Collect, after: State, does) -> str:
    seat = before.current
    tile = 17 if action.source == MOON else seat_rocks(before, seat)[action.source]
    if action.column == SAVE:
        return f"{does('saves')} the {tile_name(tile)} on the mermaid board (Buoy)"
    where = (
        "into the Buoy mermeeple's space"
        if action.column == BUOY_COLUMN
        else f"into chest column {action.column + 1}"
    )
    if action.source == MOON:
        line = f"{does('places')} the moonshell {where.replace('into chest', 'in chest')}"
    else:
        line = (
            f"{does('collects')} the {tile_name(tile)} from the "
            f"{ROCK_SIDES[action.source]} rock {where}"
        )
    if action.saved >= 0:
        line += f", and the saved {tile_name(before.saved[seat])} into column {action.saved + 1}"
    return line


def _meeples_home(before: State, after: State) -> str:
    back = [
        s
        for s in range(len(after.meeples))
        if after.meeples[s][0] == HOME and before.meeples[s][0] != HOME
    ]
    return "".join(f"\n{who(after, s)}'s mermeeple comes home" for s in back)


def _round_news(before: State, after: State) -> str:
    if not after.event or (after.event == before.event and after.round == before.round):
        return ""
    card = EVENTS[after.event]
    return f"\nRound {after.round} event: {card.name}: {card.text}"
