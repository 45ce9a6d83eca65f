"""Who may sit at a server table, see it in the lobby and watch it (no Textual).

A table is *open* (anyone: the lobby lists it, anyone sits in a free seat or
watches), *invitation-only* (its creator names the players: each name gets a
seat kept for them, nobody else sits, sees it in the lobby or watches) or
*unlisted* (not in the lobby: its creator gets a short code, and whoever gives
the code, ``/join CODE`` or the lobby's ``c``, sits in a free seat or watches;
the names that gave it are kept, so they find the table again).

A private table's members, who alone see and watch it: its creator, its
seated players (and the seats kept for them), the names invited or that gave
the code, and a player who resigned there.  Names are compared without case;
a guest's name (``guest-N``) cannot be invited.  Every one of the room's ways
in (sit, watch, list, chat, rematch, a table id) asks :func:`may_see`.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterable
from typing import Any

import attrs

from tideboard.engine.core import TideboardError
from tideboard.serve.limits import GUEST, NAME

OPEN, INVITED, UNLISTED = "open", "invited", "unlisted"
WHO = (OPEN, INVITED, UNLISTED)  # the new-table dialog's "Who may sit", in its order
WHO_WORDS = {OPEN: "open", INVITED: "invitation only", UNLISTED: "unlisted (a code)"}
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: easy to read out
CODE_LENGTH = 6
MAX_NAMES = 12  # names one table may keep (invitees and those who gave its code)
CODE_TEXT = re.compile(r"\s*/?\s*join\s+(\S+)\s*\Z", re.IGNORECASE)  # "/join K7QX2M"


class TableError(TideboardError):
    """What a player asked of a table cannot be done; the message says why."""


@attrs.frozen
class Access:
    """A table's "Who may sit": ``who`` (OPEN, INVITED, UNLISTED), ``names`` (the
    invitees, and at an unlisted table those who gave its code; as typed) and
    ``code`` (an unlisted table's)."""

    who: str = OPEN
    names: tuple[str, ...] = ()
    code: str | None = None

    @property
    def private(self) -> bool:
        return self.who != OPEN

    def has(self, name: str | None) -> bool:
        return name is not None and name.lower() in {n.lower() for n in self.names}

    def with_name(self, name: str) -> Access:
        return self if self.has(name) else attrs.evolve(self, names=(*self.names, name))

    def without(self, name: str) -> Access:
        return attrs.evolve(self, names=tuple(n for n in self.names if n.lower() != name.lower()))

    def to_json(self) -> str:
        """The stored form ('{}' for an open table, what the column defaults to)."""
        if not self.private:
            return "{}"
        names = [n for n in self.names if not GUEST.match(n)]  # (a guest is never stored)
        return json.dumps({"who": self.who, "names": names, "code": self.code})

    @classmethod
    def from_json(cls, text: str | None) -> Access:
        """The stored form read back; ValueError for a damaged one."""
        data = json.loads(text or "{}")
        who = data.get("who", OPEN)
        names = data.get("names", [])
        code = data.get("code")
        if (
            who not in WHO
            or not isinstance(names, list)
            or not all(isinstance(n, str) for n in names)
        ):
            raise ValueError(f"bad table access {text!r}")
        if code is not None and not isinstance(code, str):
            raise ValueError(f"bad table access {text!r}")
        return cls(who, tuple(names), code)


OPEN_ACCESS = Access()  # an open table's


def new_code(taken: Iterable[str]) -> str:
    """A short random code that no table in ``taken`` has."""
    used = {code.upper() for code in taken}
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in used:
            return code


def code_of(text: str) -> str | None:
    """The code in "/join CODE" (or "join CODE"), upper-cased; None for other text."""
    found = CODE_TEXT.match(text)
    return found.group(1).upper() if found else None


def invitees(creator: str, names: Iterable[str]) -> tuple[str, ...]:
    """The names a creator typed, checked: real player names (not a guest's, not
    their own), each once (without case); TableError says what is wrong."""
    kept: list[str] = []
    for name in names:
        if not NAME.match(name):
            raise TableError(f"{name!r} is not a player name (letters, digits, . _ -).")
        if GUEST.match(name):
            raise TableError(
                f"{name} is a guest's name: a guest cannot be invited (it is gone when it leaves)."
            )
        if name.lower() == creator.lower():
            raise TableError("You sit at your own table already: invite the other players.")
        if name.lower() in {k.lower() for k in kept}:
            raise TableError(f"{name} is invited twice.")
        kept.append(name)
    if len(kept) > MAX_NAMES:
        raise TableError(f"At most {MAX_NAMES} names may be invited.")
    return tuple(kept)


def new_access(
    creator: str, who: str, names: Iterable[str], seats: Any, codes: Iterable[str]
) -> tuple[Access, dict[int, str]]:
    """A new table's "Who may sit" (``codes``: those taken), and the seats kept
    for its invited players (seat -> name): one for each seat (player, bot) that
    is (None, None)."""
    if who not in WHO:
        raise TableError(f"Unknown choice of who may sit: {who!r}.")
    if who == OPEN:
        return OPEN_ACCESS, {}
    if who == UNLISTED:
        return Access(UNLISTED, (), new_code(codes)), {}
    invited = invitees(creator, names)
    free = [n for n, seat in enumerate(seats) if tuple(seat) == (None, None)]
    if len(invited) != len(free):
        raise TableError(
            f"Name a player for each seat that is not a bot's: {len(free)} "
            f"{'seat' if len(free) == 1 else 'seats'}, {len(invited)} "
            f"{'name' if len(invited) == 1 else 'names'}."
        )
    return Access(INVITED, invited), dict(zip(free, invited, strict=True))


def rematch_access(access: Access, codes: Iterable[str]) -> Access:
    """A rematch's "Who may sit": as private as the table was; an unlisted one
    gets a new code."""
    if access.who != UNLISTED:
        return access
    return attrs.evolve(access, code=new_code(codes))


def split_names(text: str) -> list[str]:
    """The names typed in the invitation box: separated by commas or spaces."""
    return [part for part in re.split(r"[\s,;]+", text) if part]


def is_member(table: Any, name: str | None) -> bool:
    """Whether ``name`` belongs at the private ``table``: its creator, a seated
    player, one a seat is kept for, an invitee or one who gave the code, or a
    player who resigned there."""
    if name is None:
        return False
    lowered = name.lower()
    if table.creator.lower() == lowered or table.access.has(name):
        return True
    return any(
        lowered
        in {(s.player or "").lower(), (s.held_for or "").lower(), (s.resigned or "").lower()}
        for s in table.seats
    )


def may_see(table: Any, name: str | None) -> bool:
    """Whether ``name`` may see ``table`` (in the lobby, by its id) and watch it."""
    return not table.access.private or is_member(table, name)


def refusal(table_id: str) -> str:
    """What a player who may not see a table is told: as if it were not there
    (a private table's existence is its members' business)."""
    return f"There is no table {table_id}."
