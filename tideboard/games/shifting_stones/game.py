"""Shifting Stones's :class:`Game` object, ``GAME``: the contract forwarded to the rules modules."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import ModularGame
from tideboard.engine.plurals import plural
from tideboard.games.shifting_stones import bots, logline, notation, rules, scoring
from tideboard.games.shifting_stones.content import CARD_BY_ID, CELL_NAMES, LETTERS, NAMES
from tideboard.games.shifting_stones.info import INFO
from tideboard.games.shifting_stones.state import HIDDEN, Action, State


class ShiftingStones(ModularGame[State, Action]):
    info = INFO
    rules, scoring, notation, logline, bots = rules, scoring, notation, logline, bots

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def is_over(self, state: State) -> bool:
        return state.over

    def undoable(self, before: State, action: Action, after: State) -> bool:
        # Shifts, flips and scores draw nothing and keep the turn.
        return before.current == after.current and before.turn == after.turn and not after.over

    def undo_refusal(self, before: State, action: Action, after: State) -> str:
        return "ending a turn (or skipping) draws cards"

    def result_text(self, state: State) -> str:
        if state.solo:
            if scoring.winners(state):
                return f"You win: all 16 cards scored with {plural(state.strikes, 'strike')}."
            return (
                f"You lose: {plural(state.strikes, 'strike')}, "
                f"{len(state.scored[0])} of 16 cards scored."
            )
        return super().result_text(state)

    def render_text(self, state: State) -> str:
        def card(cid: int) -> str:
            if cid == HIDDEN:
                return "??"
            c = CARD_BY_ID[cid]
            return f"{c.id}({c.points}pt {'/'.join(c.rows)})"

        lines = ["     a      b      c"]
        for r in range(3):
            cells = (NAMES[f] for f in state.grid[r * 3 : r * 3 + 3])
            lines.append(f"{r + 1}  " + " ".join(f"{name:<6}" for name in cells))
        lines.append(
            f"Deck {len(state.deck)}, discard {len(state.discard)}"
            + (f" (top {state.discard[-1]})" if state.discard else "")
        )
        for seat, hand in enumerate(state.hands):
            scored = ", ".join(card(c) for c in state.scored[seat]) or "-"
            lines.append(
                f"Player {seat + 1}: hand {', '.join(card(c) for c in hand) or '-'}; "
                f"scored {scored}"
            )
        if state.solo:
            lines.append(f"Strikes {state.strikes} of 4")
        lines.append(
            "Pattern letters: S Sun, M Moon, F Fish, B Bird, H Horse, O Boat, "
            "E Seed, T Tree, * any; '/' separates rows."
        )
        return "\n".join(lines)

    def to_json(self, state: State) -> dict[str, Any]:
        def card(cid: int) -> Any:
            if cid == HIDDEN:
                return None
            c = CARD_BY_ID[cid]
            return {"id": c.id, "points": c.points, "pattern": list(c.rows)}

        return {
            "grid": ["".join(LETTERS[f] for f in state.grid[r * 3 : r * 3 + 3]) for r in range(3)],
            "stones": {CELL_NAMES[i]: NAMES[f] for i, f in enumerate(state.grid)},
            "deck": len(state.deck),
            "discard": [card(c) for c in state.discard],
            "hands": [[card(c) for c in hand] for hand in state.hands],
            "scored": [[card(c) for c in cards] for cards in state.scored],
            "skipped_last": list(state.skipped_last),
            "turn": state.turn,
            "current": state.current + 1,
            "acted_this_turn": state.acted,
            "end_triggered": state.end_triggered,
            **({"strikes": state.strikes} if state.solo else {}),
        }


GAME = ShiftingStones()
