"""Browsers linked to a player's name (issue #23): a one-time code shown over
SSH, then a long-lived session cookie in the browser.

- **A code** (:meth:`WebLinks.make_code`, the lobby's ``b``): only a player
  whose name belongs to an SSH key may ask (a guest is told to connect with a
  key).  Eight characters of Crockford's base 32 (digits and capitals without
  I, L, O and U: nothing to mistake; typed in any case, with or without the
  dash, an O read as 0 and an I or L as 1), shown as ``ABCD-EFGH``: 40 bits.
  It links one browser, once, to that name, for :data:`CODE_LIFE` seconds.  At
  most :data:`LIVE_CODES` of one name wait at once (and :data:`ALL_CODES` on
  the server).  Codes are kept in the server's memory only, by their SHA-256:
  they live minutes, so a restart costs a player only a new code, and a code
  is never written anywhere (the store, a log).
- **Redeeming** (:meth:`WebLinks.redeem`, ``POST /link``): a good code gives a
  new session token (32 random bytes, URL-safe base 64), which goes into the
  browser's cookie (:data:`COOKIE`: HttpOnly, SameSite=Lax, Path=/, Secure when
  the request came over TLS, :data:`SESSION_LIFE` long); the store keeps only
  its SHA-256, the name, and when it was made and last used (``web_sessions``).
  A wrong, used or expired code is refused and counted: more than
  :data:`FAILS_PER_ADDRESS` a minute from one address (an IPv6 /64), or
  :data:`FAILS_IN_ALL` a minute from everyone (the code space as a whole), and
  every try is refused until the minute is over, a right code too.
- **Who a request is** (:meth:`WebLinks.identify`): the name of its cookie's
  token, or None (a guest: no cookie, a malformed one, an unknown, revoked or
  expired token).  Its last use is written at most every :data:`TOUCH_EVERY`
  seconds, not at every request.
- **Revoking** (:meth:`WebLinks.revoke`, in the lobby's window): one browser or
  all of a name's; their cookies identify nobody from then on, and the
  functions given to :meth:`WebLinks.on_revoked` are told (the web door ends
  the browser sessions open under those cookies).
- **The pages** (:meth:`WebLinks.routes`, aiohttp): ``GET /link`` is a form to
  type a code; ``GET /link?code=CODE`` (the link the lobby shows) checks the code
  and fills it in, and the button posts it: the code is spent by ``POST /link``
  only, so a link preview or a prefetch (a chat app opening the link to show
  it) neither uses it up nor gets the session.  A POST from another site is
  refused (its Origin), and no page may be framed.
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import html
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tideboard.serve import storage
from tideboard.serve.limits import GUEST, address_key, log

if TYPE_CHECKING:
    from aiohttp import web

    from tideboard.store.games import Store

LINK_KEY = "b"  # the lobby's key for the window (serve/lobby_links.py)
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
CODE_LENGTH = 8
CODE_LIFE = 600.0  # seconds a code may be used
LIVE_CODES = 5  # codes of one name waiting at once
ALL_CODES = 2000  # codes waiting on the whole server
FAILS_PER_ADDRESS = 10  # wrong codes a minute from one address before it must wait
FAILS_IN_ALL = 100  # wrong codes a minute from everyone before every try must wait
SESSION_LIFE = 90 * 86400.0  # seconds a browser stays linked (the cookie's Max-Age)
TOUCH_EVERY = 300.0  # seconds between writes of a browser's last use
BROWSERS_PER_NAME = 20  # linked browsers one name keeps (a new one drops the least used)
COOKIE = "tideboard_session"
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}\Z")  # secrets.token_urlsafe(32)
_TYPO = str.maketrans({"O": "0", "I": "1", "L": "1"})


class LinkError(Exception):
    """A code or a link refused: the message says why and what to do; ``status``
    is the HTTP status of the page that says it."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Browser:
    """A linked browser: its row's id, the name, when it was linked and last used
    (seconds since the epoch)."""

    id: int
    name: str
    created: float
    last_used: float


