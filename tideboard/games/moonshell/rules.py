"""Moonshell rules: setup, legal actions and the reducer.

Every change of turn and every action goes through three functions:
:func:`_do_action` (one action of the player to move), :func:`_end_turn`
(closing a turn; a new round reveals its event card in :func:`_start_round`)
and :func:`sync_tides` (the tides token shows the parity of the mermeeples on
the field).  The mermaid powers live in ``powers.py``, the event cards in
``events.py`` and the solo automaton in ``automaton.py``.
"""

from __future__ import annotations

import operator

from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.rng import Rng
from tideboard.games.moonshell.board import (  # noqa: F401 (the helpers, also for screens)
    REEF, _held, _odd_in_play, _replace, actions_per_turn, blocked_rock, chest_count, chest_full, chest_rows,
    column_tiles, humans, ocean_rows, seat_rocks, sync_tides, who)
from tideboard.games.moonshell.content import (
    ANEMONE, CCW_ROCK_SOURCE, CCW_SOURCE, CENTRE, DECK_IDS, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE,
    CLOWNFISH, COLUMNS, CW_ROCK_SOURCE, CW_SOURCE, EMPTY, HIDDEN, MOONSHELL, REEF_PAIR,
    ROCK_SIDES, URCHIN, far_rock)
from tideboard.games.moonshell.reef import (BECALMED, FREE_FLOW, MERMAID_IDS, REVERSE_CURRENT,
                                            SPRING_TIDE, STILL_WATER)
from tideboard.games.moonshell.state import (EVENT, KEEP, MERMAID, MOON, PASS, PLAY, ROCK,
                                             ROTATE, TILE, Action, Choose, Collect, Keep, Pass, Power,
                                             Pull, Rotate, State, SwapTake, evolve)

# Action objects are made once and shared, which keeps move generation cheap.
PULLS: tuple[tuple[Pull, ...], ...] = tuple(
    (Pull(j, 0), Pull(j, 1)) if j == CENTRE else (Pull(j),) for j in range(5))
COLLECTS: tuple[tuple[Collect, ...], ...] = tuple(
    tuple(Collect(source, column) for column in range(CHEST_COLUMNS)) for source in range(3))
# Every pull (no column empty), and every pull but the centre column's (Becalmed).
ALL_PULLS = tuple(a for row in PULLS for a in row)
_ROTATE_AND_PULLS = (ROTATE,) + ALL_PULLS
PULLS_BUT_CENTRE = tuple(a for j, row in enumerate(PULLS) if j != CENTRE for a in row)


class _CollectRows(dict):
    """The chest's column heights -> (per source, the collects into its open columns;
    every column is filled): a table, so move generation need not look at each column.
    Filled in as chests grow (building all 1296 rows at import cost the first frame)."""

    def __missing__(self, heights: tuple[int, ...]):
        row = (tuple(tuple(COLLECTS[source][c] for c in range(CHEST_COLUMNS) if heights[c] < CHEST_ROWS)
                     for source in range(3)),
               sum(heights) == CHEST_SIZE)
        self[heights] = row
        return row


_COLLECT_ROWS = _CollectRows()
_CHOOSES = {m: Choose(m) for m in MERMAID_IDS}
_KEEPS = {card: Keep(card) for deck in ("secret", "lunar-secret") for card in DECK_IDS.get(deck, ())}


