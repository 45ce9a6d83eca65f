"""Animal Splash rules: setup, the reducer and the seats' views (the legal actions
are ``moves.py``'s).

A turn has three steps, kept in ``State.phase``: the diver moves (``MOVE``),
a card is taken from the faced line and added to the tableau (``TAKE``), then
the player may go on until ``End`` (``ACT``), which may take a mission and
refills the grid.  The paid actions (slide a card, move a pearl, swap with the
grid) and scoring a group are allowed at any step of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tideboard.engine.core import ConfigError, GameConfig, IllegalAction
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.animal_splash.content import (
    ANIMAL,
    AREA_NAMES,
    CARDS,
    CELL_NAMES,
    ENDINGS,
    LINES,
    MAIN_CARDS,
    MISSION_PILES,
    MISSIONS,
    OPEN_MISSIONS,
    PLANT,
    ROUNDS,
    SPOTS,
    STARTS,
)
from tideboard.games.animal_splash.info import INFO
from tideboard.games.animal_splash.moves import (
    PEARL_COST,
    SLIDE_COST,
    SWAP_COST,
    dive_oxygen,
    dive_steps,
    legal_actions,
    mission_ok,
)
from tideboard.games.animal_splash.state import (
    ACT,
    EMPTY,
    HIDDEN,
    MOVE,
    TAKE,
    UNPLACED,
    Action,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import scorable

__all__ = ["setup", "legal_actions", "apply", "view"]  # the contract (engine.core.ModularGame)


def _draw(pile: tuple[int, ...], rng: Rng, count: int = 1):
    """``count`` cards drawn at random from ``pile``: (drawn, the rest, rng).

    A pile nobody may look into is kept in no particular order and drawn from at
    random, which deals exactly as a shuffled pile does (and costs one draw per
    card dealt, not a shuffle of the whole pile)."""
    rest = list(pile)
    drawn = []
    for _ in range(min(count, len(rest))):
        index, rng = rng.below(len(rest))
        drawn.append(rest.pop(index))
    return tuple(drawn), tuple(rest), rng


def setup(config: GameConfig) -> State:
    players = config.players
    if players not in ROUNDS:
        raise ConfigError("Animal Splash is for 2-5 players.")
    rng = Rng.from_seed(config.seed)
    grid, deck, rng = _draw(tuple(range(MAIN_CARDS)), rng, 9)
    pile = MISSION_PILES[INFO.option_values(config)["ruleset"]]
    shown, missions, rng = _draw(pile, rng, OPEN_MISSIONS)
    (ending,), endings, rng = _draw(tuple(sorted(ENDINGS)), rng)
    dealt, starts, rng = _draw(tuple(card.id for card in STARTS), rng, players)
    first = min(range(players), key=lambda seat: CARDS[dealt[seat]].number)
    return State(
        players=players,
        first=first,
        grid=grid,
        deck=deck,
        tableaus=tuple((cid,) for cid in dealt),
        oxygen=tuple(CARDS[cid].oxygen for cid in dealt),
        divers=(UNPLACED,) * players,
        pearls=(frozenset(),) * (players + 1),
        open_missions=shown,
        mission_deck=missions,
        held=((),) * players,
        ending=ending,
        ending_pile=endings,
        start_pile=starts,
        current=first,
        rng=rng,
    )


# -- the reducer -------------------------------------------------------------------


def _set(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


def _hand_over(
    pearls: tuple[frozenset[int], ...], cid: int, giver: int, taker: int
) -> tuple[frozenset[int], ...]:
    """The pearls with card ``cid``'s moved from ``giver``'s set to ``taker``'s
    (a seat, or the grid's index): pearls stay on their card."""
    on_card = pearls[giver] & {cid * 2, cid * 2 + 1}
    if not on_card:
        return pearls
    pearls = _set(pearls, giver, pearls[giver] - on_card)
    return _set(pearls, taker, pearls[taker] | on_card)


def _is_int(value) -> bool:
    # (True and False are 1 and 0 here, as in the actions' equality)
    return isinstance(value, int)


def _position(tableau: tuple[int, ...], pos, what: str = "card") -> int:
    if not _is_int(pos) or not 0 <= pos < len(tableau):
        raise IllegalAction(
            f"There is no {what} {pos + 1 if _is_int(pos) else pos!r} in your "
            f"tableau; its cards are 1-{len(tableau)} from the left."
        )
    return pos


def _cell(cell) -> int:
    if not _is_int(cell) or not 0 <= cell < 9:
        raise IllegalAction("There is no such grid cell; cells are a1-c3.")
    return cell


def _area(area) -> int:
    if area not in (ANIMAL, PLANT) or not _is_int(area):
        raise IllegalAction("A card has two areas: a (the animal) and p (the plants).")
    return area


def _pay(state: State, cost: int, what: str) -> tuple[int, ...]:
    have = state.oxygen[state.current]
    if have < cost:
        raise IllegalAction(f"{what} costs {cost} oxygen; you have {have}.")
    return _set(state.oxygen, state.current, have - cost)


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalAction("The game is over.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"That is not an Animal Splash move: {action!r}.")
    return handler(state, action)


def _slide(state: State, action: Slide) -> State:
    seat = state.current
    tableau = state.tableaus[seat]
    frm, to = _position(tableau, action.frm), _position(tableau, action.to, "place")
    if frm == to:
        raise IllegalAction("The card is already there; pick another place for it.")
    oxygen = _pay(state, SLIDE_COST, "Moving a card")
    rest = tableau[:frm] + tableau[frm + 1 :]
    moved = rest[:to] + (tableau[frm],) + rest[to:]
    return evolve(state, tableaus=_set(state.tableaus, seat, moved), oxygen=oxygen)


def _swap(state: State, action: Swap) -> State:
    seat = state.current
    tableau = state.tableaus[seat]
    pos, cell = _position(tableau, action.pos), _cell(action.cell)
    if state.grid[cell] == EMPTY:
        raise IllegalAction(f"{CELL_NAMES[cell]} is empty until the end of the turn.")
    oxygen = _pay(state, SWAP_COST, "Swapping with the grid")
    mine, theirs = tableau[pos], state.grid[cell]
    pearls = _hand_over(state.pearls, mine, seat, state.players)
    pearls = _hand_over(pearls, theirs, state.players, seat)
    return evolve(
        state,
        tableaus=_set(state.tableaus, seat, _set(tableau, pos, theirs)),
        oxygen=oxygen,
        grid=_set(state.grid, cell, mine),
        pearls=pearls,
    )


def _score(state: State, action: Score) -> State:
    seat = state.current
    tableau = state.tableaus[seat]
    pos, area = _position(tableau, action.pos), _area(action.area)
    pearls = state.pearls[seat]
    if tableau[pos] * 2 + area in pearls:
        raise IllegalAction(f"Card {pos + 1}'s {AREA_NAMES[area]} area has a pearl already.")
    if (pos, area) not in scorable(tableau, pearls):
        raise IllegalAction(
            f"Card {pos + 1}'s {AREA_NAMES[area]} is in no group of three "
            "neighbours with the same "
            + ("animal or colour" if area == ANIMAL else "plant")
            + " (areas with a pearl do not count)."
        )
    return evolve(state, pearls=_set(state.pearls, seat, pearls | {tableau[pos] * 2 + area}))


def _dive(state: State, action: Dive) -> State:
    if state.phase != MOVE:
        raise IllegalAction("Your diver has moved this turn already.")
    spot = action.spot
    if not _is_int(spot) or not 0 <= spot < 12:
        raise IllegalAction("There is no such spot; spots are " + ", ".join(SPOTS) + ".")
    steps = dive_steps(state)
    if spot not in steps:
        if state.divers[state.current] == spot:
            raise IllegalAction("Your diver must move on: at least one step clockwise.")
        raise IllegalAction(f"Another diver is on {SPOTS[spot]}.")
    gain = dive_oxygen(steps[spot])
    have = state.oxygen[state.current]
    if have + gain < 0:
        raise IllegalAction(
            f"{steps[spot]} steps cost {-gain} oxygen (one for each step "
            f"beyond two); you have {have}."
        )
    return evolve(
        state,
        divers=_set(state.divers, state.current, spot),
        phase=TAKE,
        oxygen=_set(state.oxygen, state.current, have + gain),
    )


def _take(state: State, action: Take) -> State:
    if state.phase == MOVE:
        raise IllegalAction("Move your diver first.")
    if state.phase != TAKE:
        raise IllegalAction("You have taken your card this turn already.")
    cell = _cell(action.cell)
    if action.right not in (False, True):
        raise IllegalAction("Add the card at the left or the right end.")
    line = LINES[state.divers[state.current]]
    if cell not in line:
        raise IllegalAction(
            f"Your diver faces {', '.join(CELL_NAMES[c] for c in line)}; take one of those."
        )
    seat, cid = state.current, state.grid[cell]
    tableau = state.tableaus[seat]
    tableau = tableau + (cid,) if action.right else (cid,) + tableau
    return evolve(
        state,
        grid=_set(state.grid, cell, EMPTY),
        taken=cell,
        phase=ACT,
        tableaus=_set(state.tableaus, seat, tableau),
        pearls=_hand_over(state.pearls, cid, state.players, seat),
        oxygen=_set(state.oxygen, seat, state.oxygen[seat] + CARDS[cid].oxygen),
    )


def _move_pearl(state: State, action: MovePearl) -> State:
    tableau = state.tableaus[state.current]
    frm, to = _position(tableau, action.frm), _position(tableau, action.to)
    frm_area, to_area = _area(action.frm_area), _area(action.to_area)
    source, target = tableau[frm] * 2 + frm_area, tableau[to] * 2 + to_area
    pearls = state.pearls[state.current]
    if source not in pearls:
        raise IllegalAction(f"There is no pearl on card {frm + 1}'s {AREA_NAMES[frm_area]}.")
    if not ((frm == to and frm_area != to_area) or (abs(frm - to) == 1 and frm_area == to_area)):
        raise IllegalAction(
            "A pearl moves one step: to the other area of its card, or to the "
            "same area of a neighbouring card."
        )
    if target in pearls:
        raise IllegalAction(
            f"Card {to + 1}'s {AREA_NAMES[to_area]} has a pearl already (one pearl per area)."
        )
    oxygen = _pay(state, PEARL_COST, "Moving a pearl")
    return evolve(
        state,
        pearls=_set(state.pearls, state.current, (pearls - {source}) | {target}),
        oxygen=oxygen,
    )


def _end(state: State, action: End) -> State:
    if state.phase != ACT:
        raise IllegalAction(
            "Take a card first"
            + (": move your diver, then take one." if state.phase == MOVE else ".")
        )
    seat = state.current
    held, missions, mission_deck = state.held, state.open_missions, state.mission_deck
    rng = state.rng
    mission = action.mission
    if not _is_int(mission):
        raise IllegalAction("Name a mission by its number (or none).")
    if mission:
        if mission not in state.open_missions:
            raise IllegalAction(f"Mission {mission} is not on display.")
        card = MISSIONS[mission]
        if any(MISSIONS[m].group == card.group for m in held[seat]):
            raise IllegalAction(
                f"You hold a {card.group_name()} mission already; take one of another colour."
            )
        if not mission_ok(state, seat, mission):
            raise IllegalAction(f"Mission {mission} needs {card.text}; your tableau has not.")
        held = _set(held, seat, held[seat] + (mission,))
        index = missions.index(mission)
        missions = missions[:index] + missions[index + 1 :]
        if mission_deck:
            (new,), mission_deck, rng = _draw(mission_deck, rng)
            missions = missions[:index] + (new,) + missions[index:]
    grid, deck = state.grid, state.deck
    if state.taken != EMPTY and deck:
        index, rng = rng.below(len(deck))
        grid, deck = _set(grid, state.taken, deck[index]), deck[:index] + deck[index + 1 :]
    following = (seat + 1) % state.players
    round_ = state.round + (following == state.first)
    return evolve(
        state,
        held=held,
        open_missions=missions,
        mission_deck=mission_deck,
        grid=grid,
        deck=deck,
        current=following,
        round=round_,
        phase=MOVE,
        rng=rng,
        taken=EMPTY,
        over=round_ > ROUNDS[state.players],
    )


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Dive: _dive,
    Take: _take,
    Slide: _slide,
    MovePearl: _move_pearl,
    Swap: _swap,
    Score: _score,
    End: _end,
}


def view(state: State, seat: int | None) -> State:
    """Everything is open but the piles' order: the draw pile, the mission pile, the
    unused end-scoring and start cards and the generator are hidden from every seat."""
    return evolve(
        state,
        deck=(HIDDEN,) * len(state.deck),
        mission_deck=(HIDDEN,) * len(state.mission_deck),
        ending_pile=(HIDDEN,) * len(state.ending_pile),
        start_pile=(HIDDEN,) * len(state.start_pile),
        rng=Rng(0),
    )
