"""Mermaid powers, events and the advanced setup on the Moonshell screen, in words.

Key ``w`` opens a window listing what you may do now with your mermaid (only
powers that may be used are offered: :func:`mermaid_moves`), each with a preview of
what it does (:func:`preview_line`: the log line it would write, worked out on your
view of the table without keeping it), and the move under the cursor lit on the
board beside the window (``targets.py``); Enter does it, Esc closes the window.  The
same window chooses your mermaid at the start and answers an event's offer
(Moonrise).  The screen's turn (``modes.py``) opens it; this module says what is in it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell import powers
from tideboard.games.moonshell.queries import resting
from tideboard.games.moonshell.reef import EVENTS, MERMAIDS
from tideboard.games.moonshell.state import (
    CORNER,
    EVENT,
    MERMAID,
    ROCK,
    TILE,
    Choose,
    Collect,
    Decline,
    Power,
    Pull,
    Rotate,
    State,
    SwapTake,
)
from tideboard.ui.moonshell.names import seat_tag

CORNERS = (
    "your left corner",
    "the far left corner",
    "the far right corner",
    "your right corner",
)  # Power.a of the Rising Moon
POWER_KEYS = [
    (
        "w",
        "mermaid: choose it at the start; then (listed only when your power may be used) "
        "light the places your power may act on: on the ocean, your rocks, a corner or "
        "your chest",
    ),
    (
        "arrows / mouse (power)",
        "move among the lit places, each previewed (the board as it "
        "would be, what it does); Enter or a second click uses it, or "
        "goes on to the next place a two-step power needs; Esc steps "
        "back; w again lists every move of the power instead",
    ),
    (
        "Moonrise",
        "w or Enter lights your chest columns: Enter places the moonshell for free, x declines",
    ),
    ("M1 M2 ...", "a mermeeple on a tile, a rock or a corner of the ocean"),
]


def is_power_move(action: Any) -> bool:
    return (
        isinstance(action, (Choose, Decline, SwapTake, Power))
        or (isinstance(action, Rotate) and action.twice)
        or (isinstance(action, Pull) and bool(action.power))
        or (isinstance(action, Collect) and (action.column >= 4 or action.saved >= 0))
    )


def tides_text(state: State) -> str:
    """Which way the tides token points, and why."""
    arrow = "↻ clockwise" if state.tides_odd else "↺ counter-clockwise"
    if not state.powers:
        return f"Tides {arrow} (no mermeeples in this game)"
    n = state.in_play
    return (
        f"Tides {arrow}: {n} mermeeple{'s' if n != 1 else ''} on the field "
        f"({'odd' if n % 2 else 'even'})"
    )


def mermaid_lines(state: State, who, short: bool = False) -> list[str]:
    """Each player's mermaid and where its mermeeple is, then the tides and the event
    (``short``: a few words each, for 80 columns)."""
    lines = []
    if state.powers:
        for seat, mermaid in enumerate(state.mermaids):
            if mermaid:
                card = MERMAIDS[mermaid]
                where = powers.meeple_text(state, seat)
                kind, place = state.meeples[seat]
                if kind == ROCK:  # (the engine's "side 3": the screen never numbers sides)
                    where = where.replace(
                        f" rock of side {place // 2 + 1}", " rock of their own side"
                    )
                if short:
                    name = seat_tag(who(seat))
                    mark = (
                        "✓"
                        if where == "ready"
                        else "next turn"
                        if resting(state, seat)  # home, usable from its next turn
                        else "in use"
                    )
                    lines.append(f"{name} {card.name} {mark}")
                else:
                    lines.append(f"{who(seat)}: {card.name} ({state.powers}) - {where}")
            elif not (state.solo and seat == 1):
                lines.append(
                    f"{seat_tag(who(seat))} no mermaid" if short else f"{who(seat)}: no mermaid yet"
                )
    if (state.powers or state.events_on) and not short:  # (short: under the ocean)
        lines.append(tides_text(state))
    if state.event and not short:  # (short: the title line names it)
        event = EVENTS[state.event]
        lines.append(
            f"Event ({'this round' if event.kind == 'round' else 'now'}): {event.name} - "
            f"{event.text}"
        )
    if short:  # one line at 80 columns (the tides under the ocean, the event in the title)
        lines = [" · ".join(lines)] * bool(lines)
    if state.saved and any(t >= 0 for t in state.saved):
        from tideboard.games.moonshell.content import tile_name

        lines += [
            f"{seat_tag(who(s)) if short else who(s)} saved a {tile_name(t)} (Buoy)"
            for s, t in enumerate(state.saved)
            if t >= 0
        ]
    return lines


def meeple_marks(state: State, viewer_side: int) -> dict[tuple[str, int], str]:
    """Where the mermeeples on the ocean board stand, for the board to mark: a tile (Tide
    Pool), a rock (Inlet) or a corner (Rising Moon), each as "M" and the seat's number."""
    marks: dict[tuple[str, int], str] = {}
    for seat, (kind, place) in enumerate(state.meeples):
        if kind == TILE:
            marks["cell", place] = f"M{seat + 1}"
        elif kind == ROCK:
            marks["rock", place] = f"M{seat + 1}"
        elif kind == CORNER:
            marks["corner", (place - viewer_side) % 4] = f"M{seat + 1}"
    return marks


def mermaid_moves(game: Any, state: State) -> list[Any]:
    """The moves the ``w`` window offers now: the mermaid powers that may be used (the
    mermaid to choose, an event's answers)."""
    return [
        a
        for a in game.legal_actions(state)
        if is_power_move(a) or (state.phase == EVENT and isinstance(a, Collect))
    ]


def window_title(state: State, seat: int) -> tuple[str, str]:
    """The ``w`` window's title and the note under it."""
    if state.phase == MERMAID:
        return "Choose your mermaid", f"Powers: {state.powers} side for everyone"
    if state.phase == EVENT:
        event = EVENTS[state.event]
        return f"Event: {event.name}", event.text
    card = MERMAIDS[state.mermaids[seat]]
    return (
        f"{card.name}: {state.powers} power",
        card.passive if state.powers == "passive" else card.active,
    )


def preview_line(game: Any, state: State, shown: State, action: Any) -> str:
    """The move in notation and what it would do on ``shown`` (never kept)."""
    if isinstance(action, Choose):
        card = MERMAIDS[action.mermaid]
        text = card.passive if state.powers == "passive" else card.active
        return f"{card.name}: {text}"
    try:
        after = game.apply(shown, action)
        said = game.describe(shown, action, after).splitlines()[0]
    except IllegalAction as error:
        said = str(error)
    if isinstance(action, Power) and action.mermaid == "rising-moon" and 0 <= action.a < 4:
        said += f" ({CORNERS[action.a]}, ☾ on the board)"
    return f"{game.format_action(action)}  →  {said}"


def no_power_reason(state: State, seat: int) -> str:
    """Why ``w`` offers nothing now."""
    if not state.powers:
        return "This game is played without mermaid powers (see the Powers option)."
    mermaid = state.mermaids[seat]
    reason = powers.why_not(state, seat, mermaid, state.powers) if mermaid else ""
    return reason or "Your power cannot be used right now (nothing it could do)."


def advanced_parts(shown: State, who: Any) -> list[tuple[str, Any]]:
    """Blocks for the overview window (``o``)."""
    lines = mermaid_lines(shown, who)
    if not shown.powers and not shown.event:
        return []
    return [("Mermaids, tides and the event", Text("\n".join(lines)))]
