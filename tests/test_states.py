"""``tideboard.engine.states.evolve``, the one way a state (or action) is copied with
changes: what ``attrs.evolve`` makes, and a misspelt field name is a TypeError
(before it, Animal Splash's and Mermaid Rain's copies stored ``curent=2`` as a stray
attribute and returned a state equal to the old one)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import attrs
import pytest

import tideboard
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve

GAME_IDS = ["shifting-stones", "moonshell", "moonlighter", "mermaid-rain", "animal-splash"]


def started(game_id: str):
    game = registry.load(game_id)
    info = game.info
    return game, game.setup(GameConfig(players=info.min_players, seed=3))


def played(game_id: str, actions: int = 12):
    """A state some random legal actions into a game (fields away from their defaults)."""
    import random

    game, state = started(game_id)
    rnd = random.Random(7)
    for _ in range(actions):
        if game.is_over(state):
            break
        state = game.apply(state, rnd.choice(list(game.legal_actions(state))))
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_evolve_makes_what_attrs_evolve_makes(game_id):
    state = played(game_id)
    for field in attrs.fields(state.__class__):
        value = getattr(state, field.name)
        changed = (
            value + 1
            if isinstance(value, int) and not isinstance(value, bool)
            else (
                not value
                if isinstance(value, bool)
                else Rng(99)
                if isinstance(value, Rng)
                else value
            )
        )
        copy = evolve(state, **{field.name: changed})
        assert copy == attrs.evolve(state, **{field.name: changed}), field.name
        assert getattr(copy, field.name) == changed and copy.__class__ is state.__class__
    assert evolve(state) == state and evolve(state) is not state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_misspelt_field_is_a_type_error_and_changes_nothing(game_id):
    state = played(game_id)
    before = pickle.dumps(state)
    for wrong in ("curent", "Current", "turns", "rng_", "state"):
        with pytest.raises(TypeError, match=f"unexpected keyword argument '{wrong}'"):
            evolve(state, **{wrong: 2})
        # a right name beside it does not let the wrong one through
        first = attrs.fields(state.__class__)[0].name
        with pytest.raises(TypeError, match=wrong):
            evolve(state, **{first: getattr(state, first), wrong: 2})
    assert pickle.dumps(state) == before


def test_evolve_copies_actions_and_the_generator_too():
    from tideboard.games.shifting_stones.state import END_TURN, Flip, Shift

    assert evolve(Flip(3, 4), cell=5) == Flip(3, 5)
    assert evolve(Shift(1, 0, 1), a=2) == Shift(1, 1, 2)  # made by __init__: kept in order
    assert evolve(END_TURN) == END_TURN
    assert evolve(Rng(5), position=6) == Rng(6)
    with pytest.raises(TypeError, match="evolve.EndTurn.*'card'"):
        evolve(END_TURN, card=1)
    with pytest.raises(TypeError, match="'cel'"):
        evolve(Flip(3, 4), cel=5)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_evolve_copies_a_state_made_by_pickle_or_copy(game_id):
    """The states' quick copy reads the instance dict's values in field order: a state
    unpickled or copied has them in that order too."""
    import copy

    state = played(game_id)
    first = attrs.fields(state.__class__)[0].name
    changes = {first: getattr(state, first), "rng": Rng(12)}
    expected = attrs.evolve(state, **changes)
    for other in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert evolve(other, **changes) == expected


def test_evolve_takes_the_slow_way_when_the_dict_holds_more_than_the_fields():
    import functools

    @attrs.frozen(slots=False)
    class Cached:
        a: int
        b: int = 0

        @functools.cached_property
        def total(self) -> int:
            return self.a + self.b

    cached = Cached(1, 2)
    assert cached.total == 3  # (now in the instance's dict beside the fields)
    assert evolve(cached, a=5) == Cached(5, 2) and evolve(cached, a=5).total == 7
    with pytest.raises(TypeError, match="'c'"):
        evolve(cached, c=1)


def test_evolve_runs_validators_and_takes_private_and_keyword_only_fields():
    """attrs.evolve's contract, for classes unlike the games' (the copy goes through
    ``__init__``): a private field is given by its init name, a keyword-only one by
    keyword, a field not in ``__init__`` is left to its default."""

    @attrs.frozen
    class Odd:
        _hidden: int
        shown: int = attrs.field(validator=attrs.validators.instance_of(int))
        later: int = attrs.field(default=0, kw_only=True)
        made: int = attrs.field(init=False, default=7)
        # names the copy itself uses must not clash with a field's
        inst: str = "i"
        cls: str = "c"

    odd = Odd(1, 2, later=3)
    assert evolve(odd, hidden=4) == Odd(4, 2, later=3)
    assert evolve(odd, later=5, inst="x", cls="y") == Odd(1, 2, later=5, inst="x", cls="y")
    with pytest.raises(TypeError):
        evolve(odd, shown="2")  # the validator's
    with pytest.raises(TypeError):
        evolve(odd, made=1)
    with pytest.raises(TypeError):
        evolve(odd, _hidden=1)  # as attrs.evolve: by its init name


# -- no copy or change by hand ------------------------------------------------------

ROOT = Path(tideboard.__file__).parent
# what is allowed where: the one evolve, and engine objects that are no game state (a
# match sets its fields once, in its constructors; a GameConfig, a frozen dataclass,
# sorts its options in __post_init__ and is copied with dataclasses.replace)
ALLOWED = {
    "engine/states.py": {"def evolve"},
    "engine/match.py": {"object.__setattr__"},
    "engine/core.py": {"object.__setattr__", "def evolve"},
}


def by_hand(source: str) -> list[tuple[int, str]]:
    """(line, what) for each way around ``evolve`` in ``source``: ``object.__setattr__``,
    a write to or update of an instance's ``__dict__``, a function of its own named
    ``evolve`` or ``replace``."""
    tree = ast.parse(source)
    written = _written_through(tree)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "__setattr__"
            and isinstance(node.value, ast.Name)
            and node.value.id == "object"
        ):
            found.append((node.lineno, "object.__setattr__"))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "__dict__"
            and (isinstance(node.ctx, ast.Store) or id(node) in written)
        ):
            found.append((node.lineno, "__dict__"))
        elif isinstance(node, ast.FunctionDef) and node.name in ("evolve", "replace"):
            found.append((node.lineno, f"def {node.name}"))
    return sorted(found)


def _written_through(tree: ast.Module) -> set[int]:
    """The ids of the expressions written through: ``x[k] = v``, ``x.update(...)``
    (``setdefault``, a descriptor's ``__set__``), or kept to be (``d = x``)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            out.add(id(node.value))
        elif isinstance(node, ast.Attribute) and node.attr in ("update", "__set__", "setdefault"):
            out.add(id(node.value))
        elif isinstance(node, ast.Assign):
            out.add(id(node.value))
    return out


def test_by_hand_finds_each_way_around_evolve():
    source = (
        "new.__dict__.update(state.__dict__)\n"
        "object.__setattr__(self, 'a', 1)\n"
        "fields = new.__dict__\n"
        "state.__dict__['x'] = 1\n"
        "def evolve(state, **changes): pass\n"
        "size = len(state.__dict__)\n"
    )
    assert [line for line, _ in by_hand(source)] == [1, 2, 3, 4, 5]


def test_no_game_copies_or_changes_a_state_by_hand():
    """Every state is copied with ``engine.states.evolve`` and none is changed after it
    is made: no module under ``games/`` or ``engine/`` writes an instance's ``__dict__``,
    calls ``object.__setattr__`` or has a copy function of its own."""
    problems = {}
    for path in sorted([*(ROOT / "games").rglob("*.py"), *(ROOT / "engine").rglob("*.py")]):
        name = str(path.relative_to(ROOT))
        found = [
            (line, what)
            for line, what in by_hand(path.read_text(encoding="utf-8"))
            if what not in ALLOWED.get(name, ())
        ]
        if found:
            problems[name] = found
    assert not problems
