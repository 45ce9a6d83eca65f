"""The solo automaton: its turn, played in the solo rules' order.

It has no secret objective, moonshell or mermeeple.  Other players' mermeeples
still block it (a Tide Pool tile it would pull, an Inlet rock it would take
from), and a round's event applies to it as far as it can (docs/games/moonshell.md
lists each decision): Still Water keeps its one rotation for a later round,
Free Flow makes that rotation free, Reverse Current turns it the other way,
Heavy Seas and Fair Winds give it two or four actions, Spring Tide lets it pull
one tile onto a single open rock, and Becalmed stops a centre-column pull.
"""

from __future__ import annotations

from tideboard.games.moonshell import powers
from tideboard.games.moonshell.content import (CARDS, CENTRE, CHEST_COLUMNS, CHEST_ROWS, EMPTY,
                                               MASK, MOONSHELL, ROCK_SIDES, SOLO_BY_ID,
                                               tile_name)
from tideboard.games.moonshell.reef import (BECALMED, FREE_FLOW, REVERSE_CURRENT, SPRING_TIDE,
                                            STILL_WATER)
from tideboard.games.moonshell.rules import (COLLECTS, REEF, actions_per_turn, blocked_rock,
                                             collect, column_tiles, pull, rotate, seat_rocks,
                                             stack_target)
from tideboard.games.moonshell.state import Pull, State, evolve

SEAT = 1  # the automaton's seat


def automaton_choice(state: State, seat: int) -> tuple[int, str] | None:
    """(rock, reason) the automaton collects from, or None if it can take nothing.

    Collector first, then Trove, then either Pair type, else the leftmost tile.
    A rock holding another player's Inlet mermeeple is not there for it.
    """
    rocks = seat_rocks(state, seat)
    base = state.sides[seat] * 2
    present = [k for k in (0, 1) if rocks[k] != EMPTY
               and not (state.meeples and blocked_rock(state, seat, base + k) is not None)]
    if not present:
        return None
    if len(present) == 1:
        return present[0], ""
    collector = CARDS[state.open_cards[4]].bits
    trove = CARDS[state.open_cards[3]].bits
    pair_a, pair_b = CARDS[state.open_cards[2]].types
    for bits, reason in ((collector, "Collector"), (trove, "Trove"), (pair_a | pair_b, "Pair")):
        for k in present:
            if MASK[rocks[k]] & bits and rocks[k] != MOONSHELL:
                return k, reason
    return present[0], "leftmost"


def _draw_solo(state: State) -> tuple[str, dict]:
    """The top solo card and the state's changes for drawing it (given to the pull's
    own copy of the state: one copy fewer per automaton turn)."""
    deck, discard, rng = state.solo_deck, state.solo_discard, state.rng
    if not deck:  # (only if a state was built without reshuffling)
        deck, rng = rng.shuffle(sorted(discard))
        discard = ()
    card = deck[-1]
    deck, discard = deck[:-1], discard + (card,)
    if not deck:  # every card discarded: shuffle the discard to make the new deck
        deck, rng = rng.shuffle(discard)
        discard = ()
    return card, {"solo_deck": deck, "solo_discard": discard, "rng": rng}


def _try_pull(state: State, events: list[str]) -> tuple[State, bool]:
    """Step 2: draw a solo card and pull its column, if the rocks allow."""
    left, right = seat_rocks(state, SEAT)
    both = left == EMPTY and right == EMPTY
    one = (left == EMPTY) != (right == EMPTY) and state.event == SPRING_TIDE
    if not (both or one):
        return state, False
    card_id, drawn = _draw_solo(state)
    card = SOLO_BY_ID[card_id]
    column = card.column
    first = card.first if column == CENTRE else None
    why = ""
    if not column_tiles(state, SEAT, column):
        why = "is empty"
    elif column == CENTRE and state.event == BECALMED:
        why = "is becalmed this round"
    elif state.meeples and powers.pull_blocker(state, SEAT, Pull(column, first)) is not None:
        why = "is held by a Tide Pool mermeeple"
    if why:
        events.append(f"draws solo card {card_id}, but its column {column + 1} {why}")
        return evolve(state, **drawn), False
    before = state
    if both:
        state = pull(state, SEAT, column, first, **drawn)
    else:
        state = powers.pull_one(state, SEAT, column, None, spend=False, **drawn)
    l2, r2 = seat_rocks(state, SEAT)
    got = []
    if left == EMPTY and l2 != EMPTY:
        got.append(f"{tile_name(l2)} to its left rock")
    if right == EMPTY and r2 != EMPTY:
        got.append(f"{tile_name(r2)} to its right rock")
    events.append(f"draws solo card {card_id} and pulls its column {column + 1} "
                  f"(your column {5 - column}): {', '.join(got)}" + urchin_note(before, state))
    return state, True


def _collect_once(state: State, events: list[str]) -> tuple[State, bool]:
    """Step 3: take the tile the solo rules prefer into the leftmost open column."""
    choice = automaton_choice(state, SEAT)
    if choice is None:
        return state, False
    rock, reason = choice
    tile = seat_rocks(state, SEAT)[rock]
    chest = state.chests[SEAT]
    column = stack_target(chest, tile) if tile in REEF else None
    target = column
    if target is None:  # the leftmost open column
        for c in range(CHEST_COLUMNS):
            if len(chest[c]) < CHEST_ROWS:
                column = c
                break
        else:
            return state, False
    before_trigger = state.end_trigger
    state = collect(state, SEAT, COLLECTS[rock][column])
    why = f" (it matches the {reason} card)" if reason and reason != "leftmost" else ""
    if reason == "leftmost":
        why = " (the leftmost tile: neither matches Collector, Trove or Pair)"
    where = "stacks it" if target is not None else f"into chest column {column + 1}"
    events.append(f"collects the {tile_name(tile)} from its {ROCK_SIDES[rock]} rock "
                  f"{where}{why}")
    if before_trigger < 0 and state.end_trigger == SEAT:
        events.append("fills its treasure chest: the game ends after this round")
    return state, True


def automaton_turn(state: State) -> State:
    """The automaton's actions, in the solo rules' order: rotate (once only in the
    game), pull 2 with a solo card, collect twice, then pull again..."""
    events: list[str] = []
    done = 0
    budget = actions_per_turn(state)
    if not state.auto_rotated:
        if state.event == STILL_WATER:
            events.append("keeps its one rotation for later: Still Water")
        else:
            way = ("clockwise" if state.tides_odd != (state.event == REVERSE_CURRENT)
                   else "counter-clockwise")
            state = rotate(state, auto_rotated=True)
            events.append(f"rotates the ocean {way} (its one rotation of the game)")
            done = 0 if state.event == FREE_FLOW else 1
    while done < budget:
        state, progressed = _try_pull(state, events)
        done += progressed
        for _ in range(2):
            if done >= budget:
                break
            state, took = _collect_once(state, events)
            if not took:
                break
            done += 1
            progressed = True
        if not progressed:
            events.append("can do nothing more")
            break
    return evolve(state, auto_turns=state.auto_turns + 1, auto_log=tuple(events))


def urchin_note(before: State, after: State) -> str:
    if after.urchins_aside < before.urchins_aside:
        return " (the bag ran out: the sea urchins go into the bag)"
    return ""
