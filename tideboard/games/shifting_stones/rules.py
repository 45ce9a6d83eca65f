"""Shifting Stones rules: setup, legal actions and the reducer."""

from __future__ import annotations

from functools import cache
from typing import Any

from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.engine.rng import Rng, draw
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.content import (
    CARD_BY_ID,
    CARDS,
    CELL_NAMES,
    END_TRIGGER,
    HAND_SIZE,
    SKIP_DRAW,
    SOLO_MIX,
    SOLO_STRIKES,
    STONES_PER_PAIR,
)
from tideboard.games.shifting_stones.state import (
    END_TURN,
    HIDDEN,
    SKIP,
    Action,
    EndTurn,
    Flip,
    Score,
    Shift,
    Skip,
    State,
)

# The twelve pairs of orthogonal neighbours, each as (lower cell, higher cell).
NEIGHBOURS = tuple(
    (a, b) for a in range(9) for b in (a + 1, a + 3) if b < 9 and (b == a + 3 or a % 3 != 2)
)
PAIRS = frozenset(NEIGHBOURS)  # a Shift names its lower cell first, as legal_actions does
ADJACENT = PAIRS | frozenset((b, a) for a, b in NEIGHBOURS)


# Action objects are made once per card and shared: legal-action lists are just
# concatenations of these tuples, which keeps move generation cheap.  A card's
# are made when it is first in a hand (all 72 cards' at import cost the first frame).
@cache
def _manipulations(card: int) -> tuple[Shift | Flip, ...]:
    return tuple(Shift(card, a, b) for a, b in NEIGHBOURS) + tuple(
        Flip(card, cell) for cell in range(9)
    )


_SCORES = {card.id: Score(card.id) for card in CARDS}


