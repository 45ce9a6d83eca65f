"""Mermaid Rain rules: setup, the round's phases, legal actions and the reducer.

A round: the undercurrent card turns surf tiles face up and seven cards are
dealt (automatic); every seat melds at once (``Show``, hidden until all have
chosen); the melds are ranked, bonuses paid and tiles picked in meld order
(``Pick``, ``Draw``); then each seat surf-rides in that order (``Enter`` the
first time, ``Place``/``Drop`` its tiles, ``Move``/``Teleport``/``Take``,
``End``); dark tiles leave the board (``Home`` for a stranded mermaid) and
everyone keeps two cards (``Keep``, at once).  After round five: over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain import riding, spaces
from tideboard.games.mermaid_rain.content import (
    BASE,
    KEEP,
    MARCH,
    MELD_LIMIT,
    MELD_POINTS,
    MERMAID,
    PLACEMENTS,
    RAIN,
    SHAPES,
    TILE_SHAPE,
    TILE_SYMBOL,
    TREASURE_POINTS,
    WALTZ,
)
from tideboard.games.mermaid_rain.melds import meld_order, meld_rank
from tideboard.games.mermaid_rain.rounds import (
    _ONE_SET,
    _PAIR_SET,
    PAIRS,
    _draw_tile,
    _minus,
    _set,
    adventure_cards,
    card_name,
    cell_name,
    has_cards,
    letters,
    need,
    setup,
    sorted_cards,
)
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HOME,
    MELD,
    OVER,
    PICK,
    RIDE,
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

__all__ = ["setup", "to_move", "legal_for", "legal_actions", "apply", "letters", "cell_name"]


# -- whose decision -----------------------------------------------------------------


def to_move(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase == RIDE or phase == PICK:
        return (state.order[state.turn],)
    if phase == MELD:
        return tuple(
            [
                s
                for s, (stop, choice) in enumerate(zip(state.stopped, state.chosen))
                if not stop and choice is None
            ]
        )
    if phase == HOME:
        return state.stranded[:1]
    if phase == DISCARD:
        return tuple(s for s in range(state.players) if adventure_cards(state.hands[s]) > KEEP)
    return ()


def first_meld_step(state: State, seat: int) -> bool:
    return sum(state.melds[seat]) == 0


# Action objects for the meld and the discard are made once and shared.
_SHOW_PAIRS = tuple(tuple((p, Show(seat, p)) for p in PAIRS) for seat in range(6))
_SHOW_ONE = tuple(tuple(Show(seat, (k,)) for k in range(4)) for seat in range(6))
_KEEPS = tuple(tuple((p, Keep(seat, p)) for p in PAIRS) for seat in range(6))


def _pairs_held(hand: tuple[int, ...], made: tuple) -> list:
    return [action for (a, b), action in made if hand[a] > (a == b) and hand[b]]


# A seat's meld choices depend only on its hand and the step: made once, shared.
_MELD_CHOICES: dict[tuple, tuple[Show, ...]] = {}


def _meld_choices(seat: int, hand: tuple[int, ...], first: bool) -> tuple[Show, ...]:
    key = (seat, first, hand)
    found = _MELD_CHOICES.get(key)
    if found is None:
        if first:
            found = tuple(_pairs_held(hand, _SHOW_PAIRS[seat]))
        else:
            one = _SHOW_ONE[seat]
            found = tuple(one[k] for k in range(3) if hand[k]) + (one[MERMAID],)
        _MELD_CHOICES[key] = found
    return found


def legal_for(state: State, seat: int) -> list[Action]:
    """The choices of ``seat`` now (empty when the game does not wait for it)."""
    if seat not in to_move(state):
        return []
    return _legal(state, seat)


def _legal(state: State, seat: int) -> list[Action]:
    phase, hand = state.phase, state.hands[seat]
    if phase == MELD:
        return list(_meld_choices(seat, hand, not any(state.melds[seat])))
    if phase == PICK:
        if not state.held[seat] and state.offer:
            return [Pick(seat, t) for t in state.offer]
        if not state.waltz[seat]:
            return []
        return [
            Draw(seat, s) for s in range(len(SHAPES)) if state.piles[s] or state.tile_discards[s]
        ]
    if phase == RIDE:
        here = state.at[seat]
        if here < 0:
            return [Enter(seat, c) for c in spaces.free_starts(state, seat)]
        if state.held[seat]:
            out: list[Action] = []
            covered = state.covered
            for tile in state.held[seat]:
                out += [p for mask, p in _places(seat, tile) if not mask & covered]
                out.append(Drop(seat, tile))
            return out
        out = []
        if state.teleport[seat] and not state.moved:
            out.extend(Teleport(seat, s) for s in spaces.all_spaces(state) if s != here)
        moves, cover = _MOVES, state.cover
        hand = state.hands[seat]
        cap = spaces.CAP
        held = (cap[hand[0]], cap[hand[1]], cap[hand[2]])
        for space in spaces.neighbour_spaces(state, here):
            tile = cover[space]
            key = (seat, space, BASE[space] if tile < 0 else TILE_SYMBOL[tile], held)
            found = moves.get(key)
            if found is None:  # made once, shared
                found = moves[key] = tuple(
                    Move(seat, space, cost) for cost in spaces.costs(state, seat, space)
                )
            out.extend(found)
        if can_take(state):
            out.extend(Take(seat, i) for i in range(len(state.spaces[here])))
        out.append(End(seat))
        return out
    if phase == HOME:
        return [Home(seat, c) for c in spaces.free_starts(state, seat)]
    if phase == DISCARD:
        return _pairs_held(hand, _KEEPS[seat])
    return []


_PLACES: dict[tuple[int, int], tuple[tuple[int, Place], ...]] = {}
_MOVES: dict[tuple, tuple[Move, ...]] = {}


def _places(seat: int, tile: int) -> tuple[tuple[int, Place], ...]:
    """(cell mask, Place) for every spot of the tile's shape (made once, shared)."""
    key = (seat, tile)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = tuple(
            (spaces.mask(cells), Place(seat, tile, cells)) for cells in PLACEMENTS[TILE_SHAPE[tile]]
        )
    return found


