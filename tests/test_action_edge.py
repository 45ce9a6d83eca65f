"""The contract's edge: ``apply`` given anything but a well-formed action of the game
raises IllegalAction (a reason in words) and leaves the state as it was.

Actions are plain values, so any can be built (``Flip(card=8, cell=1.5)``,
``Show(cards=[0, 1])``, another game's action, None); ``ModularGame.apply`` refuses
a foreign object or a field of the wrong type before the rules see it, and the
rules refuse a value out of range.  Whatever it is given, apply returns a state
only for an action ``legal_actions`` lists."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.moonshell.ms_helpers import make_state
from tests.test_contract_properties import TABLES, positions, sample
from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.games.mermaid_rain.state import Show
from tideboard.games.moonshell.content import DECK_IDS
from tideboard.games.moonshell.info import MERMAIDS
from tideboard.games.moonshell.state import Collect
from tideboard.games.shifting_stones.state import Flip

GAMES = {game_id: game for game_id, (game, _) in TABLES.items()}
ACTION_CLASSES = sorted(
    {cls for game in GAMES.values() for cls in game.action_classes()},
    key=lambda cls: (cls.__module__, cls.__name__),
)
NOT_ACTIONS = [None, "pull 1", 3, 1.5, (), [], object(), GameConfig(players=2), Flip]

# values for a field: in range, out of range, and of every wrong type
WORDS = ["", "x", "n", "e", "north", "?", "P1", "tide-pool", *MERMAIDS, *DECK_IDS["secret"][:4]]
VALUES = st.one_of(
    st.integers(-3, 40),
    st.sampled_from([-1, 0, 1, 2, 3, 4, 5]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, width=16),
    st.sampled_from(WORDS),
    st.text(max_size=3),
    st.tuples(st.integers(-1, 4)),
    st.tuples(st.integers(-1, 4), st.integers(-1, 4)),
    st.lists(st.integers(0, 3), max_size=3),
    st.tuples(st.floats(width=16)),
    st.tuples(st.booleans(), st.integers(0, 3)),
    st.tuples(st.text(max_size=1)),
)


@st.composite
def objects(draw):
    """Something to hand ``apply``: mostly an action of some game with any values."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(NOT_ACTIONS))
    cls = draw(st.sampled_from(ACTION_CLASSES))
    return cls(*[draw(VALUES) for _ in attrs.fields(cls)])


def applied(game, state, action):
    """What apply makes of ``action``: the state, or the IllegalAction's message;
    the state given is checked to be as it was."""
    before = pickle.dumps(state)
    try:
        after = game.apply(state, action)
    except IllegalAction as error:
        assert str(error), action
        result = str(error)
    else:
        assert after.__class__ is state.__class__
        result = after
    assert pickle.dumps(state) == before, action
    return result


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(sorted(TABLES)),
    table=st.integers(0, 12),
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 300),
    data=st.data(),
)
def test_apply_refuses_anything_but_a_listed_action(game_id, table, seed, steps, data):
    game, configs = TABLES[game_id]
    config = configs[table % len(configs)]
    for state in sample(positions(game, config, seed, steps), random.Random(seed), 1):
        legal = set(game.legal_actions(state))
        for action in data.draw(st.lists(objects(), min_size=10, max_size=10)):
            result = applied(game, state, action)
            if not isinstance(result, str):
                assert action in legal, (action, game.to_move(state))


@pytest.mark.parametrize(
    "game_id, action, words",
    [
        (
            "shifting-stones",
            Flip(card=8, cell=1.5),
            "That is not a Shifting Stones move: Flip's cell must be a whole number, not 1.5.",
        ),
        (
            "shifting-stones",
            Flip(card=True, cell=1),
            "Flip's card must be a whole number, not True",
        ),
        (
            "mermaid-rain",
            Show(seat=0, cards=[0, 1]),
            "Show's cards must be a tuple of whole numbers, not [0, 1].",
        ),
        ("mermaid-rain", Show(seat=0, cards=(0, None)), "Show's cards must be a tuple of whole"),
        ("moonshell", Collect(source=0, column="1"), "Collect's column must be a whole number"),
        ("moonshell", Flip(8, 1), "That is not a Moonshell move: Flip(card=8, cell=1)."),
        ("animal-splash", None, "That is not an Animal Splash move: None."),
        ("moonlighter", "roll", "That is not a Moonlighter move: 'roll'."),
    ],
)
def test_a_malformed_action_is_refused_in_words(game_id, action, words):
    game = GAMES[game_id]
    state = game.setup(GameConfig(players=game.info.min_players))
    assert words in applied(game, state, action)


@pytest.mark.parametrize("saved", [-2, -5, 4])
def test_moonshell_refuses_a_saved_column_out_of_range(saved):
    """Collect(saved=-2) was taken as saved=-1 (no saved tile placed)."""
    game = GAMES["moonshell"]
    state = make_state(2, rocks={0: "wC wS"})
    assert Collect(0, 1) in game.legal_actions(state)
    refused = applied(game, state, Collect(0, 1, saved))
    assert isinstance(refused, str) and "no tile saved" in refused


def test_every_action_class_has_a_check_and_its_legal_actions_pass_it():
    """Each field's annotation is one the check knows (int, bool, str, None, unions,
    tuple[int, ...]), and the actions legal_actions lists are well formed."""
    from tideboard.engine.states import action_check

    for game_id, (game, configs) in TABLES.items():
        classes = game.action_classes()
        assert classes and all(attrs.has(cls) for cls in classes), game_id
        checks = {cls: action_check(cls, classes) for cls in classes}
        for config in configs:
            for state in positions(game, config, 1, 150):
                for action in game.legal_actions(state):
                    assert checks[action.__class__](action) == "", action
