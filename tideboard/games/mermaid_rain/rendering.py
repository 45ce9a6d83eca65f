"""Mermaid Rain as plain text (``tideboard script``) and as JSON (``--json``).

Both read a state as given: pass a view to show only what a seat may see.
"""

from __future__ import annotations

from typing import Any

from tideboard.games.mermaid_rain import spaces
from tideboard.games.mermaid_rain.content import (
    BASE,
    CELL_NAMES,
    COLS,
    MELD_NAMES,
    ROWS,
    SHAPES,
    SYMBOL_NAMES,
    TILE_DARK,
    TILE_SHAPE,
    TILE_SYMBOL,
    TREASURE_KINDS,
    TREASURE_LETTERS,
    UNDERCURRENTS,
)
from tideboard.games.mermaid_rain.scoring import breakdown, scores
from tideboard.games.mermaid_rain.state import CHOSEN, HIDDEN, State

SYMBOL_LETTERS = "DGTMS.#"


def treasure_letter(state: State, tid: int) -> str:
    kind = state.kinds[tid]
    letter = "?" if kind == HIDDEN else TREASURE_LETTERS[kind]
    return letter.upper() if tid in state.face_up else letter


def cell_text(state: State, cell: int) -> str:
    """Three characters: symbol (lower case on a surf tile), mermaid, treasures."""
    tile = state.cover[cell]
    if tile >= 0:
        sym = SYMBOL_LETTERS[TILE_SYMBOL[tile]].lower()
    else:
        sym = SYMBOL_LETTERS[BASE[cell]]
    space = spaces.space_of(state, cell)
    here = [str(s + 1) for s, at in enumerate(state.at) if at == space]
    mermaid = here[0] if len(here) == 1 else ("+" if here else " ")
    ids = state.spaces[cell]
    gold = (treasure_letter(state, ids[0]) if len(ids) == 1 else str(len(ids))) if ids else " "
    return sym + mermaid + gold


def render_text(state: State) -> str:
    lines = [
        f"Round {state.round} of 5, phase {state.phase}; Prince: Player {state.prince + 1}",
        "      " + "".join(f"{c + 1:<4}" for c in range(COLS)),
    ]
    for r in range(ROWS):
        pad = "  " if r % 2 else ""
        cells = " ".join(cell_text(state, r * COLS + c) for c in range(COLS))
        lines.append(f"  {'abcdefghi'[r]}  {pad}{cells}")
    lines.append(
        "Symbols D G T M (lower case on a surf tile), S start, . sea, # rock; "
        "then the mermaid's seat, then treasures (upper case face up, ? unknown)."
    )
    if state.offer:
        lines.append("Face-up surf tiles: " + ", ".join(tile_with_id(t) for t in state.offer))
    for s in range(state.players):
        h = state.hands[s]
        hand = f"{h[3]} cards" if h[3] else f"{h[0]} Dolphin, {h[1]} Seagull, {h[2]} Sea Turtle"
        meld = "".join("DGT"[k] * state.melds[s][k] for k in range(3))
        extra = []
        choice = state.chosen[s]
        if choice == CHOSEN:
            extra.append("has chosen")
        elif choice is not None:
            extra.append("chose " + "".join("dgtm"[k] for k in choice))
        if state.stopped[s]:
            extra.append("stopped")
        if state.ranks[s]:
            extra.append(MELD_NAMES[state.ranks[s]])
        if state.held[s]:
            extra.append("holds " + ", ".join(tile_with_id(t) for t in state.held[s]))
        owned = "".join(treasure_letter(state, t) for t in state.owned[s]) or "-"
        where = CELL_NAMES[state.at[s]] if state.at[s] >= 0 else "off the board"
        lines.append(
            f"Player {s + 1}: {state.points[s]} points, at {where}, hand {hand}, "
            f"meld {meld or '-'}, treasures {owned}" + (f" ({'; '.join(extra)})" if extra else "")
        )
    return "\n".join(lines)


# what each shape's name means, for the hint line
SHAPE_WORDS = {
    "duo": "2 spaces",
    "bar": "3 in a line",
    "arc": "3 in a bend",
    "tri": "3 in a triangle",
}


def tile_label(tile: int) -> str:
    """A surf tile as a player reads it: symbol, shape, dark or not ("Seagull tri (dark)")."""
    if tile == HIDDEN:
        return "face-down tile"
    dark = " (dark)" if TILE_DARK[tile] else ""
    return f"{SYMBOL_NAMES[TILE_SYMBOL[tile]]} {SHAPES[TILE_SHAPE[tile]]}{dark}"


def tile_with_id(tile: int) -> str:
    """The label with the tile's number, which the notation uses (``p1 pick 12``)."""
    return tile_label(tile) if tile == HIDDEN else f"{tile_label(tile)} [{tile}]"


def state_json(state: State) -> dict[str, Any]:
    def treasure(tid: int) -> Any:
        kind = state.kinds[tid]
        return {
            "kind": None if kind == HIDDEN else TREASURE_KINDS[kind],
            "face_up": tid in state.face_up,
        }

    def tile(t: int) -> Any:
        if t == HIDDEN:
            return None
        return {
            "id": t,
            "shape": SHAPES[TILE_SHAPE[t]],
            "symbol": SYMBOL_NAMES[TILE_SYMBOL[t]],
            "dark": TILE_DARK[t],
        }

    seats = []
    for s in range(state.players):
        h = state.hands[s]
        chosen = state.chosen[s]
        seats.append(
            {
                "seat": s + 1,
                "points": state.points[s],
                "at": CELL_NAMES[state.at[s]] if state.at[s] >= 0 else None,
                "hand": (None if h[3] else {"dolphin": h[0], "seagull": h[1], "turtle": h[2]}),
                "hand_size": sum(h),
                "meld": "".join("DGT"[k] * state.melds[s][k] for k in range(3)),
                "chosen": (
                    None
                    if chosen is None
                    else "hidden"
                    if chosen == CHOSEN
                    else "".join("dgtm"[k] for k in chosen)
                ),
                "stopped": state.stopped[s],
                "meld_rank": MELD_NAMES[state.ranks[s]] or None,
                "held_tiles": [tile(t) for t in state.held[s]],
                "treasures": [treasure(t) for t in state.owned[s]],
            }
        )
    data: dict[str, Any] = {
        "round": state.round,
        "phase": state.phase,
        "prince": state.prince + 1,
        "turn_order": [s + 1 for s in state.order],
        "undercurrent": (
            UNDERCURRENTS[state.current_undercurrent][state.players]
            if state.current_undercurrent >= 0
            else None
        ),
        "offer": [tile(t) for t in state.offer],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "piles": {SHAPES[i]: len(p) for i, p in enumerate(state.piles)},
        "tiles_on_board": [
            {**tile(t), "cells": [CELL_NAMES[c] for c in cells]}
            for t, cells in enumerate(state.tile_cells)
            if cells
        ],
        "treasures_on_board": {
            CELL_NAMES[c]: [treasure(t) for t in ids] for c, ids in enumerate(state.spaces) if ids
        },
        "pool": len(state.pool),
        "seats": seats,
        "scores": list(scores(state)),
    }
    if state.over:
        data["final"] = breakdown(state)
    return data