# -- legal actions --------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    if state.over:
        return []
    seat = state.current
    if state.phase != PLAY:
        if state.phase == KEEP:
            return [_KEEPS.get(card) or Keep(card) for card in state.offers[seat]]
        if state.phase == MERMAID:
            return [_CHOOSES[m] for m in MERMAID_IDS if m not in state.mermaids]
        return events.legal_event_actions(state)
    base = state.sides[seat] * 2
    left, right = state.rocks[base], state.rocks[base + 1]
    event = state.event
    if left == EMPTY and right == EMPTY:
        ocean = state.ocean
        if EMPTY not in ocean:  # (the usual case: every column has tiles)
            if event != STILL_WATER and event != BECALMED:
                actions: list[Action] = list(_ROTATE_AND_PULLS)
            else:
                actions = [] if event == STILL_WATER else [ROTATE]
                actions.extend(PULLS_BUT_CENTRE if event == BECALMED else ALL_PULLS)
        else:
            actions = [] if event == STILL_WATER else [ROTATE]
            for j, cells in enumerate(COLUMNS[state.sides[seat]]):
                if j == CENTRE and event == BECALMED:
                    continue
                for i in cells:
                    if ocean[i] != EMPTY:
                        actions.extend(PULLS[j])
                        break
        if state.powers and _held(state.meeples, TILE):
            actions = [a for a in actions if not isinstance(a, Pull)
                       or powers.pull_blocker(state, seat, a) is None]
    else:
        actions = [] if event == STILL_WATER else [ROTATE]
        if event == SPRING_TIDE and (left == EMPTY or right == EMPTY):
            actions.extend(powers.one_rock_pulls(state, seat, ""))
    chest = state.chests[seat]
    c0, c1, c2, c3 = chest
    rows, filled = _COLLECT_ROWS[len(c0), len(c1), len(c2), len(c3)]
    if left != EMPTY or right != EMPTY:
        rock_held = state.powers and _held(state.meeples, ROCK)
        if left != EMPTY and not (rock_held and blocked_rock(state, seat, base) is not None):
            actions.extend(_collects(chest, rows, 0, left) if left in REEF else rows[0])
        if right != EMPTY and not (rock_held and blocked_rock(state, seat, base + 1) is not None):
            actions.extend(_collects(chest, rows, 1, right) if right in REEF else rows[1])
    if state.moonshells[seat]:
        actions.extend(rows[MOON])
    if filled and chest_count(chest) == CHEST_SIZE:
        actions.append(PASS)
    if state.powers:
        actions.extend(powers.power_actions(state, seat))
    if not actions:  # (e.g. Still Water, and blocked rocks): nothing to do but pass
        actions.append(PASS)
    return actions


def _collects(chest, rows, source: int, tile: int):
    """An anemone's or clownfish's collects: onto its partner if one waits, else ``rows``'."""
    stack = stack_target(chest, tile)
    return rows[source] if stack is None else (COLLECTS[source][stack],)


# -- the reducer -------------------------------------------------------------------
def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalAction("The game is over.")
    if state.phase != PLAY:
        if state.phase == KEEP:
            return _keep(state, action)
        if state.phase == MERMAID:
            return _choose(state, action)
        return events.apply_event_action(state, action)
    if isinstance(action, (Keep, Choose)):
        raise IllegalAction("Secret objectives and mermaids have all been chosen; it is time to "
                            "play (rotate, pull or collect).")
    after = _do_action(state, state.current, action)
    if isinstance(action, Pass) or after.actions_left == 0:
        # (a state the action made is this call's own: the turn's end may change it)
        return _end_turn(after, after is not state)
    return after


def _choose(state: State, action: Action) -> State:
    seat = state.current
    if not isinstance(action, Choose):
        raise IllegalAction(f"{seat_label(seat)} first chooses a mermaid (mermaid NAME: "
                            f"{', '.join(MERMAID_IDS)}).")
    if action.mermaid not in MERMAID_IDS:
        raise IllegalAction(f"There is no mermaid {action.mermaid!r}; choose from: "
                            f"{', '.join(MERMAID_IDS)}.")
    if action.mermaid in state.mermaids:
        raise IllegalAction(f"The {action.mermaid} mermaid is taken; choose another.")
    mermaids = _replace(state.mermaids, seat, action.mermaid)
    waiting = [s for s in range(humans(state)) if not mermaids[s]]
    if waiting:
        return evolve(state, mermaids=mermaids, current=waiting[0])
    return evolve(state, mermaids=mermaids, phase=KEEP, current=0)


