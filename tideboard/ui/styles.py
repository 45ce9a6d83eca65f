"""Stylesheets parsed once for the whole process, shared by every app in it.

Each Textual app parses its stylesheets (the app's, every widget class's
``DEFAULT_CSS``, a game's sheet) into rule sets for its theme's variables.
``tideboard serve`` runs one app per SSH session, and the test suite hundreds
of apps a process: that is the same work again for each, and over SSH the same
rule sets kept again in each session's memory (about a quarter of it).  Here
the parsed rule sets are kept per *(theme variables, source)* for the whole
process, so an app parses only what no app with the same theme has parsed
before; an app with another theme (F2) gets its own, so every session keeps
its own colours.  A local game has one app: there it changes nothing.

Textual treats parsed rule sets as read-only (one app applies the same ones
to each of its widgets), so sharing them between apps is sharing them
between more widgets.  The parse of one source is reached through
:class:`~tideboard.ui.textual_compat.RulesHookStylesheet` (a private
Textual method, tested there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tideboard.ui.textual_compat import RulesHookStylesheet, Source

VariablesKey = tuple[tuple[str, str], ...]

_RULES: dict[tuple[Any, ...], list[Any]] = {}  # (variables key, *source) -> rule sets
_VARIABLES: dict[str, dict[str, str]] = {}  # theme name -> its CSS variables


def _key(variables: dict[str, str]) -> VariablesKey:
    return tuple(sorted(variables.items()))


class SharedStylesheet(RulesHookStylesheet):
    """A stylesheet whose parsed rules come from the process-wide cache."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self.variables = dict(variables or {})
        self._shared_key = _key(self.variables)

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self.variables = dict(variables)
        self._shared_key = _key(variables)

    def rules_of(self, source: Source, parse: Callable[[], list[Any]]) -> list[Any]:
        key = (self._shared_key, *source)
        rules = _RULES.get(key)
        if rules is None:
            rules = parse()
            if not any(rule.errors for rule in rules):
                _RULES[key] = rules
        return rules

    def reparse(self) -> None:
        """New variables (a theme change): the rules again, from the shared cache
        where another session has parsed them for that theme already.  (Textual's
        own reparse would parse into a new plain Stylesheet, past the cache; an
        error leaves the rules as they were, as ``parse`` raises before it sets
        them.)"""
        self.parse()

    def copy(self) -> SharedStylesheet:
        stylesheet = SharedStylesheet(variables=self.variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet


def theme_variables(theme: str, make: Any) -> dict[str, str]:
    """The CSS variables of ``theme``, made by ``make()`` the first time only."""
    variables = _VARIABLES.get(theme)
    if variables is None:
        variables = _VARIABLES[theme] = make()
    return dict(variables)
