"""A real browser (Debian's headless Chromium, driven by selenium through its
chromedriver) plays a Shifting Stones table against an SSH player (asyncssh)
at ``tideboard serve --web``.  Skipped without Chromium, its driver or selenium
(``.ci/run`` installs them).

textual.js draws the terminal on a canvas (xterm.js's WebGL or canvas
renderer: no text in the page), so what the browser shows is read from what
its session sent it (every ``WebChannel.write``, fed to the SSH tests' tiny
terminal), and a screenshot of the page is kept in the test's temporary folder
(its path printed)."""

from __future__ import annotations

import asyncio
import shutil
import sys

import pytest

from tests.serve.sshclient import Client, Terminal, until
from tests.serve.test_ssh import at_table, hand_on
from tests.serve.test_web import ana_opens_a_table, web_sessions
from tests.serve.test_whole_game import SEED, keys_for, settled
from tests.serve.webclient import start_web_server
from tideboard.engine.bots import make_bot
from tideboard.serve.limits import GUEST
from tideboard.serve.web_channel import WebChannel

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="needs chromium and chromium-driver (apt-get)"
)
MOVES = 6  # real moves (three each) before both resign and the bots finish


class Browser:
    """Headless Chromium on the door's page (blocking calls: run them in a thread)."""

    def __init__(self, port: int) -> None:
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        for argument in (
            "--headless=new",
            "--no-sandbox",  # (root in CI)
            "--disable-dev-shm-usage",
            "--window-size=1000,700",
            "--enable-unsafe-swiftshader",  # WebGL in software, without a warning
        ):
            options.add_argument(argument)
        options.binary_location = CHROMIUM
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.set_page_load_timeout(20)
        self.driver.get(f"http://127.0.0.1:{port}/")

    def keys(self, *keys: str) -> None:
        """Typed into the terminal (xterm.js's input), one call for them all."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        named = {"\r": Keys.ENTER, "\x1b[D": Keys.ARROW_LEFT, "\x1b": Keys.ESCAPE}
        area = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        area.send_keys("".join(named.get(key, key) for key in keys))

    def quit(self) -> None:
        self.driver.quit()


class Tap:
    """What each browser session was sent, as its screen's text."""

    def __init__(self, monkeypatch) -> None:
        self.screens: dict[int, Terminal] = {}
        write = WebChannel.write

        def tapped(channel, data: bytes) -> None:
            screen = self.screens.setdefault(id(channel), Terminal(300, 100))
            screen.feed(data.decode("utf-8", "replace"))
            write(channel, data)

        monkeypatch.setattr(WebChannel, "write", tapped)

    def text(self, session) -> str:
        return self.screens[id(session.channel)].text()


class Shown:
    """A browser session's screen with an SSH client's face (text, wait_for)."""

    def __init__(self, tap: Tap, session) -> None:
        self.tap, self.session = tap, session

    def text(self) -> str:
        return self.tap.text(self.session)

    async def wait_for(self, needle: str, timeout: float = 30.0) -> str:
        await until(lambda: needle in self.text(), timeout)
        return self.text()


@pytest.mark.slow
async def test_chromium_plays_a_table_against_an_ssh_player_to_the_end(monkeypatch, tmp_path):
    monkeypatch.setattr("tideboard.serve.tables.new_seed", lambda: SEED)
    tap = Tap(monkeypatch)
    server = await start_web_server()
    ana = await Client.open(server.port, "ana")
    browser = None
    try:
        browser = await asyncio.to_thread(Browser, server.web.port)
        await until(lambda: web_sessions(server), 60)  # (Chromium starting on a busy machine)
        (session,) = web_sessions(server)
        guest = session.connection.name
        assert GUEST.match(guest)
        shown = Shown(tap, session)
        await shown.wait_for(f"you are {guest}")  # the lobby, in the browser
        # ana (ssh) opens a table; the browser takes the other seat
        table = await ana_opens_a_table(server, ana, shown)
        await asyncio.to_thread(browser.keys, "k", "k", "k", "\r")
        await at_table(shown, table, guest)
        await at_table(ana, table, "ana")
        game = table.match.game
        seat_of = {table.seat_of("ana"): "ana", table.seat_of(guest): "browser"}
        bots = [make_bot(game, "greedy", seed=seat) for seat in range(2)]
        for _ in range(MOVES):
            await settled(server, table)
            state = table.match.state
            hands = state.hands
            for seat, who in seat_of.items():  # each sees its own hand, not the other's
                text = ana.text() if who == "ana" else shown.text()
                assert set(hands[seat]) <= hand_on(text), text
                assert not set(hands[1 - seat]) & hand_on(text), text
            seat = game.to_move(state)[0]
            action = bots[seat].choose(
                game, game.view(state, seat), seat, game.legal_for(state, seat)
            )
            keys = keys_for(state, seat, action)
            before = len(table.match.actions)
            if seat_of[seat] == "ana":
                await ana.keys(*keys, pause=0.02)
            else:
                await asyncio.to_thread(browser.keys, *keys)
            await until(lambda: len(table.match.actions) > before, 20)
            assert table.match.actions[before:] == (action,)
        # both resign (R, then y): the bots play the game to its end
        await asyncio.to_thread(browser.keys, "R")
        await shown.wait_for("Resign?")
        await asyncio.to_thread(browser.keys, "y")
        await ana.keys("R")
        await ana.wait_for("Resign?")
        await ana.keys("y")
        await until(lambda: table.over, 60)
        await ana.wait_for("game over")
        await shown.wait_for("game over")
        shot = tmp_path / "browser-table.png"
        await asyncio.to_thread(browser.driver.save_screenshot, str(shot))
        assert shot.stat().st_size > 10_000
        print(f"the browser's screenshot: {shot}", file=sys.__stderr__)
        assert server.store.summary(table.writer.id).finished
    finally:
        if browser is not None:
            await asyncio.to_thread(browser.quit)
        await ana.close()
        await server.stop()