def _keep(state: State, action: Action) -> State:
    seat = state.current
    if not isinstance(action, Keep):
        raise IllegalAction(f"{seat_label(seat)} first keeps one of their two secret objectives "
                            "(keep CARD).")
    offers = state.offers[seat]
    if action.card not in offers:
        raise IllegalAction(f"{action.card} is not one of your secret objectives; "
                            f"keep {' or '.join(offers)}.")
    secrets, offers = _replace(state.secrets, seat, action.card), _replace(state.offers, seat, ())
    if seat + 1 < humans(state):
        return evolve(state, secrets=secrets, offers=offers, current=seat + 1)
    return _start_round(state, secrets=secrets, offers=offers, phase=PLAY, current=0)


def _do_action(state: State, seat: int, action: Action) -> State:
    """One action by ``seat``; a mermaid power changes or adds to it."""
    if isinstance(action, Collect):  # (the most frequent action first)
        return collect(state, seat, action, actions_left=state.actions_left - 1)
    if isinstance(action, Rotate):
        if state.event == STILL_WATER:
            raise IllegalAction("Still Water: no one may rotate the ocean this round.")
        if action.twice:
            state = powers.use_passive(state, seat, "rising-moon")
            return rotate(rotate(state), actions_left=state.actions_left - 1)
        if state.event == FREE_FLOW and not state.free_rotation:
            return rotate(state, free_rotation=True)
        return rotate(state, actions_left=state.actions_left - 1)
    if isinstance(action, Pull):
        if action.power:
            return powers.power_pull(state, seat, action)
        base = state.sides[seat] * 2
        one_open = (state.rocks[base] == EMPTY) != (state.rocks[base + 1] == EMPTY)
        if one_open and state.event == SPRING_TIDE:
            return powers.pull_one(state, seat, action.column, action.first)
        if state.event == BECALMED and action.column == CENTRE:
            raise IllegalAction("Becalmed: no one may pull the centre column this round.")
        if state.meeples and (blocker := powers.pull_blocker(state, seat, action)) is not None:
            raise IllegalAction(f"{who(state, blocker)}'s Tide Pool mermeeple is on a tile that "
                                "pull would take; no one else can take it.")
        return pull(state, seat, action.column, action.first, actions_left=state.actions_left - 1)
    if isinstance(action, (SwapTake, Power)):
        return powers.apply_power(state, seat, action)
    if isinstance(action, Pass):
        if chest_count(state.chests[seat]) < CHEST_SIZE and legal_actions(state) != [PASS]:
            raise IllegalAction("You may only pass once your treasure chest is full; "
                                "otherwise take all three actions.")
        return state
    raise IllegalAction(f"That is not a Moonshell move: {action!r}.")


def rotate(state: State, clockwise: bool | None = None, **extra) -> State:
    """The board turns a quarter in the tides token's direction (against it in a
    Reverse Current round), or as ``clockwise`` says; rocks and mermeeples too."""
    if clockwise is None:
        clockwise = state.tides_odd != (state.event == REVERSE_CURRENT)
    turn_ocean, turn_rocks = _CW if clockwise else _CCW
    if state.meeples:
        extra["meeples"] = powers.rotate_meeples(state.meeples, clockwise)
    return evolve(state, ocean=turn_ocean(state.ocean), rocks=turn_rocks(state.rocks), **extra)


# the rotations as C-level getters: each builds the turned tuple in one call
_CW = (operator.itemgetter(*CW_SOURCE), operator.itemgetter(*CW_ROCK_SOURCE))
_CCW = (operator.itemgetter(*CCW_SOURCE), operator.itemgetter(*CCW_ROCK_SOURCE))


def draw_tile(bag: tuple[int, ...], aside: int) -> tuple[int, tuple[int, ...], int]:
    """The bag's next tile (EMPTY if none); an emptied bag takes the urchins aside."""
    if not bag:
        return EMPTY, bag, aside
    tile, bag = bag[-1], bag[:-1]
    if not bag and aside:
        bag, aside = (URCHIN,) * aside, 0
    return tile, bag, aside


