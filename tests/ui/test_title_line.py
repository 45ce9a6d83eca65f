"""TitleLine, the game screens' one-widget header: what it shows and when it changes."""

from __future__ import annotations

from textual.app import App

from tideboard.ui.title_line import TitleLine


class Titled(App):
    def compose(self):
        yield TitleLine()


def _line(app) -> str:
    return "".join(segment.text for segment in app.query_one(TitleLine).render_line(0))


def _screen_text(app) -> str:
    import html

    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


async def test_it_shows_the_icon_and_the_centred_title_and_follows_changes():
    app = Titled()
    app.title = "Moonshell"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Moonshell" in _screen_text(app)
        line = _line(app)
        assert len(line) == 80 and line.startswith(" ⭘ ")
        start = line.index("Moonshell")
        assert start == 8 + (62 - len("Moonshell")) // 2  # centred between icon and clock
        app.title = "Shifting Stones - your turn"
        await pilot.pause()
        assert "your turn" in _screen_text(app)
        app.sub_title = "NOT SAVED"
        await pilot.pause()
        assert "Shifting Stones - your turn — NOT SAVED" in _line(app)
        assert "NOT SAVED" in _screen_text(app), "the screen is repainted with the new title"
        app.screen.title = "A screen's own title"
        await pilot.pause()
        assert "A screen's own title" in _line(app) and "Shifting" not in _line(app)
        assert "own title" in _screen_text(app)


async def test_a_long_title_is_cut_with_an_ellipsis_before_the_clock_space():
    app = Titled()
    app.title = "x" * 200
    async with app.run_test(size=(40, 10)):
        line = _line(app)
        assert len(line) == 40
        assert line[8:30] == "x" * 21 + "…" and line[30:] == " " * 10
