"""The side panel and the end table, drawn from a (viewed) state: pure functions, so
the screen can tell whether anything changed before it draws."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text

from tideboard.games.animal_splash.content import ENDINGS, GROUPS, MISSIONS, ROUNDS
from tideboard.games.animal_splash.moves import fulfils
from tideboard.games.animal_splash.scoring import (
    ending_shares,
    ending_values,
    mission_points,
    pearls,
    scores,
)
from tideboard.games.animal_splash.state import MOVE, TAKE, State

STEP_WORDS = {MOVE: "dive", TAKE: "take a card", "act": "act or end the turn"}


def qualifiers(state: State, mission: int) -> list[int]:
    """Seats that could take ``mission`` at the end of a turn now."""
    return [
        seat
        for seat in range(state.players)
        if fulfils(state, seat, mission, {MISSIONS[m].group for m in state.held[seat]})
    ]


def areas_words(areas: Sequence[tuple[int, int]]) -> str:
    """Tableau areas (position, area) in words: "the plants of cards 1, 2 and 3"."""
    parts = []
    for area, word in ((0, "animal"), (1, "plants")):
        cards = [str(pos + 1) for pos, a in sorted(areas) if a == area]
        if cards:
            many = len(cards) > 1
            listed = ", ".join(cards[:-1]) + " and " + cards[-1] if many else cards[0]
            noun = "animals" if many and area == 0 else word
            parts.append(f"the {noun} of card{'s' if many else ''} {listed}")
    return " and ".join(parts)


def seats_text(seats: list[int]) -> str:
    return ",".join(str(s + 1) for s in seats)


def side_info(
    shown: State, name: Callable[[int], str], colours: dict[str, str], wide: bool, fit: int = 0
) -> Text:
    """Round, players (oxygen, pearls, missions, points), missions, the end card.

    ``fit`` (80 columns, four or five players): the panel's width; then the missions
    and the end card take a line each, cut to it (``o`` shows them whole), so that the
    log below keeps some lines."""
    out = Text()
    width = 19 if wide else 13  # the names' column ("Player 2 (greedy)" whole when wide)
    if wide:
        if shown.over:
            out.append("Game over", style="bold")
        else:
            out.append(f"Round {shown.round} of {ROUNDS[shown.players]}", style="bold")
            out.append(f" · {name(shown.current)}: {STEP_WORDS[shown.phase]}")
        out.append("\n   " + "player".ljust(width) + "  O₂  ●  ✦  pts", style="dim")
    else:  # 80 columns: the round beside the columns' titles (the title bar names the step)
        out.append(
            ("Game over" if shown.over else f"Round {shown.round}/{ROUNDS[shown.players]}").ljust(
                width + 3
            ),
            style="bold",
        )
        out.append("  O₂  ●  ✦  pts", style="dim")
    totals = scores(shown)
    for seat in range(shown.players):
        mark = "▶" if seat == shown.current and not shown.over else " "
        out.append(f"\n{mark}")
        out.append(f"{seat + 1} ", style=Style(color=colours[f"seat{seat + 1}"], bold=True))
        label = name(seat)
        if not wide:  # "Player 2 (greedy)" as "P2 (greedy)": the column is 13 wide
            label = label.replace(f"Player {seat + 1}", f"P{seat + 1}", 1)
        label = label if len(label) <= width else label[: width - 1] + "…"
        out.append(f"{label:<{width}}")
        out.append(f"{shown.oxygen[seat]:>4}", style=Style(color=colours["oxygen"]))
        out.append(f"{pearls(shown, seat):>3}", style=Style(color=colours["pearl"]))
        out.append(f"{len(shown.held[seat]):>3}")
        out.append(f"{totals[seat]:>5}", style="bold")
    lines = (
        []
        if fit
        else [
            Text(
                "Missions" + (" (end of turn, one per colour)" if wide else "") + ":", style="bold"
            )
        ]
    )
    for key, mission in enumerate(shown.open_missions, 1):  # keys 1-3 take them
        card = MISSIONS[mission]
        line = Text(f"{key} ")
        line.append("■ ", style=Style(color=colours[GROUPS[card.group]]))
        line.append(f"{card.points}pt ", style="bold")
        line.append(card.text)
        can = qualifiers(shown, mission)
        if can:
            line.append(f" ✓{seats_text(can)}", style=Style(color=colours["green"], bold=True))
        lines.append(line)
    ending = ENDINGS[shown.ending]
    line = Text()
    line.append("End: ", style="bold")
    line.append(f"{ending.name} {ending.best}/{ending.second}pt", style="bold")
    line.append(f", {ending.text}")
    lines.append(line)
    values = ending_values(shown)
    shares = ending_shares(shown)
    now = [
        f"P{s + 1} {v}" + (f"→{shares[s]}pt" if shares[s] and not fit else "")
        for s, v in enumerate(values)
    ]
    lines.append(Text("  now: " + ", ".join(now), style="dim"))
    for line in lines:
        if fit:
            line.truncate(fit, overflow="ellipsis")
        out.append("\n")
        out.append_text(line)
    return out


def final_table(state: State, name: Callable[[int], str], winners: set[int]) -> Table:
    """Pearls, missions, the end card and the total per player, with the oxygen left."""
    ending = ENDINGS[state.ending].name  # the End column's card, named under the table
    table = Table(
        box=None,
        padding=(0, 1),
        show_edge=False,
        caption=f"End: the {ending} card",
        caption_justify="left",
    )
    for col in ("Player", "Pearls", "Missions", "End", "Total", "O₂"):
        table.add_column(col, justify="left" if col == "Player" else "right", no_wrap=True)
    shares = ending_shares(state)
    totals = scores(state)
    for seat in range(state.players):
        table.add_row(
            ("★ " if seat in winners else "  ") + name(seat),
            str(pearls(state, seat)),
            str(mission_points(state, seat)),
            str(shares[seat]),
            str(totals[seat]),
            str(state.oxygen[seat]),
        )
    return table
