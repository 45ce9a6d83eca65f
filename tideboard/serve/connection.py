"""One SSH connection (asyncssh's ``SSHServer``): who it is and its one session.

- A name (compared without case) belongs to the first key used with it
  (``storage.claim``); a refused key is told why in an SSH auth banner.
  A client without a key is a guest under a name the server gives.
- A refused connection (``--per-minute``) is told so once the SSH handshake is
  done: a disconnect before the version exchange reaches OpenSSH unreadable.
- One session a connection; a connection without one is closed after
  ``Limits.session_wait`` seconds.
- Nothing but the game: every forwarding (TCP and UNIX socket, either way) is
  refused.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh

from tideboard.serve import storage
from tideboard.serve.limits import NAME, address_key, log
from tideboard.serve.session import Session

FORWARDING_REFUSED = "tideboard serves its games only: no forwarding"


class Connection(asyncssh.SSHServer):
    """One SSH connection: who it is (name, key) and its one session."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.name = ""  # the player's name, once authenticated ("": refused, see note)
        self.asked = ""  # the user name the client asked for
        self.fingerprint: str | None = None  # the key that authenticated (None: a guest)
        self.guest = False
        self.note: str | None = None  # why the asked name was not given (a sentence)
        self.address = "?"
        self.conn: Any = None
        self.opened = False  # a session was asked for (one per connection)
        self.live = False  # that session is running
        self._banner_sent = False
        self._timer: asyncio.TimerHandle | None = None
        self.refused = False

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = address_key(str(peer[0]))
        if not self.server.allow(self.address):
            # told once the handshake is done (begin_auth): a disconnect before
            # the version exchange reaches OpenSSH as an unreadable banner
            log(f"too many connections from {peer[0]}: refused")
            self.refused = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()

    # -- who it is ------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        if self.refused:
            self.conn.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                "Too many connections from your address; try again in a minute.",
            )
            return True
        self.asked = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        fingerprint = key.get_fingerprint()
        reason = self.server.refusal(username, fingerprint)
        if reason is not None:
            self.note = reason[0]
            self._banner(f"tideboard: {reason[0]}: {reason[1]}.\n")
            return False
        self.asked, self.fingerprint = username, fingerprint
        return True

    def _banner(self, text: str) -> None:
        """``text`` shown by the client before it says "Permission denied"
        (once a connection: a client may offer several keys)."""
        if self._banner_sent:
            return
        self._banner_sent = True
        try:
            self.conn.send_auth_banner(text)
        except Exception:  # authentication over already: the session says it
            pass

    def kbdint_auth_supported(self) -> bool:
        return True  # a client without a key: a guest

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        # a guest, whatever key was offered (and maybe never signed for) before
        self.asked, self.fingerprint = username, None
        return True  # no question: a guest needs no answer

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        asked = self.conn.get_extra_info("username") or self.asked
        if self.fingerprint is None:
            self.guest = True
            self.name = self.server.guest_name()
            self.note = (
                f"{self.note}: you play as {self.name}."
                if self.note
                else f"No SSH key, so you play as {self.name}; connect with a key to keep a name."
            )
        elif not NAME.match(asked):
            self.name = asked  # the session says what a name may be
        else:
            try:
                claimed = storage.claim(self.server.store, asked, self.fingerprint)
            except Exception as error:
                log(f"could not check the name {asked!r}: {error}")
                claimed = None
            if claimed is None:  # another key claimed it meanwhile (or the store failed)
                reason = self.server.refusal(asked, self.fingerprint)
                self.note = (
                    f"{reason[0]}: {reason[1]}."
                    if reason
                    else f"The name {asked} cannot be checked now; try again later."
                )
            self.name = claimed or ""
        self._wait_for_session()

    # -- its session ------------------------------------------------------------------
    def session_requested(self) -> Session:
        if self.opened:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "One session per connection: connect again for another.",
            )
        self.opened = self.live = True
        self._cancel_timer()
        return Session(self.server, self)

    def session_ended(self) -> None:
        """Its session is over: the connection is closed unless the client closes it."""
        self.live = False
        self._wait_for_session()

    def _wait_for_session(self) -> None:
        self._cancel_timer()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(self.server.limits.session_wait, self._no_session)

    def _no_session(self) -> None:
        self._timer = None
        if not self.live and self.conn is not None:
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, "No session on this connection: closed."
            )

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- nothing but the game: every forwarding is refused ----------------------
    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> Any:
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, FORWARDING_REFUSED
        )

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> Any:
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, FORWARDING_REFUSED
        )

    def unix_server_requested(self, listen_path: str) -> bool:
        return False
