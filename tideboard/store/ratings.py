"""Players' ratings and records (issue #22): a rating per name and game from the
finished rated tables of ``tideboard serve``, the games played and won behind a
player's page and the lobby's leaderboards, and ``tideboard stats`` for the
names used at the keyboard.

- **The maths is openskill's** (its Plackett-Luce model, free-for-all: each
  player a team of one, the places as ranks, equal places a tie): nothing here
  computes a rating by hand.  A rating is stored as ``(mu, sigma)`` and shown as
  its ordinal, ``round(mu - 3 * sigma)`` (openskill's ``ordinal()`` with its
  defaults): 0 for a new player, and it rises as games confirm a skill.
- **Places**: the winners (the game's own tie-breaks decide them) share the
  first place; the others follow by points, equal points sharing a place; a
  player who resigned, left the game (a bot played for them, away, from its
  first move for them to the end: ``left_move`` in their seat), ran out of time
  or was expelled is placed after all of them (a loss: the bot that played the
  seat out does not make the table unrated).
- **Rated or not**: a served table's game is rated when it ends if every seat
  was a keyed player (a name with its key: no bot seat, no guest, two players
  or more) and nothing marked it unrated while it was played
  (:func:`mark_unrated`: a bot moved for an away player who came back, a
  hint was used).
- **Once per game**: :func:`rate_finished` runs inside the transaction of
  ``Store.finish`` (which records the end once), and ``rated_games`` keeps for
  each table's game whether it was rated or why not, so a restart, a replay or a
  game finished again by a later load never counts it twice.

Nothing here imports Textual or the server; openskill is imported when a game
is rated.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any, NamedTuple

from tideboard.store.db import StoreError
from tideboard.store.record_fields import Result

Z = 3  # the shown rating is mu - Z * sigma (openskill's ordinal(), its default z)
TOP = 20  # players on a leaderboard

_MODEL: Any = None


def model() -> Any:
    """openskill's Plackett-Luce model with its default parameters (made once)."""
    global _MODEL
    if _MODEL is None:
        from openskill.models import PlackettLuce

        _MODEL = PlackettLuce()
    return _MODEL


class Rating(NamedTuple):
    name: str  # as first spelled
    game: str
    mu: float
    sigma: float
    games: int  # rated games

    @property
    def shown(self) -> int:
        """The rating players see: its ordinal, ``round(mu - 3 * sigma)``."""
        return round(self.mu - Z * self.sigma)


class Record(NamedTuple):
    """One name's finished games of one game: played and won."""

    name: str
    game: str
    played: int
    won: int


