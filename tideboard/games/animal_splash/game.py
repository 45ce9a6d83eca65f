"""Animal Splash's :class:`Game` object, ``GAME``: the contract forwarded to the rules modules."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import ModularGame
from tideboard.engine.plurals import plural
from tideboard.games.animal_splash import bots, logline, notation, rules, scoring
from tideboard.games.animal_splash.content import (
    AREA_LETTERS,
    CARDS,
    CELL_NAMES,
    ENDINGS,
    MISSIONS,
    ROUNDS,
    SPOTS,
)
from tideboard.games.animal_splash.info import INFO
from tideboard.games.animal_splash.state import EMPTY, UNPLACED, Action, End, State


class AnimalSplash(ModularGame[State, Action]):
    info = INFO
    rules, scoring, notation, logline, bots = rules, scoring, notation, logline, bots

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def is_over(self, state: State) -> bool:
        return state.over

    def undoable(self, before: State, action: Action, after: State) -> bool:
        # Everything before the end of the turn reveals nothing (the grid is refilled
        # at the end), so it may be taken back.
        return not isinstance(action, End) and not after.over

    def undo_refusal(self, before: State, action: Action, after: State) -> str:
        return "ending the turn refilled the grid"

    def result_text(self, state: State) -> str:
        winners = scoring.winners(state)
        totals = scoring.scores(state)
        tied = [s for s, t in enumerate(totals) if t == max(totals)]
        names = " and ".join(f"Player {s + 1}" for s in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        line = f"{names} {verb} with {plural(max(totals), 'point')}"
        if len(tied) > len(winners):
            line += " (most oxygen left breaks the tie)"
        return line + "."

    def render_text(self, state: State) -> str:
        lines = ["     a   b   c"]
        for row in range(3):
            cells = [state.grid[row * 3 + col] for col in range(3)]
            lines.append(
                f"{row + 1}  " + " ".join("--" if c == EMPTY else f"{c:>3}" for c in cells)
            )
        for cell, cid in enumerate(state.grid):
            if cid != EMPTY:
                lines.append(f"  {CELL_NAMES[cell]}: {self._card(state, cid)}")
        lines.append(
            f"Round {state.round} of {ROUNDS[state.players]}; "
            f"Player {state.current + 1} to play ({state.phase}); "
            f"draw pile {len(state.deck)}"
        )
        lines.append(
            "Missions: "
            + "; ".join(
                f"{m} {MISSIONS[m].group_name()} {MISSIONS[m].text} ({MISSIONS[m].points}pt)"
                for m in state.open_missions
            )
        )
        ending = ENDINGS[state.ending]
        lines.append(f"End scoring: {ending.name}, {ending.text} ({ending.best}/{ending.second})")
        totals = scoring.scores(state)
        for seat in range(state.players):
            spot = state.divers[seat]
            lines.append(
                f"Player {seat + 1}: diver {SPOTS[spot] if spot != UNPLACED else '-'}, "
                f"oxygen {state.oxygen[seat]}, missions "
                f"{','.join(map(str, state.held[seat])) or '-'}, {totals[seat]} points"
            )
            for pos, cid in enumerate(state.tableaus[seat]):
                lines.append(f"  {pos + 1}. {self._card(state, cid)}")
        return "\n".join(lines)

    @staticmethod
    def _card(state: State, cid: int) -> str:
        on = state.pearls_on(cid)
        marks = "".join(f" pearl:{AREA_LETTERS[a]}" for a in (0, 1) if on[a])
        return f"{CARDS[cid].text()}{marks}"

    def to_json(self, state: State) -> dict[str, Any]:
        def card(cid: int) -> Any:
            if cid == EMPTY:
                return None
            c = CARDS[cid]
            return {
                "id": cid,
                "card": c.text(),
                "oxygen": c.oxygen,
                "pearls": [AREA_LETTERS[a] for a in (0, 1) if state.pearls_on(cid)[a]],
            }

        return {
            "round": state.round,
            "rounds": ROUNDS[state.players],
            "current": state.current + 1,
            "first": state.first + 1,
            "phase": state.phase,
            "grid": {CELL_NAMES[i]: card(cid) for i, cid in enumerate(state.grid)},
            "draw_pile": len(state.deck),
            "mission_pile": len(state.mission_deck),
            "missions": [
                {
                    "id": m,
                    "group": MISSIONS[m].group_name(),
                    "needs": MISSIONS[m].text,
                    "points": MISSIONS[m].points,
                }
                for m in state.open_missions
            ],
            "end_scoring": {
                "name": ENDINGS[state.ending].name,
                "for": ENDINGS[state.ending].text,
                "best": ENDINGS[state.ending].best,
                "second": ENDINGS[state.ending].second,
            },
            "players": [
                {
                    "diver": SPOTS[d] if d != UNPLACED else None,
                    "oxygen": o,
                    "tableau": [card(c) for c in t],
                    "missions": list(h),
                }
                for d, o, t, h in zip(state.divers, state.oxygen, state.tableaus, state.held)
            ],
            "scores": list(scoring.scores(state)),
            "over": state.over,
        }


GAME = AnimalSplash()
