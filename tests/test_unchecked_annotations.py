"""mypy checks no function without annotations (an "untyped" one): a variable
annotated in its body is a note, "annotation-unchecked", and the body's errors
go unseen.  Every function whose body annotates a variable is typed itself."""

from __future__ import annotations

import ast
from pathlib import Path

import tideboard

ROOT = Path(tideboard.__file__).parent


def _untyped(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    args = node.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return node.returns is None and not any(a is not None and a.annotation for a in every)


def _annotates(body: list[ast.stmt]) -> bool:
    """A variable annotated in ``body`` (not in the functions or classes it defines)."""
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.AnnAssign):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
    return False


def test_no_function_annotates_a_variable_that_mypy_does_not_check() -> None:
    unchecked = [
        f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name}"
        for path in sorted(ROOT.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and _untyped(node)
        and _annotates(node.body)
    ]
    assert not unchecked, unchecked
