"""Animal Splash's log lines (``describe``) and the words they share with the screen
(everything in them is open)."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import seat_label
from tideboard.engine.plurals import plural
from tideboard.games.animal_splash.content import (
    AREA_NAMES,
    BACKGROUNDS,
    CARDS,
    CELL_NAMES,
    ENDINGS,
    LINES,
    MISSIONS,
)
from tideboard.games.animal_splash.state import (
    EMPTY,
    UNPLACED,
    Action,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import group_at, group_words


def line_name(spot: int) -> str:
    """ "column b" or "row 2": what a diver spot faces."""
    cells = LINES[spot]
    if cells[1] - cells[0] == 3:
        return f"column {CELL_NAMES[cells[0]][0]}"
    return f"row {CELL_NAMES[cells[0]][1]}"


SIDES = ("top", "right", "bottom", "left")


def spot_words(spot: int) -> str:
    """Where a diver spot is, in words the grid's labels show: "the top of column a",
    "the right of row 2" (the notation's short names, "na", "e2", are for typing)."""
    return f"the {SIDES[spot // 3]} of {line_name(spot)}"


def end_words(action: Any) -> str | None:
    """An end of the turn in words, without what the refill and the next round show
    (a hint words the move so: its log line names the card drawn); None for other
    moves."""
    if not isinstance(action, End):
        return None
    if action.mission:
        return f"take {mission_words(action.mission)} and end the turn"
    return "end the turn"


def mission_words(mission: int) -> str:
    """A mission as players read it: its task and points (its number is the notation's)."""
    card = MISSIONS[mission]
    return f'the mission "{card.text}" ({plural(card.points, "point")})'


def oxygen_words(change: int) -> str:
    if change > 0:
        return f"+{change} oxygen"
    if change < 0:
        return f"pays {change * -1} oxygen"
    return "no oxygen"


# the backgrounds as the cards on screen name them
BACKGROUND_WORDS = {"ship": "shipwreck", "anchor": "anchor", "reef": "reef", "sea": "open sea"}


def card_words(cid: int) -> str:
    """A card in the words its face shows: "red fish, shipwreck, double kelp"."""
    card = CARDS[cid]
    return (
        f"{card.animal_text()}, {BACKGROUND_WORDS[BACKGROUNDS[card.background]]}, "
        f"{card.plant_text()}"
    )


def describe(before: State, action: Action, after: State) -> str:
    seat = before.current
    who = seat_label(seat)
    change = after.oxygen[seat] - before.oxygen[seat]
    if isinstance(action, Dive):
        spot = spot_words(action.spot)
        if before.divers[seat] == UNPLACED:
            return f"{who}: place the diver at {spot}"
        return f"{who}: dive to {spot} ({oxygen_words(change)})"
    if isinstance(action, Take):
        cid = before.grid[action.cell]
        line = (
            f"{who}: take {CELL_NAMES[action.cell]} ({card_words(cid)}) to the "
            f"{'right' if action.right else 'left'}"
        )
        return line + (f" (+{change} oxygen)" if change else "")
    if isinstance(action, Slide):
        cid = before.tableaus[seat][action.frm]
        return (
            f"{who}: move card {action.frm + 1} ({CARDS[cid].animal_text()}) to place "
            f"{action.to + 1} (pays 1 oxygen)"
        )
    if isinstance(action, MovePearl):
        return (
            f"{who}: move a pearl from card {action.frm + 1}'s {AREA_NAMES[action.frm_area]} "
            f"to card {action.to + 1}'s {AREA_NAMES[action.to_area]} (pays 2 oxygen)"
        )
    if isinstance(action, Swap):
        mine, theirs = before.tableaus[seat][action.pos], before.grid[action.cell]
        return (
            f"{who}: swap card {action.pos + 1} ({card_words(mine)}) with "
            f"{CELL_NAMES[action.cell]} ({card_words(theirs)}) (pays 3 oxygen)"
        )
    if isinstance(action, Score):
        group = group_at(before.tableaus[seat], before.pearls[seat], action.pos, action.area)
        if group:
            cards = group[1]
            what = f"{group_words(group[0])} on cards {cards[0] + 1}-{cards[-1] + 1}"
        else:
            what = "a group"
        return f"{who}: score {what}, a pearl on card {action.pos + 1}'s {AREA_NAMES[action.area]}"
    if isinstance(action, End):
        parts = [f"{who}: {end_words(action)}"]
        if before.taken != EMPTY and after.grid[before.taken] != EMPTY:
            parts.append(
                f"{CELL_NAMES[before.taken]} refilled: {card_words(after.grid[before.taken])}"
            )
        revealed = [m for m in after.open_missions if m not in before.open_missions]
        for m in revealed:
            parts.append(f"new mission: {MISSIONS[m].text}")
        if after.over:
            parts.append(f"game over: {ENDINGS[after.ending].name} is scored")
        elif after.round != before.round:
            parts.append(f"round {after.round} begins")
        return "; ".join(parts)
    return repr(action)
