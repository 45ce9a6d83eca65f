"""Helpers for the Moonshell tests: exact oceans, chests and hand-built states.

Tiles are written as two-character codes: colour letter (w white, p pink,
u purple, o orange) then shape letter (C clamshell, D sand dollar, A auger,
S starfish); UR a sea urchin, MS a moonshell, '..' an empty space.

* ``ocean("...")`` - five rows of five codes separated by '/', the north row
  first (Player 1 sits south, at the bottom).
* ``chest("...")`` - three rows of four codes separated by '/', the top row
  first; it refuses a chest that breaks gravity (a tile above an empty space).
"""

from __future__ import annotations

from collections import Counter

from tideboard.games.moonshell.content import (
    ANEMONE,
    BUOY,
    CLOWNFISH,
    EMPTY,
    MOONSHELL,
    REEF_PAIR,
    SEAT_SIDES,
    URCHIN,
    URCHINS,
    tile_from_code,
)
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import PLAY, State

FILLER = "wC pD uA oS wD / pA uS oC wA pS / uC oD wS pC uD / oA wC pD uA oS / wD pA uS oC wA"


def tiles(text: str) -> tuple[int, ...]:
    return tuple(tile_from_code(code) for code in text.split())


def ocean(text: str = FILLER) -> tuple[int, ...]:
    rows = [r.split() for r in text.split("/")]
    assert len(rows) == 5 and all(len(r) == 5 for r in rows), text
    return tuple(tile_from_code(code) for row in rows for code in row)


def chest(text: str = ".. .. .. .. / .. .. .. .. / .. .. .. ..") -> tuple[tuple[int, ...], ...]:
    rows = [r.split() for r in text.split("/")]
    assert len(rows) == 3 and all(len(r) == 4 for r in rows), text
    columns = []
    for c in range(4):
        stack = [tile_from_code(rows[r][c]) for r in (2, 1, 0)]  # floor first
        filled = [t for t in stack if t != EMPTY]
        assert stack[: len(filled)] == filled, f"column {c + 1} of {text!r} breaks gravity"
        columns.append(tuple(filled))
    return tuple(columns)


def make_state(
    players: int = 2,
    *,
    solo: bool = False,
    ocean_text: str = FILLER,
    rocks: dict[int, str] | None = None,
    chests: dict[int, str] | None = None,
    open_cards=("C1", "A1", "PR3", "T2", "K4"),
    secrets=None,
    bag: str = "",
    urchins_aside: int = 0,
    moonshells=None,
    **fields,
) -> State:
    """A play-phase state with exactly the given table; other fields default.

    ``rocks`` maps a seat to its 'left right' codes; ``chests`` a seat to a chest.
    """
    seats = 2 if solo else players
    sides = SEAT_SIDES[seats]
    rock_list = [EMPTY] * 8
    for seat, text in (rocks or {}).items():
        left, right = tiles(text)
        rock_list[sides[seat] * 2] = left
        rock_list[sides[seat] * 2 + 1] = right
    chest_list = [chest() for _ in range(seats)]
    for seat, text in (chests or {}).items():
        chest_list[seat] = chest(text)
    if moonshells is None:
        moonshells = tuple(
            (not solo or s == 0) and not any(MOONSHELL in col for col in chest_list[s])
            for s in range(seats)
        )
    if secrets is None:
        secrets = tuple("S1" if not solo or s == 0 else "" for s in range(seats))
    fields.setdefault("phase", PLAY)
    return State(
        players=seats,
        solo=solo,
        sides=sides,
        ocean=ocean(ocean_text),
        rocks=tuple(rock_list),
        bag=tiles(bag),
        urchins_aside=urchins_aside,
        chests=tuple(chest_list),
        moonshells=tuple(moonshells),
        open_cards=tuple(open_cards),
        secrets=tuple(secrets),
        offers=((),) * seats,
        **fields,
    )


def census(state: State) -> Counter:
    """Every seashell, urchin, anemone and clownfish in the game, wherever it is
    (a stacked pair counts as one of each; a Buoy mermeeple is no tile)."""
    count: Counter = Counter()
    for t in state.ocean + state.rocks + state.bag + state.saved:
        if t != EMPTY:
            count[t] += 1
    for ch in state.chests:
        for col in ch:
            for t in col:
                count[t] += 1
    count[URCHIN] += state.urchins_aside
    pairs = count.pop(REEF_PAIR, 0)
    if pairs:
        count[ANEMONE] += pairs
        count[CLOWNFISH] += pairs
    count.pop(MOONSHELL, None)
    count.pop(BUOY, None)
    return count


EXPECTED_CENSUS = Counter({**{t: 3 for t in range(16)}, URCHIN: URCHINS})


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state
