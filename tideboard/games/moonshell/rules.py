"""Moonshell rules: the legal actions and the reducer.

:func:`apply` checks whose decision it is (a secret objective, a mermaid, a
Moonrise answer, or one of the turn's actions), plays the action with the moves
of ``moves.py`` (a mermaid power's with ``powers.py``) and, after the turn's last
action, hands over to ``turns.py`` (the turn flow: the next turn or round, event
cards, the solo automaton).  The tides token shows the parity of the mermeeples
on the field (``board.sync_tides``).  The setup is ``opening.py``'s.

The helpers of ``queries.py`` and the moves are offered here too, for the bots and
the screens.
"""

from __future__ import annotations

from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonshell import events, moves, powers, turns
from tideboard.games.moonshell.content import (
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CHEST_SIZE,
    COLUMNS,
    DECK_IDS,
    EMPTY,
    HIDDEN,
)
from tideboard.games.moonshell.meeples import pull_blocker
from tideboard.games.moonshell.moves import (
    COLLECTS,
    PULLS,
    one_rock_pulls,
    pull,
    pull_one,
    rotate,
    stack_target,
)
from tideboard.games.moonshell.opening import setup  # noqa: F401 (the contract's)
from tideboard.games.moonshell.queries import (  # noqa: F401 (the helpers, also for screens)
    REEF,
    blocked_rock,
    chest_count,
    chest_rows,
    column_tiles,
    humans,
    meeple_on,
    ocean_rows,
    replace_at,
    seat_rocks,
    who,
)
from tideboard.games.moonshell.reef import (
    BECALMED,
    FREE_FLOW,
    MERMAID_IDS,
    SPRING_TIDE,
    STILL_WATER,
)
from tideboard.games.moonshell.state import (
    KEEP,
    MERMAID,
    MOON,
    PASS,
    PLAY,
    ROCK,
    ROTATE,
    TILE,
    Action,
    Choose,
    Collect,
    Keep,
    Pass,
    Power,
    Pull,
    Rotate,
    State,
    SwapTake,
)

# Every pull (no column empty), and every pull but the centre column's (Becalmed).
ALL_PULLS = tuple(a for row in PULLS for a in row)
_ROTATE_AND_PULLS = (ROTATE,) + ALL_PULLS
PULLS_BUT_CENTRE = tuple(a for j, row in enumerate(PULLS) if j != CENTRE for a in row)


class _CollectRows(dict):
    """The chest's column heights -> (per source, the collects into its open columns;
    every column is filled): a table, so move generation need not look at each column.
    Filled in as chests grow (building all 1296 rows at import cost the first frame)."""

    def __missing__(self, heights: tuple[int, ...]):
        row = (
            tuple(
                tuple(COLLECTS[source][c] for c in range(CHEST_COLUMNS) if heights[c] < CHEST_ROWS)
                for source in range(3)
            ),
            sum(heights) == CHEST_SIZE,
        )
        self[heights] = row
        return row


_COLLECT_ROWS = _CollectRows()
_CHOOSES = {m: Choose(m) for m in MERMAID_IDS}
_KEEPS = {
    card: Keep(card) for deck in ("secret", "lunar-secret") for card in DECK_IDS.get(deck, ())
}


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
        if state.powers and meeple_on(state.meeples, TILE):
            actions = [
                a
                for a in actions
                if not isinstance(a, Pull) or pull_blocker(state, seat, a) is None
            ]
    else:
        actions = [] if event == STILL_WATER else [ROTATE]
        if event == SPRING_TIDE and (left == EMPTY or right == EMPTY):
            actions.extend(one_rock_pulls(state, seat, ""))
    chest = state.chests[seat]
    c0, c1, c2, c3 = chest
    rows, filled = _COLLECT_ROWS[len(c0), len(c1), len(c2), len(c3)]
    if left != EMPTY or right != EMPTY:
        rock_held = state.powers and meeple_on(state.meeples, ROCK)
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
        after = events.apply_event_action(state, action)
        return turns.start_turn(after) if after.phase == PLAY else after
    if isinstance(action, (Keep, Choose)):
        raise IllegalAction(
            "Secret objectives and mermaids have all been chosen; it is time to "
            "play (rotate, pull or collect)."
        )
    after = _do_action(state, state.current, action)
    if isinstance(action, Pass) or after.actions_left == 0:
        return turns.end_turn(after)
    return after


