"""Moonshell's state and actions are attrs values copied with ``engine.states.evolve``.

``evolve`` refuses a misspelt field when the call runs; these tests also read the
source, so that a call on a path few games take is checked too: every keyword given
to ``evolve`` in the Moonshell package and its screens must be a State field.  And
the reducer never changes a state, not even one it made itself during the action."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import attrs
import pytest

import tideboard
from tideboard.engine.states import evolve
from tideboard.games.moonshell.state import PASS, Collect, Decline, Pull, State

ROOT = Path(tideboard.__file__).parent
FIELDS = frozenset(field.name for field in attrs.fields(State))
PACKAGE = "tideboard.games.moonshell"


def _evolve_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The names a module calls ``engine.states.evolve`` by, and the names it calls the
    ``engine.states`` module by (``states.evolve(...)``)."""
    functions, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if node.module == "tideboard.engine.states" and alias.name == "evolve":
                    functions.add(alias.asname or alias.name)
                elif node.module == "tideboard.engine" and alias.name == "states":
                    modules.add(alias.asname or alias.name)
    return functions, modules


def _calls(tree: ast.Module) -> list[ast.Call]:
    """The module's calls of ``evolve`` (``evolve(...)``, ``states.evolve(...)``)."""
    functions, modules = _evolve_names(tree)
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in functions)
            or (
                isinstance(node.func, ast.Attribute)
                and node.func.attr == "evolve"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in modules
            )
        )
    ]


def bad_keywords(source: str, filename: str = "<source>") -> list[tuple[str, int, str]]:
    """(file, line, keyword) for each keyword of an ``evolve(...)`` call that
    is no State field (``**changes`` passes through: its keys are checked where they
    are written, as the keywords of the calls that build them)."""
    return [
        (filename, call.lineno, keyword.arg)
        for call in _calls(ast.parse(source, filename))
        for keyword in call.keywords
        if keyword.arg is not None and keyword.arg not in FIELDS
    ]


def _sources() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if PACKAGE in p.read_text(encoding="utf-8"))


def _forwarders(trees: list[ast.Module]) -> dict[str, set[str]]:
    """The package's functions that pass their ``**kwargs`` on to ``evolve`` (directly
    or through another such function: ``pull``, ``rotate``, ``start_round``...),
    each with its own parameter names (the keywords that are not State fields)."""
    defs = [
        (node, tree)
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.args.kwarg
    ]
    found: dict[str, set[str]] = {}
    while True:
        before = len(found)
        for node, tree in defs:
            functions, modules = _evolve_names(tree)
            kwarg = node.args.kwarg.arg
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and any(
                        k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg
                        for k in call.keywords
                    )
                    and (call in _calls(tree) or _name(call) in found)
                ):
                    args = node.args
                    found[node.name] = {
                        a.arg for a in args.posonlyargs + args.args + args.kwonlyargs
                    }
        if len(found) == before:
            return found


def _name(call: ast.Call) -> str | None:
    func = call.func
    return (
        func.id
        if isinstance(func, ast.Name)
        else (func.attr if isinstance(func, ast.Attribute) else None)
    )


