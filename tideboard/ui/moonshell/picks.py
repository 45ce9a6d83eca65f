"""Aiming a mermaid power (or an event's answer) on the table: each move as the places you
point at, one after another, with the board cursor or the mouse.

A *pick* names a place on the table: ``("col", j)`` an ocean column (0-4 from your
left), ``("cell", i)`` an ocean cell (absolute), ``("rock", r)`` a rock space
(absolute), ``("corner", k)`` a board corner (0-3 as ``Power.a``: your left, far left,
far right, your right), ``("chest", c)`` a column of your chest and ``("slot", i)`` a
chest space (row * 4 + column, row 0 the floor).  A move's *path* is the picks that
choose it, in order; a move with no path (the moonshell into the Buoy's space, declining
an event) is chosen from the ``w`` list instead.  Pure functions and a small cursor
object: the screen's aim mode (``aim_mode.py``) draws and drives them.
"""

from __future__ import annotations

from typing import Any

from tideboard.games.moonshell.content import BUOY, COLUMNS, EMPTY, tile_name
from tideboard.games.moonshell.reef import MERMAIDS
from tideboard.games.moonshell.state import (
    BUOY_COLUMN,
    MOON,
    SAVE,
    Collect,
    Decline,
    Power,
    Pull,
    Rotate,
    State,
    SwapTake,
)
from tideboard.ui.moonshell.ocean import SMALL, rock_spots

Pick = tuple[str, int]
CORNER_WORDS = (
    "your left corner",
    "the far left corner",
    "the far right corner",
    "your right corner",
)


def paths(state: State, seat: int, move: Any) -> list[tuple[Pick, ...]]:
    """The ways to point at ``move`` on the table (empty: only from the list)."""
    side = state.sides[seat]
    base = side * 2
    if isinstance(move, Rotate):
        return [()] if move.twice else []
    if isinstance(move, Pull):
        if not move.power:
            return []
        if move.power == "slide" and move.first is not None:
            far = (side + 2) % 4 * 2
            return [(("col", move.column), ("rock", far + 1 - move.first))]
        return [(("col", move.column),)]
    if isinstance(move, SwapTake):
        return [(("rock", move.rock), ("rock", base + move.mine), ("chest", move.column))]
    if isinstance(move, Collect):
        return _collect_paths(state, seat, move, base)
    if isinstance(move, Power):
        a, b, c = move.a, move.b, move.c
        one = {
            "tide-pool": lambda: ("cell", COLUMNS[side][a][b]),
            "inlet": lambda: ("rock", base + a),
            "rising-moon": lambda: ("corner", a),
            "buoy": lambda: ("chest", a),
        }.get(move.mermaid)
        if one is not None:
            return [(one(),)]
        if move.mermaid == "slide":
            return [(("slot", b * 4 + a), ("chest", c))]
        return [(("slot", a), ("slot", b)), (("slot", b), ("slot", a))]  # swap: either first
    return []


def _collect_paths(state: State, seat: int, move: Collect, base: int) -> list:
    if move.column == SAVE:
        return [(("rock", base + move.source),)]
    if move.source == MOON:
        return [(("chest", move.column),)] if move.column < 4 else []  # Moonrise
    rock = ("rock", base + move.source)
    if move.column == BUOY_COLUMN:
        column = state.meeples[seat][1]
        row = state.chests[seat][column].index(BUOY)
        return [(rock, ("slot", row * 4 + column))]
    if move.saved >= 0 and not move.saved_first:
        return [(rock, ("chest", move.column), ("chest", move.saved))]
    return []


