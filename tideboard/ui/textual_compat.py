"""The one place tideboard reaches into Textual's private names.

Each name here is tested in ``tests/ui/test_textual_compat.py``, so a Textual
upgrade that moves or changes one fails there, loudly, not in a session.
Everything else uses Textual's public API; a private name is kept here only
where no public way does the job, or where it buys at least 3% of a measured
figure (the figures are in docs/architecture.md, "Textual's private names").

- ``XTermParser``: Textual's own parser of terminal input (its drivers use it);
  the SSH driver feeds it the bytes a client sends.
- ``SYNC_START`` / ``SYNC_END``: the synchronized-update brackets Textual writes
  around a frame; the SSH driver drops whole frames for a client that does not
  read, and must write an end only after its start.
- :func:`parser_waits` (the parser's ``_timeout_time``): whether the parser
  holds a lone Esc (or another unfinished sequence) that only its ``tick``
  turns into a key; the SSH driver then schedules a tick.
- :class:`RulesHookStylesheet` (``Stylesheet._parse_rules``): the parse of one
  source, which ``tideboard serve`` shares between its sessions
  (serve/styles.py; about a quarter of a session's memory).
"""

from __future__ import annotations

from typing import Any, Callable

from textual._ansi_sequences import SYNC_END, SYNC_START  # noqa: F401
from textual._xterm_parser import XTermParser  # noqa: F401
from textual.css.stylesheet import Stylesheet

__all__ = ["SYNC_END", "SYNC_START", "RulesHookStylesheet", "XTermParser", "parser_waits"]

# (css, read_from, is_default_rules, tie_breaker, scope): one source of a stylesheet
Source = tuple[str, Any, bool, int, str]


def parser_waits(parser: XTermParser) -> bool:
    """``parser`` holds input that a later ``tick`` may turn into events."""
    return parser._timeout_time is not None


class RulesHookStylesheet(Stylesheet):
    """A :class:`Stylesheet` whose parse of each source (``parse`` asks for
    them one at a time, past the sheet's own small cache) goes through
    :meth:`rules_of`, which a subclass overrides.  Textual's ``reparse``
    parses into a new plain ``Stylesheet``, past this hook."""

    def rules_of(self, source: Source, parse: Callable[[], list[Any]]) -> list[Any]:
        """The rule sets of ``source``; ``parse()`` parses it (with this
        sheet's variables)."""
        return parse()

    def _parse_rules(self, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[Any]:
        source = (css, read_from, is_default_rules, tie_breaker, scope)
        parse = super()._parse_rules
        return self.rules_of(source, lambda: parse(*source))
