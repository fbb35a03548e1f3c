"""``uno-companion history`` and ``export``: what a person reads, and logs that replay."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.cli import main
from companion.engine import replay
from companion.journal import Journal, Session
from companion.journal.scripted import scripted_game
from companion.log import read_log


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """A journal with a finished game (1) and an unfinished one (2); the tests only read it."""
    path = tmp_path_factory.mktemp("journal") / "journal.sqlite3"
    with Journal.open(path) as journal:
        for log in (scripted_game(31, max_lines=5000, target=200),
                    scripted_game(32, max_lines=90, target=10**6)):
            session = Session.new(journal, log[0])
            for event in log[1:]:
                session.apply(event)
    return path


def finished_state(db):
    with Journal.open(db) as journal:
        game, _ = journal.resume(1)
        return game.snapshot(), journal.events(1)


def test_history_lists_every_game_newest_first(db, capsys):
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["game", "started", "mode", "players"]
    state, _ = finished_state(db)
    assert out[1].startswith("2 ") and "unfinished (90 lines)" in out[1]
    assert out[2].startswith("1 ") and "finished" in out[2] and state["winner"] in out[2]
    assert "Ann, Ben, Cat" in out[2] and f" {len(state['rounds'])} " in out[2]


def test_history_without_a_journal_says_so(tmp_path, capsys):
    assert main(["history", "--db", str(tmp_path / "none.sqlite3")]) == 0
    assert "No games recorded yet" in capsys.readouterr().out
    assert not (tmp_path / "none.sqlite3").exists()


def test_history_of_a_damaged_journal_is_a_clear_error_and_leaves_it_alone(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"not a database" * 100)
    assert main(["history", "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert "cannot be used" in err and "Traceback" not in err
    assert path.read_bytes() == b"not a database" * 100


def test_exported_log_replays_to_the_same_state(db, tmp_path, capsys):
    out = tmp_path / "game1.jsonl"
    assert main(["export", "1", "--format", "jsonl", "--out", str(out), "--db", str(db)]) == 0
    state, events = finished_state(db)
    assert read_log(out) == events
    assert main(["replay", str(out)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed == {**state, "rejected": []}


def test_export_last_to_standard_output(db, capsys):
    assert main(["export", "last", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    with Journal.open(db) as journal:
        assert lines == journal.lines(2)
    assert len(lines) == 90


def test_export_csv_has_a_row_per_round_with_points_and_totals(db, capsys):
    assert main(["export", "1", "--format", "csv", "--db", str(db)]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    players = ["Ann", "Ben", "Cat"]
    assert rows[0] == ["round", "winner", *players, *(f"{p} total" for p in players)]
    state, events = finished_state(db)
    assert len(rows) - 1 == len(state["rounds"]) >= 2
    for number, (row, rnd) in enumerate(zip(rows[1:], state["rounds"]), 1):
        assert row[:2] == [str(number), rnd["winner"]]
        assert [int(x) for x in row[2:5]] == [rnd["points"][p] for p in players]
    assert [int(x) for x in rows[-1][5:]] == [p["score"] for p in state["players"]]
    assert replay(events).game.over


@pytest.mark.parametrize("game, message", [("9", "no game 9"), ("abc", "not a game number")])
def test_export_of_an_unknown_game_is_a_clear_error(db, capsys, game, message):
    assert main(["export", game, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_export_without_a_journal_is_a_clear_error(tmp_path, capsys):
    assert main(["export", "1", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no journal" in capsys.readouterr().err
