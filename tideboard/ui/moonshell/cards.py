"""Objective cards: the secret offers in the keep phase and the objectives window (key o)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events

from tideboard.games.moonshell import scoring
from tideboard.games.moonshell.content import CARDS, DECK_TITLES, PATTERN_CARDS, PatternCard
from tideboard.ui.moonshell.chest import chest_text
from tideboard.ui.moonshell.mermaids import advanced_parts
from tideboard.ui.moonshell.tiles import (
    MOON_GLYPH,
    REEF_PAIR_GLYPH,
    THICK,
    URCHIN_GLYPH,
    pattern_lines,
    shell_colours,
    type_chip,
)
from tideboard.ui.shared import (
    ROUNDED,
    CellClicked,
    card_frame,
    grid_of,
    side_by_side,
    theme_colour,
)
from tideboard.ui.shared.cell_grid import CellGrid, text_canvas

# -- secret objective cards ---------------------------------------------------------
OFFER_W = 17


def secret_card_lines(
    app: Any, card_id: str, selected: bool, number: int | None, width: int = OFFER_W
) -> list[Text]:
    """A secret objective card, ``width`` x 8: its number and id in the top
    border, the name, what the X tiles share, points, and the pattern."""
    colours = shell_colours(app)
    accent_hex = theme_colour(app, "accent", "#f4a261")
    card = PATTERN_CARDS[card_id]
    inner = width - 2
    edge = Style(color=accent_hex, bold=True) if selected else Style(dim=True)
    head = f"{number}: {card.id}" if number is not None else card.id
    # in words a new player reads: "X: one colour", "4 pts, 2 times", "may turn" (the
    # whole sentence is under the scores while the card is chosen)
    body: list[Text] = [Text(card.name, style="bold"), Text(f"X: one {card.same}")]
    times = f", {card.seahorses} times" if card.seahorses > 1 else ""
    body.append(Text(f"{card.points} {'pts' if times else 'points'}{times}"))
    body += pattern_lines(card, colours, accent_hex)
    if len(body) < 6:
        body.append(Text("may turn, flip" if card.turn else "shift only", style="dim"))
    while len(body) < 6:
        body.append(Text())
    top = Text(f" {head} ", style=Style(bold=True, color=accent_hex) if selected else "bold")
    mark = Text(" ✓ chosen " if selected else "", style=Style(bold=True, color=accent_hex))
    return card_frame(body, inner, edge, THICK if selected else ROUNDED, top=top, bottom=mark)


class OfferStrip(CellGrid):
    """The two secret objectives dealt to you in the keep phase.

    The screen sets the attributes and calls :meth:`redraw`.  A click posts
    ``CellClicked(self, offer index 0-1)``.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.offers: tuple[str, ...] = ()
        self.selected = 0
        self.note = ""

    def redraw(self) -> None:
        if self.note or not self.offers:
            self.paint(text_canvas([Text(self.note or "", style="italic")]))
            return
        self.paint(
            text_canvas(
                side_by_side(
                    [
                        secret_card_lines(self.app, card, i == self.selected, i + 1)
                        for i, card in enumerate(self.offers)
                    ]
                )
            )
        )

    def on_click(self, event: events.Click) -> None:
        index = event.x // (OFFER_W + 1)
        if 0 <= index < len(self.offers):
            self.post_message(CellClicked(self, index))


# -- the full objectives view (key o) ------------------------------------------------
def objective_card_lines(app: Any, card_id: str, width: int = 20) -> list[Text]:
    colours = shell_colours(app)
    accent_hex = theme_colour(app, "accent", "#f4a261")
    card = CARDS[card_id]
    inner = width - 2
    body: list[Text] = [Text(f"{DECK_TITLES[card.deck]} {card.id}", style="bold")]
    if isinstance(card, PatternCard):
        body.append(Text(card.name))
        body += pattern_lines(card, colours, accent_hex)
        if card.deck == "secret":
            body.append(
                Text(
                    f"one {card.same}: {card.points}pt"
                    + (f" x{card.seahorses}" if card.seahorses > 1 else "")
                )
            )
        else:
            body.append(Text(f"{card.points} points, once"))
        body.append(Text("may turn & flip" if card.turn else "shift only", style="dim"))
    else:
        if card.deck == "pair":
            body.append(Text("a pair is one"))
            for bit in card.types:
                body.append(type_chip(bit, colours))
            body.append(Text("2 each, ≤6 pairs"))
        elif card.deck == "trove":
            body.append(Text("most tiles of" if len(card.types) == 1 else "most tiles, either"))
            for bit in card.types:
                body.append(type_chip(bit, colours))
            body.append(Text("6 to all tied"))
        else:
            body.append(Text("each tile of" if len(card.types) == 1 else "each tile, either"))
            for bit in card.types:
                body.append(type_chip(bit, colours))
            body.append(Text("1 each, up to 12"))
    return card_frame(body, inner, Style(dim=True))


def objective_parts(
    app: Any, shown: Any, me: int, viewer: int | None, who: Any, reef: bool
) -> list[tuple[str, Any]]:
    """The objectives window (key o): the open objectives, the running scores, your secret
    (if ``viewer`` may see it), every chest and the automaton's last turn."""
    parts: list[tuple[str, Any]] = []
    scores = [scoring.breakdown(shown, s, secret=False) for s in range(shown.players)]
    width = max(20, int(app.size.width * 0.9) - 10)
    cards = [objective_card_lines(app, c) for c in shown.open_cards]
    parts.append(("Open objectives (everyone scores them)", grid_of(cards, width)))
    table = Table(box=None, padding=(0, 1))
    table.add_column("Now")
    for card_id in shown.open_cards:
        table.add_column(card_id, justify="right")
    for head in (URCHIN_GLYPH, *[REEF_PAIR_GLYPH] * reef, MOON_GLYPH, "Total"):
        table.add_column(head, justify="right")
    for seat in range(shown.players):
        row = scores[seat]
        table.add_row(
            who(seat),
            *[str(row[CARDS[c].deck]) for c in shown.open_cards],
            *[str(row[k]) for k in ("urchins", *["reef"] * reef, "moonshell", "total")],
        )
    parts.append(("Running scores (secret objectives are added at the end)", table))
    secret = shown.secrets[me] if viewer is not None else ""
    if secret and secret in CARDS:
        points = scoring.breakdown(shown, me)["secret"]
        parts.append(
            (
                f"Your secret objective (only you see it): {points} now",
                grid_of([objective_card_lines(app, secret)], width),
            )
        )
    blocks: list[list[Text]] = []
    for seat in range(shown.players):
        title = Text(f"{who(seat)[:20]}: {scores[seat]['total']}", style="bold")
        blocks.append([title, *chest_text(app, shown.chests[seat], header=False).split()])
    parts.append(("Treasure chests", grid_of(blocks, width, gap=3)))
    if shown.solo and shown.auto_log:
        steps = Text("\n").join(Text(f"{i}. {line}") for i, line in enumerate(shown.auto_log, 1))
        parts.append(("The automaton's last turn", steps))
    return parts + advanced_parts(shown, who)
