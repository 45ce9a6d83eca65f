"""Moonshell previews: what a pull or a collect would do, said before Enter.  Functions
of the state (the turn in ``modes.py`` keeps the column, the rock and the chest column)."""

from __future__ import annotations

import textwrap
from typing import Any

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import CENTRE, CHEST_ROWS, EMPTY, MOONSHELL, URCHIN
from tideboard.games.moonshell.reef import SPRING_TIDE
from tideboard.games.moonshell.state import MOON, Collect, Pull, State
from tideboard.ui.moonshell.tiles import (
    MOON_GLYPH,
    ROCK_WORDS,
    UNKNOWN,
    URCHIN_GLYPH,
    fits_text,
    tile_said,
    tile_word_name,
)


def fits_status(app: Any, message: str) -> bool:
    """True if ``message`` fits the two lines of the status line."""
    return len(textwrap.wrap(message, max(20, app.size.width - 2))) <= 2


def fitting(app: Any, head: str, *keys: str) -> str:
    """``head`` and the first of ``keys`` (longest first) that fits the status line
    with it; the last if none does (the footer lists the keys too)."""
    for tail in keys:
        message = f"{head} {tail}"
        if fits_status(app, message):
            break
    return message


# -- pulls --------------------------------------------------------------------------
def one_rock_pull(state: State) -> bool:
    """Spring Tide with one of your rocks open: a pull takes one tile onto it."""
    left, right = rules.seat_rocks(state, state.current)
    return state.event == SPRING_TIDE and (left == EMPTY) != (right == EMPTY)


def pull_action(state: State, column: int, first: int) -> Pull:
    """The pull of ``column`` (``first``: the rock of the centre column's nearest tile)."""
    if one_rock_pull(state):
        return Pull(column)
    return Pull(column, first if column == CENTRE else None)


def pulled(game: Any, state: State, action: Pull) -> State:
    """The table after ``action`` with the tiles it would draw from the bag UNKNOWN;
    IllegalAction (with the rules' reason) if it may not be taken now."""
    seat = state.current
    if action not in game.legal_actions(state):
        game.apply(state, action)  # raises with the reason
        raise IllegalAction("That pull is not possible now.")
    masked = evolve(state, bag=(UNKNOWN,) * len(state.bag))
    if one_rock_pull(state):
        return rules.pull_one(masked, seat, action.column, None)
    return rules.pull(masked, seat, action.column, action.first)


def pull_preview(game: Any, state: State, action: Pull) -> tuple[State, set[int], set[int]] | None:
    """The state after the pull with the refilled spaces unknown (they come from the
    bag), and the cells that changed; None if it is illegal."""
    try:
        after = pulled(game, state, action)
    except IllegalAction:
        return None
    unknown = {cell for cell in range(25) if after.ocean[cell] == UNKNOWN}
    moved = {cell for cell in range(25) if after.ocean[cell] != state.ocean[cell]}
    return after, unknown, moved


def pull_words(app: Any, game: Any, state: State, action: Pull) -> tuple[str, bool]:
    """What the pull would do, for the status line (and whether that is an error)."""
    seat = state.current
    try:
        after = pulled(game, state, action)
    except IllegalAction as error:
        return f"{error} (←/→ another column, Esc cancels)", True
    before, got = rules.seat_rocks(state, seat), rules.seat_rocks(after, seat)
    parts = [
        f"{tile_word_name(got[k])} to your {ROCK_WORDS[k]} rock"
        for k in (0, 1)
        if got[k] != before[k]
    ]
    refill = sum(1 for t in after.ocean if t == UNKNOWN)
    centre = " ↑/↓ switch rocks." if action.column == CENTRE and action.first is not None else ""
    spring = "Spring Tide: one tile. " if one_rock_pull(state) else ""
    head = f"{spring}Pull column {action.column + 1}: {', '.join(parts)}; {refill} new from the bag (??)."
    keys = "Enter pulls (no undo), ←/→ column, Esc cancels."
    short = "Enter pulls (no undo), Esc cancels."
    if centre:
        return fitting(app, head + centre, keys, short, "Enter pulls, Esc cancels."), False
    return fitting(app, head, keys, short, "Enter pulls, Esc cancels."), False


# -- collects -----------------------------------------------------------------------
def source_tile(state: State, source: int) -> int:
    """The tile a collect from ``source`` (a rock, or MOON) takes."""
    if source == MOON:
        return MOONSHELL
    return rules.seat_rocks(state, state.current)[source]


def collect_words(app: Any, state: State, source: int, column: int) -> tuple[str, bool]:
    """What dropping the tile into chest ``column`` would do (and whether that is an error)."""
    seat = state.current
    tile = source_tile(state, source)
    what = "your moonshell" if source == MOON else f"the {tile_said(tile)}"
    chest_column = state.chests[seat][column]
    if len(chest_column) >= CHEST_ROWS:
        return (
            f"Column {column + 1} of your treasure chest is full; choose another column "
            "(←/→ or 1-4)."
        ), True
    row = len(chest_column) + 1
    where = "the floor" if row == 1 else f"row {row}"
    head = f"Drop {what} into chest column {column + 1} (sinks to {where}, ▶ ◀)"
    gain = gain_text(state, source, column, tile)
    for keys in (
        "Enter drops it, ←/→ or 1-4 another column, Esc cancels.",
        "Enter drops it, Esc cancels.",
        "Enter drops it.",
    ):
        message = f"{head}: {gain}. {keys}"
        if fits_status(app, message):
            break
    return message, False


def gain_text(state: State, source: int, column: int, tile: int) -> str:
    """What the pending collect does for you: the open objectives the tile
    fits and the points it adds now (your secret objective included)."""
    seat = state.current
    try:
        after = rules.collect(state, seat, Collect(source, column))
    except IllegalAction:
        return fits_text(tile, state.open_cards)
    before_score = scoring.breakdown(state, seat)
    after_score = scoring.breakdown(after, seat)
    gains = []
    for deck, card_id in zip(
        ("composition", "array", "pair", "trove", "collector"), state.open_cards
    ):
        delta = after_score[deck] - before_score[deck]
        if delta:
            gains.append(f"{card_id} {delta:+d}")
    for key, label in (
        ("secret", "secret"),
        ("urchins", URCHIN_GLYPH),
        ("moonshell", "unused " + MOON_GLYPH),
    ):
        delta = after_score[key] - before_score[key]
        if delta:
            gains.append(f"{label} {delta:+d}")
    total = after_score["total"] - before_score["total"]
    fits = fits_text(tile, state.open_cards) if tile != URCHIN else "no objective"
    if not gains:
        return f"{fits}, no points yet"
    return f"{fits}; {total:+d} now ({', '.join(gains)})"


def rock_choice_words(app: Any, state: State) -> str:
    """The question when both your rocks hold a tile: which one to collect."""
    left, right = rules.seat_rocks(state, state.current)
    cards = state.open_cards
    return fitting(
        app,
        f"Collect which? L {tile_said(left)} ({fits_text(left, cards)}), "
        f"R {tile_said(right)} ({fits_text(right, cards)}).",
        "←/→ choose, Enter takes it (or 1-4: it, to that chest column), Esc cancels.",
        "←/→ choose, Enter (or 1-4: to that chest column) takes it, Esc cancels.",
        "←/→, Enter or 1-4 takes it, Esc cancels.",
    )
