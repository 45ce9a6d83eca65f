"""Mermaid Rain's log lines (``describe``) and the words they share with the
screen: safe for every seat (a reveal names what everyone now sees)."""

from __future__ import annotations

from tideboard.engine.core import seat_label
from tideboard.games.mermaid_rain.content import (
    KINDS,
    MELD_NAMES,
    MERMAID,
    SHAPES,
    SYMBOL_NAMES,
    TILE_DARK,
    TILE_SHAPE,
    TILE_SYMBOL,
    TREASURE_KINDS,
)
from tideboard.games.mermaid_rain.rules import cell_name, letters
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HIDDEN,
    MELD,
    OVER,
    Action,
    Draw,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Move,
    Pick,
    Place,
    Show,
    State,
    Take,
    Teleport,
)


def tile_text(tile: int) -> str:
    """A surf tile in a sentence: "a dark Seagull tri tile"."""
    if tile == HIDDEN:
        return "a face-down surf tile"
    dark = "dark " if TILE_DARK[tile] else ""
    return f"a {dark}{SYMBOL_NAMES[TILE_SYMBOL[tile]]} {SHAPES[TILE_SHAPE[tile]]} tile"


def pay_words(cards: tuple[int, ...]) -> str:
    """What a move costs: "a Dolphin", or a wild pair, "two Seagulls (a pair as a wild)"."""
    if len(cards) == 1:
        return f"a {KINDS[cards[0]]}"
    a, b = cards
    both = f"two {KINDS[a]}s" if a == b else f"a {KINDS[a]} and a {KINDS[b]}"
    return f"{both} (a pair as a wild)"


def treasure_text(state: State, tid: int) -> str:
    """A treasure as everybody sees it: its kind when face up, else 'face-down'."""
    if tid in state.face_up:
        return f"a face-up {TREASURE_KINDS[state.kinds[tid]]}"
    return "a face-down treasure"


def describe(before: State, action: Action, after: State) -> str:
    who = seat_label(action.seat)
    if isinstance(action, Show):
        lines = [f"{who} has chosen."]
        if all(c is None for c in after.chosen):  # the last choice: all are revealed
            lines.append(reveal_text(before, action, after))
        return "\n".join(lines)
    if isinstance(action, Pick):
        return f"{who} picks {tile_text(action.tile)}."
    if isinstance(action, Draw):
        return f"{who} takes a face-down {SHAPES[action.shape]} tile (Aquamarine Waltz)."
    if isinstance(action, Enter):
        return f"{who} starts at {cell_name(action.cell)}."
    if isinstance(action, Place):
        cells = " ".join(cell_name(c) for c in action.cells)
        return f"{who} lays {tile_text(action.tile)} on {cells}."
    if isinstance(action, Drop):
        secret = before.extra[action.seat] == action.tile
        text = "a face-down surf tile" if secret else tile_text(action.tile)
        return f"{who} discards {text} without laying it."
    if isinstance(action, Move):
        return f"{who} moves to {cell_name(action.to)} paying {pay_words(action.cards)}."
    if isinstance(action, Teleport):
        return f"{who} teleports to {cell_name(action.to)} (Mermaid Rain)."
    if isinstance(action, Take):
        tid = before.spaces[before.at[action.seat]][action.index]
        return f"{who} collects {treasure_text(before, tid)} (+2)."
    if isinstance(action, End):
        return f"{who} ends the turn." + _round_end_text(before, after)
    if isinstance(action, Home):
        return f"{who} returns to {cell_name(action.cell)}." + _round_end_text(before, after)
    if isinstance(action, Keep):
        text = f"{who} keeps two cards."
        if before.phase == DISCARD and after.phase != DISCARD:
            text += f"\nRound {after.round} begins: seven cards each; surf tiles turn over."
        return text
    return str(action)


def own_choice_words(action: Action) -> str | None:
    """A seat's own hidden choice in words, for its hints (the log says only that it
    has chosen): "start your meld with two Dolphins", "add a Sea Turtle to your
    meld", "stop your meld (the Mermaid card)", "keep a Dolphin and a Seagull"."""
    if isinstance(action, Show):
        if action.cards == (MERMAID,):
            return "stop your meld (the Mermaid card)"
        if len(action.cards) == 1:
            return f"add {_cards_words(action.cards)} to your meld"
        return f"start your meld with {_cards_words(action.cards)}"
    if isinstance(action, Keep):
        return f"keep {_cards_words(action.cards)}"
    return None


def _cards_words(cards: tuple[int, ...]) -> str:
    names = [SYMBOL_NAMES[card] for card in cards]
    if len(names) == 2 and names[0] == names[1]:
        return f"two {names[0]}s"
    return " and ".join(f"a {name}" for name in names)


def reveal_text(before: State, action: Show, after: State) -> str:
    shown = []
    for s in range(before.players):
        cards = action.cards if s == action.seat else before.chosen[s]
        if cards is None:
            continue
        shown.append(
            f"P{s + 1} stops" if cards == (MERMAID,) else f"P{s + 1} shows {letters(cards).upper()}"
        )
    text = "Revealed: " + ", ".join(shown) + "."
    if after.phase != MELD:
        order = ", ".join(f"P{s + 1} {MELD_NAMES[after.ranks[s]]}" for s in after.order)
        text += f"\nMelds: {order}. Player {after.prince + 1} takes the Prince card."
        for s in after.order:
            won = after.owned[s][len(before.owned[s]) :]
            if won:  # Ocean March: a pool treasure, face up
                text += f"\nP{s + 1} takes {treasure_text(after, won[0])} from the pool."
    return text


def _round_end_text(before: State, after: State) -> str:
    if after.phase == OVER:
        return "\nThe fifth round is over: the tribute and the majorities are scored."
    if after.round != before.round:
        return f"\nRound {after.round} begins: seven cards each; surf tiles turn over."
    if after.phase != before.phase and after.phase in ("home", "discard"):
        removed = sum(
            1 for t, cells in enumerate(before.tile_cells) if cells and not after.tile_cells[t]
        )
        text = f"\nEnd of round {after.round}"
        if removed:
            text += (
                f": {removed} dark surf tiles leave the board"
                if removed != 1
                else ": a dark surf tile leaves the board"
            )
        return text + "."
    return ""