def slide_column(state: State, cells: tuple[int, ...], take: int):
    """Take the first ``take`` tiles of a column (``cells``, its five cells nearest
    the rocks first); the rest shift forward and the bag refills the spaces left.

    Returns (taken tiles, the cells they came from, ocean, bag, urchins aside,
    {old cell: new cell} for the tiles that stayed in the water, given only
    while a Tide Pool mermeeple is on a tile: no one else needs it).
    """
    ocean = list(state.ocean)
    bag = state.bag
    meeples_ride = bool(state.meeples) and _held(state.meeples, TILE)
    if EMPTY not in ocean and 0 < take < len(bag):
        # the usual case, a full column and a bag that does not run out, done directly:
        # the column's tiles move ``take`` cells nearer, the bag's last tiles fill the end
        c0, c1, c2, c3, c4 = cells
        column = (ocean[c0], ocean[c1], ocean[c2], ocean[c3], ocean[c4])
        ocean[c0], ocean[c1], ocean[c2], ocean[c3], ocean[c4] = (column[take:]
                                                                 + bag[:-take - 1:-1])
        moved = {cells[d + take]: cells[d] for d in range(5 - take)} if meeples_ride else {}
        return list(column[:take]), cells[:take], ocean, bag[:-take], state.urchins_aside, moved
    sources = [i for i in cells if ocean[i] != EMPTY]
    taken = [ocean[i] for i in sources[:take]]
    rest = sources[take:]
    kept = len(rest)
    # each tile that stays moves to a nearer (or the same) cell, never onto one still to move
    for depth, old in enumerate(rest):
        ocean[cells[depth]] = ocean[old]
    aside = state.urchins_aside
    for depth in range(kept, len(cells)):
        ocean[cells[depth]], bag, aside = draw_tile(bag, aside)
    moved = {old: cells[d] for d, old in enumerate(rest)} if meeples_ride else {}
    return taken, sources[:take], ocean, bag, aside, moved


def pull(state: State, seat: int, column: int, first: int | None, side: int | None = None,
         private: bool = False, **extra) -> State:
    """Pull two tiles of ``column`` onto the rocks of ``side`` (the seat's own side
    unless given: the passive Slide pulls onto the opposite side's rocks).  ``private``:
    ``state`` was made during this action and no one else has it yet, so the usual pull
    may change it instead of a copy."""
    if not isinstance(column, int) or not 0 <= column < 5:
        raise IllegalAction("There is no such column; pull from columns 1-5 (left to right "
                            "as you see the ocean).")
    side = state.sides[seat] if side is None else side
    base = side * 2
    rocks = state.rocks
    if rocks[base] != EMPTY or rocks[base + 1] != EMPTY:
        raise IllegalAction("You can only pull when both rock spaces in front of you are empty.")
    far = _FAR_ROCK[column]
    if far is None:
        if first not in (0, 1):
            raise IllegalAction("Pulling the centre column, say which rock the nearest tile "
                                "slides onto: 'pull 3 left' or 'pull 3 right'.")
        far = first
    elif first is not None:
        raise IllegalAction(f"Only the centre column lets you choose the rock; pull column "
                            f"{column + 1} with 'pull {column + 1}' (its nearest tile goes to "
                            f"your {ROCK_SIDES[far]} rock).")
    cells = COLUMNS[side][column]
    ocean, bag, meeples = state.ocean, state.bag, state.meeples
    if len(bag) > 2 and EMPTY not in ocean and not (meeples and _held(meeples, TILE)):
        # the usual case (what slide_column does then, in one step): the column's tiles
        # move two cells nearer, the bag's last two fill its far end; no mermeeple rides
        near, second = ocean[cells[0]], ocean[cells[1]]
        ocean = _SLID_TWO[side][column](ocean + bag[:-3:-1])
        rocks = rocks[:base] + ((near, second) if far == 0 else (second, near)) + rocks[base + 2:]
        if private:
            state.__dict__.update(ocean=ocean, rocks=rocks, bag=bag[:-2], **extra)
        else:
            state = evolve(state, ocean=ocean, rocks=rocks, bag=bag[:-2], **extra)
        return sync_tides(state) if meeples else state
    taken, sources, ocean, bag, aside, moved = slide_column(state, cells, 2)
    if not taken:
        raise IllegalAction(f"Column {column + 1} is empty; there is nothing to pull.")
    rocks = list(rocks)
    rocks[base + far] = taken[0]
    rocks[base + 1 - far] = taken[1] if len(taken) > 1 else EMPTY
    if state.meeples:
        extra["meeples"] = powers.follow_tiles(state, sources, moved)
        return sync_tides(evolve(state, ocean=tuple(ocean), rocks=tuple(rocks), bag=bag,
                                 urchins_aside=aside, **extra))
    return evolve(state, ocean=tuple(ocean), rocks=tuple(rocks), bag=bag,
                  urchins_aside=aside, **extra)


