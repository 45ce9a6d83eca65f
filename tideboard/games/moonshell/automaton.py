"""The solo automaton: its turn, played in the solo rules' order.

It has no secret objective, moonshell or mermeeple.  Other players' mermeeples
still block it (a Tide Pool tile it would pull, an Inlet rock it would take
from), and a round's event applies to it as far as it can (rules.md
lists each decision): Still Water keeps its one rotation for a later round,
Free Flow makes that rotation free, Reverse Current turns it the other way,
Heavy Seas and Fair Winds give it two or four actions, Spring Tide lets it pull
one tile onto a single open rock, and Becalmed stops a centre-column pull.
"""

from __future__ import annotations

import functools

from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import (
    ANEMONE,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CLOWNFISH,
    COLUMNS,
    EMPTY,
    MASK,
    MOONSHELL,
    REEF_PAIR,
    ROCK_SIDES,
    SOLO_BY_ID,
    TILE_NAMES,
    TYPE_CARDS,
)
from tideboard.games.moonshell.meeples import pull_blocker
from tideboard.games.moonshell.moves import PULLS, pull, pull_one, rotate, stack_target
from tideboard.games.moonshell.queries import (
    REEF,
    actions_per_turn,
    blocked_rock,
    chest_full,
    meeple_on,
    replace_at,
    sync_tides,
)
from tideboard.games.moonshell.reef import (
    BECALMED,
    FREE_FLOW,
    REVERSE_CURRENT,
    SPRING_TIDE,
    STILL_WATER,
)
from tideboard.games.moonshell.state import ROCK, TILE, State

SEAT = 1  # the automaton's seat


def automaton_choice(state: State, seat: int) -> tuple[int, str] | None:
    """(rock, reason) the automaton collects from, or None if it can take nothing.

    Collector first, then Trove, then either Pair type, else the leftmost tile.
    A rock holding another player's Inlet mermeeple is not there for it.
    """
    base = state.sides[seat] * 2
    rocks = state.rocks
    left, right = rocks[base], rocks[base + 1]
    if state.meeples and meeple_on(state.meeples, ROCK):
        if left != EMPTY and blocked_rock(state, seat, base) is not None:
            left = EMPTY
        if right != EMPTY and blocked_rock(state, seat, base + 1) is not None:
            right = EMPTY
    if left == EMPTY:
        return None if right == EMPTY else (1, "")
    if right == EMPTY:
        return 0, ""
    for bits, reason in _preferences(state.open_cards):
        if MASK[left] & bits and left != MOONSHELL:
            return 0, reason
        if MASK[right] & bits and right != MOONSHELL:
            return 1, reason
    return 0, "leftmost"


