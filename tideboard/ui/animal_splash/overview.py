"""The overview window (key ``o``): every tableau, the missions and the end card."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tideboard.engine.plurals import plural
from tideboard.games.animal_splash.content import ENDINGS, GROUPS, MISSIONS
from tideboard.games.animal_splash.scoring import ending_shares, ending_values, scores
from tideboard.games.animal_splash.state import State
from tideboard.ui.animal_splash.cards import card_lines
from tideboard.ui.animal_splash.grid import splash_colours
from tideboard.ui.animal_splash.info import qualifiers, seats_text
from tideboard.ui.shared import GameScreen


def tableau_text(app: Any, state, seat: int, width: int = 11) -> Text:
    """A tableau's cards in a row, ``width`` wide each or narrower so that the row fits
    the window (90% of the screen, less its border, padding and scroll bar): a row that
    wrapped would mix the cards' lines."""
    colours = splash_colours(app)
    cards = state.tableaus[seat]
    room = int(app.size.width * 0.9) - 8
    width = max(6, min(width, (room + 1) // max(len(cards), 1) - 1))
    blocks = [
        card_lines(
            cid, width, colours, (cid * 2 in state.pearls[seat], cid * 2 + 1 in state.pearls[seat])
        )
        for cid in cards
    ]
    out = Text(no_wrap=True, overflow="crop")
    for line in range(3):
        if line:
            out.append("\n")
        for pos, block in enumerate(blocks):
            if pos:
                out.append(" ")
            out.append_text(block[line])
    return out


def overview_parts(screen: GameScreen) -> list[tuple[str, Any]]:
    """The blocks of the ``o`` window, from what ``screen`` shows."""
    state: State = screen.shown
    totals = scores(state)
    parts: list[tuple[str, Any]] = []
    for seat in range(state.players):
        held = ", ".join(MISSIONS[m].text for m in state.held[seat]) or "none"
        parts.append(
            (
                f"{screen.player_name(seat)}: {plural(totals[seat], 'point')}, "
                f"{state.oxygen[seat]} oxygen; missions: {held}",
                tableau_text(screen.app, state, seat),
            )
        )
    lines = Text()
    for key, mission in enumerate(state.open_missions, 1):
        card = MISSIONS[mission]
        can = qualifiers(state, mission)
        lines.append(
            f"{key} {GROUPS[card.group]:<7} {card.text}, "
            f"{plural(card.points, 'point')}"
            + (f"  (players who may take it now: {seats_text(can)})" if can else "")
            + "\n"
        )
    lines.append(f"Mission pile: {len(state.mission_deck)}; draw pile: {len(state.deck)}")
    parts.append(("Missions on display", lines))
    ending = ENDINGS[state.ending]
    values, shares = ending_values(state), ending_shares(state)
    now = ", ".join(
        f"Player {s + 1}: {v} ({plural(shares[s], 'point')} now)" for s, v in enumerate(values)
    )
    parts.append(
        (
            f"End scoring: {ending.name}",
            Text(
                f"{ending.text}: {ending.best} points for the best, {ending.second} for "
                f"the second (ties share).\n{now}"
            ),
        )
    )
    return parts
