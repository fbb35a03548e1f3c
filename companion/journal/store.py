"""The journal: every accepted event of every game, durable in SQLite before it is shown.

One file, ``journal.sqlite3`` in the data directory, in WAL mode with ``synchronous=FULL``:
when ``append`` returns, the line is on the disk and survives a pulled plug. A game is its
table log (DESIGN.md section 4), stored line by line as the exact text ``dump_event`` writes,
so the journal, ``export`` and ``replay`` speak one language; the state is never stored, only
re-folded from the lines (``resume``).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from companion import paths

from .connect import Damaged, connect, open_checked
from .damage import move_aside, sync_dir
from .errors import JournalError
from .records import GameRecord, Summary, utc_now

log = logging.getLogger(__name__)

FILE_NAME = "journal.sqlite3"

_GAME_COLUMNS = """g.id, g.started, g.finished, g.abandoned, g.mode, g.players, g.house_rules,
    g.winner, g.rounds,
    (SELECT count(*) FROM events e WHERE e.game_id = g.id AND e.dropped IS NULL)"""


def default_path() -> Path:
    return paths.data_dir() / FILE_NAME


class Journal:
    """The SQLite journal of games. Use ``Journal.open()``; close it (or use ``with``).

    A connection is kept per thread (SQLite connections are not shared between threads); the
    app appends from its main thread. ``warning`` is set when the file found had to be moved
    aside: the UI shows it once.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, warning: str | None = None):
        self.path = path
        self.warning = warning
        self._local = threading.local()
        self._local.conn = conn
        self._conns = [conn]
        self._lock = threading.Lock()
        self._closed = False

    # -- opening --------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str | None = None, *, repair: bool = True,
             create: bool = True) -> "Journal":
        """Open (creating and migrating as needed) the journal at ``path``.

        With ``repair`` a file that is not a usable journal is moved aside as
        ``journal.sqlite3.corrupt-<time>`` and a fresh journal started; ``journal.warning``
        says so. Without it (commands that only read, while the app may be running) that is a
        JournalError. ``create=False`` makes a missing file a JournalError too.
        """
        path = Path(path) if path is not None else default_path()
        if not create and not path.exists():
            raise JournalError(f"There is no journal at {path}: no game has been recorded "
                               "there yet.")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise JournalError(f"Cannot create the folder for the journal {path}: {err}. "
                               "Check the disk, or set UNO_COMPANION_HOME to a writable "
                               "folder.") from err
        new = not path.exists()
        try:
            conn = open_checked(path)
        except Damaged as damage:
            if not path.is_file():  # nothing of ours to move aside: the place is the problem
                raise JournalError(
                    f"Cannot open or create the journal {path}: {damage}. Check that the "
                    "folder is writable, or set UNO_COMPANION_HOME to one that is.") from None
            if not repair:
                raise JournalError(
                    f"The journal {path} cannot be used: {damage}. The companion moves it "
                    "aside and starts a fresh one when it next starts.") from None
            try:
                moved = move_aside(path)
            except OSError as err:
                raise JournalError(
                    f"The journal {path} cannot be used ({damage}) and cannot be moved "
                    f"aside: {err}. Move or delete it by hand, then start again.") from err
            warning = (f"The game journal {path} could not be used: {damage}. It was moved "
                       f"aside to {moved.name} (nothing deleted) and a fresh journal was "
                       "started.")
            log.warning(warning)
            try:
                conn = open_checked(path)
            except Damaged as again:
                raise JournalError(f"A fresh journal at {path} cannot be created: {again}. "
                                   "Check the disk.") from None
            journal = cls(path, conn, warning)
            sync_dir(path.parent)
            return journal
        if new:
            sync_dir(path.parent)
        return cls(path, conn)

    # -- connections ----------------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            with self._lock:
                if self._closed:
                    raise JournalError("The game journal is closed.")
                conn = connect(self.path)
                self._conns.append(conn)
            self._local.conn = conn
        return conn

    def close(self) -> None:
        """Close every connection; the last one checkpoints the WAL into the database."""
        with self._lock:
            self._closed = True
            for conn in self._conns:
                conn.close()
            self._conns.clear()
        self._local = threading.local()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @contextmanager
    def _transaction(self, what: str) -> Iterator[sqlite3.Connection]:
        """One durable transaction: committed (and fsynced) when the block ends, rolled back
        on any error; an SQLite error becomes a JournalError saying what was not saved."""
        conn = self._db()
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except BaseException as err:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            if isinstance(err, sqlite3.Error):
                raise JournalError(f"The game journal could not {what}: {err}. Check the "
                                   "disk (space, SD card) and try again.") from err
            raise

    # -- writing --------------------------------------------------------------------------

    def start_game(self, game_event: dict, house_rules: list[str] | None = None) -> int:
        """Record a new game whose first log line is ``game_event``; returns its id."""
        from companion.log import dump_event

        if game_event.get("type") != "game":
            raise ValueError("a game starts with its {\"type\": \"game\", ...} line")
        line = dump_event(game_event)
        now = utc_now()
        rules = json.dumps(list(house_rules), ensure_ascii=False) if house_rules else None
        with self._transaction("record a new game") as conn:
            game_id = conn.execute(
                "INSERT INTO games (started, mode, players, house_rules) VALUES (?, ?, ?, ?)",
                (now, str(game_event.get("mode", "")),
                 json.dumps(list(game_event.get("players", [])), ensure_ascii=False), rules),
            ).lastrowid
            conn.execute("INSERT INTO events (game_id, seq, line, at) VALUES (?, 1, ?, ?)",
                         (game_id, line, now))
        return game_id

    def append(self, game_id: int, event: dict, summary: Summary | None = None) -> int:
        """Add one accepted event (undo included) to a game's log; durable on return.

        ``summary``, when given, updates what history shows (rounds, winner, finished) in the
        same transaction: a game over is finished, a game undone out of its end is not.
        Returns the event's sequence number.
        """
        from companion.log import dump_event

        line = dump_event(event)
        now = utc_now()
        with self._transaction("save the last event (it was not kept)") as conn:
            seq = conn.execute("SELECT max(seq) FROM events WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
            if seq is None:
                raise JournalError(f"There is no game {game_id} in the journal.")
            seq += 1
            conn.execute("INSERT INTO events (game_id, seq, line, at) VALUES (?, ?, ?, ?)",
                         (game_id, seq, line, now))
            if summary is not None:
                conn.execute(*self._summary_update(game_id, summary, now))
        return seq

    @staticmethod
    def _summary_update(game_id: int, summary: Summary, now: str) -> tuple[str, tuple]:
        return ("UPDATE games SET rounds = ?, winner = ?, "
                "finished = CASE WHEN ? THEN COALESCE(finished, ?) END WHERE id = ?",
                (json.dumps(list(summary.rounds), ensure_ascii=False), summary.winner,
                 summary.over, now, game_id))

    def update_summary(self, game_id: int, summary: Summary) -> None:
        """Set what history shows for a game (rounds, winner, finished) from its state."""
        with self._transaction("update the game's summary") as conn:
            conn.execute(*self._summary_update(game_id, summary, utc_now()))

    def finish(self, game_id: int, winner: str | None = None) -> None:
        """Mark a game finished now (a Session does this itself when the game is over)."""
        with self._transaction("mark the game finished") as conn:
            conn.execute("UPDATE games SET finished = COALESCE(finished, ?), "
                         "winner = COALESCE(?, winner) WHERE id = ?",
                         (utc_now(), winner, game_id))

    def abandon(self, game_id: int) -> None:
        """The table chose not to resume this game: it stays in history, no longer offered."""
        with self._transaction("mark the game abandoned") as conn:
            conn.execute("UPDATE games SET abandoned = COALESCE(abandoned, ?) WHERE id = ?",
                         (utc_now(), game_id))

    # -- reading --------------------------------------------------------------------------

    def game(self, game_id: int) -> GameRecord:
        row = self._db().execute(f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = ?",
                                 (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"There is no game {game_id} in the journal "
                               "(`uno-companion history` lists them).")
        return GameRecord.from_row(row)

    def unfinished(self) -> GameRecord | None:
        """The newest game neither finished nor abandoned: the one to offer on start."""
        row = self._db().execute(
            f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.finished IS NULL "
            "AND g.abandoned IS NULL ORDER BY g.id DESC LIMIT 1").fetchone()
        return GameRecord.from_row(row) if row else None

    def history(self) -> list[GameRecord]:
        """Every game, newest first."""
        rows = self._db().execute(
            f"SELECT {_GAME_COLUMNS} FROM games g ORDER BY g.id DESC").fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def lines(self, game_id: int) -> list[str]:
        """A game's table log as its exact text lines (lines set aside on resume left out)."""
        self.game(game_id)
        return [r[0] for r in self._db().execute(
            "SELECT line FROM events WHERE game_id = ? AND dropped IS NULL ORDER BY seq",
            (game_id,))]

    def events(self, game_id: int) -> list[dict]:
        """A game's table log as events; LogError names the first line that cannot be read."""
        from companion.log import parse_line

        events = []
        for n, line in enumerate(self.lines(game_id), 1):
            event = parse_line(line, n)
            if event is not None:
                events.append(event)
        return events

    def dropped(self, game_id: int) -> list[tuple[int, str, str]]:
        """Lines set aside on resume, kept for inspection: (seq, line, why)."""
        return [tuple(r) for r in self._db().execute(
            "SELECT seq, line, dropped FROM events WHERE game_id = ? AND dropped IS NOT NULL "
            "ORDER BY seq", (game_id,))]

    # -- resuming -------------------------------------------------------------------------

    def resume(self, game_id: int) -> tuple[Any, list[tuple[int, str]]]:
        """Rebuild a game by replaying its log; returns (Game, problems).

        A line that fails to apply is a problem (its 1-based line number in the log, the
        reason): the game stops just before it, since every later line depends on it. That
        line and those after it stay in the database, marked as set aside, and are no longer
        part of the game's log; the next append continues from the restored state. A game
        whose first (game) line fails cannot be rebuilt: JournalError, and it is abandoned.
        """
        from companion.engine import Game
        from companion.log import parse_line

        record = self.game(game_id)
        rows = self._db().execute(
            "SELECT seq, line FROM events WHERE game_id = ? AND dropped IS NULL ORDER BY seq",
            (game_id,)).fetchall()
        game = Game(house_rules=list(record.house_rules) if record.house_rules else None)
        problems: list[tuple[int, str]] = []
        for n, (seq, line) in enumerate(rows, 1):
            try:
                event = parse_line(line, n)
                if event is not None:
                    game.apply(event)
            except Exception as err:  # noqa: BLE001 - a bad line must not lose the game
                reason = getattr(err, "message", None) or str(err) or type(err).__name__
                if n == 1:
                    self.abandon(game_id)
                    raise JournalError(
                        f"Game {game_id} cannot be resumed: its first line cannot be read "
                        f"({reason}). It stays in the journal, marked abandoned.") from None
                problems.append((n, reason))
                log.warning("journal: game %s line %d cannot be replayed (%s); the game "
                            "resumes before it", game_id, n, reason)
                self._set_aside(game_id, seq, n, reason)
                break
        if problems:
            self.update_summary(game_id, Summary.of(game))
        return game, problems

    def _set_aside(self, game_id: int, seq: int, line_no: int, reason: str) -> None:
        with self._transaction("set aside the lines that failed on resume") as conn:
            conn.execute("UPDATE events SET dropped = ? WHERE game_id = ? AND seq = ?",
                         (f"line {line_no} failed on resume: {reason}", game_id, seq))
            conn.execute("UPDATE events SET dropped = ? WHERE game_id = ? AND seq > ? "
                         "AND dropped IS NULL",
                         (f"follows line {line_no}, which failed on resume", game_id, seq))