@functools.lru_cache(maxsize=1024)  # a game has one set of open cards, asked at every collect
def _preferences(open_cards: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """The type bits the automaton looks for, in order, with the card that asks for them."""
    pair_a, pair_b = TYPE_CARDS[open_cards[2]].types
    return (
        (TYPE_CARDS[open_cards[4]].bits, "Collector"),
        (TYPE_CARDS[open_cards[3]].bits, "Trove"),
        (pair_a | pair_b, "Pair"),
    )


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
    side = state.sides[SEAT]
    left, right = state.rocks[side * 2], state.rocks[side * 2 + 1]
    both = left == EMPTY and right == EMPTY
    if not both and not ((left == EMPTY) != (right == EMPTY) and state.event == SPRING_TIDE):
        return state, False
    card_id, drawn = _draw_solo(state)
    column, first = _SOLO_PULLS[card_id]
    why = ""
    if EMPTY in state.ocean and all(state.ocean[i] == EMPTY for i in COLUMNS[side][column]):
        why = "is empty"
    elif column == CENTRE and state.event == BECALMED:
        why = "is becalmed this round"
    elif (
        state.meeples
        and meeple_on(state.meeples, TILE)
        and pull_blocker(state, SEAT, PULLS[column][first or 0]) is not None
    ):
        why = "is held by a Tide Pool mermeeple"
    if why:
        events.append(f"draws solo card {card_id}, but its column {column + 1} {why}")
        return evolve(state, **drawn), False
    aside = state.urchins_aside
    if both:
        state = pull(state, SEAT, column, first, **drawn)
    else:
        state = pull_one(state, SEAT, column, None, spend=False, **drawn)
    l2, r2 = state.rocks[side * 2], state.rocks[side * 2 + 1]
    line = _pull_line(
        card_id, column, l2 if left == EMPTY else EMPTY, r2 if right == EMPTY else EMPTY
    )
    if state.urchins_aside < aside:
        line += URCHIN_NOTE
    events.append(line)
    return state, True


@functools.lru_cache(maxsize=8192)  # a solo card and the tiles it brought: at most 10 x 23 x 23
def _pull_line(card_id: str, column: int, left: int, right: int) -> str:
    """The log line of a pull that brought ``left`` and ``right`` (EMPTY: nothing new
    on that rock)."""
    if left != EMPTY:
        got = f"{TILE_NAMES[left]} to its left rock"
        if right != EMPTY:
            got += f", {TILE_NAMES[right]} to its right rock"
    else:
        got = f"{TILE_NAMES[right]} to its right rock" if right != EMPTY else ""
    return (
        f"draws solo card {card_id} and pulls its column {column + 1} "
        f"(your column {5 - column}): {got}"
    )


# solo card -> (column, the centre column's first rock or None), as its pull takes them
_SOLO_PULLS = {
    card.id: (card.column, card.first if card.column == CENTRE else None)
    for card in SOLO_BY_ID.values()
}
_WHY = {
    "Collector": " (it matches the Collector card)",
    "Trove": " (it matches the Trove card)",
    "Pair": " (it matches the Pair card)",
    "": "",
    "leftmost": " (the leftmost tile: neither matches Collector, Trove or Pair)",
}


def _collect_once(state: State, events: list[str]) -> tuple[State, bool]:
    """Step 3: take the tile the solo rules prefer into the leftmost open column.

    What ``moves.collect`` checks is known here (the rock holds a tile no Inlet
    mermeeple keeps, the column is open or the partner's), so the tile is placed
    at once, in the state ``collect`` would make."""
    choice = automaton_choice(state, SEAT)
    if choice is None:
        return state, False
    rock, reason = choice
    at = state.sides[SEAT] * 2 + rock
    tile = state.rocks[at]
    chest = state.chests[SEAT]
    target = stack_target(chest, tile) if tile in REEF else None
    if target is not None:
        column = target
        col = chest[column]
        col = replace_at(col, col.index(CLOWNFISH if tile == ANEMONE else ANEMONE), REEF_PAIR)
    else:  # the leftmost open column
        for column in range(CHEST_COLUMNS):
            if len(chest[column]) < CHEST_ROWS:
                break
        else:
            return state, False
        col = chest[column] + (tile,)
    chest = replace_at(chest, column, col)
    chests = state.chests
    chests = (chests[0], chest) + chests[2:]  # (SEAT is 1)
    changes: dict[str, object] = {"rocks": replace_at(state.rocks, at, EMPTY), "chests": chests}
    filled = state.end_trigger < 0 and chest_full(chest)
    if filled:
        changes["end_trigger"] = SEAT
    state = evolve(state, **changes)
    events.append(_collect_line(tile, rock, column, target is not None, reason))
    if filled:
        events.append("fills its treasure chest: the game ends after this round")
    return (sync_tides(state) if state.meeples else state), True


@functools.lru_cache(maxsize=2048)  # every tile, rock, column, stacking and reason: < 2,048
def _collect_line(tile: int, rock: int, column: int, stacked: bool, reason: str) -> str:
    where = "stacks it" if stacked else f"into chest column {column + 1}"
    return f"collects the {TILE_NAMES[tile]} from its {ROCK_SIDES[rock]} rock {where}{_WHY[reason]}"


def play_turn(state: State) -> tuple[State, tuple[str, ...]]:
    """The automaton's turn, in the solo rules' order (rotate, once only in the game;
    pull 2 with a solo card, collect twice, then pull again...), and the lines of its
    log, which the caller records (``auto_log``, ``auto_turns + 1``) with its own changes."""
    events: list[str] = []
    done = 0
    budget = actions_per_turn(state)
    if not state.auto_rotated:
        if state.event == STILL_WATER:
            events.append("keeps its one rotation for later: Still Water")
        else:
            way = (
                "clockwise"
                if state.tides_odd != (state.event == REVERSE_CURRENT)
                else "counter-clockwise"
            )
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
    return state, tuple(events)


URCHIN_NOTE = " (the bag ran out: the sea urchins go into the bag)"


def urchin_note(before: State, after: State) -> str:
    return URCHIN_NOTE if after.urchins_aside < before.urchins_aside else ""
