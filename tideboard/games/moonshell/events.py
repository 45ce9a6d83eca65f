"""The Lunar Reef event deck: a card is revealed before the first player's turn
of each round.  A "now" card acts once as it is revealed; a "round" card's
effect is checked by the rules while ``state.event`` names it (the next card
replaces it).  Moonrise asks each player in turn order (phase EVENT)."""

from __future__ import annotations

from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import CHEST_COLUMNS, CHEST_ROWS, EMPTY, URCHIN
from tideboard.games.moonshell.moves import COLLECTS, draw_tile, place_tile, rotate
from tideboard.games.moonshell.powers import homecoming
from tideboard.games.moonshell.queries import chest_count, humans, replace_at
from tideboard.games.moonshell.reef import (
    HOMECOMING,
    LOW_TIDE,
    MOONRISE,
    SHELL_SHOWER,
    SWARM_SIZE,
    UNDERTOW,
    URCHIN_SWARM,
    WHIRLPOOL,
)
from tideboard.games.moonshell.state import DECLINE, EVENT, MOON, PLAY, Collect, Decline, State


def reveal(state: State, **changes) -> State:
    """Turn over the next event card (a spent deck is reshuffled) and do what a
    "now" card says; ``changes`` (the new round's number...) go in with the card."""
    deck, discard, rng = state.event_deck, state.event_discard, state.rng
    if not deck:
        deck, rng = rng.shuffle(sorted(discard))
        discard = ()
    card = deck[-1]
    state = evolve(
        state, event=card, event_deck=deck[:-1], event_discard=discard + (card,), rng=rng, **changes
    )
    if card == MOONRISE:
        waiting = _moonrise_seats(state, 0)
        if waiting:
            return evolve(state, phase=EVENT, current=waiting[0])
    elif card == UNDERTOW:
        state = rotate(state)
    elif card == WHIRLPOOL:
        state = rotate(rotate(state))
    elif card == LOW_TIDE:
        back = tuple(t for t in state.rocks if t != EMPTY)
        if back:
            bag, rng = state.rng.shuffle(state.bag + back)
            state = evolve(state, rocks=(EMPTY,) * 8, bag=bag, rng=rng)
    elif card == HOMECOMING and state.powers:
        state = homecoming(state)
    elif card == SHELL_SHOWER:
        state = _shower(state)
    elif card == URCHIN_SWARM:
        count = min(SWARM_SIZE, state.urchins_aside)
        if count:
            bag, rng = state.rng.shuffle(state.bag + (URCHIN,) * count)
            state = evolve(state, bag=bag, rng=rng, urchins_aside=state.urchins_aside - count)
    return state


def _shower(state: State) -> State:
    """Each seat in turn order (the automaton too) fills its empty rocks from the bag."""
    rocks, bag, aside = list(state.rocks), state.bag, state.urchins_aside
    for seat in range(state.players):
        for k in (0, 1):
            rock = state.sides[seat] * 2 + k
            if rocks[rock] == EMPTY and bag:
                rocks[rock], bag, aside = draw_tile(bag, aside)
    return evolve(state, rocks=tuple(rocks), bag=bag, urchins_aside=aside)


def _moonrise_seats(state: State, start: int) -> list[int]:
    """People (from ``start`` on) who still hold a moonshell and have room for it."""
    return [
        s
        for s in range(start, humans(state))
        if state.moonshells[s] and any(len(col) < CHEST_ROWS for col in state.chests[s])
    ]


def legal_event_actions(state: State) -> list:
    seat = state.current
    chest = state.chests[seat]
    return [COLLECTS[MOON][c] for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS] + [
        DECLINE
    ]


def apply_event_action(state: State, action) -> State:
    """Moonrise: place the moonshell for free, or let the offer go.  Once everyone has
    answered, the phase is PLAY again and ``rules.apply`` starts the round's first turn."""
    seat = state.current
    if isinstance(action, Collect):
        if action != Collect(MOON, action.column):
            raise IllegalAction("Moonrise: place your moonshell (moonshell COLUMN) or decline.")
        chest = place_tile(state.chests[seat], 17, action.column)
        trigger = state.end_trigger
        if trigger < 0 and chest_count(chest) == CHEST_COLUMNS * CHEST_ROWS:
            trigger = seat
        state = evolve(
            state,
            chests=replace_at(state.chests, seat, chest),
            end_trigger=trigger,
            moonshells=replace_at(state.moonshells, seat, False),
        )
    elif not isinstance(action, Decline):
        raise IllegalAction(
            f"Moonrise: {seat_label(seat)} may place their moonshell for free "
            "(moonshell COLUMN) or decline."
        )
    waiting = _moonrise_seats(state, seat + 1)
    if waiting:
        return evolve(state, current=waiting[0])
    return evolve(state, phase=PLAY, current=0)
