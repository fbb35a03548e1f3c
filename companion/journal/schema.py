"""The journal's tables, and the migrations that carry an older database forward.

``PRAGMA user_version`` holds the schema version: the number of migration steps applied.
Step ``i`` takes a database from version ``i`` to ``i + 1``; all pending steps run in one
transaction, so a power cut mid-migration leaves the old version whole. A step is never
edited once released: a new layout is a new step at the end of MIGRATIONS.
"""

from __future__ import annotations

import sqlite3

#: ``PRAGMA application_id`` of a companion journal ("UNOC"): tells our file from any other
#: SQLite database that happens to sit at the journal's path.
APPLICATION_ID = 0x554E4F43

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # v1: a game and the lines of its table log, stored as the exact text of the log.
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            started TEXT NOT NULL,
            finished TEXT,
            mode TEXT NOT NULL,
            players TEXT NOT NULL,
            house_rules TEXT,
            winner TEXT
        )""",
        """CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            line TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""",
    ),
    # v2: history without replaying every game (rounds and points kept beside the log),
    # games a table chose not to resume, and lines set aside on resume (kept, not deleted).
    (
        "ALTER TABLE games ADD COLUMN rounds TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE games ADD COLUMN abandoned TEXT",
        "ALTER TABLE events ADD COLUMN dropped TEXT",
        "CREATE INDEX games_open ON games(finished, abandoned)",
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaError(Exception):
    """The file is an SQLite database, but not a journal this version can use."""


def user_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(conn: sqlite3.Connection) -> tuple[int, int]:
    """Bring the database to SCHEMA_VERSION; returns (version found, version now).

    ``conn`` is in autocommit mode (``isolation_level=None``): the transaction is ours.
    Raises SchemaError for a database that is someone else's or from a newer companion.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = user_version(conn)
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if found == 0:
            tables = conn.execute(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table'").fetchone()[0]
            if tables:
                raise SchemaError("it is an SQLite database of another program")
        elif app_id != APPLICATION_ID:
            raise SchemaError("it is an SQLite database of another program")
        if found > SCHEMA_VERSION:
            raise SchemaError(f"it was written by a newer uno-companion (schema v{found}; "
                              f"this one knows up to v{SCHEMA_VERSION})")
        for step in MIGRATIONS[found:]:
            for statement in step:
                conn.execute(statement)
        if found != SCHEMA_VERSION:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return found, SCHEMA_VERSION