def places(result: Result, resigned: Sequence[int | None] = ()) -> list[int]:
    """Each seat's place, 1 the best: the winners first (together), then the
    others by points; equal places are ties.  A seat whose player resigned
    (``resigned[seat]``: the moves made before; None: did not) comes after every
    other, whatever its bot made of it, the first to resign last."""
    quit = list(resigned) + [None] * (len(result.scores) - len(resigned))

    def key(seat: int, score: int) -> tuple[int, int, int]:
        moves = quit[seat]
        if moves is not None:
            return (1, -moves, 0)
        return (0, 0, 0) if seat in result.winners else (0, 1, -score)

    keys = [key(seat, score) for seat, score in enumerate(result.scores)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


class GaveUp(NamedTuple):
    """How a seat's player gave it up for good (:func:`gave_up`)."""

    moves: int  # the moves made before (-1: out of time or expelled, after everyone)
    why: str  # "resigned", "left the game", "out of time" or "expelled"


def gave_up(seat: Any, out: str | None = None) -> GaveUp | None:
    """Whether a table's seat (as stored: ``serve/storage.py``) was given up for good
    by its player, whatever its bot made of it, and when: they resigned
    (``resigned_move``: the moves made before), or a bot played for them, away, from
    its first move for them to the end (``left_move``), or they ran out of time or
    were expelled (``out``: the table clock's words for the seat, None if neither;
    after everyone else).  None: they played on.  The one rule behind the places
    (:func:`places`), the records (:func:`table_records`) and the rated line's
    words (``serve/rated.py``)."""
    if not isinstance(seat, dict):
        return None
    if seat.get("resigned"):
        return GaveUp(int(seat.get("resigned_move", 0)), "resigned")
    if seat.get("left_move") is not None:
        return GaveUp(int(seat["left_move"]), "left the game")
    if out is not None:
        return GaveUp(-1, "expelled" if "expelled" in out else "out of time")
    return None


def seat_player(seat: Any) -> str | None:
    """The player a stored seat counts for: its player, or the one who resigned it."""
    if not isinstance(seat, dict):
        return None
    return seat.get("player") or seat.get("resigned") or None


# -- writing ------------------------------------------------------------------
def mark_unrated(store: Any, game_id: str, reason: str) -> str | None:
    """Mark a table's game unrated while it is played (the first reason stays);
    None, or the store's error in words (it never raises)."""
    try:
        with store.db.write() as db:
            db.execute(
                "INSERT OR IGNORE INTO rated_games (game_id, rated, reason) VALUES (?, 0, ?)",
                (game_id, reason),
            )
    except StoreError as error:
        return str(error)
    return None


def unrated_reason(db: sqlite3.Connection, seats: Sequence[Any], result: Result) -> str | None:
    """Why a finished table's game cannot be rated (``seats`` as the tables row
    keeps them), or None if it can."""
    if len(seats) < 2:
        return "one player"
    # (a resigned seat's bot plays it out: it counts as its player's, placed last)
    if any(
        not isinstance(s, dict) or not seat_player(s) or (s.get("bot") and not s.get("resigned"))
        for s in seats
    ):
        return "a bot played a seat"
    names = [str(seat_player(s)).lower() for s in seats]
    if len(set(names)) != len(names) or len(result.scores) != len(seats):
        return "no places to rate"
    for name in names:
        keyed = db.execute(
            "SELECT 1 FROM players WHERE name = ? COLLATE NOCASE AND fingerprint IS NOT NULL",
            (name,),
        ).fetchone()
        if keyed is None:
            return f"{name} played as a guest"
    return None


def rate_finished(db: sqlite3.Connection, game_id: str, result: Result) -> None:
    """Rate a served table's game that just ended, in the transaction (``db``)
    that records its end.  A game that is no table's (local play), or that was
    rated or marked unrated before, is left alone.  An SQLite error goes up
    (the end is not recorded either, and is tried again); anything else makes
    the game unrated rather than stop its end being recorded."""
    row = db.execute(
        "SELECT t.seats, t.game, t.id FROM tables t WHERE t.game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return
    if db.execute("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)).fetchone():
        return
    try:
        seats = json.loads(row[0])
        reason = unrated_reason(db, seats, result) if isinstance(seats, list) else "damaged seats"
        if reason is None:
            names = [str(seat_player(s)).lower() for s in seats]
            out = clock_out(_clock_state(db, str(row[2])))
            given = [gave_up(s, out.get(n)) for n, s in enumerate(seats)]
            quit = [None if g is None else g.moves for g in given]
            _rate(db, str(row[1]), names, places(result, quit))
    except sqlite3.Error:
        raise
    except Exception as error:  # (a damaged row, an openskill surprise: unrated)
        reason = f"could not be rated ({type(error).__name__})"
    db.execute(
        "INSERT INTO rated_games (game_id, rated, reason) VALUES (?, ?, ?)",
        (game_id, int(reason is None), reason),
    )


def _clock_state(db: sqlite3.Connection, table_id: str) -> str | None:
    row = db.execute("SELECT state FROM table_clocks WHERE table_id = ?", (table_id,)).fetchone()
    return row[0] if row else None


def clock_out(state: str | None) -> dict[int, str]:
    """The seats of a timed table whose players ran out of time or were expelled,
    with the clock's words, from its stored state (``serve/clock_store.py``'s
    "out"); none for an untimed table or a damaged state."""
    try:
        out = json.loads(state).get("out", {}) if state else {}
        return {int(seat): str(words) for seat, words in out.items()}
    except (ValueError, AttributeError, TypeError):
        return {}


def _rate(db: sqlite3.Connection, game: str, names: list[str], ranks: list[int]) -> None:
    rater = model()
    teams, games = [], []
    for name in names:
        found = db.execute(
            "SELECT mu, sigma, games FROM ratings WHERE name = ? AND game = ?", (name, game)
        ).fetchone()
        mu, sigma, played = found if found else (None, None, 0)
        teams.append([rater.rating(mu=mu, sigma=sigma)])
        games.append(played)
    for name, played, (rating,) in zip(names, games, rater.rate(teams, ranks=ranks)):
        db.execute(
            "INSERT OR REPLACE INTO ratings (name, game, mu, sigma, games) VALUES (?,?,?,?,?)",
            (name, game, float(rating.mu), float(rating.sigma), played + 1),
        )


# -- reading ------------------------------------------------------------------
# a rating's name as first spelled (the players row), else as stored
_SPELLED = (
    "COALESCE((SELECT p.name FROM players p WHERE p.name = r.name COLLATE NOCASE "
    "ORDER BY p.first_seen LIMIT 1), r.name)"
)


def ratings_of(store: Any, name: str) -> dict[str, Rating]:
    """``name``'s rating in each game they have one (without case)."""
    rows = store.db.read(
        f"SELECT {_SPELLED}, r.game, r.mu, r.sigma, r.games FROM ratings r WHERE r.name = ?",
        (name.lower(),),
    )
    return {row[1]: Rating(*row) for row in rows}


def leaderboard(store: Any, game: str, limit: int = TOP) -> list[Rating]:
    """The ``limit`` best ratings of ``game`` by the shown rating (then by more
    games, then by name)."""
    rows = store.db.read(
        f"SELECT {_SPELLED}, r.game, r.mu, r.sigma, r.games FROM ratings r WHERE r.game = ? "
        f"ORDER BY round(r.mu - {Z} * r.sigma) DESC, r.games DESC, r.name LIMIT ?",
        (game, limit),
    )
    return [Rating(*row) for row in rows]


def rated_flags(store: Any, game_ids: Sequence[str]) -> dict[str, bool]:
    """Whether each of these games (of served tables) was rated; a game not
    finished yet, or not a table's, is left out."""
    marks = ",".join("?" * len(game_ids))
    rows = store.db.read(
        f"SELECT game_id, rated FROM rated_games WHERE game_id IN ({marks})", tuple(game_ids)
    )
    return {row[0]: bool(row[1]) for row in rows}


# a seat's won: the finished game's winners (1-based in its result) hold it
_WON = (
    "EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(g.result) THEN g.result "
    "ELSE '{}' END, '$.winners') w WHERE w.value = s.key + 1)"
)


# a seat of ``_each``: its JSON object ('{}' for anything else)
_SEAT = "(CASE WHEN s.type = 'object' THEN s.value ELSE '{}' END)"


def _each(column: str) -> str:
    """``json_each`` over a column's JSON array, none for a damaged value."""
    return f"json_each(CASE WHEN json_valid({column}) THEN {column} ELSE '[]' END) s"


def table_records(store: Any, name: str) -> dict[str, Record]:
    """``name``'s finished games at the server's tables (without case), per game:
    played and won, rated or not.  A table they gave up (:func:`gave_up`: resigned,
    left, ran out of time at) counts as played and not won, as the ratings count it."""
    player = f"coalesce(json_extract({_SEAT}, '$.player'), json_extract({_SEAT}, '$.resigned'))"
    rows = store.db.read(
        f"SELECT t.game, s.key, {_SEAT}, {_WON}, "
        "(SELECT c.state FROM table_clocks c WHERE c.table_id = t.id) FROM tables t "
        f"JOIN games g ON g.id = t.game_id, {_each('t.seats')} "
        f"WHERE g.finished = 1 AND {player} = ? COLLATE NOCASE",
        (name,),
    )
    counts: dict[str, list[int]] = {}
    for game, number, seat, won, clock in rows:
        try:
            kept = gave_up(json.loads(seat), clock_out(clock).get(int(number)))
        except ValueError:
            kept = None
        played = counts.setdefault(game, [0, 0])
        played[0] += 1
        played[1] += bool(won) and kept is None
    return {game: Record(name, game, *played) for game, played in counts.items()}


def local_records(store: Any, name: str | None = None, game: str | None = None) -> list[Record]:
    """The finished games played at this keyboard (not at a server's table), per
    name used (without case, as first spelled) and game: played and won; bots'
    seats are not counted.  Ordered by name, then game id."""
    seat_name = f"json_extract({_SEAT}, '$.name')"
    where, args = "", []
    if name is not None:
        where += f" AND {seat_name} = ? COLLATE NOCASE"
        args.append(name)
    if game is not None:
        where += " AND g.game = ?"
        args.append(game)
    rows = store.db.read(
        f"SELECT min({seat_name}), g.game, count(*), sum({_WON}) "
        f"FROM games g, {_each('g.seats')} "
        f"WHERE g.finished = 1 AND json_type({_SEAT}, '$.name') = 'text' "
        f"AND json_extract({_SEAT}, '$.bot') IS NULL "
        f"AND g.id NOT IN (SELECT game_id FROM tables WHERE game_id IS NOT NULL){where} "
        f"GROUP BY lower({seat_name}), g.game ORDER BY lower({seat_name}), g.game",
        args,
    )
    return [Record(row[0], row[1], int(row[2]), int(row[3] or 0)) for row in rows]