@dataclass
class _Code:
    name: str
    expires: float
    used: bool = False


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def shown_code(code: str) -> str:
    """``ABCDEFGH`` as players read it: ``ABCD-EFGH``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def typed_code(text: str) -> str | None:
    """The code a player typed (any case, dashes and spaces, O for 0, I or L for 1),
    or None if it cannot be one."""
    if len(text) > 40:
        return None
    code = re.sub(r"[\s-]", "", text).upper().translate(_TYPO)
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        return None
    return code


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def _seconds(iso: str) -> float:
    try:
        return datetime.fromisoformat(iso).timestamp()
    except (TypeError, ValueError):
        return 0.0  # damaged: as old as can be (expired)


class WebLinks:
    """The server's links between browsers and names (one per ``tideboard serve``:
    ``Server.web_links``).

    ``base_url`` is where browsers reach the web door (``http://HOST:PORT``; None:
    this server does not serve browsers, and the lobby says so); ``trust_proxy``
    believes a reverse proxy's ``X-Forwarded-Proto`` and ``X-Forwarded-For``
    (only when the web door listens behind one); ``clock`` gives the time in
    seconds since the epoch (tests pass their own)."""

    def __init__(
        self,
        store: Store,
        base_url: str | None = None,
        trust_proxy: bool = False,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.base_url = base_url
        self.trust_proxy = trust_proxy
        self.clock = clock
        self.codes: dict[str, _Code] = {}  # SHA-256 of a code -> its name and end
        self.fails: dict[str, collections.deque[float]] = {}  # address -> wrong codes' times
        self.all_fails: collections.deque[float] = collections.deque()
        self.listeners: list[Callable[[str, frozenset[int]], None]] = []

    # -- codes ------------------------------------------------------------------------
    def player(self, name: str) -> str | None:
        """``name`` as first spelled if it belongs to an SSH key (None: a guest, or
        no such player)."""
        if GUEST.match(name):
            return None
        found = storage.owner(self.store, name)
        return found[0] if found is not None and found[1] is not None else None

    def make_code(self, name: str) -> str:
        """A new one-time code linking a browser to ``name`` (a player with a key);
        :class:`LinkError` says why not."""
        owner = self.player(name)
        if owner is None:
            raise LinkError(
                "Only a player with an SSH key can link a browser: connect with a key "
                "(make one with ssh-keygen -t ed25519) to keep a name."
            )
        now = self.clock()
        self._prune(now)
        live = [c for c in self.codes.values() if not c.used and c.expires > now]
        if sum(c.name == owner for c in live) >= LIVE_CODES:
            raise LinkError(
                f"You have {LIVE_CODES} codes waiting already: use one, or wait until one "
                f"expires ({round(CODE_LIFE / 60)} minutes at most)."
            )
        if len(live) >= ALL_CODES:
            raise LinkError("Too many codes wait on this server; try again in a few minutes.")
        while True:
            code = new_code()
            digest = _digest(code)
            if digest not in self.codes:
                break
        self.codes[digest] = _Code(owner, now + CODE_LIFE)
        return code

    def _prune(self, now: float) -> None:
        """Forget codes expired a while ago (until then they are refused as expired)."""
        for digest in [d for d, c in self.codes.items() if c.expires + CODE_LIFE <= now]:
            del self.codes[digest]

    def _code(self, text: str, address: str) -> tuple[str, _Code]:
        """The waiting code ``text`` stands for; a wrong, used or expired code
        raises :class:`LinkError` and counts against ``address``."""
        now = self.clock()
        key = address_key(address)
        fails = self.fails.setdefault(key, collections.deque())
        for times in (fails, self.all_fails):
            while times and now - times[0] >= 60:
                times.popleft()
        if len(fails) >= FAILS_PER_ADDRESS or len(self.all_fails) >= FAILS_IN_ALL:
            raise LinkError(
                "Too many wrong codes: wait a minute, then try again "
                f"(or ask for a new code in the lobby with {LINK_KEY}).",
                429,
            )
        self._prune(now)
        code = typed_code(text)
        digest = _digest(code) if code is not None else ""
        found = self.codes.get(digest) if code is not None else None
        why = (
            "That code is not one the server gave"
            if found is None
            else "That code was used already"
            if found.used
            else f"That code has expired (a code works for {round(CODE_LIFE / 60)} minutes)"
            if now >= found.expires
            else None
        )
        if why is not None or found is None:
            fails.append(now)
            self.all_fails.append(now)
            if len(self.fails) > 10000:  # (addresses with no recent failure go)
                for old in [a for a, t in self.fails.items() if not t or now - t[-1] >= 60]:
                    del self.fails[old]
            raise LinkError(
                f"{why}. Ask for a new code in the lobby over SSH: press {LINK_KEY} there.", 403
            )
        return digest, found

    def check(self, code: str, address: str) -> str:
        """The name ``code`` would link a browser to, without using it (what the
        link's page says); :class:`LinkError` if it would not."""
        return self._code(code, address)[1].name

    def redeem(self, code: str, address: str) -> tuple[str, str]:
        """Use ``code`` (typed by a browser at ``address``): (the name, the new
        session's token for the browser's cookie).  The store keeps the token's
        SHA-256 only.  :class:`LinkError` says why not."""
        found = self._code(code, address)[1]
        now = self.clock()
        token = secrets.token_urlsafe(32)
        try:
            with self.store.db.write() as db:
                db.execute(
                    "INSERT INTO web_sessions (token_hash, name, created, last_used) "
                    "VALUES (?,?,?,?)",
                    (_digest(token), found.name, _iso(now), _iso(now)),
                )
                db.execute(
                    "DELETE FROM web_sessions WHERE id IN (SELECT id FROM web_sessions "
                    "WHERE name = ? COLLATE NOCASE ORDER BY last_used DESC, id DESC "
                    "LIMIT -1 OFFSET ?)",
                    (found.name, BROWSERS_PER_NAME),
                )
        except Exception as error:  # (the code stays good: try again)
            log(f"could not link a browser to {found.name}: {error}")
            raise LinkError("The server could not link this browser now; try again.", 503) from None
        found.used = True
        return found.name, token

    # -- browsers ---------------------------------------------------------------------
    def identify(self, request: Any) -> str | None:
        """The name whose browser sent ``request`` (its session cookie), or None:
        a guest."""
        browser = self.browser_of(request)
        return browser.name if browser is not None else None

    def browser_of(self, request: Any) -> Browser | None:
        """The linked browser that sent ``request`` (None: none)."""
        try:
            token = request.cookies.get(COOKIE)
        except Exception:  # (cookies that cannot be read)
            return None
        return self.browser(token)

    def browser(self, token: str | None) -> Browser | None:
        """The linked browser holding ``token`` (None: unknown, revoked, expired or
        not a token).  Its last use is written at most every :data:`TOUCH_EVERY` s."""
        if not isinstance(token, str) or not TOKEN.match(token):
            return None
        digest = _digest(token)
        try:
            rows = self.store.db.read(
                "SELECT id, token_hash, name, created, last_used FROM web_sessions "
                "WHERE token_hash = ?",
                (digest,),
            )
            if not rows or not hmac.compare_digest(str(rows[0][1]), digest):
                return None
            row = rows[0]
            browser = Browser(int(row[0]), str(row[2]), _seconds(row[3]), _seconds(row[4]))
            now = self.clock()
            if now >= browser.created + SESSION_LIFE:
                with self.store.db.write() as db:
                    db.execute("DELETE FROM web_sessions WHERE id = ?", (browser.id,))
                return None
            if now - browser.last_used >= TOUCH_EVERY:
                with self.store.db.write() as db:
                    db.execute(
                        "UPDATE web_sessions SET last_used = ? WHERE id = ?",
                        (_iso(now), browser.id),
                    )
                browser = replace(browser, last_used=_seconds(_iso(now)))
            return browser
        except Exception as error:  # a store that fails: a guest, said in the log
            log(f"could not read a browser's session: {error}")
            return None

    def browsers(self, name: str) -> list[Browser]:
        """``name``'s linked browsers, the last used first (expired ones go, every
        name's: a browser never seen again is not kept for ever)."""
        cutoff = _iso(self.clock() - SESSION_LIFE)
        with self.store.db.write() as db:
            db.execute("DELETE FROM web_sessions WHERE created <= ?", (cutoff,))
        rows = self.store.db.read(
            "SELECT id, name, created, last_used FROM web_sessions WHERE name = ? "
            "COLLATE NOCASE ORDER BY last_used DESC, id DESC",
            (name,),
        )
        return [Browser(int(r[0]), str(r[1]), _seconds(r[2]), _seconds(r[3])) for r in rows]

    def revoke(self, name: str, browser_id: int | None = None) -> int:
        """Unlink ``name``'s browser ``browser_id`` (None: all of them): their
        cookies identify nobody from now on, and their open sessions are ended
        (:meth:`revoked`).  The number unlinked."""
        with self.store.db.write() as db:
            ids = frozenset(
                int(row[0])
                for row in db.execute(
                    "SELECT id FROM web_sessions WHERE name = ? COLLATE NOCASE "
                    "AND (? IS NULL OR id = ?)",
                    (name, browser_id, browser_id),
                )
            )
            db.executemany("DELETE FROM web_sessions WHERE id = ?", [(i,) for i in ids])
        if ids:
            self.revoked(name, ids)
        return len(ids)

    def on_revoked(self, listener: Callable[[str, frozenset[int]], None]) -> None:
        """Call ``listener(name, ids)`` whenever browsers of ``name`` are unlinked
        (``ids``: their :class:`Browser` ids): the web door ends their sessions."""
        self.listeners.append(listener)

    def revoked(self, name: str, ids: frozenset[int]) -> None:
        """Tell the listeners that ``name``'s browsers ``ids`` are unlinked."""
        for listener in list(self.listeners):
            try:
                listener(name, ids)
            except Exception as error:
                log(f"ending the unlinked browsers of {name} failed: {error!r}")

    # -- the web pages ----------------------------------------------------------------
    def routes(self) -> list[web.RouteDef]:
        """``GET /link`` (a form; with ``?code=``, the code checked and filled in) and
        ``POST /link`` (the code spent: the cookie set, then to ``/``)."""
        from aiohttp import web

        return [web.get("/link", self.link_page), web.post("/link", self.link_post)]

    def address(self, request: Any) -> str:
        """Whom the limits count for ``request``: its peer, or behind a trusted
        proxy the address the proxy names last."""
        if self.trust_proxy:
            forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            if forwarded:
                return forwarded
        return str(request.remote or "?")

    def secure(self, request: Any) -> bool:
        """Whether ``request`` came over TLS (through a trusted proxy: as it says)."""
        if request.secure:
            return True
        if self.trust_proxy:
            proto = request.headers.get("X-Forwarded-Proto", "").split(",")[0]
            return proto.strip().lower() == "https"
        return False

    def same_site(self, request: Any) -> bool:
        """Whether a POST comes from this site's own page (not another site's form).
        A browser that says where a request comes from (``Sec-Fetch-Site``: no page
        can forge it) is believed; one too old to say it is judged by its Origin."""
        fetch_site = request.headers.get("Sec-Fetch-Site")
        if fetch_site is not None:
            return fetch_site in ("same-origin", "none")
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # (a browser too old to say; the form's cookie is SameSite anyway)
        host = request.host
        if self.trust_proxy:
            host = request.headers.get("X-Forwarded-Host", host).split(",")[0].strip()
        return origin.split("://", 1)[-1].rstrip("/").lower() == host.lower()

    async def link_page(self, request: web.Request) -> web.Response:
        typed = request.query.get("code", "")
        if not typed:
            return _page(200, "Link this browser", _FORM_NOTE + _form(""))
        try:
            name = self.check(typed, self.address(request))
        except LinkError as error:
            return _page(error.status, "Code refused", _para(str(error)) + _form(""))
        note = _para(
            f"This code links this browser to {name}: press the button to play as {name} here."
        )
        return _page(200, "Link this browser", note + _form(typed))

    async def link_post(self, request: web.Request) -> web.Response:
        from aiohttp import web

        if not self.same_site(request):
            return _page(403, "Refused", _para("Open the link page of this server to link it."))
        try:
            form = await request.post()
            typed = str(form.get("code", ""))
        except Exception:
            typed = ""
        try:
            name, token = self.redeem(typed, self.address(request))
        except LinkError as error:
            return _page(error.status, "Code refused", _para(str(error)) + _form(""))
        response = web.Response(status=303, headers={"Location": "/"})  # (to the game)
        response.set_cookie(
            COOKIE,
            token,
            max_age=int(SESSION_LIFE),
            path="/",
            secure=self.secure(request),
            httponly=True,
            samesite="Lax",
        )
        _private(response)
        log(f"a browser was linked to {name}")
        return response


_FORM_NOTE = (
    "<p>Type the code the lobby showed you over SSH (press "
    f"<kbd>{LINK_KEY}</kbd> in the lobby for one).</p>"
)


def _para(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def _form(code: str) -> str:
    return (
        '<form method="post" action="/link"><label>Code: <input name="code" '
        f'value="{html.escape(code)}" maxlength="40" autocomplete="off" '
        'autocapitalize="characters" spellcheck="false" required autofocus></label> '
        '<button type="submit">Link this browser</button></form>'
    )


def _private(response: Any) -> None:
    """Headers every link page has: never cached, never framed, no referrer to
    another site (the page's address has the code; within the site it is sent, so
    that the form's POST carries its Origin: under "no-referrer" Chromium sends
    "Origin: null"), nothing loaded from anywhere."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
    )


def _page(status: int, title: str, body: str) -> web.Response:
    from aiohttp import web

    text = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>tideboard: {html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:36em;margin:2em auto;padding:0 1em}"
        "input{font-family:monospace;font-size:1.2em;text-transform:uppercase}</style>"
        f"</head><body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )
    response = web.Response(status=status, text=text, content_type="text/html")
    _private(response)
    return response