def legal_actions(state: State) -> list[Action]:
    """Every seat's choices: in the meld phase and at the discard, several seats'."""
    seats = to_move(state)
    if len(seats) == 1:
        return _legal(state, seats[0])
    out: list[Action] = []
    for seat in seats:
        out.extend(_legal(state, seat))
    return out


def can_take(state: State) -> bool:
    """The rider may collect here: it moved onto this space this turn and has
    not collected from it yet (a mermaid starting on treasure must leave and
    come back)."""
    seat = state.order[state.turn]
    here = state.at[seat]
    return state.moved and here not in state.taken_here and bool(state.spaces[here])


# -- the reducer ----------------------------------------------------------------------


def _whose(state: State, seat: int) -> None:
    phase = state.phase
    if (phase == RIDE or phase == PICK) and seat == state.order[state.turn]:
        return
    if (
        phase == MELD
        and seat.__class__ is int
        and 0 <= seat < state.players
        and state.chosen[seat] is None
        and not state.stopped[seat]
    ):
        return  # still to choose (the usual case, checked quickly)
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction(f"There is no seat {seat!r} at this table.")
    if state.phase == OVER:
        raise IllegalAction("The game is over.")
    if seat not in to_move(state):
        if state.phase in (MELD, DISCARD):
            raise IllegalAction(f"{seat_label(seat)} has nothing to choose now.")
        raise IllegalAction(f"It is not {seat_label(seat)}'s turn.")


def apply(state: State, action: Action) -> State:
    seat = getattr(action, "seat", None)
    _whose(state, seat)  # type: ignore[arg-type]
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"Not a Mermaid Rain move: {action!r}.")
    return handler(state, action)


def _show(state: State, a: Show) -> State:
    need(state.phase == MELD, "Melds are shown only in the meld phase.")
    hand = state.hands[a.seat]
    cards = a.cards
    if cards in _PAIR_SET if first_meld_step(state, a.seat) else cards in _ONE_SET:
        # the usual case, checked quickly: a well-formed choice of held cards
        if cards == (MERMAID,) or (
            hand[cards[0]] > (len(cards) == 2 and cards[0] == cards[1]) and hand[cards[-1]]
        ):
            return _chosen(state, a.seat, cards)
    if first_meld_step(state, a.seat):
        cards = sorted_cards(a.cards, 2)
        if MERMAID in cards:
            raise IllegalAction(
                "The first two meld cards must be adventure cards, not your Mermaid card."
            )
    else:
        cards = sorted_cards(a.cards, 1)
        if cards == (MERMAID,):
            return _chosen(state, a.seat, cards)
    if not has_cards(hand, cards):
        raise IllegalAction(
            f"You do not hold {' and '.join(card_name(k) for k in cards)} for that."
        )
    return _chosen(state, a.seat, cards)


