"""Surf riding: the start space, laying tiles, moving, treasures, the end of a round."""

from __future__ import annotations

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain import spaces
from tideboard.games.mermaid_rain.content import (
    BASE,
    CELLS,
    KEEP,
    ROUNDS,
    SHAPES,
    TILE_DARK,
    TILE_SHAPE,
    TREASURE_POINTS,
    WATER,
)
from tideboard.games.mermaid_rain.rounds import (
    PLACEMENT_SETS,
    _minus,
    _set,
    _start_round,
    adventure_cards,
    has_cards,
    need,
    sorted_cards,
)
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HOME,
    OVER,
    RIDE,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Move,
    Place,
    State,
    Take,
    Teleport,
)


def _must_discard(state: State) -> bool:
    return any(adventure_cards(h) > KEEP for h in state.hands)


def _riding(state: State, seat: int, placed: bool = True, tiles_done: bool = True) -> None:
    need(state.phase == RIDE, "That is done on your surf-riding turn.")
    if placed:
        need(state.at[seat] >= 0, "First put your mermaid on a start space.")
    if tiles_done:
        need(not state.held[seat], "First place or discard your surf tile.")


def enter_action(state: State, a: Enter) -> State:
    _riding(state, a.seat, placed=False, tiles_done=False)
    need(state.at[a.seat] < 0, "Your mermaid is on the board already.")
    if a.cell not in spaces.free_starts(state, a.seat):
        raise IllegalAction("Start on a free oyster-shell start space.")
    return evolve(state, at=_set(state.at, a.seat, a.cell))


def place_action(state: State, a: Place) -> State:
    _riding(state, a.seat, tiles_done=False)
    if a.tile not in state.held[a.seat]:
        raise IllegalAction("You do not hold that surf tile.")
    if a.cells not in PLACEMENT_SETS[TILE_SHAPE[a.tile]] or spaces.mask(a.cells) & state.covered:
        raise IllegalAction(
            f"A {SHAPES[TILE_SHAPE[a.tile]]} tile does not fit there: it must "
            "lie wholly on empty sea, inside the board."
        )
    cover = list(state.cover)
    for c in a.cells:
        cover[c] = a.tile
    return evolve(
        state,
        cover=tuple(cover),
        covered=state.covered | spaces.mask(a.cells),
        tile_cells=_set(state.tile_cells, a.tile, a.cells),
        **_release(state, a.seat, a.tile),
    )


def _release(state: State, seat: int, tile: int) -> dict:
    held = tuple(t for t in state.held[seat] if t != tile)
    extra = -1 if state.extra[seat] == tile else state.extra[seat]
    return {"held": _set(state.held, seat, held), "extra": _set(state.extra, seat, extra)}


def drop_action(state: State, a: Drop) -> State:
    _riding(state, a.seat, tiles_done=False)
    if a.tile not in state.held[a.seat]:
        raise IllegalAction("You do not hold that surf tile.")
    shape = TILE_SHAPE[a.tile]
    return evolve(
        state,
        tile_discards=_set(state.tile_discards, shape, state.tile_discards[shape] + (a.tile,)),
        **_release(state, a.seat, a.tile),
    )


def _arrive(state: State, seat: int, space: int, **changes) -> State:
    """Stand on ``space``; look at its face-down treasures if one may be taken."""
    known = state.known
    if space not in state.taken_here and state.spaces[space]:
        seen = {t for t in state.spaces[space] if t not in state.face_up}
        if seen - known[seat]:
            known = _set(known, seat, known[seat] | seen)
    return evolve(
        state,
        at=_set(state.at, seat, space),
        moved=True,
        known=known,
        teleport=_set(state.teleport, seat, False),
        **changes,
    )


def move_action(state: State, a: Move) -> State:
    _riding(state, a.seat)
    here = state.at[a.seat]
    if a.to not in spaces.neighbour_spaces(state, here):
        raise IllegalAction(
            "Move only to a neighbouring space with a symbol (not onto empty sea or rocks)."
        )
    if not isinstance(a.cards, tuple) or a.cards not in spaces.costs(state, a.seat, a.to):
        raise IllegalAction(
            "Pay a card matching the space's symbol (any card onto a mermaid "
            "symbol or a start space), or any two cards as a wild."
        )
    return _arrive(
        state,
        a.seat,
        a.to,
        hands=_set(state.hands, a.seat, _minus(state.hands[a.seat], a.cards)),
        discard=state.discard + a.cards,
    )


