"""Moonshell's moves on your turn, from a key or a click: the pull (previewed first), the
collect (the rock, then the chest column), the moonshell, rotating and passing.  Functions
of the :class:`~tideboard.ui.moonshell.modes.Turn` (its mode and cursors), which the
screen's key actions and clicks call; they name it by the ``MoonshellTurn`` Protocol
(``table.py``), as ``modes.py`` imports them."""

from __future__ import annotations

from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CENTRE, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.state import (
    DECLINE,
    EVENT,
    MOON,
    PASS,
    ROTATE,
    Collect,
    Keep,
    Pass,
    Pull,
    Rotate,
    State,
)
from tideboard.ui.moonshell.previews import one_rock_pull, pulled
from tideboard.ui.moonshell.table import MoonshellTurn
from tideboard.ui.moonshell.tiles import ROCK_WORDS


def show_hint(turn: MoonshellTurn, action: object) -> str | None:
    """A hinted secret objective is chosen (k keeps it); a hinted pull previewed (p
    or Enter pulls); a hinted collect or moonshell previewed over its chest column
    (Enter drops it); a rotation or a pass: its own key.  The key that makes the
    hinted move (None: none does now)."""
    state: State = turn.state
    if isinstance(action, Keep) and turn.in_keep():
        offers = state.offers[state.current]
        if action.card in offers:
            turn.offer = offers.index(action.card)
            turn.screen.refresh_table()
            return "k"
    elif isinstance(action, Pull) and not action.power and not turn.in_keep():
        turn.mode, turn.column, turn.first = None, action.column, action.first or 0
        if turn.pulling() == action:
            start_pull(turn)
            return "Enter" if turn.mode == "pull" else None
    elif (
        isinstance(action, Collect)
        and action.saved == -1
        and 0 <= action.column < CHEST_COLUMNS
        and not turn.in_keep()
    ):
        turn.source, turn.chest_column, turn.mode = action.source, action.column, "chest"
        turn.refresh()
        return "Enter"
    elif isinstance(action, Rotate) and not action.twice:
        return "r"
    elif isinstance(action, Pass):
        return "x"
    return None


def pull(turn: MoonshellTurn) -> None:
    """p: preview the cursor's column's pull; again: pull."""
    turn.touch()
    if turn.mine() is None or turn.answering():
        return
    if turn.mode == "pull":
        confirm_pull(turn)
        return
    start_pull(turn)


def start_pull(turn: MoonshellTurn) -> None:
    if turn.in_keep():
        turn.illegal(turn.pulling())
        return
    state: State = turn.state
    if rules.seat_rocks(state, state.current) != (EMPTY, EMPTY) and not one_rock_pull(state):
        try:
            rules.pull(state, state.current, turn.column, turn.pulling().first)
        except IllegalAction as error:
            turn.mode = None
            turn.screen.refresh_table()
            turn.screen.say(f"{error} Collect them first (c).", error=True)
            return
    turn.mode = "pull"
    turn.refresh()


def confirm_pull(turn: MoonshellTurn) -> None:
    action = turn.pulling()
    try:
        pulled(turn.screen.game, turn.state, action)
    except IllegalAction as error:
        turn.screen.say(str(error), error=True)
        return
    turn.play(action, note=f"Pulled column {action.column + 1}.")


def collect(turn: MoonshellTurn) -> None:
    """c: pick the rock (when both hold a tile), then the chest column."""
    turn.touch()
    seat = turn.mine()
    if seat is None or turn.answering():
        return
    state: State = turn.state
    if turn.in_keep():
        turn.illegal(Collect(0, 0))
        return
    if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
        turn.screen.say(
            "Your treasure chest is full: you may rotate, pull or pass (x).", error=True
        )
        return
    rocks = rules.seat_rocks(state, seat)
    present = [k for k in (0, 1) if rocks[k] != EMPTY]
    if not present:
        turn.mode = None
        turn.screen.refresh_table()
        turn.screen.say(
            "There is no tile on your rocks to collect: pull a column first (p).", error=True
        )
        return
    if len(present) == 2 and turn.mode != "rock":
        turn.mode = "rock"
        turn.rock = turn.rock if turn.rock in present else 0
    else:
        turn.source = turn.rock if turn.mode == "rock" else present[0]
        enter_chest(turn)
        return
    turn.refresh()


