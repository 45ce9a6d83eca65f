"""Mermaid powers: the six mermaid boards, passive (light) and active (dark).

A **passive** power changes one of the three actions (it still counts as one)
and puts the mermeeple on the ocean board until the end of its owner's next
turn.  An **active** power is a free action that puts the mermeeple on a tile,
a rock, a board corner or a chest space:

* Tide Pool, Inlet, Slide and Swap: it comes home at the end of the owner's
  next turn (Tide Pool's sooner if its tile leaves the water);
* Rising Moon: at the start of the owner's next turn the ocean turns until its
  corner is the owner's left corner, then it comes home;
* Buoy: it holds its chest space until a collected tile takes its place.

A power may be used only while its mermeeple is home, so at most once until it
has come back.  The tides token follows the number of mermeeples on the field
(``board.sync_tides``).
"""

from __future__ import annotations

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import (
    BUOY,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_SIZE,
    COLUMNS,
    EMPTY,
    ROCK_SIDES,
)
from tideboard.games.moonshell.meeples import follow_tiles, pull_blocker
from tideboard.games.moonshell.moves import (
    into_chest,
    place_tile,
    pull,
    pull_one,
    rotate,
    slide_column,
    stack_target,
    take_tile,
)
from tideboard.games.moonshell.queries import (
    REEF,
    came_home,
    chest_count,
    odd_in_play,
    replace_at,
    resting,
    sync_tides,
    who,
)
from tideboard.games.moonshell.reef import BECALMED, MERMAIDS, MOON_SHADOW, STILL_WATER
from tideboard.games.moonshell.state import (
    AT_HOME,
    BUOY_COLUMN,
    BUOY_SPACE,
    CHEST,
    CORNER,
    HOME,
    OCEAN,
    ROCK,
    SAVE,
    TILE,
    Collect,
    Power,
    Pull,
    State,
    SwapTake,
)

LASTING = (OCEAN, TILE, ROCK, CHEST)  # come home at the end of the owner's next turn
PASSIVE_PULLS = ("inlet", "slide", "tide-pool")


def name(mermaid: str) -> str:
    return MERMAIDS[mermaid].name


# -- who may use what -----------------------------------------------------------
def can_use(state: State, seat: int, mermaid: str, side: str) -> bool:
    return (
        state.powers == side
        and seat < len(state.mermaids)
        and state.mermaids[seat] == mermaid
        and state.meeples[seat] == AT_HOME
        and state.event != MOON_SHADOW
        and not resting(state, seat)
    )


def why_not(state: State, seat: int, mermaid: str, side: str) -> str | None:
    """Why ``seat`` may not use ``mermaid``'s ``side`` power now (None: it may)."""
    if state.powers != side:
        return (
            "This game is played without mermaid powers."
            if not state.powers
            else f"This game uses the {state.powers} powers, not the {side} ones."
        )
    if seat >= len(state.mermaids) or state.mermaids[seat] != mermaid:
        return f"That is the {name(mermaid)} mermaid's power, not yours."
    if state.event == MOON_SHADOW:
        return "Moon Shadow: no mermaid power may be used this round."
    if state.meeples[seat] != AT_HOME:
        return "Your mermeeple is not back on your mermaid board yet."
    if resting(state, seat):
        return (
            "Your mermeeple came home this turn; your power may be used again from your next turn."
        )
    return None


def use_passive(state: State, seat: int, mermaid: str) -> State:
    reason = why_not(state, seat, mermaid, "passive")
    if reason:
        raise IllegalAction(reason)
    return _place_meeple(state, seat, (OCEAN, 0))


def _place_meeple(state: State, seat: int, where: tuple[int, int]) -> State:
    meeples = replace_at(state.meeples, seat, where)  # (the tides token follows: sync_tides)
    return evolve(
        state,
        meeples=meeples,
        tides_odd=odd_in_play(meeples),
        meeple_round=replace_at(state.meeple_round, seat, state.round),
    )


def _home(state: State, seat: int) -> State:
    """``seat``'s mermeeple comes home during its owner's turn: the power rests until
    the owner's following turn."""
    meeples = replace_at(state.meeples, seat, AT_HOME)
    return evolve(
        state, meeples=meeples, tides_odd=odd_in_play(meeples), meeple_back=came_home(state, seat)
    )


