"""The picker's rules-option rows: one ``Choice`` per option of the game shown,
set to the variant's preset (a mode) and changed one by one; only the rows
that apply to the table are shown (a seat's option with that seat at the
table, a mermaid with powers in play)."""

from __future__ import annotations

from typing import Any

from tideboard.engine import registry

MAX_OPTIONS = 12  # option rows (a game shows as many as it has)


class OptionRows:
    """Mixin for the picker screen (it has ``game_id``, ``query_one`` and the
    ``#variant``, ``#solo`` and ``#opt-N`` rows)."""

    def _fill_options(self: Any, remembered: dict[str, str] | None = None) -> None:
        """The option rows set to the variant's preset (or as remembered)."""
        info = registry.GAMES[self.game_id]
        preset = info.preset(self.query_one("#variant").value)
        for n in range(MAX_OPTIONS):
            choice = self.query_one(f"#opt-{n}")
            if n < len(info.options):
                option = info.options[n]
                choice.label = option.label
                value = (remembered or {}).get(f"opt-{n}", preset[option.name])
                choice.set_values(list(option.choices), value)
            else:
                choice.set_values(["-"])
        self._show_options()

    def _option_values(self: Any) -> dict[str, str]:
        info = registry.GAMES[self.game_id]
        return {option.name: self.query_one(f"#opt-{n}").value
                for n, option in enumerate(info.options[:MAX_OPTIONS])}

    def _show_options(self: Any) -> None:
        """Show the option rows that apply to the table as it is now."""
        info = registry.GAMES[self.game_id]
        values = self._option_values()
        players = self._player_count()
        solo = self.query_one("#solo").value == "yes"
        for n in range(MAX_OPTIONS):
            choice = self.query_one(f"#opt-{n}")
            if n >= len(info.options):
                choice.display = False
                continue
            option = info.options[n]
            shown = not (option.seat and option.seat > players)
            if option.unless and values.get(option.unless[0]) == option.unless[1]:
                shown = False
            choice.display = shown and not (solo and option.seat > 1)

    def _chosen_options(self: Any) -> tuple[tuple[str, str], ...]:
        """The shown option rows that differ from the variant's preset."""
        info = registry.GAMES[self.game_id]
        values = {option.name: self.query_one(f"#opt-{n}").value
                  for n, option in enumerate(info.options[:MAX_OPTIONS])
                  if self.query_one(f"#opt-{n}").display}
        return info.changed_options(self.query_one("#variant").value, values)