def enter_chest(turn: MoonshellTurn) -> None:
    """Pick the chest column next (an open one)."""
    chest = turn.state.chests[turn.state.current]
    if len(chest[turn.chest_column]) >= CHEST_ROWS or turn.mode != "chest":
        open_columns = [c for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
        if turn.chest_column not in open_columns and open_columns:
            turn.chest_column = open_columns[0]
    turn.mode = "chest"
    turn.refresh()


def place_moonshell(turn: MoonshellTurn) -> None:
    """m: place your moonshell (pick the chest column next)."""
    turn.touch()
    seat = turn.mine()
    if seat is None or turn.answering():
        return
    state: State = turn.state
    if turn.in_keep():
        turn.illegal(Collect(MOON, 0))
        return
    if not state.moonshells[seat]:
        turn.screen.say("Your moonshell is already in your treasure chest.", error=True)
        return
    if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
        turn.screen.say(
            "Your treasure chest is full: there is no room for the moonshell.", error=True
        )
        return
    turn.source = MOON
    enter_chest(turn)


def rotate(turn: MoonshellTurn) -> None:
    """r: turn the ocean a quarter (an action)."""
    turn.touch()
    if turn.mine() is None or turn.answering():
        return
    if turn.in_keep():
        turn.illegal(ROTATE)
        return
    turn.play(ROTATE, note=f"The ocean turned {turn.state.direction}.")


def pass_turn(turn: MoonshellTurn) -> None:
    """x: pass with a full chest (asked first); in Moonrise, decline the offer."""
    turn.touch()
    seat = turn.mine()
    if seat is not None and turn.state.phase == EVENT:
        turn.screen.ask(
            "Moonrise: let the offer go and keep your moonshell in reserve "
            "(it may still be placed later, as an action)?",
            "Decline",
            "Not yet",
            lambda yes: yes and turn.play(DECLINE, note="You keep your moonshell."),
        )
        return
    if seat is None or turn.answering():
        return
    if rules.chest_count(turn.state.chests[seat]) < CHEST_SIZE and turn.illegal(PASS):
        return
    n = turn.state.actions_left
    turn.screen.ask(
        f"Pass: give up your {n} remaining action{'s' if n != 1 else ''}?",
        "Pass",
        "Keep playing",
        lambda yes: yes and turn.play(PASS),
    )


# -- clicks -----------------------------------------------------------------------------
def ocean_click(turn: MoonshellTurn, key: tuple) -> None:
    """A click on the ocean board: a column previews its pull (again: pulls), your rock
    collects from it; while aiming, the lit place it names."""
    kind, index = key[:2]
    turn.touch()
    seat = turn.mine()
    if seat is not None and (aim := turn.aimed()) is not None:
        aim.click(
            [("cell", key[2]), ("col", index), ("col", index - 1)]
            if kind == "column"
            else [(kind, index)]
        )
        return
    if seat is None or turn.answering() or kind == "corner":
        return
    if kind == "column":
        if turn.mode == "pull" and turn.column == index:
            confirm_pull(turn)
            return
        turn.column = index
        start_pull(turn)
        return
    state: State = turn.state
    if index // 2 != state.sides[seat]:
        turn.screen.say(
            "That rock is not in front of you: you collect only from your own "
            "two rocks (at the bottom).",
            error=True,
        )
        return
    k = index % 2
    if turn.mode == "pull" and turn.column == CENTRE:
        turn.first = k
        turn.refresh()
        return
    if rules.seat_rocks(state, seat)[k] == EMPTY:
        turn.screen.say(f"There is no tile on your {ROCK_WORDS[k]} rock.", error=True)
        return
    turn.rock = turn.source = k
    turn.mode = "rock"
    enter_chest(turn)


def chest_click(turn: MoonshellTurn, key: tuple[int, int | None]) -> None:
    """A click on your chest: the column the tile drops into (again: drops it)."""
    column, row = key
    turn.touch()
    seat = turn.mine()
    if seat is not None and (aim := turn.aimed()) is not None:
        aim.click(([] if row is None else [("slot", row * 4 + column)]) + [("chest", column)])
        return
    if seat is None or turn.in_keep() or turn.answering():
        return
    if turn.mode == "chest" and turn.chest_column == column:
        turn.confirm()
        return
    if turn.mode == "rock":
        turn.source = turn.rock
    elif turn.mode != "chest":
        rocks = rules.seat_rocks(turn.state, seat)
        present = [k for k in (0, 1) if rocks[k] != EMPTY]
        if len(present) != 1:
            collect(turn)
            return
        turn.source = present[0]
    turn.mode, turn.chest_column = "chest", column
    turn.refresh()


def offer_click(turn: MoonshellTurn, index: int) -> None:
    """A click on a secret objective in the keep phase: choose it (again: keep it)."""
    turn.touch()
    if turn.mine() is None or not turn.in_keep():
        return
    if turn.offer == index:
        turn.keep()
        return
    turn.offer = index
    state = turn.state
    turn.screen.refresh_table()
    turn.screen.say(
        f"Secret {state.offers[state.current][turn.offer]} chosen: "
        "click it again, k or Enter asks to keep it, then y keeps it."
    )