def power_pull(state: State, seat: int, action: Pull) -> State:
    """A pull changed by a passive power (Inlet, Slide or Tide Pool)."""
    if action.power not in PASSIVE_PULLS or not isinstance(action.column, int):
        raise IllegalAction(f"No mermaid power pulls that way: {action.power!r}.")
    state = use_passive(state, seat, action.power)
    if state.meeples and (other := pull_blocker(state, seat, action)) is not None:
        raise IllegalAction(
            f"{who(state, other)}'s Tide Pool mermeeple is on a tile that pull would take."
        )
    if action.power == "inlet":
        return pull_one(state, seat, action.column, action.first)
    if state.event == BECALMED and (
        action.column == CENTRE or (action.power == "tide-pool" and action.column + 1 == CENTRE)
    ):
        raise IllegalAction("Becalmed: no one may pull the centre column this round.")
    if action.power == "slide":
        first = None if action.first is None else 1 - action.first
        if not 0 <= action.column < 5:
            raise IllegalAction("There is no such column; pull from columns 1-5.")
        return pull(
            state,
            seat,
            4 - action.column,
            first,
            side=(state.sides[seat] + 2) % 4,
            actions_left=state.actions_left - 1,
        )
    return _tide_pool_pull(state, seat, action)


def _tide_pool_pull(state: State, seat: int, action: Pull) -> State:
    j = action.column
    if action.first is not None or not 0 <= j < 4:
        raise IllegalAction("The Tide Pool pull takes two neighbouring columns: 1+2 to 4+5.")
    side = state.sides[seat]
    base = side * 2
    if state.rocks[base] != EMPTY or state.rocks[base + 1] != EMPTY:
        raise IllegalAction("You can only pull when both rock spaces in front of you are empty.")
    rocks = list(state.rocks)
    for k, column in enumerate((j, j + 1)):
        taken, sources, ocean, bag, aside, moved = slide_column(state, COLUMNS[side][column], 1)
        if not taken:
            raise IllegalAction(
                f"Column {column + 1} is empty; the Tide Pool pull needs a tile in both columns."
            )
        rocks[base + k] = taken[0]
        state = evolve(
            state,
            ocean=tuple(ocean),
            bag=bag,
            urchins_aside=aside,
            **follow_tiles(state, sources, moved),
        )
    return sync_tides(evolve(state, rocks=tuple(rocks), actions_left=state.actions_left - 1))