class Aim:
    """Where the player is in pointing at one of ``moves``: the picks made (``chosen``,
    each with whether it was made for them because it was the only one) and the pick
    under the cursor.  (A plain class: an attrs class is dear to define before the first
    frame, benchmarks/README.md.)"""

    __slots__ = ("moves", "ways", "chosen", "cursor")

    def __init__(
        self,
        moves: list[Any],
        ways: list[list[tuple[Pick, ...]]],
        chosen: list[tuple[Pick, bool]] | None = None,
        cursor: Pick | None = None,
    ) -> None:
        self.moves = moves
        self.ways = ways
        self.chosen = [] if chosen is None else chosen
        self.cursor = cursor

    @classmethod
    def of(cls, state: State, seat: int, moves: list[Any]) -> Aim:
        aim = cls(moves, [paths(state, seat, m) for m in moves])
        aim.settle()
        return aim

    @property
    def aimable(self) -> bool:
        return any(self.ways)

    @property
    def prefix(self) -> tuple[Pick, ...]:
        return tuple(pick for pick, _ in self.chosen)

    def options(self) -> list[Pick]:
        """The places the next pick may be, in the moves' order."""
        prefix, n = self.prefix, len(self.chosen)
        out: list[Pick] = []
        for ways in self.ways:
            for path in ways:
                if len(path) > n and path[:n] == prefix and path[n] not in out:
                    out.append(path[n])
        return out

    def move_at(self, picks: tuple[Pick, ...]) -> Any:
        """The move those picks choose, or None."""
        for move, ways in zip(self.moves, self.ways):
            if picks in ways:
                return move
        return None

    def candidate(self) -> Any:
        """The move Enter would make now (the cursor's, or the picks' own)."""
        done = self.move_at(self.prefix)
        if done is not None and not self.options():
            return done
        return None if self.cursor is None else self.move_at(self.prefix + (self.cursor,))

    def settle(self) -> None:
        """Make a pick that is the only one and does not yet choose a move; put the cursor
        on the first place (or keep it where it is)."""
        while True:
            options = self.options()
            if (
                len(options) == 1
                and self.move_at(self.prefix) is None
                and self.move_at(self.prefix + (options[0],)) is None
            ):
                self.chosen.append((options[0], True))
                continue
            break
        if self.cursor not in options:
            self.cursor = options[0] if options else None

    def pick(self) -> None:
        """Enter on a place that does not yet choose a move: the next step."""
        if self.cursor is not None:
            self.chosen.append((self.cursor, False))
            self.cursor = None
            self.settle()

    def back(self) -> bool:
        """Esc: take back the last pick (and those made for you before it); False when
        there was none left to take back."""
        while self.chosen:
            pick, auto = self.chosen.pop()
            if not auto:
                self.cursor = pick
                return True
        return False


