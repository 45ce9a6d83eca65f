"""Moonshell's turn flow: a turn ends (mermeeples come home, the automaton plays its
turn in solo), the next seat's turn or a new round starts (an event card is revealed
first), until the round in which a chest was filled is complete.

``rules.apply`` ends a turn here after its last action; the other modules only
change the board (``moves.py``, ``powers.py``, ``events.py``, ``automaton.py``) and
never start or end a turn themselves."""

from __future__ import annotations

from tideboard.engine.states import evolve
from tideboard.games.moonshell import automaton, events, powers
from tideboard.games.moonshell.queries import actions_per_turn
from tideboard.games.moonshell.state import EVENT, State


def end_turn(state: State) -> State:
    """Close the current turn; in solo the automaton plays its turn here."""
    if state.powers:
        state = powers.return_meeples(state, state.current)
    if state.solo:  # (its log goes into the next state with the round's changes)
        state, log = automaton.play_turn(state)
        if state.end_trigger >= 0:
            return evolve(
                state,
                over=True,
                actions_left=0,
                turn=state.turn + 1,
                auto_turns=state.auto_turns + 1,
                auto_log=log,
            )
        return start_round(
            state,
            current=0,
            turn=state.turn + 2,
            round=state.round + 1,
            auto_turns=state.auto_turns + 1,
            auto_log=log,
        )
    following = state.current + 1
    if following < state.players:
        return start_turn(state, current=following, turn=state.turn + 1)
    if state.end_trigger >= 0:  # the round is complete: everyone had equal turns
        return evolve(state, over=True, actions_left=0)
    return start_round(state, current=0, turn=state.turn + 1, round=state.round + 1)


def start_round(state: State, **changes) -> State:
    """A new round (``changes``: the new round's number, turn and first seat): with the
    event deck, its card is revealed before the first turn (Moonrise first asks each
    player, phase EVENT: the turn starts once they have answered)."""
    if state.events_on:
        state = events.reveal(state, **changes)
        if state.phase == EVENT:
            return state
        return start_turn(state)
    return start_turn(state, **changes)


def start_turn(state: State, **changes) -> State:
    """A turn starts (``changes``: whose, and the turn's number), in one new state."""
    state = evolve(state, actions_left=actions_per_turn(state), free_rotation=False, **changes)
    if state.powers:
        state = powers.start_of_turn(state, state.current)
    return state
