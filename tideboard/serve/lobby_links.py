"""The lobby's browser window (``b``): a one-time code that links a browser to
your name, and the browsers linked to it, each of which you may unlink.

The links themselves are the server's (``serve/web_links.py``: ``WebLinks``),
which the session's app holds as ``web_links`` (absent: the server serves no
browsers).  Only a player with an SSH key may link a browser; a guest is told so
in the lobby's status line and no window opens."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tideboard.engine.core import TideboardError
from tideboard.engine.plurals import plural
from tideboard.serve.web_links import CODE_LIFE, LinkError, WebLinks, shown_code
from tideboard.ui.shared.modals import ConfirmScreen, Window

NO_WEB = "This server does not serve browsers (its operator starts it with --web PORT)."


def when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%d %b %Y %H:%M")


def open_links(lobby: Any) -> None:
    """``b`` in the lobby: the window, or why not (a guest; no web door)."""
    links: WebLinks | None = getattr(lobby.app, "web_links", None)
    if links is None:
        lobby.say(NO_WEB, error=True)
        return
    try:
        keyed = links.player(lobby.player) is not None
    except TideboardError as error:  # (a store that cannot be read)
        lobby.say(str(error), error=True)
        return
    if not keyed:
        lobby.say(
            "Only a player with an SSH key can link a browser: connect with a key "
            "(ssh-keygen -t ed25519 makes one) to keep a name.",
            error=True,
        )
        return
    lobby.app.push_screen(LinksScreen(links, lobby.player))


class LinksScreen(Window[None]):
    """A new code and the link to use it; the linked browsers (``r`` unlinks the
    highlighted one, ``a`` all of them, after asking)."""

    DEFAULT_CSS = """
    #links-box { width: 76; max-width: 100%; }
    #links-code { margin-bottom: 1; }
    #links-browsers { height: auto; max-height: 6; border: none; padding: 0; }
    #links-status { margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("r", "revoke", "Unlink this browser"),
        Binding("a", "revoke_all", "Unlink all"),
    ]

    def __init__(self, links: WebLinks, name: str) -> None:
        super().__init__()
        self.links = links
        self.player = name
        self.code: str | None = None
        self.code_text = self._new_code()
        self.shown: list[Any] = []  # the browsers listed, in order

    def _new_code(self) -> str:
        """The code's lines (or why there is none)."""
        if self.links.base_url is None:
            return NO_WEB
        try:
            self.code = self.links.make_code(self.player)
        except (LinkError, TideboardError) as error:
            return str(error)
        minutes = plural(round(CODE_LIFE / 60), "minute")
        url = f"{self.links.base_url.rstrip('/')}/link?code={self.code}"
        return (
            f"Your code: {shown_code(self.code)}, for one browser within {minutes}.\n"
            f"Open {url}\n"
            "in the browser, or type the code in the server's web page."
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="links-box", classes="dialog"):
            yield Static(f"Link a browser to {self.player}", classes="question")
            yield Static(self.code_text, id="links-code")
            yield Static("Browsers linked to your name:", id="links-head")
            yield OptionList(id="links-browsers")
            yield Static(
                "r unlinks the highlighted browser, a unlinks them all, Esc closes.",
                id="links-status",
                classes="hint",
            )

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        """The linked browsers, the last used first."""
        box = self.query_one("#links-browsers", OptionList)
        box.clear_options()
        try:
            self.shown = self.links.browsers(self.player)
        except TideboardError as error:
            self.shown = []
            self.say(str(error))
        if not self.shown:
            box.add_option(Option("(none yet)", disabled=True))
            return
        box.add_options(
            Option(f"linked {when(b.created)}, last used {when(b.last_used)} UTC")
            for b in self.shown
        )
        box.highlighted = 0
        box.focus()

    def say(self, text: str) -> None:
        self.query_one("#links-status", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_revoke(self) -> None:
        index = self.query_one("#links-browsers", OptionList).highlighted
        if not self.shown or index is None or not 0 <= index < len(self.shown):
            self.say("No browser to unlink.")
            return
        browser = self.shown[index]
        self.app.push_screen(
            ConfirmScreen(
                f"Unlink the browser linked {when(browser.created)} UTC? "
                "It plays as a guest from now on (its open session ends).",
                "Unlink",
                "Keep",
            ),
            lambda yes: self._revoke(browser.id) if yes else None,
        )

    def action_revoke_all(self) -> None:
        if not self.shown:
            self.say("No browser to unlink.")
            return
        count = plural(len(self.shown), "browser")
        self.app.push_screen(
            ConfirmScreen(
                f"Unlink all {count} linked to {self.player}? Each plays as a guest "
                "from now on (their open sessions end).",
                "Unlink all",
                "Keep",
            ),
            lambda yes: self._revoke(None) if yes else None,
        )

    def _revoke(self, browser_id: int | None) -> None:
        try:
            count = self.links.revoke(self.player, browser_id)
        except TideboardError as error:
            self.say(str(error))
            return
        self.fill()
        self.say(f"Unlinked {plural(count, 'browser')}." if count else "Nothing to unlink.")
