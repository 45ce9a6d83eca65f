"""Issue 23, identity: the lobby's ``b`` window (serve/lobby_links.py), driven with
Pilot: a code and its link, the linked browsers and unlinking them (asked first,
No the default); a guest is told they need a key."""

from __future__ import annotations

from tests.serve.lobby_helpers import lobby_app, new_room
from tests.ui.helpers import settle
from tideboard.serve import storage
from tideboard.serve.lobby_links import LinksScreen
from tideboard.serve.web_links import WebLinks, shown_code
from tideboard.ui.shared.modals import ConfirmScreen

BASE = "http://127.0.0.1:23280"


def status(app) -> str:
    return str(app.screen_stack[0].query_one("#lobby-status").render())


def window_text(app) -> str:
    return "\n".join(str(widget.render()) for widget in app.screen.query("Static"))


def player_app(tmp_path, name: str = "ana", base: str | None = BASE):
    room = new_room(tmp_path)
    storage.claim(room.store, "ana", "SHA256:a")
    links = WebLinks(room.store, base_url=base)
    app = lobby_app(room, name)
    app.web_links = links
    return app, links


async def test_b_shows_a_code_and_its_link(tmp_path):
    app, links = player_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LinksScreen)
        code = app.screen.code
        text = window_text(app)
        assert f"Your code: {shown_code(code)}" in text
        assert f"{BASE}/link?code={code}" in text
        browsers = app.screen.query_one("#links-browsers")
        assert browsers.option_count == 1
        assert str(browsers.get_option_at_index(0).prompt) == "(none yet)"
        assert links.redeem(code, "10.0.0.1")[0] == "ana"  # the code shown is a live one
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, LinksScreen)


async def test_unlinking_one_browser_or_all_asks_first(tmp_path):
    app, links = player_app(tmp_path)
    tokens = [links.redeem(links.make_code("ana"), "10.0.0.1")[1] for _ in range(3)]
    told = []
    links.on_revoked(lambda name, ids: told.append(ids))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        window = app.screen
        assert isinstance(window, LinksScreen) and len(window.shown) == 3
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # No, the default
        await settle(pilot)
        assert app.screen is window and len(links.browsers("ana")) == 3 and not told
        first = window.shown[0]
        await pilot.press("r", "y")
        await settle(pilot)
        assert app.screen is window and told == [frozenset({first.id})]
        assert [b.id for b in window.shown] == [b.id for b in links.browsers("ana")]
        assert len(window.shown) == 2 and "Unlinked 1 browser." in window_text(app)
        await pilot.press("a", "y")
        await settle(pilot)
        assert window.shown == [] and all(links.browser(t) is None for t in tokens)
        assert "Unlinked 2 browsers." in window_text(app)


async def test_a_guest_is_told_they_need_a_key(tmp_path):
    app, links = player_app(tmp_path, "guest-4821")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert not isinstance(app.screen, LinksScreen)
        assert "Only a player with an SSH key" in status(app)
        assert links.codes == {}


async def test_a_server_without_a_web_door_says_so(tmp_path):
    app, links = player_app(tmp_path)
    del app.web_links
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert not isinstance(app.screen, LinksScreen)
        assert "does not serve browsers" in status(app)