_FAR_ROCK = tuple(far_rock(column) for column in range(5))


def _slid(cells: tuple[int, ...], take: int) -> operator.itemgetter:
    """A getter giving the ocean after the first ``take`` tiles of the column ``cells``
    are taken from a full ocean, from the ocean followed by the bag's last ``take``
    tiles (last first): the column's other tiles move ``take`` cells nearer."""
    source = list(range(25))
    for depth, cell in enumerate(cells):
        source[cell] = cells[depth + take] if depth + take < len(cells) else 25 + depth - (
            len(cells) - take)
    return operator.itemgetter(*source)


# [side][column]: the ocean after a two-tile pull of a full ocean (see pull)
_SLID_TWO = tuple(tuple(_slid(cells, 2) for cells in COLUMNS[side]) for side in range(4))


def stack_target(chest: tuple[tuple[int, ...], ...], tile: int) -> int | None:
    """Lunar Reef: the chest column where a clownfish (anemone) is stacked on the
    lowest, then leftmost, unstacked anemone (clownfish); None if there is none."""
    partner = CLOWNFISH if tile == ANEMONE else ANEMONE
    best = None
    for c, col in enumerate(chest):
        if partner in col:
            row = col.index(partner)
            if best is None or row < best[0]:
                best = (row, c)
    return None if best is None else best[1]


def place_tile(chest, tile: int, column: int):
    """``chest`` with ``tile`` placed in ``column``: it sinks to the lowest open
    space, or (an anemone or clownfish with an unstacked partner) is stacked."""
    if not isinstance(column, int) or not 0 <= column < CHEST_COLUMNS:
        raise IllegalAction("There is no such chest column; your chest has columns 1-4.")
    if tile in REEF:
        target = stack_target(chest, tile)
        if target is not None:
            if column != target:
                raise IllegalAction(f"The {'clownfish' if tile == CLOWNFISH else 'anemone'} "
                                    f"stacks on its partner in column {target + 1}.")
            col = chest[target]
            partner = CLOWNFISH if tile == ANEMONE else ANEMONE
            row = col.index(partner)
            return _replace(chest, target, _replace(col, row, REEF_PAIR))
    if len(chest[column]) >= CHEST_ROWS:
        raise IllegalAction(f"Column {column + 1} of your treasure chest is full; choose "
                            "another column.")
    return _replace(chest, column, chest[column] + (tile,))


def collect(state: State, seat: int, action: Collect, **extra) -> State:
    source, column = action.source, action.column
    moonshells = state.moonshells
    rocks = state.rocks
    if source == MOON:
        if not moonshells[seat]:
            raise IllegalAction("Your moonshell is already in your treasure chest."
                                if state.moonshell_on else "This game has no moonshell.")
        tile = MOONSHELL
        moonshells = _replace(moonshells, seat, False)
    elif source == 0 or source == 1:
        rock = state.sides[seat] * 2 + source
        tile = rocks[rock]
        if tile == EMPTY:
            raise IllegalAction(f"There is no tile on your {ROCK_SIDES[source]} rock.")
        if (state.meeples and _held(state.meeples, ROCK)
                and (other := blocked_rock(state, seat, rock)) is not None):
            raise IllegalAction(f"{who(state, other)}'s Inlet mermeeple is on that rock; no one "
                                "else may take from it.")
        rocks = _replace(rocks, rock, EMPTY)
    else:
        raise IllegalAction("Collect from your left rock, your right rock or your moonshell.")
    if action.saved >= 0 or action.saved_first or column >= CHEST_COLUMNS:
        state = evolve(state, rocks=rocks, moonshells=moonshells)
        chest, extra["meeples"], extra["saved"] = powers.buoy_collect(state, seat, action, tile)
    else:
        chest = state.chests[seat]
        if (tile != ANEMONE and tile != CLOWNFISH and column.__class__ is int and column >= 0
                and len(chest[column]) < CHEST_ROWS):  # (what place_tile does then)
            chest = chest[:column] + (chest[column] + (tile,),) + chest[column + 1:]
        else:
            chest = place_tile(chest, tile, column)
    if state.end_trigger < 0 and chest_full(chest):
        extra["end_trigger"] = seat
    chests = state.chests
    state = evolve(state, rocks=rocks, moonshells=moonshells,
                   chests=chests[:seat] + (chest,) + chests[seat + 1:], **extra)
    return sync_tides(state) if state.meeples else state


