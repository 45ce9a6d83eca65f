"""The end of a game: the final table, the secret objectives revealed, and why the winner won
(points, then the rulebook's tie-breaks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from tideboard.engine.bots import level_name
from tideboard.games.moonshell import scoring
from tideboard.games.moonshell.content import PATTERN_CARDS
from tideboard.games.moonshell.state import State
from tideboard.ui.moonshell.tiles import MOON_GLYPH, REEF_PAIR_GLYPH, URCHIN_GLYPH, plural


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
        text += f"Tie-break 1, an unused moonshell: {' and '.join(name(s) for s in unused)}. "
        top = unused
    else:
        text += "Tie-break 1 (unused moonshell) does not separate them. "
    if len(top) > 1:
        tiles = {s: scoring.tiles_on_board(state, s) for s in top}
        fewest = min(tiles.values())
        if len(winners) < len(top):
            text += f"Tie-break 2, fewer tiles in the chest: {names} with {fewest}. "
        else:
            text += f"Tie-break 2 (fewer tiles, {fewest}) does not either: they share the victory."
    if len(winners) == 1 and not text.rstrip().endswith("victory."):
        text += f"{names} {'win' if names == 'You' else 'wins'}."
    return text.strip()


def end_table(
    state: State, reef: bool, end_name: Callable[[int], str], who: Callable[[int], str]
) -> Group:
    """Final points per category (columns named by the cards), then the winner with the
    tie-breaks explained; ``end_name`` names a row, ``who`` a player in the sentences."""
    winners = set(scoring.winners(state))
    # one space between the columns: a Lunar Reef game's eleven columns fit 80x24
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False)
    table.add_column("Player", no_wrap=True)
    heads = ["Sec", *state.open_cards, URCHIN_GLYPH, *[REEF_PAIR_GLYPH] * reef, MOON_GLYPH]
    keys = [
        "secret",
        "composition",
        "array",
        "pair",
        "trove",
        "collector",
        "urchins",
        *["reef"] * reef,
        "moonshell",
    ]
    for head in heads:
        table.add_column(head, justify="right")
    table.add_column("Tot", justify="right", style="bold")
    for seat in range(state.players):
        score = scoring.breakdown(state, seat)
        table.add_row(
            ("★ " if seat in winners else "  ") + end_name(seat),
            *[str(score[key]) for key in keys],
            str(score["total"]),
        )
    pairs = f", {REEF_PAIR_GLYPH} stacked anemone/clownfish pairs (3 each)" if reef else ""
    legend = Text(
        f"Sec secret objective, {URCHIN_GLYPH} urchins{pairs}, {MOON_GLYPH} unused moonshell",
        style="dim",
    )
    return Group(
        table,
        legend,
        secrets_revealed(state, end_name),
        Text(tiebreak_text(state, who), style="bold"),
    )


def secrets_revealed(state: State, end_name: Callable[[int], str]) -> Text:
    """Each player's secret objective, turned face up: what it asks for and what it scored."""
    out = Text("Secret objectives revealed", style="bold")
    for seat in range(state.players):
        card_id = state.secrets[seat]
        if not card_id or card_id not in PATTERN_CARDS:
            continue  # (the solo automaton has none)
        card = PATTERN_CARDS[card_id]
        points = scoring.breakdown(state, seat)["secret"]
        times = f" x{card.seahorses}" if card.seahorses > 1 else ""
        out.append(f"\n{end_name(seat)}: ")
        out.append(f"{card_id} {card.name}", style="bold")
        out.append(f" (one {card.same}, {card.points} pts{times}): ")
        out.append(f"scored {points}", style="bold")
    return out


def end_name(seat: int, solo: bool, bot_levels: dict[int, str], humans: list[int]) -> str:
    """A row of the end table; the one person playing against bots is '(you)'."""
    if solo:
        return "You" if seat == 0 else "Automaton"
    level = bot_levels.get(seat)
    if level:
        return f"Player {seat + 1} ({level_name(level)})"
    you = " (you)" if len(humans) == 1 else ""
    return f"Player {seat + 1}{you}"
