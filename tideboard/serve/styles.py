"""Stylesheets parsed once for the whole server, shared by every session.

Each Textual app parses its stylesheets (the app's, every widget class's
``DEFAULT_CSS``, a game's sheet) into rule sets for its theme's variables.
Served as one app per SSH session, that is the same work again for each
player connecting: about a quarter of a lobby's first frame.  Here the
parsed rule sets are kept per *(theme variables, source)* for the whole
process, so a session parses only what no session with the same theme has
parsed before; a session with another theme (F2) gets its own, so every
session keeps its own colours.

Textual treats parsed rule sets as read-only (one app applies the same ones
to each of its widgets), so sharing them between apps is sharing them
between more widgets.  The theme's CSS variables and their tokens are
shared the same way.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.css.tokenize import tokenize_values

VariablesKey = tuple[tuple[str, str], ...]

_RULES: dict[tuple[Any, ...], list[Any]] = {}  # (variables key, source key) -> rule sets
_TOKENS: dict[VariablesKey, Any] = {}  # variables key -> their tokens
_VARIABLES: dict[str, dict[str, str]] = {}  # theme name -> its CSS variables


def _key(variables: dict[str, str]) -> VariablesKey:
    return tuple(sorted(variables.items()))


class SharedStylesheet(Stylesheet):
    """A :class:`Stylesheet` whose parsed rules come from the process-wide cache."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._shared_key = _key(self._variables)

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._shared_key = _key(variables)

    @property
    def _variable_tokens(self) -> Any:
        tokens = _TOKENS.get(self._shared_key)
        if tokens is None:
            tokens = _TOKENS[self._shared_key] = tokenize_values(self._variables)
        return tokens

    def _parse_rules(self, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[Any]:
        key = (self._shared_key, css, read_from, is_default_rules, tie_breaker, scope)
        rules = _RULES.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if not any(rule.errors for rule in rules):
                _RULES[key] = rules
        return rules

    def reparse(self) -> None:
        """New variables (a theme change): the rules again, from the shared cache
        where another session has parsed them for that theme already."""
        rules, rules_map = self._rules, self._rules_map
        try:
            self.parse()
        except Exception:
            self._rules, self._rules_map = rules, rules_map
            raise

    def copy(self) -> SharedStylesheet:
        stylesheet = SharedStylesheet(variables=self._variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet


def theme_variables(theme: str, make: Any) -> dict[str, str]:
    """The CSS variables of ``theme``, made by ``make()`` the first time only."""
    variables = _VARIABLES.get(theme)
    if variables is None:
        variables = _VARIABLES[theme] = make()
    return dict(variables)
