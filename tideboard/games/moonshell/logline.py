"""Log lines for Moonshell actions (``rules.describe``): safe for every seat."""

from __future__ import annotations

from tideboard.engine.core import seat_label
from tideboard.games.moonshell.content import EMPTY, ROCK_SIDES, tile_name
from tideboard.games.moonshell.reef import EVENTS, MERMAIDS
from tideboard.games.moonshell.rules import humans, seat_rocks, who
from tideboard.games.moonshell.state import (BUOY_COLUMN, EVENT, HOME, MOON, PLAY, SAVE, Action,
                                             Choose, Collect, Decline, Keep, Pass, Power, Pull,
                                             Rotate, State, SwapTake)
from tideboard.games.moonshell.automaton import urchin_note

_BASE_VERB = {"keeps": "keep", "rotates": "rotate", "pulls": "pull", "places": "place",
              "collects": "collect", "passes": "pass", "chooses": "choose",
              "uses": "use", "declines": "decline", "swaps": "swap", "saves": "save"}
_POWER_WORDS = {"tide-pool": "puts the Tide Pool mermeeple on a tile in the water",
                "inlet": "puts the Inlet mermeeple on a rock", "rising-moon":
                "puts the Rising Moon mermeeple on a board corner",
                "slide": "slides a chest tile (Slide)", "swap": "swaps two chest tiles (Swap)",
                "buoy": "puts the Buoy mermeeple on a chest space"}



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
        line = (f"{does('swaps')} (Swap): takes the {tile_name(tile)} from another side's rock "
                f"into chest column {action.column + 1}, leaving the {tile_name(given)}")
    elif isinstance(action, Power):
        words = _POWER_WORDS[action.mermaid]
        line = (f"You {words.split(' ', 1)[0][:-1]} {words.split(' ', 1)[1]}" if you
                else f"{who(before, seat)} {words}")
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
        got = ", ".join(tile_name(t) for t in after.rocks[far:far + 2] if t != EMPTY)
        return (f"{does('pulls')} column {action.column + 1} away (Slide): {got} onto the "
                f"rocks opposite" + urchin_note(before, after))
    l1, r1 = seat_rocks(before, seat)
    l2, r2 = seat_rocks(after, seat)
    got = ", ".join(f"{tile_name(t)} to the {side} rock"
                    for t, old, side in ((l2, l1, "left"), (r2, r1, "right"))
                    if t != EMPTY and old == EMPTY)
    what = (f"columns {action.column + 1} and {action.column + 2} (Tide Pool)"
            if action.power == "tide-pool" else f"column {action.column + 1}"
            + (" (Inlet)" if action.power == "inlet" else ""))
    return f"{does('pulls')} {what}: {got}" + urchin_note(before, after)


def _collect_line(before: State, action: Collect, after: State, does) -> str:
    seat = before.current
    tile = (17 if action.source == MOON else seat_rocks(before, seat)[action.source])
    if action.column == SAVE:
        return f"{does('saves')} the {tile_name(tile)} on the mermaid board (Buoy)"
    where = ("into the Buoy mermeeple's space" if action.column == BUOY_COLUMN
             else f"into chest column {action.column + 1}")
    if action.source == MOON:
        line = f"{does('places')} the moonshell {where.replace('into chest', 'in chest')}"
    else:
        line = (f"{does('collects')} the {tile_name(tile)} from the "
                f"{ROCK_SIDES[action.source]} rock {where}")
    if action.saved >= 0:
        line += (f", and the saved {tile_name(before.saved[seat])} into column "
                 f"{action.saved + 1}")
    return line


def _meeples_home(before: State, after: State) -> str:
    back = [s for s in range(len(after.meeples)) if after.meeples[s][0] == HOME
            and before.meeples[s][0] != HOME]
    return "".join(f"\n{who(after, s)}'s mermeeple comes home" for s in back)


def _round_news(before: State, after: State) -> str:
    if not after.event or (after.event == before.event and after.round == before.round):
        return ""
    card = EVENTS[after.event]
    return f"\nRound {after.round} event: {card.name}: {card.text}"
