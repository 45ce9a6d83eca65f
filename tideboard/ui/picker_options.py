"""The picker's rules-option rows: one ``Choice`` per option of the game shown,
set to the variant's preset (a mode) and changed one by one; only the rows
that apply to the table are shown (a seat's option with that seat at the
table, a mermaid with powers in play)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import Static

from tideboard.engine import registry
from tideboard.ui.picker_widgets import Choice
from tideboard.ui.shared.cell_grid import set_static

MAX_OPTIONS = 12  # option rows (a game shows as many as it has)


class OptionRows:
    """Mixin for the picker screen (it has ``game_id``, ``query_one``, the
    ``#variant`` and ``#solo`` rows, and ``_choice``/``_made_choice`` for the
    ``opt-N`` rows, which are made when first needed)."""

    def _made_choice(self: Any, row: str) -> Any:
        """The row ``row`` if it exists (``seat-N`` and ``opt-N`` rows may not yet)."""
        try:
            return self.query_one(f"#{row}", Choice)
        except NoMatches:
            return None

    def _choice(self: Any, row: str) -> Any:
        """The row ``row``; a ``seat-N`` or ``opt-N`` row is made (with those
        before it) the first time it is needed, so the first frame has only
        the rows the first game shows."""
        choice = self._made_choice(row)
        if choice is not None:
            return choice
        kind, _, number = row.partition("-")
        box = self.query_one(f"#{kind}-rows")
        made = len(box.children)
        for n in range(made, int(number) + 1):
            if kind == "seat":
                choice = Choice(f"Player {n + 1}", ["human"], id=f"seat-{n}")
            else:
                choice = Choice("", ["-"], id=f"opt-{n}")
            # not into a picker that is no longer part of the app (the app quit,
            # by a key of the same burst, before this ran): set, never shown
            if box.is_attached:
                box.mount(choice)
        assert choice is not None
        return choice

    def _fill_options(self: Any, remembered: dict[str, str] | None = None) -> None:
        """The option rows set to the variant's preset (or as remembered)."""
        info = registry.GAMES[self.game_id]
        preset = info.preset(self.query_one("#variant").value)
        for n in range(MAX_OPTIONS):
            if n < len(info.options):
                choice = self._choice(f"opt-{n}")
                option = info.options[n]
                value = (remembered or {}).get(f"opt-{n}", preset[option.name])
                choice.set_values(list(option.choices), value, label=option.label)
            elif (choice := self._made_choice(f"opt-{n}")) is not None:
                choice.set_values(["-"])
        self._show_options()

    def _option_values(self: Any) -> dict[str, str]:
        info = registry.GAMES[self.game_id]
        return {
            option.name: self._choice(f"opt-{n}").value
            for n, option in enumerate(info.options[:MAX_OPTIONS])
        }

    def _show_options(self: Any) -> None:
        """Show the option rows that apply to the table as it is now."""
        info = registry.GAMES[self.game_id]
        values = self._option_values()
        players = self._player_count()
        solo = self.query_one("#solo").value == "yes"
        for n in range(MAX_OPTIONS):
            if n >= len(info.options):
                if (choice := self._made_choice(f"opt-{n}")) is not None:
                    choice.display = False
                continue
            choice = self._choice(f"opt-{n}")
            option = info.options[n]
            shown = not (option.seat and option.seat > players)
            if option.unless and values.get(option.unless[0]) == option.unless[1]:
                shown = False
            choice.display = shown and not (solo and option.seat > 1)

    def _chosen_options(self: Any) -> tuple[tuple[str, str], ...]:
        """The shown option rows that differ from the variant's preset."""
        info = registry.GAMES[self.game_id]
        values = {
            option.name: self._choice(f"opt-{n}").value
            for n, option in enumerate(info.options[:MAX_OPTIONS])
            if self._choice(f"opt-{n}").display
        }
        return info.changed_options(self.query_one("#variant").value, values)

    def on_descendant_focus(self: Any, event: Any) -> None:
        """A rules option's row with the cursor: what it does, in a line under the rows."""
        self._row_help(self.focused)

    def _row_help(self: Any, row: Any) -> None:
        text = Text()
        row_id = str(getattr(row, "id", ""))
        info = registry.GAMES.get(self.game_id)
        if info is not None and row_id.startswith("opt-"):
            option = info.options[int(row_id.removeprefix("opt-"))]
            text = Text(f"{option.label}: ", style="bold")
            text.append(option.help)
        line = self.query_one("#row-help", Static)
        set_static(line, text)
        if line.display != bool(text):
            line.display = bool(text)
