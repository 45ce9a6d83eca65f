"""A test helper: the expert's search tree grown from a position, to look at which
actions became its nodes (the search's internals: ``engine.search._Node`` and
``_iterate``, used by the tests that check what a ``Spec`` keeps out of the tree)."""

from __future__ import annotations

import random
from typing import Any

from tideboard.engine import search


def grow(game: Any, spec: search.Spec, state: Any, seat: int, iterations: int = 60) -> Any:
    """The root of the tree ``iterations`` iterations grow from ``seat``'s view of
    ``state`` (the generator seeded 2), with no deadline."""
    view, legal = game.view(state, seat), game.legal_for(state, seat)
    root = search._Node()
    rng = random.Random(2)
    for _ in range(iterations):
        search._iterate(game, view, seat, legal, spec, rng, root, None)
    return root


def below_root(root: Any) -> set[Any]:
    """Every action that is a node below the root's children."""
    found, stack = set(), list(root.children.values())
    while stack:
        node = stack.pop()
        found.update(node.children)
        stack.extend(node.children.values())
    return found