def _choose(state: State, action: Action) -> State:
    seat = state.current
    if not isinstance(action, Choose):
        raise IllegalAction(
            f"{seat_label(seat)} first chooses a mermaid (mermaid NAME: {', '.join(MERMAID_IDS)})."
        )
    if action.mermaid not in MERMAID_IDS:
        raise IllegalAction(
            f"There is no mermaid {action.mermaid!r}; choose from: {', '.join(MERMAID_IDS)}."
        )
    if action.mermaid in state.mermaids:
        raise IllegalAction(f"The {action.mermaid} mermaid is taken; choose another.")
    mermaids = replace_at(state.mermaids, seat, action.mermaid)
    waiting = [s for s in range(humans(state)) if not mermaids[s]]
    if waiting:
        return evolve(state, mermaids=mermaids, current=waiting[0])
    return evolve(state, mermaids=mermaids, phase=KEEP, current=0)


def _keep(state: State, action: Action) -> State:
    seat = state.current
    if not isinstance(action, Keep):
        raise IllegalAction(
            f"{seat_label(seat)} first keeps one of their two secret objectives (keep CARD)."
        )
    offers = state.offers[seat]
    if action.card not in offers:
        raise IllegalAction(
            f"{action.card} is not one of your secret objectives; keep {' or '.join(offers)}."
        )
    secrets, offers = (
        replace_at(state.secrets, seat, action.card),
        replace_at(state.offers, seat, ()),
    )
    if seat + 1 < humans(state):
        return evolve(state, secrets=secrets, offers=offers, current=seat + 1)
    return turns.start_round(state, secrets=secrets, offers=offers, phase=PLAY, current=0)


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
            return pull_one(state, seat, action.column, action.first)
        if state.event == BECALMED and action.column == CENTRE:
            raise IllegalAction("Becalmed: no one may pull the centre column this round.")
        if state.meeples and (blocker := pull_blocker(state, seat, action)) is not None:
            raise IllegalAction(
                f"{who(state, blocker)}'s Tide Pool mermeeple is on a tile that "
                "pull would take; no one else can take it."
            )
        return pull(state, seat, action.column, action.first, actions_left=state.actions_left - 1)
    if isinstance(action, (SwapTake, Power)):
        return powers.apply_power(state, seat, action)
    if isinstance(action, Pass):
        if chest_count(state.chests[seat]) < CHEST_SIZE and legal_actions(state) != [PASS]:
            raise IllegalAction(
                "You may only pass once your treasure chest is full; "
                "otherwise take all three actions."
            )
        return state
    raise IllegalAction(f"That is not a Moonshell move: {action!r}.")


def collect(state: State, seat: int, action: Collect, **extra) -> State:
    """A collect, the Buoy's (a saved tile, the Buoy's space) included."""
    if action.saved != -1 or action.saved_first or action.column >= CHEST_COLUMNS:
        return powers.buoy_collect(state, seat, action, **extra)
    return moves.collect(state, seat, action, **extra)


# -- information ------------------------------------------------------------------
def view(state: State, seat: int | None) -> State:
    """What ``seat`` may see: others' secret cards and the bag and deck orders hidden."""
    if state.over:
        secrets = state.secrets
    else:
        secrets = tuple(
            card if s == seat or not card else HIDDEN for s, card in enumerate(state.secrets)
        )
    offers = tuple(
        cards if s == seat else (HIDDEN,) * len(cards) for s, cards in enumerate(state.offers)
    )
    return evolve(
        state,
        secrets=secrets,
        offers=offers,
        bag=tuple(sorted(state.bag)),
        solo_deck=tuple(sorted(state.solo_deck)),
        event_deck=tuple(sorted(state.event_deck)),
        rng=Rng(0),
    )
