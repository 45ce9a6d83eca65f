"""App-wide behaviour: terminal size hints."""

from textual import events
from textual.geometry import Size

from tests.ui.helpers import notices
from tideboard.ui.app import TideboardApp


async def _hints(pilot) -> list[str]:
    """The "terminal is small" notices once the app has handled what is queued
    (a resize is said through a callback and a Notify message: two rounds)."""
    app, empty = pilot.app, 0
    for _ in range(30):
        await pilot.pause()
        empty = empty + 1 if not app.message_queue_size else 0
        if empty == 2:
            break
    return [m for m in notices(app) if "laid out for" in m]


async def test_a_small_terminal_gets_a_hint_once():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        hints = await _hints(pilot)
        assert len(hints) == 1 and "60x20" in hints[0]


async def test_a_full_size_terminal_gets_no_hint():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not await _hints(pilot)


async def test_picker_hides_the_solo_row_for_games_without_one():
    from tideboard.ui.picker import Choice, PickerScreen

    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, PickerScreen)
        solo = screen.query_one("#solo", Choice)
        assert solo.display  # Shifting Stones has a solo mode
        await pilot.press("down", "down")  # Moonshell, then Moonlighter
        assert screen.game_id == "moonlighter"
        assert not solo.display


async def test_resizing_again_and_again_leaves_one_small_terminal_notice_at_most():
    app = TideboardApp(bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await _hints(pilot)
        for size in [(70, 20), (50, 18), (70, 20), (79, 23), (79, 23), (60, 20)]:
            await pilot.resize_terminal(*size)
            hints = await _hints(pilot)
            assert len(hints) == 1 and f"{size[0]}x{size[1]}" in hints[0], hints
        await pilot.resize_terminal(100, 30)
        assert not await _hints(pilot)
        # two at once (resize_terminal waits after each), with another message
        # between them (Textual merges resizes next to each other in its queue)
        app.post_message(events.Resize(Size(70, 20), Size(70, 20)))
        app.call_later(lambda: None)
        app.post_message(events.Resize(Size(60, 20), Size(60, 20)))
        hints = await _hints(pilot)
        assert len(hints) == 1 and "60x20" in hints[0], hints


async def test_the_theme_asked_for_is_the_one_of_the_first_frame():
    from textual.color import Color

    from tideboard.files.themes import theme_table

    for name, spec in theme_table().items():
        app = TideboardApp(theme=name, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.theme == name
            assert app.has_class(f"-theme-{name}")
            assert app.has_class("-dark-mode") == spec["dark"]
            assert app.screen.styles.background == Color.parse(spec["background"])