# -- turns and rounds --------------------------------------------------------------
def _end_turn(state: State, private: bool = False) -> State:
    """Close the current turn; in solo the automaton plays its turn here.  ``private``:
    ``state`` was made by the action being applied and no one else has it yet."""
    if state.powers:
        state = powers.return_meeples(state, state.current)
    if state.solo:  # (its log goes into the next state with the round's changes)
        given = state
        state, log = automaton.play_turn(state, private)
        if state.end_trigger >= 0:
            return evolve(state, over=True, actions_left=0, turn=state.turn + 1,
                          auto_turns=state.auto_turns + 1, auto_log=log)
        if (private or state is not given) and not state.events_on:
            # a state the automaton made during its turn: no one else has it yet, so
            # the new round's first turn starts in it (no event card to reveal)
            return _start_turn(state, True, current=0, turn=state.turn + 2,
                               round=state.round + 1, auto_turns=state.auto_turns + 1,
                               auto_log=log)
        return _start_round(state, current=0, turn=state.turn + 2, round=state.round + 1,
                            auto_turns=state.auto_turns + 1, auto_log=log)
    following = state.current + 1
    if following < state.players:
        return _start_turn(state, current=following, turn=state.turn + 1)
    if state.end_trigger >= 0:  # the round is complete: everyone had equal turns
        return evolve(state, over=True, actions_left=0)
    return _start_round(state, current=0, turn=state.turn + 1, round=state.round + 1)


def _start_round(state: State, **changes) -> State:
    """A new round (``changes``: the new round's number, turn and first seat): with the
    event deck, its card is revealed before the first turn."""
    if state.events_on:
        state = events.reveal(state, **changes)
        if state.phase == EVENT:
            return state
        return _start_turn(state, True)  # (reveal made it: no one else has it yet)
    return _start_turn(state, **changes)


def _start_turn(state: State, private: bool = False, **changes) -> State:
    """A turn starts (``changes``: whose, and the turn's number), in one new state, or
    (``private``: a state made during this action that no one else has yet) in ``state``."""
    if private:
        state.__dict__.update(actions_left=actions_per_turn(state), free_rotation=False,
                              **changes)
    else:
        state = evolve(state, actions_left=actions_per_turn(state), free_rotation=False,
                       **changes)
    if state.powers:
        state = powers.start_turn(state, state.current)
    return state


# -- information ------------------------------------------------------------------
def view(state: State, seat: int | None) -> State:
    """What ``seat`` may see: others' secret cards and the bag and deck orders hidden."""
    if state.over:
        secrets = state.secrets
    else:
        secrets = tuple(card if s == seat or not card else HIDDEN
                        for s, card in enumerate(state.secrets))
    offers = tuple(cards if s == seat else (HIDDEN,) * len(cards)
                   for s, cards in enumerate(state.offers))
    return evolve(state, secrets=secrets, offers=offers, bag=tuple(sorted(state.bag)),
                  solo_deck=tuple(sorted(state.solo_deck)),
                  event_deck=tuple(sorted(state.event_deck)), rng=Rng(0))


# The setup and the advanced rules' modules (they use the functions above).
from tideboard.games.moonshell.opening import setup  # noqa: E402,F401
from tideboard.games.moonshell import automaton, events, powers  # noqa: E402
from tideboard.games.moonshell.logline import describe  # noqa: E402,F401
