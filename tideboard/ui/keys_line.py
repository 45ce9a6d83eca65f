"""KeysLine: the footer's line of keys as one widget that redraws, not recomposes.

Textual's ``Footer`` builds a widget per key and rebuilds them all (each
restyled) whenever the bindings change, and every focus change does that (a
large part of the picker's first frame: benchmarks/README.md).  ``KeysLine`` shows the same keys,
in the footer's colours, as one line of text: a change of bindings is a
repaint.  A click on a key runs its action, as on the footer.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

DIM = Style(dim=True)  # a key listed but disabled now (check_action said None)


class KeysLine(Widget):
    """The keys that apply now (bindings with ``show=True``), one entry per action;
    a narrow screen shows those that fit whole (the last go: a table's chat)."""

    COMPONENT_CLASSES = {"keys-line--key", "keys-line--description"}
    DEFAULT_CSS = """
    KeysLine {
        dock: bottom;
        height: 1;
        text-wrap: nowrap;
        color: $footer-foreground;
        background: $footer-background;
        .keys-line--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys-line--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, Any, str]] = []  # start, end, node, action
        self._drawn: list[tuple[str, str, bool]] | None = None  # what the line shows

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        """Redrawn only if what it shows differs: a focus change between widgets
        with the same keys (the picker's rows) changes only the node a click on
        a key runs its action on."""
        entries = self._entries()
        if [entry[:3] for entry in entries] != self._drawn:
            self.refresh()
            return
        self._spans = [
            (start, end, node, action)
            for (start, end, _, _), (_, _, _, node, action) in zip(self._spans, entries)
        ]

    def entries(self) -> list[tuple[str, str, bool]]:
        """``(key shown, description, enabled)`` for each key on the line, in order."""
        return [(key, description, enabled) for key, description, enabled, _, _ in self._entries()]

    def _entries(self) -> list[tuple[str, str, bool, Any, str]]:
        seen: set[str] = set()
        entries = []
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            entries.append(
                (
                    self.app.get_key_display(binding),
                    binding.description,
                    enabled,
                    node,
                    binding.action,
                )
            )
        return entries

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-line--key")
        text_style = self.get_component_rich_style("keys-line--description")
        line = Text(no_wrap=True, overflow="crop")
        self._spans = []
        entries = self._entries()
        self._drawn = [entry[:3] for entry in entries]
        width = self.size.width
        for key, description, enabled, node, action in entries:
            start = len(line)
            if (
                width and line.cell_len + cell_len(key + description) + 2 > width
            ):  # (its last space may go)
                break  # no key is cut: those that do not fit whole go (in ? help still)
            line.append(f" {key} ", key_style if enabled else key_style + DIM)
            line.append(f"{description} ", text_style if enabled else text_style + DIM)
            self._spans.append((start, len(line), node, action))
        return line

    async def on_click(self, event: events.Click) -> None:
        for start, end, node, action in self._spans:
            if start <= event.x < end:
                await self.app.run_action(action, node)
                return
