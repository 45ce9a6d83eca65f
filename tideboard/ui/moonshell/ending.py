"""Explaining the winner: points, then the rulebook's tie-breaks."""

from __future__ import annotations

from typing import Any

from tideboard.games.moonshell import scoring
from tideboard.games.moonshell.state import State
from tideboard.ui.moonshell.tiles import plural


# -- explaining the winner ---------------------------------------------------------------
def tiebreak_text(state: State, name: Any) -> str:
    """Who won and, when points tie, which tie-break decided it."""
    totals = [scoring.breakdown(state, s)["total"] for s in range(state.players)]
    best = max(totals)
    top = [s for s in range(state.players) if totals[s] == best]
    winners = scoring.winners(state)
    names = " and ".join(name(s) for s in winners)
    if len(top) == 1:
        verb = "has" if len(winners) == 1 and names != "You" else "have"
        return f"{names} {verb} the most points ({best})."
    tied = " and ".join(name(s) for s in top)
    text = f"{tied} tie on {plural(best, 'point')}. "
    unused = [s for s in top if not scoring.used_moonshell(state, s)]
    if unused and len(unused) < len(top):
        text += (f"Tie-break 1, an unused moonshell: "
                 f"{' and '.join(name(s) for s in unused)}. ")
        top = unused
    else:
        text += "Tie-break 1 (unused moonshell) does not separate them. "
    if len(top) > 1:
        tiles = {s: scoring.tiles_on_board(state, s) for s in top}
        fewest = min(tiles.values())
        if len(winners) < len(top):
            text += (f"Tie-break 2, fewer tiles in the chest: "
                     f"{names} with {fewest}. ")
        else:
            text += f"Tie-break 2 (fewer tiles, {fewest}) does not either: they share the victory."
    if len(winners) == 1 and not text.rstrip().endswith("victory."):
        text += f"{names} {'win' if names == 'You' else 'wins'}."
    return text.strip()