def _chosen(state: State, seat: int, cards: tuple[int, ...]) -> State:
    chosen = _set(state.chosen, seat, cards)
    state = evolve(state, chosen=chosen)
    for stop, choice in zip(state.stopped, chosen):
        if not stop and choice is None:
            return state  # others still choosing
    # everyone has chosen: reveal together
    melds: list[tuple[int, ...]]
    hands, melds, stopped = list(state.hands), list(state.melds), list(state.stopped)
    for s, cards in enumerate(chosen):
        if cards is None:
            continue
        if cards == (MERMAID,):
            stopped[s] = True
            continue
        hands[s] = _minus(hands[s], cards)
        meld = list(melds[s])
        for k in cards:
            meld[k] += 1
        melds[s] = tuple(meld)
    state = evolve(
        state,
        hands=tuple(hands),
        melds=tuple(melds),
        stopped=tuple(stopped),
        chosen=(None,) * state.players,
    )
    if all(stopped) or any(sum(m) >= MELD_LIMIT for m in melds):
        return _resolve(state)
    return state


def _resolve(state: State) -> State:
    """Rank the melds, pay the bonuses, discard the meld cards, pass the Prince."""
    n = state.players
    ranks = tuple(meld_rank(m) for m in state.melds)
    order = meld_order(ranks, state.prince)
    points = list(state.points)
    owned, pool, face_up = list(state.owned), state.pool, state.face_up
    teleport, waltz = [False] * n, [False] * n
    discard = list(state.discard)
    for seat in order:
        rank = ranks[seat]
        points[seat] += MELD_POINTS[rank]
        if rank == MARCH and pool:
            tid, pool = pool[-1], pool[:-1]
            owned[seat] += (tid,)
            face_up = face_up | {tid}
            points[seat] += TREASURE_POINTS
        teleport[seat] = rank == RAIN
        waltz[seat] = rank == WALTZ
        for k in range(3):
            discard.extend([k] * state.melds[seat][k])
    state = evolve(
        state,
        phase=PICK,
        ranks=ranks,
        order=order,
        turn=0,
        prince=order[0],
        points=tuple(points),
        owned=tuple(owned),
        pool=pool,
        face_up=face_up,
        teleport=tuple(teleport),
        waltz=tuple(waltz),
        discard=tuple(discard),
        stopped=(False,) * n,
    )
    return _settle_pick(state)


def _settle_pick(state: State) -> State:
    """Pass over seats with nothing to pick; after the last, start surf riding."""
    while state.phase == PICK:
        seat = state.order[state.turn]
        if (not state.held[seat] and state.offer) or (
            state.waltz[seat] and (any(state.piles) or any(state.tile_discards))
        ):
            return state  # something to pick (or, after an Aquamarine Waltz, to draw)
        state = evolve(state, turn=state.turn + 1, waltz=_set(state.waltz, seat, False))
        if state.turn == state.players:
            tile_discards = list(state.tile_discards)
            for tile in state.offer:
                tile_discards[TILE_SHAPE[tile]] += (tile,)
            state = evolve(
                state,
                phase=RIDE,
                turn=0,
                offer=(),
                tile_discards=tuple(tile_discards),
                moved=False,
                taken_here=frozenset(),
            )
    return state


def _pick(state: State, a: Pick) -> State:
    need(state.phase == PICK, "Surf tiles are picked after the melds.")
    need(not state.held[a.seat], "You have picked your surf tile this round.")
    if a.tile not in state.offer:
        raise IllegalAction("That surf tile is not face up to pick.")
    offer = tuple(t for t in state.offer if t != a.tile)
    state = evolve(state, offer=offer, held=_set(state.held, a.seat, (a.tile,)))
    return _settle_pick(state)


def _draw(state: State, a: Draw) -> State:
    need(state.phase == PICK, "Surf tiles are taken after the melds.")
    need(not (not state.held[a.seat] and state.offer), "Pick a face-up surf tile first.")
    need(state.waltz[a.seat], "Only an Aquamarine Waltz takes an extra face-down surf tile.")
    if not isinstance(a.shape, int) or not 0 <= a.shape < len(SHAPES):
        raise IllegalAction("There is no such surf tile shape.")
    tile, state = _draw_tile(state, a.shape)
    if tile < 0:
        raise IllegalAction(f"No {SHAPES[a.shape]} surf tiles are left.")
    state = evolve(
        state,
        held=_set(state.held, a.seat, state.held[a.seat] + (tile,)),
        extra=_set(state.extra, a.seat, tile),
        waltz=_set(state.waltz, a.seat, False),
    )
    return _settle_pick(state)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Show: _show,
    Pick: _pick,
    Draw: _draw,
    Enter: riding.enter_action,
    Place: riding.place_action,
    Drop: riding.drop_action,
    Move: riding.move_action,
    Teleport: riding.teleport_action,
    Take: riding.take_action,
    End: riding.end_action,
    Home: riding.home_action,
    Keep: riding.keep_action,
}
