"""A game and its journal: written before shown, resumed to the identical state, history."""

from __future__ import annotations

import sqlite3

import pytest

from companion.engine import IllegalEventError, replay
from companion.journal import Journal, JournalError, Session
from companion.journal.scripted import scripted_game
from companion.log import dump_event


@pytest.fixture
def journal(tmp_path):
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        yield j


def play(journal, log):
    session = Session.new(journal, log[0])
    for event in log[1:]:
        session.apply(event)
    return session


def same_state(a, b):
    """Everything the table sees (snapshot) and everything the engine keeps (state, undo
    stack depth): the UNO window and a pending dare's flags are not in the snapshot."""
    assert a.snapshot() == b.snapshot()
    assert a.state == b.state
    assert len(a._before) == len(b._before)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_resume_restores_the_state_replay_gives(journal, seed):
    log = scripted_game(seed, max_lines=250, target=10**6)
    live = play(journal, log)
    assert live.game_id == journal.unfinished().id
    resumed, problems = Session.resume(journal)
    assert problems == []
    same_state(resumed.game, live.game)
    same_state(resumed.game, replay(log).game)
    assert journal.lines(live.game_id) == [dump_event(e) for e in log]


def test_undo_is_journaled_and_works_the_same_after_resume(journal):
    log = scripted_game(8, max_lines=150, target=10**6)
    live = play(journal, log)
    live.apply({"type": "undo"})
    assert journal.events(live.game_id)[-1] == {"type": "undo"}
    journal.close()
    with Journal.open(journal.path) as again:
        resumed, problems = Session.resume(again)
        assert problems == []
        for _ in range(2):
            live.game.apply({"type": "undo"})
            resumed.apply({"type": "undo"})
        same_state(resumed.game, live.game)
        assert again.events(resumed.game_id)[-3:] == [{"type": "undo"}] * 3


def test_a_rejected_event_changes_nothing_and_writes_nothing(journal):
    log = scripted_game(9, max_lines=30, target=10**6)
    session = play(journal, log)
    before = session.snapshot()
    with pytest.raises(IllegalEventError):
        session.apply({"type": "deal", "dealer": "Nobody"})
    with pytest.raises(IllegalEventError):
        session.apply({"type": "hand", "player": "Ann", "points": 3})
    assert session.snapshot() == before
    assert journal.game(session.game_id).lines == len(log)


def test_an_event_that_cannot_be_saved_is_not_shown(journal, monkeypatch):
    log = scripted_game(10, max_lines=60, target=10**6)
    session = play(journal, log[:-1])
    before = session.game.state

    def disk_full(*args, **kwargs):
        raise JournalError("The game journal could not save: database or disk is full.")

    monkeypatch.setattr(journal, "append", disk_full)
    with pytest.raises(JournalError, match="disk is full"):
        session.apply(log[-1])
    assert session.game.state == before
    monkeypatch.undo()
    session.apply(log[-1])
    same_state(session.game, replay(log).game)


def test_a_real_write_failure_is_a_journal_error(journal):
    session = play(journal, scripted_game(11, max_lines=5))
    conn = journal._db()
    conn.execute("CREATE TRIGGER no_room BEFORE INSERT ON events "
                 "BEGIN SELECT RAISE(ABORT, 'disk I/O error (simulated)'); END")
    with pytest.raises(JournalError, match="could not save.*simulated"):
        session.apply({"type": "undo"})
    assert not conn.in_transaction
    assert journal.game(session.game_id).lines == 5


def corrupt_line(path, game_id, seq, text):
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE events SET line = ? WHERE game_id = ? AND seq = ?",
                     (text, game_id, seq))
    conn.close()


@pytest.mark.parametrize("bad", ['{"type":"play","card":"purple-9"}', '{"type":"play",',
                                 '{"type":"hand","player":"Ann","points":4}'])
def test_a_line_that_fails_on_resume_is_reported_and_the_game_resumes_before_it(
        journal, bad, caplog):
    log = scripted_game(12, max_lines=80, target=10**6)
    session = play(journal, log)
    corrupt_line(journal.path, session.game_id, 40, bad)

    resumed, problems = Session.resume(journal)
    assert [n for n, _ in problems] == [40]
    assert problems[0][1]
    assert "line 40" in caplog.text
    same_state(resumed.game, replay(log[:39]).game)
    # the failing line and those after it are kept, marked, and out of the game's log
    dropped = journal.dropped(session.game_id)
    assert [seq for seq, _, _ in dropped] == list(range(40, 81))
    assert dropped[0][1] == bad and "line 40 failed on resume" in dropped[0][2]
    assert journal.lines(session.game_id) == [dump_event(e) for e in log[:39]]
    # play goes on from there, and the next resume is clean
    resumed.apply(log[39])
    again, problems = Session.resume(journal)
    assert problems == []
    same_state(again.game, replay(log[:40]).game)


def test_finished_games_are_history_with_rounds_points_and_winner(journal):
    log = scripted_game(13, max_lines=5000, target=150)
    session = play(journal, log)
    assert session.over
    state = session.snapshot()
    record = journal.game(session.game_id)
    assert record.status == "finished" and record.finished
    assert record.winner == state["winner"] is not None
    assert list(record.rounds) == state["rounds"] and len(record.rounds) >= 2
    assert record.players == ("Ann", "Ben", "Cat")
    assert journal.unfinished() is None
    # undo out of the end: the game is open again, then finished again
    session.apply({"type": "undo"})
    assert journal.unfinished().id == session.game_id
    assert journal.game(session.game_id).winner is None
    session.apply(log[-1])
    assert journal.game(session.game_id).status == "finished"


def test_history_lists_newest_first_and_abandoned_games_are_not_offered(journal):
    first = play(journal, scripted_game(14, max_lines=20))
    second = play(journal, scripted_game(15, max_lines=20))
    assert [g.id for g in journal.history()] == [second.game_id, first.game_id]
    assert journal.unfinished().id == second.game_id
    journal.abandon(second.game_id)
    assert journal.game(second.game_id).status == "abandoned"
    assert journal.unfinished().id == first.game_id
    journal.finish(first.game_id, winner="Ann")
    assert journal.unfinished() is None
    with pytest.raises(JournalError, match="no unfinished game"):
        Session.resume(journal)


def test_house_rules_are_kept_for_resume(journal):
    rules = [f"House dare {n}" for n in range(1, 17)]
    game = {"type": "game", "mode": "dare", "players": ["Ann", "Ben"], "dare_list": "house"}
    session = Session.new(journal, game, house_rules=rules)
    for event in ({"type": "deal", "dealer": "Ann"}, {"type": "flip", "card": "red-dare-7"}):
        session.apply(event)
    assert session.snapshot()["pending_dare"]["text"] == "House dare 7"
    resumed, _ = Session.resume(journal)
    assert resumed.snapshot()["pending_dare"]["text"] == "House dare 7"
    assert journal.game(session.game_id).house_rules == tuple(rules)


def test_a_game_whose_first_line_is_unreadable_is_kept_but_not_offered_again(journal):
    session = play(journal, scripted_game(16, max_lines=10))
    corrupt_line(journal.path, session.game_id, 1, '{"type":"game","mode":"chess"')
    with pytest.raises(JournalError, match="cannot be resumed.*marked abandoned"):
        Session.resume(journal)
    assert journal.unfinished() is None
    assert journal.game(session.game_id).lines == 10  # nothing deleted