def solo_deck(rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """The solo mini-deck: 8 one-point, 4 two-point, 3 three-point, 1 five-point card."""
    chosen: list[int] = []
    for points, count in SOLO_MIX.items():
        pool, rng = rng.shuffle([c.id for c in CARDS if c.points == points])
        chosen.extend(pool[:count])
    return tuple(chosen), rng


def setup(config: GameConfig) -> State:
    rng = Rng.from_seed(config.seed)
    pairs = [pair for pair, count in enumerate(STONES_PER_PAIR) for _ in range(count)]
    stones, rng = rng.shuffle(pairs)
    grid = []
    for pair in stones:  # each stone lands on a random side
        side, rng = rng.below(2)
        grid.append(pair * 2 + side)
    players = 1 if config.solo else config.players
    if config.solo:
        cards, rng = solo_deck(rng)
    else:
        cards = tuple(card.id for card in CARDS)
    deck, rng = rng.shuffle(cards)
    hands = []
    for _ in range(players):
        hand, deck, _, rng = draw(deck, (), rng, HAND_SIZE)
        hands.append(hand)
    return State(
        players=players,
        solo=config.solo,
        grid=tuple(grid),
        deck=deck,
        discard=(),
        hands=tuple(hands),
        scored=((),) * players,
        skipped_last=(False,) * players,
        rng=rng,
    )


def can_skip(state: State) -> bool:
    return not state.acted and not state.skipped_last[state.current]


def legal_actions(state: State) -> list[Action]:
    if state.over:
        return []
    hand = state.hands[state.current]
    actions: list[Action] = []
    for card in hand:
        if CARD_BY_ID[card].matches(state.grid):
            actions.append(_SCORES[card])
    for card in hand:
        actions.extend(_manipulations(card))
    actions.append(END_TURN)
    if can_skip(state):
        actions.append(SKIP)
    return actions


def _take_from_hand(state: State, card: int) -> tuple[int, ...]:
    hand = state.hands[state.current]
    if card not in hand:
        raise IllegalAction(
            f"Card {card} is not in your hand (your hand: {', '.join(map(str, hand)) or 'empty'})."
        )
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _replace(seq: tuple, index: int, value: Any) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalAction("The game is over.")
    seat = state.current
    if isinstance(action, Shift):
        if not (0 <= action.a < 9 and 0 <= action.b < 9):
            raise IllegalAction("There is no such cell; cells are a1-c3.")
        if (action.a, action.b) not in PAIRS:
            raise IllegalAction(
                f"{CELL_NAMES[action.a]} and {CELL_NAMES[action.b]} are not "
                "side by side; shift swaps two neighbouring stones (no diagonals)."
            )
        hand = _take_from_hand(state, action.card)
        grid = list(state.grid)
        grid[action.a], grid[action.b] = grid[action.b], grid[action.a]
        return evolve(
            state,
            grid=tuple(grid),
            hands=_replace(state.hands, seat, hand),
            discard=state.discard + (action.card,),
            acted=True,
        )
    if isinstance(action, Flip):
        if not 0 <= action.cell < 9:
            raise IllegalAction("There is no such cell; cells are a1-c3.")
        hand = _take_from_hand(state, action.card)
        flipped = _replace(state.grid, action.cell, state.grid[action.cell] ^ 1)
        return evolve(
            state,
            grid=flipped,
            hands=_replace(state.hands, seat, hand),
            discard=state.discard + (action.card,),
            acted=True,
        )
    if isinstance(action, Score):
        hand = _take_from_hand(state, action.card)
        if not CARD_BY_ID[action.card].matches(state.grid):
            raise IllegalAction(f"Card {action.card} does not match the stones as they lie now.")
        scored = _replace(state.scored, seat, state.scored[seat] + (action.card,))
        state = evolve(
            state,
            hands=_replace(state.hands, seat, hand),
            scored=scored,
            acted=True,
            scored_this_turn=True,
        )
        if state.solo:
            if not hand and not state.deck and not state.discard:
                return evolve(state, over=True)  # every mini-deck card scored: a win
        elif len(scored[seat]) >= END_TRIGGER[state.players]:
            state = evolve(state, end_triggered=True)
        return state
    if isinstance(action, EndTurn):
        hand = state.hands[seat]
        drawn, deck, discard, rng = draw(
            state.deck, state.discard, state.rng, max(0, HAND_SIZE - len(hand))
        )
        state = evolve(
            state,
            hands=_replace(state.hands, seat, hand + drawn),
            deck=deck,
            discard=discard,
            rng=rng,
            skipped_last=_replace(state.skipped_last, seat, False),
        )
        return _next_turn(state)
    if isinstance(action, Skip):
        if state.acted:
            raise IllegalAction("You can only skip before doing anything else this turn.")
        if state.skipped_last[seat]:
            raise IllegalAction("You skipped your last turn; you may not skip twice in a row.")
        drawn, deck, discard, rng = draw(state.deck, state.discard, state.rng, SKIP_DRAW)
        state = evolve(
            state,
            hands=_replace(state.hands, seat, state.hands[seat] + drawn),
            deck=deck,
            discard=discard,
            rng=rng,
            skipped_last=_replace(state.skipped_last, seat, True),
        )
        return _next_turn(state)
    raise IllegalAction(f"That is not a Shifting Stones move: {action!r}.")


def _next_turn(state: State) -> State:
    """Close the current turn: solo strikes, the end of the round, the next seat."""
    if state.solo:
        strikes = state.strikes + (0 if state.scored_this_turn else 1)
        return evolve(
            state,
            strikes=strikes,
            over=strikes >= SOLO_STRIKES,
            acted=False,
            scored_this_turn=False,
            turn=state.turn + 1,
        )
    following = (state.current + 1) % state.players
    if state.end_triggered and following == 0:
        return evolve(state, over=True, acted=False, scored_this_turn=False)
    return evolve(
        state, current=following, acted=False, scored_this_turn=False, turn=state.turn + 1
    )


def view(state: State, seat: int | None) -> State:
    """What ``seat`` sees: its own hand; other hands, the deck order and the generator hidden."""
    hands = tuple(
        hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands)
    )
    return evolve(state, hands=hands, deck=(HIDDEN,) * len(state.deck), rng=Rng(0))
