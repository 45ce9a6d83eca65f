"""Stylesheets parsed once for the server and shared (tideboard/ui/styles.py)."""

from __future__ import annotations

import asyncio

from tests.serve.sshclient import Client, start_server
from tideboard.ui import styles


def app_of(server, name):
    return next(s.app for s in server.sessions if s.connection.name == name)


async def test_sessions_share_parsed_stylesheets_and_keep_their_own_theme():
    """Issue 12: parse stylesheets once and share them; each session's theme stays its own."""
    server = await start_server()  # its warm-up lobby parses the lobby's sheets
    parsed = len(styles._RULES)
    assert parsed > 0
    ana = await Client.open(server.port, "ana")
    bob = await Client.open(server.port, "bob")
    try:
        await ana.wait_for("New table")
        await bob.wait_for("New table")
        assert len(styles._RULES) == parsed  # nothing parsed again for the same theme
        first, second = app_of(server, "ana"), app_of(server, "bob")
        assert first.stylesheet.rules[0] is second.stylesheet.rules[0]
        theme, background = second.theme, second.screen.styles.background
        await ana.keys("\x1bOQ")  # F2: ana's next theme
        for _ in range(50):
            if first.theme != theme:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert first.theme != theme
        assert first.stylesheet.variables == first.get_css_variables()
        assert first.screen.styles.background != background
        # bob's session keeps its theme and colours
        assert second.theme == theme and second.screen.styles.background == background
        assert second.stylesheet.variables["background"] != first.stylesheet.variables["background"]
        # bob takes the same next theme: its rules come from ana's parse (a theme
        # change reparses through the shared cache, not Textual's own reparse)
        parsed = len(styles._RULES)
        await bob.keys("\x1bOQ")
        for _ in range(50):
            if second.theme == first.theme:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert second.theme == first.theme
        assert second.screen.styles.background == first.screen.styles.background
        assert len(styles._RULES) == parsed
        assert second.stylesheet.rules[0] is first.stylesheet.rules[0]
    finally:
        await ana.close()
        await bob.close()
        await server.stop()


def test_a_reparse_takes_the_rules_another_sheet_parsed_for_the_same_variables():
    """A theme change reparses through the shared cache (Textual's own reparse
    would parse every source again into a plain Stylesheet)."""
    variables = {"tint": "#123456"}
    css = "Static { color: $tint; } Label { width: 3; }"
    first = styles.SharedStylesheet(variables=dict(variables))
    first.add_source(css, read_from=("test_styles", "reparse"))
    first.parse()
    second = styles.SharedStylesheet(variables={"tint": "#654321"})
    second.add_source(css, read_from=("test_styles", "reparse"))
    second.parse()
    assert second.rules[0] is not first.rules[0]  # other variables, other rules
    second.set_variables(dict(variables))
    second.reparse()
    assert second.rules[0] is first.rules[0]
    copy = second.copy()
    copy.parse()
    assert copy.rules[0] is first.rules[0] and copy.variables == variables


async def test_local_apps_of_one_process_share_their_parsed_rules_too():
    """The local app uses the same cache (ui/styles.py): a second app with the
    same theme parses nothing again (the test suite's hundreds of apps)."""
    from tideboard.ui.app import TideboardApp

    first = TideboardApp(theme="tide-dark", bot_delay=0)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    parsed = len(styles._RULES)
    second = TideboardApp(theme="tide-dark", bot_delay=0)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(second.stylesheet, styles.SharedStylesheet)
        assert second.stylesheet.rules[0] is first.stylesheet.rules[0]
    assert len(styles._RULES) == parsed