# -- where the picks are, to move among them with the arrow keys ---------------------
def position(pick: Pick, side: int) -> tuple[int, int]:
    """The pick's place in characters (chest places far to the right of the ocean)."""
    kind, index = pick
    geo = SMALL
    w, h = geo.cell_w, geo.cell_h
    if kind == "col":
        return geo.gutter + w * index + w // 2, geo.rock_y - 1
    if kind == "cell":
        for c, cells in enumerate(COLUMNS[side]):
            if index in cells:
                return geo.gutter + w * c + w // 2, 1 + h * (4 - cells.index(index)) + 1
    if kind == "rock":
        _, x, y = rock_spots(side)[index]
        return x + w // 2, y + 1
    if kind == "corner":
        x = w // 2 if index in (0, 1) else geo.width - w // 2
        return x, (1 + h // 2 if index in (1, 2) else 1 + 4 * h + h // 2)
    if kind == "chest":
        return 100 + 5 * index, 0
    return 100 + 5 * (index % 4), 10 - 2 * (index // 4)  # a chest slot


def step(options: list[Pick], cursor: Pick | None, dx: int, dy: int, side: int) -> Pick | None:
    """The place the arrow (dx, dy) goes to from ``cursor``: the nearest one that way
    (the next or previous one in the list when nothing lies that way)."""
    if not options:
        return None
    if cursor not in options:
        return options[0]
    x0, y0 = position(cursor, side)
    best, best_score = None, None
    for pick in options:
        x, y = position(pick, side)
        along = (x - x0) * dx + (y - y0) * dy
        if pick == cursor or along <= 0:
            continue
        score = along + 3 * abs((x - x0) * dy + (y - y0) * dx)
        if best_score is None or score < best_score:
            best, best_score = pick, score
    if best is not None:
        return best
    index = options.index(cursor) + (1 if dx + dy > 0 else -1)
    return options[index % len(options)]


# -- words -----------------------------------------------------------------------------
def pick_words(state: State, seat: int, pick: Pick) -> str:
    """A place in a few words, as the player sees it."""
    kind, index = pick
    side = state.sides[seat]
    if kind == "col":
        return f"column {index + 1}"
    if kind == "cell":
        for c, cells in enumerate(COLUMNS[side]):
            if index in cells:
                tile = state.ocean[index]
                return f"the {tile_name(tile)} (column {c + 1}, {_nth(cells.index(index))})"
    if kind == "rock":
        owner = "your" if index // 2 == side else "another side's"
        tile = state.rocks[index]
        what = f" ({tile_name(tile)})" if tile != EMPTY else ""
        return f"{owner} {'left' if index % 2 == 0 else 'right'} rock{what}"
    if kind == "corner":
        return CORNER_WORDS[index]
    if kind == "chest":
        return f"chest column {index + 1}"
    tile = state.chests[seat][index % 4][index // 4]
    name = "the Buoy mermeeple" if tile == BUOY else tile_name(tile)
    return f"{name} in chest column {index % 4 + 1}, row {index // 4 + 1}"


def _nth(depth: int) -> str:
    return ("nearest", "2nd nearest", "3rd nearest", "4th nearest", "farthest")[depth]


def step_prompt(state: State, seat: int, aim: Aim) -> str:
    """What the next pick is for, once some are made."""
    prefix = aim.prefix
    move = next(
        (
            m
            for m, ways in zip(aim.moves, aim.ways)
            if any(p[: len(prefix)] == prefix for p in ways)
        ),
        None,
    )
    done = ", ".join(pick_words(state, seat, p) for p in prefix)
    if isinstance(move, SwapTake):
        ask = (
            "which of your rocks gives its tile in exchange"
            if len(prefix) == 1
            else "the chest column for it"
        )
    elif isinstance(move, Pull):
        ask = "which of the opposite rocks the nearest tile goes to"
    elif isinstance(move, Power) and move.mermaid == "slide":
        ask = "the chest column it slides to"
    elif isinstance(move, Power):
        ask = "the tile to swap it with"
    elif isinstance(move, Collect) and move.column == BUOY_COLUMN:
        ask = "the Buoy's space"
    elif isinstance(move, Collect):
        ask = (
            "the chest column for it"
            if len(prefix) == 1
            else "the chest column for your saved tile"
        )
    else:
        ask = "where"
    return f"{done}: now {ask}"


def move_words(state: State, seat: int, move: Any) -> str:
    """What the move does, in the player's words (for the status line)."""
    side = state.sides[seat]
    if isinstance(move, Rotate):
        return f"Rising Moon: rotate the ocean twice {state.direction} (one action)"
    if isinstance(move, Pull):
        if move.power == "tide-pool":
            return (
                f"Tide Pool: pull the nearest tile of columns {move.column + 1} and "
                f"{move.column + 2} onto your rocks (one action)"
            )
        if move.power == "inlet":
            return f"Inlet: pull column {move.column + 1}'s nearest tile onto your open rock"
        return (
            f"Slide: pull column {move.column + 1} away from you, onto the rocks "
            "opposite (one action)"
        )
    if isinstance(move, SwapTake):
        tile = tile_name(state.rocks[move.rock])
        mine = tile_name(state.rocks[side * 2 + move.mine])
        return (
            f"Swap: take the {tile} into chest column {move.column + 1}, leaving your "
            f"{mine} on its rock (one action)"
        )
    if isinstance(move, Collect):
        if move.source == MOON:
            return f"Moonrise: place your moonshell in chest column {move.column + 1} for free"
        tile = tile_name(state.rocks[side * 2 + move.source])
        if move.column == SAVE:
            return f"Buoy: save the {tile} on your mermaid board (one action)"
        if move.column == BUOY_COLUMN:
            return f"collect the {tile} into the Buoy mermeeple's space (it comes home)"
        saved = tile_name(state.saved[seat])
        return (
            f"collect the {tile} into column {move.column + 1} and your saved {saved} "
            f"into column {move.saved + 1}"
        )
    if isinstance(move, Power):
        return _power_words(state, seat, move)
    if isinstance(move, Decline):
        return "keep your moonshell in reserve"
    return str(move)


def done_words(move: Any) -> str:
    """A short note once the move is made (the log has the whole line)."""
    if isinstance(move, Collect) and move.source == MOON:
        return "Your moonshell is in your chest (Moonrise)."
    if isinstance(move, Rotate):
        return "The ocean turned twice (Rising Moon)."
    if isinstance(move, Pull):
        return f"Pulled ({MERMAIDS[move.power].name})."
    if isinstance(move, SwapTake):
        return "Swapped and collected (Swap)."
    if isinstance(move, Power):
        return f"{MERMAIDS[move.mermaid].name} power used."
    return "Done."


def _power_words(state: State, seat: int, move: Power) -> str:
    name = MERMAIDS[move.mermaid].name
    a, b, c = move.a, move.b, move.c
    if move.mermaid == "tide-pool":
        where = pick_words(state, seat, ("cell", COLUMNS[state.sides[seat]][a][b]))
        return f"{name}: mermeeple on {where}; no one else may pull it (free)"
    if move.mermaid == "inlet":
        return (
            f"{name}: your mermeeple on your {'left' if a == 0 else 'right'} rock: no one "
            "else may take from it (free)"
        )
    if move.mermaid == "rising-moon":
        if a == 0:  # the corner at your left hand already: nothing turns
            return (
                f"{name}: your mermeeple on your left corner; the ocean will not turn, "
                "it is there already (free)"
            )
        return (
            f"{name}: your mermeeple on {CORNER_WORDS[a]}; at your next turn the ocean "
            "turns until that corner is at your left hand (free)"
        )
    if move.mermaid == "buoy":
        return f"{name}: your mermeeple holds a space in chest column {a + 1} (free)"
    chest = state.chests[seat]
    if move.mermaid == "slide":
        return (
            f"{name}: the {tile_name(chest[a][b])} from column {a + 1} slides to column "
            f"{c + 1} and sinks (free)"
        )
    (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
    return (
        f"{name}: swap the {tile_name(chest[ca][ra])} (column {ca + 1}) and the "
        f"{tile_name(chest[cb][rb])} (column {cb + 1}) (free)"
    )


__all__ = [
    "Aim",
    "Pick",
    "done_words",
    "move_words",
    "paths",
    "pick_words",
    "position",
    "step",
    "step_prompt",
]
