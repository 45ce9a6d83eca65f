"""Mermaid Rain's :class:`Game` object, ``GAME``: the contract forwarded to the rules modules."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import ModularGame
from tideboard.games.mermaid_rain import bots, logline, notation, rules, scoring, views
from tideboard.games.mermaid_rain.content import (
    CELL_NAMES,
    CELLS,
    MELD_NAMES,
    SHAPES,
    TREASURE_KINDS,
)
from tideboard.games.mermaid_rain.info import INFO
from tideboard.games.mermaid_rain.rendering import render_text, state_json
from tideboard.games.mermaid_rain.spaces import space_of
from tideboard.games.mermaid_rain.state import HIDDEN, Action, State


class _Rules:
    """The rules module with ``view`` from ``views``."""

    setup = staticmethod(rules.setup)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    view = staticmethod(views.view)


class MermaidRain(ModularGame[State, Action]):
    info = INFO
    rules, scoring, notation, logline, bots = _Rules, scoring, notation, logline, bots

    def to_move(self, state: State) -> tuple[int, ...]:
        return rules.to_move(state)

    def legal_for(self, state: State, seat: int) -> list[Action]:
        return rules.legal_for(state, seat)

    def seat_of(self, state: State, action: Action) -> int | None:
        return getattr(action, "seat", None)

    def is_over(self, state: State) -> bool:
        return state.over

    def parse_action(self, state: State, text: str) -> Action:
        def tile_space(cell: int) -> int:
            return space_of(state, cell) if 0 <= cell < CELLS else cell

        return notation.parse_action(text, tile_space)

    def undoable(self, before: State, action: Action, after: State) -> bool:
        # Laying or dropping a tile and a move that looks at nothing new keep
        # the turn and reveal nothing.
        from tideboard.games.mermaid_rain.state import Drop, Move, Place, Take

        if after.phase != "ride" or after.turn != before.turn:
            return False
        if isinstance(action, (Place, Drop, Take)):
            return True
        return isinstance(action, Move) and after.known == before.known

    def undo_refusal(self, before: State, action: Action, after: State) -> str:
        return "it showed a choice, a card, a tile or a treasure, or ended the turn"

    def render_text(self, state: State) -> str:
        return render_text(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_json(state)

    def result_text(self, state: State) -> str:
        return super().result_text(state)


GAME = MermaidRain()

__all__ = ["GAME", "MermaidRain", "HIDDEN", "CELL_NAMES", "MELD_NAMES", "SHAPES", "TREASURE_KINDS"]
