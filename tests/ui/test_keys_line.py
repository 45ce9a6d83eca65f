"""The keys line: the footer of every screen (tideboard/ui/keys_line.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tideboard.ui.keys_line import KeysLine


class TwoKeys(Screen):
    BINDINGS = [Binding("a", "on_now", "On"), Binding("b", "off_now", "Off")]

    def compose(self) -> ComposeResult:
        yield KeysLine()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "off_now" else True  # None: listed, but disabled


class TwoKeysApp(App):
    def on_mount(self) -> None:
        self.push_screen(TwoKeys())


async def test_a_disabled_key_is_listed_dim():
    app = TwoKeysApp()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeysLine)
        assert line.entries() == [("a", "On", True), ("b", "Off", False)]
        text = line.render()
        start = text.plain.index(" b ")
        assert any(span.start == start and span.style.dim for span in text.spans)
