"""The SSH server's part of the game store: tables and pinned keys.

A table (``tideboard serve``) is a row in ``tables`` while players gather;
when it starts, its game is an ordinary game in ``games``/``actions`` (written
by a :class:`~tideboard.store.writer.GameWriter`) and ``tables.game_id`` points
to it, so a restarted server finds every table and replays its moves, and
finished tables are in the history like any game.  Whether a table allows hints
is kept in its ``options`` JSON under ``+hints`` (a name no rules option can have),
so that the table's row needs no new column.  Who may sit (``serve/access.py``)
is the ``access`` JSON; a seat kept for a player (invited, or a rematch's) is
``held_for`` in its seat's JSON; a player's resignation is kept there too
(``resigned``: the name, ``resigned_at``: when, ``resigned_move``: the moves
made before), and a seat a bot plays for a player who has not been back since
its first move for them (``left_move``: the moves made before it).  ``players`` pins a player
name, compared without case, to the fingerprint of the first public key it
was used with (:func:`claim`).
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import attrs

from tideboard.serve.access import Access
from tideboard.store.games import Store
from tideboard.store.rows import ID_ALPHABET, now

TABLE_ID_LENGTH = 4
HINTS_KEY = "+hints"  # in a table's options JSON: "on" when its creator allowed hints


@attrs.frozen
class TableRow:
    id: str
    game: str
    creator: str
    players: int
    variant: str
    seats: tuple[tuple[str | None, str | None], ...]  # (player, bot) per seat
    game_id: str | None
    created: str
    closed: bool = False
    options: tuple[tuple[str, str], ...] = ()  # rules options changed from the variant's
    # the level a bot plays at for a player who is away, and in the seats filled
    # with bots when the creator starts (None: the default, ``bots.default_level``);
    # kept in each seat's JSON as "standin" (no column: older servers ignore it)
    level: str | None = None
    hints: bool = False  # whether its players may ask for hints (its creator's choice)
    access: Access = Access()  # who may sit, see and watch it
    # the seats whose players resigned: (seat, name, when (ISO), moves made before)
    resigned: tuple[tuple[int, str, str, int], ...] = ()
    # the empty seats kept for a player (invited, or a rematch's): (seat, name)
    held: tuple[tuple[int, str], ...] = ()
    # the seats a bot plays for a player who is away and has not been back since
    # its first move for them: (seat, moves made before it) ("left_move" in the
    # seat's JSON; at the end, a loss: store/ratings.py)
    left: tuple[tuple[int, int], ...] = ()


def new_table_id(store: Store) -> str:
    while True:
        table_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(TABLE_ID_LENGTH))
        if not store.db.read("SELECT 1 FROM tables WHERE id = ?", (table_id,)):
            return table_id


def _seats_json(
    seats: Any, level: str | None = None, resigned: Any = (), held: Any = (), left: Any = ()
) -> str:
    extra = {"standin": level} if level is not None else {}
    listed = [{"player": player, "bot": bot, **extra} for player, bot in seats]
    for seat, name in held:
        listed[seat]["held_for"] = name
    for seat, moves in left:
        listed[seat]["left_move"] = moves
    for seat, name, when, moves in resigned:
        listed[seat].update(resigned=name, resigned_at=when, resigned_move=moves)
    return json.dumps(listed)


def _resigned(listed: list[dict[str, Any]]) -> tuple[tuple[int, str, str, int], ...]:
    return tuple(
        (n, str(s["resigned"]), str(s.get("resigned_at", "")), int(s.get("resigned_move", 0)))
        for n, s in enumerate(listed)
        if s.get("resigned")
    )


def save_table(store: Store, row: TableRow) -> None:
    """Insert or replace ``row`` (one transaction)."""
    with store.db.write() as db:
        db.execute(
            "INSERT OR REPLACE INTO tables (id, game, creator, players, variant, seats,"
            " game_id, created, closed, options, access) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                row.id,
                row.game,
                row.creator,
                row.players,
                row.variant,
                _seats_json(row.seats, row.level, row.resigned, row.held, row.left),
                row.game_id,
                row.created,
                int(row.closed),
                json.dumps(
                    {**dict(row.options), **({HINTS_KEY: "on"} if row.hints else {})},
                    sort_keys=True,
                ),
                row.access.to_json(),
            ),
        )


def load_tables(store: Store) -> list[TableRow]:
    """Every table not given up, oldest first (damaged rows are skipped)."""
    rows = []
    for row in store.db.read(
        "SELECT id, game, creator, players, variant, seats, game_id, "
        "created, closed, options, access FROM tables WHERE closed = 0 "
        "ORDER BY created"
    ):
        try:
            listed = json.loads(row[5])
            seats = tuple((s.get("player"), s.get("bot")) for s in listed)
            level = listed[0].get("standin") if listed else None
            stored = {str(k): str(v) for k, v in json.loads(row[9]).items()}
            hints = stored.pop(HINTS_KEY, "off") == "on"
            options = tuple(sorted(stored.items()))
            access = Access.from_json(row[10])
            resigned = _resigned(listed)
            held = tuple((n, str(s["held_for"])) for n, s in enumerate(listed) if s.get("held_for"))
            left = tuple((n, int(s["left_move"])) for n, s in enumerate(listed) if "left_move" in s)
        except (ValueError, AttributeError, TypeError, KeyError):
            continue
        rows.append(
            TableRow(
                row[0],
                row[1],
                row[2],
                int(row[3]),
                row[4],
                seats,
                row[6],
                row[7],
                bool(row[8]),
                options,
                level if isinstance(level, str) else None,
                hints,
                access,
                resigned,
                held,
                left,
            )
        )
    return rows


# A name's owner: the players row for it compared without case (``Ana`` is
# ``ana``; names are ASCII, so NOCASE is enough), the first pinned one if a
# store from before names were compared without case has several spellings.
_OWNER = (
    "SELECT name, fingerprint FROM players WHERE name = ? COLLATE NOCASE "
    "ORDER BY fingerprint IS NULL, first_seen, rowid LIMIT 1"
)


def owner(store: Store, name: str) -> tuple[str, str | None] | None:
    """(the name as first used, the pinned key's fingerprint or None) for
    ``name`` compared without case; None for a name never used."""
    rows = store.db.read(_OWNER, (name,))
    return (rows[0][0], rows[0][1]) if rows else None


def pinned_key(store: Store, name: str) -> str | None:
    """The fingerprint of the key ``name`` (without case) belongs to, if any."""
    found = owner(store, name)
    return found[1] if found else None


def claim(store: Store, name: str, fingerprint: str) -> str | None:
    """``name`` for the key ``fingerprint``: the name as first spelled if the key
    owns it (pinning it now if nobody did: the first key used with a name owns
    it), or None if it belongs to another key.  A name seen before with its own
    key costs one read, no transaction."""
    seen = owner(store, name)
    if seen is not None and seen[1] is not None:
        return seen[0] if seen[1] == fingerprint else None
    with store.db.write() as db:
        row = db.execute(_OWNER, (name,)).fetchone()
        if row is None:
            db.execute(
                "INSERT INTO players (name, fingerprint, first_seen) VALUES (?,?,?)",
                (name, fingerprint, now()),
            )
            return name
        if row[1] is None:  # used without a key before keys were required
            db.execute("UPDATE players SET fingerprint = ? WHERE name = ?", (fingerprint, row[0]))
            return row[0]
        return row[0] if row[1] == fingerprint else None
