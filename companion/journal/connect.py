"""Opening the journal's file: a connection set up for durability, and the checks that tell
a usable journal from a damaged one before anything is written to it."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from .damage import is_damage
from .errors import JournalError
from .schema import SchemaError, migrate

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"


class Damaged(Exception):
    """The file is not a usable journal; ``str(err)`` is the reason a person reads."""


def connect(path: Path) -> sqlite3.Connection:
    """A connection set up for durability: WAL, fsync on every commit, foreign keys on."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
    try:
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            log.warning("journal %s: WAL mode unavailable (got %s); still durable, slower",
                        path, mode)
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def quick_check(conn: sqlite3.Connection) -> None:
    """Raise Damaged unless SQLite finds the file's structure sound (``quick_check``)."""
    rows = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
    if rows != ["ok"]:
        raise Damaged("it is damaged (" + "; ".join(rows) + ")")


def check_header(path: Path) -> None:
    """Raise Damaged for a file that is not SQLite at all, before SQLite touches it (and,
    finding no database, tidies away its -wal)."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as err:
        raise Damaged(f"it cannot be read ({err.strerror or err})") from None
    if head and head != SQLITE_HEADER:
        raise Damaged("it is not an SQLite database (its first bytes are not SQLite's)")


def open_checked(path: Path) -> sqlite3.Connection:
    """Connect, check and migrate; raise Damaged when the file is not a usable journal
    and JournalError when it is usable but not now (locked, disk full, read-only)."""
    check_header(path)
    conn = None
    try:
        conn = connect(path)
        quick_check(conn)
        migrate(conn)
        return conn
    except SchemaError as err:
        conn.close()
        raise Damaged(str(err)) from None
    except Damaged:
        conn.close()
        raise
    except sqlite3.Error as err:
        if conn is not None:
            conn.close()
        if is_damage(err):
            raise Damaged(f"it is not a readable database ({err})") from None
        raise JournalError(f"The journal {path} cannot be opened now: {err}. If another "
                           "uno-companion is running, close it; otherwise check the "
                           "disk.") from err
