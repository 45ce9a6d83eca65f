"""The players' table beside the grid and the end table, drawn from a state.

Pure functions of the (viewed) state and the seats' names, so the screen can
tell whether anything changed before it draws (see :func:`table_key`).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from tideboard.engine.plurals import plural
from tideboard.games.shifting_stones.content import END_TRIGGER, ONE_POINT_BONUS, SOLO_STRIKES
from tideboard.games.shifting_stones.scoring import bonus_seats, card_points, one_point_counts
from tideboard.games.shifting_stones.state import State

WIDE = 60  # from this many columns the table spells its headings out
MOST = 72  # the table's widest: in a wider panel each number stays near its heading


def pack(items: list[Text], width: int) -> Text:
    """``items`` two spaces apart, a new line before any item that would not fit
    whole on the current one (so "Ends at 10 cards" never breaks in the middle)."""
    out, used = Text(), 0
    for item in items:
        if used and used + 2 + item.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(item)
        used += item.cell_len
    return out


def table_key(shown: State, current: tuple[int, ...], width: int) -> tuple:
    """Everything the side table shows: equal keys draw the same table."""
    return (
        shown.players,
        shown.solo,
        shown.over,
        shown.end_triggered,
        shown.strikes,
        len(shown.deck),
        len(shown.discard),
        shown.skipped_last,
        current,
        width,
        tuple(len(hand) for hand in shown.hands),
        shown.scored,
    )


def side_table(
    shown: State,
    name: Callable[[int], str],
    current: tuple[int, ...],
    totals: tuple[int, ...],
    width: int,
    winners: set[int],
    roomy: bool = False,
) -> Group:
    """The players (hand, scored, 1-point cards, points) and the deck, discard and end
    condition; at game over the bonus and the totals, as the result box counts them.

    From ``WIDE`` columns the headings are spelled out and a column shows who
    would get the bonus now; ``roomy`` (a tall terminal) adds a line on the bonus."""
    if shown.over and not shown.solo:
        return Group(
            final_table(shown, name, totals, winners, narrow=width < WIDE),
            Text(f"Game over: the most 1-point cards earn +{ONE_POINT_BONUS}.", style="dim"),
        )
    wide = width >= WIDE
    width = min(width, MOST)
    table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, width=width)
    table.add_column("", width=1)
    table.add_column("Player", ratio=1, no_wrap=True)
    table.add_column("Hand", justify="right")
    table.add_column("Scored", justify="right")
    if not shown.solo:  # the 1-point bonus is not played solo
        table.add_column(("1-pt cards" if roomy else "1-pt") if wide else "1s", justify="right")
    table.add_column("Points" if wide else "Pts", justify="right")
    ones = one_point_counts(shown)
    bonus = set(bonus_seats(shown))  # who would get it if the game ended now
    if wide and not shown.solo:
        table.add_column("Bonus now", justify="right")
    for seat in range(shown.players):
        row = [
            "▶" if current and current[0] == seat else "",
            name(seat) + (" ↺" if shown.skipped_last[seat] else ""),
            str(len(shown.hands[seat])),
            str(len(shown.scored[seat])),
        ]
        if not shown.solo:
            row.append(str(ones[seat]))
        row.append(str(card_points(shown, seat)))
        if wide and not shown.solo:
            row.append(f"+{ONE_POINT_BONUS}" if seat in bonus else "")
        table.add_row(*row)
    items = [Text(f"Deck {len(shown.deck)}"), Text(f"Discard {len(shown.discard)}")]
    if shown.solo:
        items.append(
            Text(
                f"Strikes {shown.strikes}/{SOLO_STRIKES}", style="bold red" if shown.strikes else ""
            )
        )
        items.append(Text(f"Scored {len(shown.scored[0])}/16"))
    elif shown.end_triggered:
        items.append(
            Text(
                "Last round: the game ends before Player 1's next turn."
                if roomy and wide
                else "Last round!",
                style="bold",
            )
        )
    elif roomy and wide:
        items.append(
            Text(
                f"Ends once someone has {END_TRIGGER[shown.players]} cards scored "
                "(that round is played out)"
            )
        )
    else:
        items.append(Text(f"Ends at {END_TRIGGER[shown.players]} cards scored"))
    if bonus and not wide:
        # (the names as the table shows them, without "(you)", "(medium)": at a
        # server table "ana, You", at a local one "Player 1, Player 2")
        holders = ", ".join(name(s).split(" (")[0] for s in sorted(bonus))
        items.append(Text(f"+{ONE_POINT_BONUS} bonus for most 1s now: {holders}", style="dim"))
    if roomy and wide and not shown.solo:
        items.append(
            Text(
                f"At the end: +{ONE_POINT_BONUS} for the most 1-point cards (each on a tie)",
                style="dim",
            )
        )
    return Group(table, pack(items, width))


def final_table(
    state: State,
    name: Callable[[int], str],
    totals: tuple[int, ...],
    winners: set[int],
    narrow: bool = False,
) -> Table:
    """The end: cards scored, 1-point cards, card points, the bonus and the total
    (solo: the cards, the strikes, the points); ``narrow`` leaves out the cards
    scored, so that the points, the bonus and the total fit beside the grid."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    if state.solo:
        for col in ("Player", "Scored", "Strikes", "Points"):
            table.add_column(col, justify="left" if col == "Player" else "right")
        table.add_row(
            name(0),
            f"{len(state.scored[0])}/16",
            f"{state.strikes}/{SOLO_STRIKES}",
            str(card_points(state, 0)),
        )
        return table
    columns = (
        ("Player", "1s", "Pts", "Bonus", "Total")
        if narrow
        else ("Player", "Scored", "1s", "Points", "Bonus", "Total")
    )
    for col in columns:
        table.add_column(
            col, justify="left" if col == "Player" else "right", no_wrap=col == "Player"
        )
    bonus = set(bonus_seats(state))
    ones = one_point_counts(state)
    for seat in range(state.players):
        scored = [] if narrow else [str(len(state.scored[seat]))]
        table.add_row(
            ("★ " if seat in winners else "  ") + name(seat),
            *scored,
            str(ones[seat]),
            str(card_points(state, seat)),
            f"+{ONE_POINT_BONUS}" if seat in bonus else "",
            str(totals[seat]),
        )
    return table


def scored_title(name: str, shown: State, seat: int) -> str:
    """A heading of the scored/discard view: "Player 1: 1 card scored, 3 points"."""
    return (
        f"{name}: {plural(len(shown.scored[seat]), 'card')} scored, "
        f"{plural(card_points(shown, seat), 'point')}"
    )
