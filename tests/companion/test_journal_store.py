"""The journal's SQLite layer: schema and migrations, durability settings, damaged files."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading

import pytest

from companion.journal import SCHEMA_VERSION, Journal, JournalError, schema
from companion.journal.scripted import scripted_game
from companion.log import dump_event

GAME = {"type": "game", "mode": "dare", "players": ["Ann", "Ben", "Cat"]}

# The layout of schema v1 exactly as it was released, written out here (not taken from
# schema.MIGRATIONS) so that an edit to a released step is caught.
V1_TABLES = (
    """CREATE TABLE games (id INTEGER PRIMARY KEY, started TEXT NOT NULL, finished TEXT,
        mode TEXT NOT NULL, players TEXT NOT NULL, house_rules TEXT, winner TEXT)""",
    """CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL, line TEXT NOT NULL, at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)) WITHOUT ROWID""",
)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "journal.sqlite3"


def pragma(path, name):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        conn.close()


def test_new_journal_is_versioned_wal_and_syncs_every_commit(db):
    with Journal.open(db) as journal:
        conn = journal._db()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert journal.warning is None
    assert pragma(db, "user_version") == SCHEMA_VERSION >= 2
    assert pragma(db, "application_id") == schema.APPLICATION_ID


def test_default_path_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path / "home"))
    with Journal.open() as journal:
        assert journal.path == tmp_path / "home" / "data" / "journal.sqlite3"
    assert journal.path.exists()


def test_v1_database_migrates_forward_and_keeps_its_games(db):
    conn = sqlite3.connect(db)
    for statement in V1_TABLES:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    log = scripted_game(seed=3, max_lines=40)
    conn.execute("INSERT INTO games VALUES (7, '2025-01-01T18:00:00+00:00', NULL, 'dare', "
                 "'[\"Ann\",\"Ben\",\"Cat\"]', NULL, NULL)")
    conn.executemany("INSERT INTO events VALUES (7, ?, ?, '2025-01-01T18:00:00+00:00')",
                     [(i, dump_event(e)) for i, e in enumerate(log, 1)])
    conn.commit()
    conn.close()

    with Journal.open(db) as journal:
        assert journal.warning is None
        record = journal.unfinished()
        assert record.id == 7 and record.lines == len(log) and record.rounds == ()
        assert record.abandoned is None and record.status == "in play"
        assert journal.events(7) == log
        game, problems = journal.resume(7)
        assert problems == []
        journal.append(7, {"type": "undo"})
        assert journal.game(7).lines == len(log) + 1
    assert pragma(db, "user_version") == SCHEMA_VERSION


def test_empty_file_is_a_version_0_database_and_is_set_up(db):
    db.write_bytes(b"")
    with Journal.open(db) as journal:
        assert journal.warning is None
        assert journal.history() == []
    assert pragma(db, "user_version") == SCHEMA_VERSION


def test_a_failing_migration_leaves_the_old_version_whole(db, monkeypatch):
    with Journal.open(db) as journal:
        journal.start_game(GAME)
    broken = schema.MIGRATIONS + (("ALTER TABLE games ADD COLUMN extra TEXT",
                                   "THIS IS NOT SQL"),)
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(broken))
    conn = sqlite3.connect(db, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        schema.migrate(conn)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert "extra" not in columns
    assert pragma(db, "user_version") == SCHEMA_VERSION


def garbage_checks(db, journal, caplog, what):
    moved = [p for p in db.parent.glob("journal.sqlite3.corrupt-*")
             if not p.name.endswith(("-wal", "-shm"))]
    assert len(moved) == 1, moved
    assert journal.warning and str(db) in journal.warning and moved[0].name in journal.warning
    assert what in journal.warning
    assert any(moved[0].name in r.getMessage() for r in caplog.records
               if r.levelno == logging.WARNING)
    # a fresh journal works
    game_id = journal.start_game(GAME)
    journal.append(game_id, {"type": "deal", "dealer": "Ann"})
    assert journal.unfinished().lines == 2
    return moved[0]


def test_garbage_file_is_moved_aside_with_its_wal_and_a_fresh_journal_started(db, caplog):
    junk = bytes(range(256)) * 40
    db.write_bytes(junk)
    (db.parent / "journal.sqlite3-wal").write_bytes(b"wal bytes")
    with caplog.at_level(logging.WARNING), Journal.open(db) as journal:
        moved = garbage_checks(db, journal, caplog, "not an SQLite database")
    assert moved.read_bytes() == junk  # nothing deleted
    assert (db.parent / f"{moved.name}-wal").read_bytes() == b"wal bytes"


def test_damaged_pages_are_found_and_the_file_moved_aside(db, caplog):
    with Journal.open(db) as journal:
        game_id = journal.start_game(GAME)
        for event in scripted_game(seed=1, max_lines=300)[1:]:
            journal.append(game_id, event)
    size = db.stat().st_size
    assert size >= 4 * 4096
    with open(db, "r+b") as f:  # scribble over the table pages, keep the header
        f.seek(4096)
        f.write(b"\xa5" * (size - 4096))
    with caplog.at_level(logging.WARNING), Journal.open(db) as journal:
        garbage_checks(db, journal, caplog, "damaged")


def test_another_programs_database_is_not_taken_over(db, caplog):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE photos (name TEXT)")
    conn.commit()
    conn.close()
    with caplog.at_level(logging.WARNING), Journal.open(db) as journal:
        garbage_checks(db, journal, caplog, "another program")


def test_a_journal_from_a_newer_companion_is_moved_aside_not_mangled(db, caplog):
    with Journal.open(db):
        pass
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with caplog.at_level(logging.WARNING), Journal.open(db) as journal:
        moved = garbage_checks(db, journal, caplog, "newer uno-companion")
    assert pragma(moved, "user_version") == SCHEMA_VERSION + 1


def test_without_repair_a_damaged_file_is_an_error_and_left_alone(db):
    db.write_bytes(b"\x00garbage" * 600)
    with pytest.raises(JournalError, match="cannot be used.*moves it aside"):
        Journal.open(db, repair=False)
    assert db.read_bytes() == b"\x00garbage" * 600
    assert not list(db.parent.glob("*.corrupt-*"))


def test_missing_journal_without_create_is_an_error(db):
    with pytest.raises(JournalError, match="no journal"):
        Journal.open(db, create=False)
    assert not db.exists()


def test_events_are_stored_as_the_exact_table_log_lines(db):
    log = scripted_game(seed=2, max_lines=120)
    with Journal.open(db) as journal:
        game_id = journal.start_game(log[0])
        seqs = [journal.append(game_id, e) for e in log[1:]]
        assert seqs == list(range(2, len(log) + 1))
        assert journal.lines(game_id) == [dump_event(e) for e in log]
        assert journal.events(game_id) == log
        assert sum(1 for e in log if e["type"] == "undo") > 0  # undo is recorded too
    with sqlite3.connect(db) as conn:
        first = conn.execute("SELECT line FROM events WHERE seq = 1").fetchone()[0]
    assert json.loads(first) == log[0] and first.startswith('{"type":"game"')


def test_append_to_an_unknown_game_is_refused(db):
    with Journal.open(db) as journal:
        with pytest.raises(JournalError, match="no game 42"):
            journal.append(42, {"type": "draw"})
        with pytest.raises(ValueError):
            journal.start_game({"type": "deal"})


def test_each_thread_gets_its_own_connection(db):
    with Journal.open(db) as journal:
        game_id = journal.start_game(GAME)
        seen = {}

        def reader():
            seen["lines"] = journal.game(game_id).lines
            seen["conn"] = journal._db()

        worker = threading.Thread(target=reader)
        worker.start()
        worker.join()
        assert seen["lines"] == 1
        assert seen["conn"] is not journal._db()
    with pytest.raises(JournalError, match="closed"):
        journal._db()


def test_a_place_that_cannot_hold_a_journal_is_an_error_and_nothing_is_moved(tmp_path):
    folder = tmp_path / "journal.sqlite3"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(JournalError, match="Cannot open or create the journal"):
        Journal.open(folder)
    assert (folder / "keep.txt").read_text() == "mine"
    assert not list(tmp_path.glob("*.corrupt-*"))