def _forwarded_keywords(tree: ast.Module, forwarders: dict[str, set[str]], filename: str):
    """(file, line, keyword) for keywords given to a forwarder that are neither its own
    parameters nor State fields, and for ``extra["name"] = ...`` into its ``**extra``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in forwarders:
            out += [
                (filename, node.lineno, k.arg)
                for k in node.keywords
                if k.arg is not None
                and k.arg not in forwarders[_name(node)]
                and k.arg not in FIELDS
            ]
        if isinstance(node, ast.FunctionDef) and node.args.kwarg and node.name in forwarders:
            kwarg = node.args.kwarg.arg
            for sub in ast.walk(node):
                if (
                    isinstance(sub, ast.Subscript)
                    and isinstance(sub.ctx, ast.Store)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id == kwarg
                    and isinstance(sub.slice, ast.Constant)
                    and sub.slice.value not in FIELDS
                ):
                    out.append((filename, sub.lineno, sub.slice.value))
    return out


def test_every_evolve_keyword_is_a_state_field():
    paths = _sources()
    texts = [path.read_text(encoding="utf-8") for path in paths]
    trees = [ast.parse(text) for text in texts]
    forwarders = _forwarders(trees)
    checked = 0
    problems = []
    for path, text, tree in zip(paths, texts, trees):
        name = str(path.relative_to(ROOT))
        problems += bad_keywords(text, name)
        problems += _forwarded_keywords(tree, forwarders, name)
        checked += len(_calls(tree))
    # the package's calls were found (a broken walk would check nothing)
    assert checked > 30 and {"pull", "rotate", "collect", "start_round"} <= set(forwarders)
    assert not problems, problems


def test_the_check_finds_a_misspelt_field():
    source = (
        "from tideboard.engine.states import evolve\n"
        "def f(state):\n"
        "    return evolve(state, actions_lef=2, rocks=state.rocks)\n"
    )
    assert bad_keywords(source) == [("<source>", 3, "actions_lef")]


def test_the_check_finds_one_through_the_states_module():
    source = (
        "from tideboard.engine import states\n"
        "def f(s):\n"
        "    return states.evolve(s, tide_odd=True)\n"
    )
    assert bad_keywords(source) == [("<source>", 3, "tide_odd")]


def test_the_check_follows_keywords_passed_on_to_evolve():
    source = (
        "from tideboard.engine.states import evolve\n"
        "def turn(state, clockwise=None, **extra):\n"
        "    extra['tide_odd'] = True\n"
        "    return evolve(state, **extra)\n"
        "def play(state):\n"
        "    return turn(state, clockwise=True, actions_lef=1)\n"
    )
    tree = ast.parse(source)
    forwarders = _forwarders([tree])
    assert forwarders == {"turn": {"state", "clockwise"}}
    assert sorted(_forwarded_keywords(tree, forwarders, "f")) == [
        ("f", 3, "tide_odd"),
        ("f", 6, "actions_lef"),
    ]


def test_a_misspelt_field_is_refused_when_the_call_runs():
    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.game import GAME

    state = GAME.setup(GameConfig(players=2, variant="tsunami", seed=4))
    with pytest.raises(TypeError, match="actions_lef"):
        evolve(state, actions_lef=2)
    changed = evolve(state, current=1, rocks=(0,) * 8, tides_odd=True)
    assert changed == attrs.evolve(state, current=1, rocks=(0,) * 8, tides_odd=True)
    assert changed != state and state.current == 0


def test_states_and_actions_are_values():
    """Saves, bots and the match's caches compare, hash and pickle them."""
    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.game import GAME

    state = GAME.setup(
        GameConfig(players=1, solo=True, variant="tsunami", seed=9, options={"powers": "active"})
    )
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state) and again is not state
    assert evolve(state, turn=state.turn + 1) != state
    assert repr(state).startswith("State(players=2, solo=True, sides=")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.current = 1  # type: ignore[misc]
    actions = [Pull(2, 0), Pull(2, 1), Collect(0, 3), Collect(0, 3, 2, True), PASS, Decline()]
    assert [pickle.loads(pickle.dumps(a)) for a in actions] == actions
    assert len(set(actions)) == len(actions) and PASS != Decline() and Pull(2, 0) == Pull(2, 0)
    assert repr(Collect(0, 3)) == "Collect(source=0, column=3, saved=-1, saved_first=False)"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Pull(1).column = 2  # type: ignore[misc]


def test_applying_never_changes_the_state_given():
    """Every legal action of seeded solo and two-player games of each mode leaves the
    state it was applied to as it was (the reducer once changed in place states it had
    made during the same ``apply``: the automaton's turn, a round's start)."""
    import random

    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.game import GAME

    rnd = random.Random(5)
    steps = 0
    for variant in ("standard", "submerge", "dive", "tsunami"):
        for options in ((), (("powers", "active"),)):
            for players in (1, 2):
                state = GAME.setup(
                    GameConfig(
                        players=players,
                        solo=players == 1,
                        seed=steps,
                        variant=variant,
                        options=options,
                    )
                )
                while not state.over:
                    before = attrs.asdict(state, recurse=False)
                    legal = GAME.legal_actions(state)
                    for action in legal:
                        GAME.apply(state, action)
                        assert attrs.asdict(state, recurse=False) == before, action
                    state = GAME.apply(state, rnd.choice(legal))
                    steps += 1
    assert steps > 500
