"""Moonlighter's :class:`Game` object, ``GAME``: the contract forwarded to the rules modules."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import ModularGame
from tideboard.engine.plurals import plural
from tideboard.games.moonlighter import bots, logline, notation, rules, scoring
from tideboard.games.moonlighter.content import (
    DUNGEONS,
    PAWN_TEXT,
    ROLL_LIMIT,
    SUPPLY,
    TILES,
    boss_hearts,
    greens_for_boss,
    pool_size,
)
from tideboard.games.moonlighter.info import INFO
from tideboard.games.moonlighter.state import FIGHT, LOOT, PLACE, Action, State

# One letter per room colour for the text map.
MAP_LETTERS = {
    "white": "W",
    "orange": "O",
    "green": "G",
    "yellow": "Y",
    "blue": "B",
    "red": "R",
    "black": "K",
}


class Moonlighter(ModularGame[State, Action]):
    info = INFO
    rules, scoring, notation, logline, bots = rules, scoring, notation, logline, bots

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.over else (0,)

    def is_over(self, state: State) -> bool:
        return state.over

    def result_text(self, state: State) -> str:
        return scoring.result_text(state)

    def undoable(self, before: State, action: Action, after: State) -> bool:
        """Only actions that rolled no die (moves, placing, flee, switch, keep)."""
        return not after.last_rolls and after.rng == before.rng and not after.over

    def undo_refusal(self, before: State, action: Action, after: State) -> str:
        return "it rolled a die"

    def render_text(self, state: State) -> str:
        xs = [r.x for r in state.rooms]
        ys = [r.y for r in state.rooms]
        rooms = state.rooms_by_pos()
        lines = []
        for y in range(min(ys), max(ys) + 1):
            row = ""
            for x in range(min(xs), max(xs) + 1):
                room = rooms.get((x, y))
                if room is None:
                    row += ".  "
                else:
                    mark = "@" if (x, y) == state.pos else "*" if room.pawn else " "
                    row += f"{MAP_LETTERS[room.colour]}{mark} "
            lines.append(row.rstrip())
        lines.append(
            "Map: W white, O orange, G green (cleared), Y chest, B pool, R boss, "
            "K black; @ you, * a pawn lies there; north is up."
        )
        lines.append(
            f"Dungeon {state.dungeon} of {DUNGEONS} (run {state.run}, "
            f"{state.cleared} cleared, best {state.best}); lives {state.lives}; "
            f"tile rolls {state.rolls} of {ROLL_LIMIT}"
        )
        lines.append(
            f"Health {state.health} of {state.max_health}; pawn {state.pawn} "
            f"({PAWN_TEXT[state.pawn]}); pool {state.pool} of "
            f"{pool_size(state.dungeon)}"
        )
        lines.append(
            f"Green rooms {rules.green_rooms(state)} of "
            f"{greens_for_boss(state.dungeon)} for the boss "
            f"({boss_hearts(state.dungeon)} hearts)"
        )
        if state.pending == PLACE:
            lines.append(
                f"Rolled: a {state.tile} room; place it on an open side "
                f"({', '.join(rules.open_sides(state))})."
            )
        elif state.pending == FIGHT:
            foes = (
                f"boss {plural(state.boss, 'heart')}"
                if state.fighting_boss
                else "enemies " + ", ".join(plural(h, "heart") for h in state.enemies)
            )
            lines.append(f"Fight: {foes}.")
        elif state.pending == LOOT:
            lines.append(f"Loot: the {state.room.pawn} pawn - switch or keep.")
        for roll in state.last_rolls:
            lines.append(f"Last roll: {roll.die} die {roll.value} - {roll.meaning}")
        return "\n".join(lines)

    def to_json(self, state: State) -> dict[str, Any]:
        fight: dict[str, Any] | None = None
        if state.pending == FIGHT:
            fight = (
                {"boss": state.boss}
                if state.fighting_boss
                else {"enemies": list(state.enemies), "can_flee": rules.can_flee(state)}
            )
        return {
            "campaign": {
                "dungeon": state.dungeon,
                "dungeons": DUNGEONS,
                "cleared_this_run": state.cleared,
                "best_run": state.best,
                "run": state.run,
                "lives": state.lives,
                "rolls_used": state.rolls,
                "roll_limit": ROLL_LIMIT,
                "over": state.over,
                "won": state.won,
            },
            "player": {
                "at": list(state.pos),
                "health": state.health,
                "max_health": state.max_health,
                "pawn": state.pawn,
            },
            "dungeon": {
                "green_rooms": rules.green_rooms(state),
                "boss_after_green": greens_for_boss(state.dungeon),
                "boss_ready": rules.boss_ready(state),
                "boss_hearts": boss_hearts(state.dungeon),
                "healing_pool": state.pool,
                "healing_pool_size": pool_size(state.dungeon),
                "chest_cap": rules.yellow_cap(state),
            },
            "pending": state.pending,
            "tile_to_place": state.tile,
            "open_sides": rules.open_sides(state),
            "fight": fight,
            "rooms": [
                {
                    "x": r.x,
                    "y": r.y,
                    "tile": r.tile,
                    "colour": r.colour,
                    **({"pawn": r.pawn} if r.pawn else {}),
                }
                for r in state.rooms
            ],
            "supply_left": {t: rules.supply_left(state, t) for t in TILES},
            "last_rolls": [
                {"die": r.die, "value": r.value, "meaning": r.meaning} for r in state.last_rolls
            ],
            "events": list(state.events),
        }


GAME = Moonlighter()

__all__ = ["GAME", "Moonlighter", "SUPPLY"]