# -- applying ---------------------------------------------------------------------
def apply_power(state: State, seat: int, action) -> State:
    if isinstance(action, SwapTake):
        return _swap_take(state, seat, action)
    mermaid = action.mermaid
    if mermaid not in MERMAIDS:
        raise IllegalAction(f"There is no mermaid {mermaid!r}.")
    reason = why_not(state, seat, mermaid, "active")
    if reason:
        raise IllegalAction(reason)
    from tideboard.games.moonshell.power_moves import active_powers

    if mermaid == "swap" and action.a > action.b:  # (either order: the same two tiles)
        action = Power("swap", action.b, action.a, action.c)
    if action not in active_powers(state, seat, mermaid):
        raise IllegalAction(_refusal(mermaid))
    side = state.sides[seat]
    a, b, c = action.a, action.b, action.c
    if mermaid == "tide-pool":
        return _place_meeple(state, seat, (TILE, COLUMNS[side][a][b]))
    if mermaid == "inlet":
        return _place_meeple(state, seat, (ROCK, side * 2 + a))
    if mermaid == "rising-moon":
        return _place_meeple(state, seat, (CORNER, (side + a) % 4))
    chest = state.chests[seat]
    if mermaid == "buoy":
        chest = replace_at(chest, a, chest[a] + (BUOY,))
        where = (BUOY_SPACE, a)
    elif mermaid == "slide":
        tile = chest[a][b]
        chest = replace_at(chest, a, chest[a][:b] + chest[a][b + 1 :])
        chest = replace_at(chest, c, chest[c] + (tile,))
        where = (CHEST, (len(chest[c]) - 1) * 4 + c)
    else:
        (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
        ta, tb = chest[ca][ra], chest[cb][rb]
        chest = replace_at(chest, ca, replace_at(chest[ca], ra, tb))
        chest = replace_at(chest, cb, replace_at(chest[cb], rb, ta))
        where = (CHEST, b)
    state = evolve(state, chests=replace_at(state.chests, seat, chest))
    return _place_meeple(state, seat, where)


def _refusal(mermaid: str) -> str:
    return {
        "tide-pool": "Put the Tide Pool mermeeple on a tile in the water (column 1-5, "
        "depth 1-5 from you).",
        "inlet": "Put the Inlet mermeeple on your left or right rock space.",
        "rising-moon": "Put the Rising Moon mermeeple on a corner 1-4 (your left, far left, "
        "far right, your right).",
        "buoy": "Put the Buoy mermeeple in a chest column with an open space.",
        "slide": "Slide a chest tile left or right only through open spaces at its height.",
        "swap": "Swap two different chest tiles of the same shape or colour (never the moonshell).",
    }[mermaid]


def _swap_take(state: State, seat: int, action: SwapTake) -> State:
    from tideboard.games.moonshell.power_moves import swap_takes

    if action not in swap_takes(state, seat) or not can_use(state, seat, "swap", "passive"):
        reason = why_not(state, seat, "swap", "passive")
        raise IllegalAction(
            reason
            or "Swap takes a tile from another side's rock, leaving one "
            "of yours of the same shape or colour in its place."
        )
    state = use_passive(state, seat, "swap")
    mine = state.sides[seat] * 2 + action.mine
    tile, given = state.rocks[action.rock], state.rocks[mine]
    rocks = replace_at(replace_at(state.rocks, action.rock, given), mine, EMPTY)
    chest = place_tile(state.chests[seat], tile, action.column)
    end_trigger = state.end_trigger
    if end_trigger < 0 and chest_count(chest) == CHEST_SIZE:
        end_trigger = seat
    return evolve(
        state,
        rocks=rocks,
        chests=replace_at(state.chests, seat, chest),
        end_trigger=end_trigger,
        actions_left=state.actions_left - 1,
    )


def buoy_collect(state: State, seat: int, action: Collect, **extra) -> State:
    """A collect with the Buoy: save the tile (passive), place a saved tile with it,
    or put it in the chest space the Buoy mermeeple holds (active)."""
    tile, rocks, moonshells = take_tile(state, seat, action.source)
    state = evolve(state, rocks=rocks, moonshells=moonshells)
    chest, meeples, saved = state.chests[seat], state.meeples, state.saved
    if not 0 <= action.column <= BUOY_COLUMN or (not state.powers and action.column >= SAVE):
        raise IllegalAction("There is no such chest column; your chest has columns 1-4.")
    if action.column == SAVE:
        if action.source not in (0, 1) or action.saved != -1 or action.saved_first:
            raise IllegalAction("Save a tile from your left or right rock: 'save left'.")
        if not can_use(state, seat, "buoy", "passive") or saved[seat] != EMPTY:
            raise IllegalAction(
                why_not(state, seat, "buoy", "passive")
                or "Only one tile may be saved on your mermaid board."
            )
        state = use_passive(state, seat, "buoy")
        return into_chest(state, seat, chest, saved=replace_at(saved, seat, tile), **extra)
    if action.column == BUOY_COLUMN:
        if meeples[seat][0] != BUOY_SPACE or action.saved != -1 or action.saved_first:
            raise IllegalAction("Your Buoy mermeeple holds no space in your chest.")
        if state.event == MOON_SHADOW:
            raise IllegalAction(
                "Moon Shadow: no mermaid power may be used this round; "
                "your Buoy mermeeple keeps its space."
            )
        if tile in REEF and stack_target(chest, tile) is not None:
            raise IllegalAction("That tile stacks on its partner; it cannot take the Buoy's space.")
        column = meeples[seat][1]
        row = chest[column].index(BUOY)
        chest = replace_at(chest, column, replace_at(chest[column], row, tile))
        return into_chest(
            state,
            seat,
            chest,
            meeples=replace_at(meeples, seat, AT_HOME),
            meeple_back=came_home(state, seat),
            **extra,
        )
    extra_column = action.saved
    if not saved or saved[seat] == EMPTY:
        raise IllegalAction(
            "You have no tile saved on your mermaid board (the passive Buoy saves one)."
        )
    if state.event == MOON_SHADOW:
        raise IllegalAction(
            "Moon Shadow: no mermaid power may be used this round; "
            "your saved tile stays on your mermaid board."
        )
    if (
        action.source not in (0, 1)
        or not 0 <= extra_column < CHEST_COLUMNS
        or (action.saved_first and extra_column != action.column)
    ):
        raise IllegalAction(
            "Place your saved tile with a tile from your rocks: 'collect left 2 "
            "saved 3' (same column: add 'first' to place the saved one first)."
        )
    if action.saved_first:
        chest = place_tile(place_tile(chest, saved[seat], extra_column), tile, action.column)
    else:
        chest = place_tile(place_tile(chest, tile, action.column), saved[seat], extra_column)
    return into_chest(state, seat, chest, saved=replace_at(saved, seat, EMPTY), **extra)


# -- the turn's edges --------------------------------------------------------------
def return_meeples(state: State, seat: int) -> State:
    """End of ``seat``'s turn: a mermeeple out since an earlier round comes home."""
    if seat >= len(state.mermaids) or not state.mermaids[seat]:
        return state
    kind, _ = state.meeples[seat]
    if kind in LASTING and state.round > state.meeple_round[seat]:
        return _home(state, seat)
    return state


def start_of_turn(state: State, seat: int) -> State:
    """Start of ``seat``'s turn: the active Rising Moon turns the ocean until its
    corner is the seat's left corner, then the mermeeple comes home.  In a Still Water
    or Moon Shadow round it waits on its corner for the owner's next turn."""
    if seat >= len(state.meeples):
        return state
    kind, corner = state.meeples[seat]
    if kind != CORNER or state.round <= state.meeple_round[seat]:
        return state
    if state.event == STILL_WATER or state.event == MOON_SHADOW:
        return state  # (no turning, no power this round: it waits on its corner)
    for _ in range((corner - state.sides[seat]) % 4):
        state = rotate(state, clockwise=False)
    return _home(state, seat)


def homecoming(state: State) -> State:
    """Every mermeeple home (a Buoy's space is freed: the tiles above sink)."""
    chests = tuple(
        tuple(tuple(t for t in col if t != BUOY) for col in chest) for chest in state.chests
    )
    return sync_tides(evolve(state, chests=chests, meeples=(AT_HOME,) * len(state.meeples)))


def meeple_text(state: State, seat: int) -> str:
    """Where a seat's mermeeple is and when it comes back, in words."""
    if seat >= len(state.mermaids) or not state.mermaids[seat]:
        return ""
    kind, place = state.meeples[seat]
    back = (
        "comes back at the end of its owner's next turn"
        if state.round <= state.meeple_round[seat]
        else "comes back at the end of this turn"
        if state.current == seat
        else "comes back at the end of its owner's turn"
    )
    if kind == HOME:
        return "home: ready from its owner's next turn" if resting(state, seat) else "ready"
    if kind == OCEAN:
        return f"used: on the ocean, {back}"
    if kind == TILE:
        return f"on a tile in the water, {back}"
    if kind == ROCK:
        return f"on the {ROCK_SIDES[place % 2]} rock of their own side, {back}"
    if kind == CORNER:
        if state.event == STILL_WATER or state.event == MOON_SHADOW:
            return "on a board corner; waits through this round (no turning, no power)"
        return "on a board corner; turns the ocean at the start of its owner's next turn"
    if kind == CHEST:
        return f"on a chest tile, {back}"
    return "holding a chest space until a collected tile takes it"


# the legal power moves (they use the functions above), imported on first use: their
# tables cost the first frame of a game without powers
_POWER_MOVES = ("swap_takes", "active_powers", "alike", "power_actions")


def __getattr__(name: str):
    if name not in _POWER_MOVES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tideboard.games.moonshell import power_moves

    for each in _POWER_MOVES:
        globals()[each] = getattr(power_moves, each)
    return globals()[name]