def teleport_action(state: State, a: Teleport) -> State:
    _riding(state, a.seat)
    need(
        state.teleport[a.seat] and not state.moved,
        "Only a Mermaid Rain meld teleports, and only at the start of the move.",
    )
    if (
        not isinstance(a.to, int)
        or not 0 <= a.to < CELLS
        or a.to == state.at[a.seat]
        or not spaces.enterable(state, a.to)
        or spaces.space_of(state, a.to) != a.to
    ):
        raise IllegalAction("Teleport to another space with a symbol or a start space.")
    return _arrive(state, a.seat, a.to)


def take_action(state: State, a: Take) -> State:
    _riding(state, a.seat)
    here = state.at[a.seat]
    if not state.spaces[here]:
        raise IllegalAction("There is no treasure here.")
    if not state.moved:
        raise IllegalAction("You started your turn here: move off and back to collect.")
    if here in state.taken_here:
        raise IllegalAction("You have collected from this space this turn already.")
    if not isinstance(a.index, int) or not 0 <= a.index < len(state.spaces[here]):
        raise IllegalAction("There is no such treasure here.")
    tid = state.spaces[here][a.index]
    lying = state.spaces[here]
    return evolve(
        state,
        spaces=_set(state.spaces, here, lying[: a.index] + lying[a.index + 1 :]),
        owned=_set(state.owned, a.seat, state.owned[a.seat] + (tid,)),
        points=_set(state.points, a.seat, state.points[a.seat] + TREASURE_POINTS),
        taken_here=state.taken_here | {here},
    )


def end_action(state: State, a: End) -> State:
    _riding(state, a.seat)
    state = evolve(
        state,
        turn=state.turn + 1,
        moved=False,
        taken_here=frozenset(),
        teleport=_set(state.teleport, a.seat, False),
    )
    if state.turn < state.players:
        return state
    return _end_of_round(state)


def _end_of_round(state: State) -> State:
    """Dark tiles leave the board; mermaids on them go home in turn order."""
    cover, tile_cells = list(state.cover), list(state.tile_cells)
    tile_discards = list(state.tile_discards)
    covered = state.covered
    for tile, cells in enumerate(state.tile_cells):
        if cells and TILE_DARK[tile]:
            covered &= ~spaces.mask(cells)
            for c in cells:
                cover[c] = -1
            tile_cells[tile] = ()
            tile_discards[TILE_SHAPE[tile]] += (tile,)
    state = evolve(
        state,
        cover=tuple(cover),
        covered=covered,
        tile_cells=tuple(tile_cells),
        tile_discards=tuple(tile_discards),
    )
    stranded = tuple(
        s
        for s in state.order
        if state.at[s] >= 0 and BASE[state.at[s]] == WATER and cover[state.at[s]] < 0
    )
    if stranded:
        return evolve(state, phase=HOME, stranded=stranded)
    return _after_home(state)


def _after_home(state: State) -> State:
    if state.round >= ROUNDS:
        return evolve(state, phase=OVER)
    if _must_discard(state):
        return evolve(state, phase=DISCARD)
    return _start_round(state)


def home_action(state: State, a: Home) -> State:
    need(state.phase == HOME, "Only a mermaid whose dark tile left the board goes home.")
    if a.cell not in spaces.free_starts(state, a.seat):
        raise IllegalAction("Go to a free oyster-shell start space.")
    state = evolve(state, at=_set(state.at, a.seat, a.cell), stranded=state.stranded[1:])
    return state if state.stranded else _after_home(state)


def keep_action(state: State, a: Keep) -> State:
    need(state.phase == DISCARD, "Cards are discarded at the end of a round.")
    cards = sorted_cards(a.cards, 2)
    hand = state.hands[a.seat]
    if not has_cards(hand, cards):
        raise IllegalAction("Keep two cards you hold.")
    kept = [0, 0, 0, 0]
    for k in cards:
        kept[k] += 1
    gone = tuple(k for k in range(3) for _ in range(hand[k] - kept[k]))
    state = evolve(
        state, hands=_set(state.hands, a.seat, tuple(kept)), discard=state.discard + gone
    )
    return state if _must_discard(state) else _start_round(state)
