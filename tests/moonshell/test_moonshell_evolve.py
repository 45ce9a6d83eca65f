"""``moonshell.state.evolve`` copies the instance dict for speed and so does not
reject an unknown field the way ``replace`` (``State(...)``) does: a misspelt keyword would
add a stray attribute.  These tests read the source instead (nothing is added to
the playouts): every keyword given to ``evolve`` anywhere in tideboard must be a
State field."""

from __future__ import annotations

import ast
from pathlib import Path

import tideboard
from tideboard.games.moonshell.state import FIELDS as STATE_FIELDS
from tideboard.games.moonshell.state import evolve, replace

ROOT = Path(tideboard.__file__).parent
FIELDS = frozenset(STATE_FIELDS)
MODULE = "tideboard.games.moonshell.state"
PACKAGE = "tideboard.games.moonshell"


def _evolve_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The names a module calls Moonshell's ``evolve`` by (taken from the package's
    modules, e.g. ``state`` or ``rules``), and the names of the package's modules it
    imports (``state.evolve(...)``)."""
    functions, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
            for alias in node.names:
                if alias.name == "evolve":
                    functions.add(alias.asname or alias.name)
                elif node.module == PACKAGE:
                    modules.add(alias.asname or alias.name)
    return functions, modules


def _calls(tree: ast.Module) -> list[ast.Call]:
    """The module's calls of Moonshell's ``evolve`` (``evolve(...)``, ``state.evolve(...)``)."""
    functions, modules = _evolve_names(tree)
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id in functions)
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "evolve"
            and isinstance(node.func.value, ast.Name) and node.func.value.id in modules)
        or (functions and _is_dict_update(node.func)))]


def _is_dict_update(func: ast.expr) -> bool:
    """``x.__dict__.update``: a state made during an action taking its changes in place
    (rules._start_turn), checked as an evolve."""
    return (isinstance(func, ast.Attribute) and func.attr == "update"
            and isinstance(func.value, ast.Attribute) and func.value.attr == "__dict__")


def bad_keywords(source: str, filename: str = "<source>") -> list[tuple[str, int, str]]:
    """(file, line, keyword) for each keyword of a Moonshell ``evolve(...)`` call that
    is no State field (``**changes`` passes through: its keys are checked where they
    are written, as the keywords of the calls that build them)."""
    return [(filename, call.lineno, keyword.arg) for call in _calls(ast.parse(source, filename))
            for keyword in call.keywords if keyword.arg is not None and keyword.arg not in FIELDS]


def _sources() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if PACKAGE in p.read_text(encoding="utf-8"))


def _forwarders(trees: list[ast.Module]) -> dict[str, set[str]]:
    """The package's functions that pass their ``**kwargs`` on to ``evolve`` (directly
    or through another such function: ``pull``, ``rotate``, ``_start_round``...),
    each with its own parameter names (the keywords that are not State fields)."""
    defs = [(node, tree) for tree in trees for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.args.kwarg]
    found: dict[str, set[str]] = {}
    while True:
        before = len(found)
        for node, tree in defs:
            functions, modules = _evolve_names(tree)
            kwarg = node.args.kwarg.arg
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and any(
                        k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg
                        for k in call.keywords) and (call in _calls(tree) or _name(call) in found):
                    args = node.args
                    found[node.name] = {a.arg for a in args.posonlyargs + args.args
                                        + args.kwonlyargs}
        if len(found) == before:
            return found


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None)


def _forwarded_keywords(tree: ast.Module, forwarders: dict[str, set[str]], filename: str):
    """(file, line, keyword) for keywords given to a forwarder that are neither its own
    parameters nor State fields, and for ``extra["name"] = ...`` into its ``**extra``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in forwarders:
            out += [(filename, node.lineno, k.arg) for k in node.keywords if k.arg is not None
                    and k.arg not in forwarders[_name(node)] and k.arg not in FIELDS]
        if isinstance(node, ast.FunctionDef) and node.args.kwarg and node.name in forwarders:
            kwarg = node.args.kwarg.arg
            for sub in ast.walk(node):
                if (isinstance(sub, ast.Subscript) and isinstance(sub.ctx, ast.Store)
                        and isinstance(sub.value, ast.Name) and sub.value.id == kwarg
                        and isinstance(sub.slice, ast.Constant)
                        and sub.slice.value not in FIELDS):
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
    assert checked > 30 and {"pull", "rotate", "collect", "_start_round"} <= set(forwarders)
    assert not problems, problems


def test_the_check_finds_a_misspelt_field():
    source = ("from tideboard.games.moonshell.state import evolve\n"
              "def f(state):\n"
              "    return evolve(state, actions_lef=2, rocks=state.rocks)\n")
    assert bad_keywords(source) == [("<source>", 3, "actions_lef")]


def test_the_check_finds_one_through_the_state_module():
    source = ("from tideboard.games.moonshell import state\n"
              "def f(s):\n"
              "    return state.evolve(s, tide_odd=True)\n")
    assert bad_keywords(source) == [("<source>", 3, "tide_odd")]


def test_the_check_follows_keywords_passed_on_to_evolve():
    source = ("from tideboard.games.moonshell.state import evolve\n"
              "def turn(state, clockwise=None, **extra):\n"
              "    extra['tide_odd'] = True\n"
              "    return evolve(state, **extra)\n"
              "def play(state):\n"
              "    return turn(state, clockwise=True, actions_lef=1)\n")
    tree = ast.parse(source)
    forwarders = _forwarders([tree])
    assert forwarders == {"turn": {"state", "clockwise"}}
    assert sorted(_forwarded_keywords(tree, forwarders, "f")) == [
        ("f", 3, "tide_odd"), ("f", 6, "actions_lef")]


def test_the_check_reads_a_change_made_in_place():
    source = ("from tideboard.games.moonshell.state import evolve\n"
              "def f(state):\n"
              "    state.__dict__.update(actions_left=2, curent=1)\n")
    assert bad_keywords(source) == [("<source>", 3, "curent")]


def test_evolve_makes_what_replace_makes():
    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.game import GAME

    state = GAME.setup(GameConfig(players=2, variant="tsunami", seed=4))
    changes = {"current": 1, "rocks": (0,) * 8, "tides_odd": True}
    assert evolve(state, **changes) == replace(state, **changes)
    assert evolve(state, **changes).__dict__ == replace(state, **changes).__dict__


def test_applying_never_changes_the_state_given():
    """The reducer changes in place only states made during the same ``apply`` (the
    automaton's turn, a round's start): every legal action of seeded solo and
    two-player games of each mode leaves the state it was applied to as it was."""
    import random

    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.game import GAME

    rnd = random.Random(5)
    steps = 0
    for variant in ("standard", "submerge", "dive", "tsunami"):
        for options in ((), (("powers", "active"),)):
            for players in (1, 2):
                state = GAME.setup(GameConfig(players=players, solo=players == 1, seed=steps,
                                              variant=variant, options=options))
                while not state.over:
                    before = dict(state.__dict__)
                    legal = GAME.legal_actions(state)
                    for action in legal:
                        GAME.apply(state, action)
                        assert state.__dict__ == before, action
                    state = GAME.apply(state, rnd.choice(legal))
                    steps += 1
    assert steps > 500
