"""The game store's SQL schema: ``MIGRATIONS[n]`` takes a database at
``PRAGMA user_version`` n to n + 1 (``tideboard.store.games`` applies them)."""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 10

# -- schema -----------------------------------------------------------------
# MIGRATIONS[n] takes a database at user_version n to n + 1.  Add a step for
# every schema change; never edit a released one.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        game     TEXT NOT NULL,
        players  INTEGER NOT NULL,
        variant  TEXT NOT NULL,
        solo     INTEGER NOT NULL,
        seed     TEXT NOT NULL,          -- decimal: seeds may pass 2**63
        seats    TEXT NOT NULL,          -- JSON [{"name": .., "bot": ..}]
        moves    INTEGER NOT NULL DEFAULT 0,
        created  TEXT NOT NULL,          -- ISO 8601, UTC
        updated  TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        result   TEXT,                   -- JSON {"winners", "scores", "text"}
        turn     TEXT                    -- "Ann to move", for listings; NULL: unknown
    );
    CREATE INDEX games_by_updated ON games (finished, updated);
    CREATE TABLE actions (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,       -- 0-based move number
        notation TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE imports (
        path     TEXT NOT NULL,
        mtime_ns INTEGER NOT NULL,
        size     INTEGER NOT NULL,
        game_id  TEXT,                   -- NULL: skipped as damaged
        error    TEXT,
        imported TEXT NOT NULL,
        PRIMARY KEY (path, mtime_ns, size)
    );
    """,
    # 1 -> 2: the game's rules options (JSON {"name": "value"}); old games have none
    """
    ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
    """,
    # 2 -> 3: the SSH server's tables (tideboard serve) and the keys pinned to
    # player names; the games and moves of started tables are ordinary games
    """
    CREATE TABLE tables (
        id       TEXT PRIMARY KEY,
        game     TEXT NOT NULL,          -- a registry id
        creator  TEXT NOT NULL,          -- a player name
        players  INTEGER NOT NULL,
        variant  TEXT NOT NULL,
        seats    TEXT NOT NULL,          -- JSON [{"player": name|null, "bot": level|null}]
        game_id  TEXT REFERENCES games (id) ON DELETE SET NULL,  -- once started
        created  TEXT NOT NULL,
        closed   INTEGER NOT NULL DEFAULT 0  -- given up before it started
    );
    CREATE TABLE players (
        name        TEXT PRIMARY KEY,
        fingerprint TEXT,                -- the first public key's; NULL: none yet
        first_seen  TEXT NOT NULL
    );
    """,
    # 3 -> 4: a server table's rules options (JSON {"name": "value"}, those that
    # differ from its variant's preset, as games.options); old tables have none
    """
    ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
    """,
    # 4 -> 5: Mermaid Rain's and Animal Splash's rules changed (issue #20, their
    # "ruleset" option): the games stored before keep the first ruleset, so they
    # replay as they were played (records.RULESET_1_GAMES, for record files)
    """
    UPDATE games SET options = json_set(options, '$.ruleset', '1')
        WHERE game IN ('mermaid-rain', 'animal-splash')
        AND json_valid(options) AND json_extract(options, '$.ruleset') IS NULL;
    """,
    # 5 -> 6: players' ratings at the SSH server's tables (issue #22,
    # store/ratings.py): one per name (without case) and game, and for each
    # table's game whether it was rated (once, when it ended) or why not
    """
    CREATE TABLE ratings (
        name     TEXT NOT NULL,          -- a player's name in lower case
        game     TEXT NOT NULL,          -- a registry id
        mu       REAL NOT NULL,          -- openskill's Plackett-Luce rating
        sigma    REAL NOT NULL,
        games    INTEGER NOT NULL,       -- rated games played
        PRIMARY KEY (name, game)
    ) WITHOUT ROWID;
    CREATE TABLE rated_games (
        game_id  TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        rated    INTEGER NOT NULL,       -- 1: its players' ratings took it; 0: unrated
        reason   TEXT                    -- why it is unrated ("ana used a hint")
    ) WITHOUT ROWID;
    """,
    # 6 -> 7: who may sit at a server table (issue #22, serve/access.py): JSON
    # {"who": "invited"|"unlisted", "names": [...], "code": "..."}; '{}' is open
    # (every table before).  A resignation is kept in its seat's JSON.
    """
    ALTER TABLE tables ADD COLUMN access TEXT NOT NULL DEFAULT '{}';
    """,
    # 7 -> 8: a server table's clock (issue #22, serve/clock_room.py): its spec
    # ("rt:300+20", "tb:86400"; serve/clocks.py) and its state, saved after each
    # move and when the server stops; a table without a row is untimed
    """
    CREATE TABLE IF NOT EXISTS table_clocks (
        table_id TEXT PRIMARY KEY,       -- tables.id
        spec     TEXT NOT NULL,
        state    TEXT                    -- JSON: each seat's time left, who runs; NULL: not started
    ) WITHOUT ROWID;
    """,
    # 8 -> 9: a table's clock goes with the table when it is closed before it
    # starts (its row is saved with closed = 1, by INSERT OR REPLACE: an insert);
    # the clocks such tables left behind before this go now
    """
    DELETE FROM table_clocks WHERE table_id IN (SELECT id FROM tables WHERE closed = 1);
    CREATE TRIGGER IF NOT EXISTS table_clocks_closed AFTER INSERT ON tables
    WHEN NEW.closed = 1
    BEGIN
        DELETE FROM table_clocks WHERE table_id = NEW.id;
    END;
    CREATE TRIGGER IF NOT EXISTS table_clocks_closed_update AFTER UPDATE OF closed ON tables
    WHEN NEW.closed = 1
    BEGIN
        DELETE FROM table_clocks WHERE table_id = NEW.id;
    END;
    """,
    # 9 -> 10: browsers linked to a player's name (issue #23, serve/web_links.py):
    # one row per browser session cookie, kept as the SHA-256 of its token only (the
    # token itself is in the browser's cookie, never here); the one-time codes that
    # link them live in the server's memory only (minutes), never on disk
    """
    CREATE TABLE IF NOT EXISTS web_sessions (
        id         INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,  -- hex SHA-256 of the cookie's token
        name       TEXT NOT NULL,         -- the player's name as first spelled
        created    TEXT NOT NULL,         -- ISO 8601, UTC
        last_used  TEXT NOT NULL          -- ISO 8601, UTC; updated at most every few minutes
    );
    CREATE INDEX IF NOT EXISTS web_sessions_by_name ON web_sessions (name COLLATE NOCASE);
    """,
]


def statements(script: str) -> list[str]:
    """Split an SQL script into statements (a ';' in a comment is no end)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current)
            current = ""
    if current.strip():
        raise ValueError(f"incomplete SQL statement: {current!r}")
    return statements
