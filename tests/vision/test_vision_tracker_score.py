"""Scoring reported events against a game's truth."""

from __future__ import annotations

from vision.tracker_score import Happening as H
from vision.tracker_score import same_card, score_game

TRUTH = [H("play", "red-5", 30), H("play", "red-5", 80), H("play", "blue-dare-12", 130),
         H("taken_back", "blue-dare-12", 170), H("play", "green-1", 220)]


def test_a_perfect_report_scores_full_with_its_latencies():
    got = [H(t.kind, t.card, t.frame + 2) for t in TRUTH]
    s = score_game(TRUTH, got)
    assert (s.plays, s.plays_found, s.takebacks_found) == (4, 4, 1)
    assert s.latencies == [2, 2, 2, 2] and not s.false and not s.duplicates and not s.missed


def test_missed_false_duplicate_and_late_events_are_told_apart():
    got = [H("play", "red-5", 31), H("play", "red-5", 40),  # the second is a duplicate
           H("play", "yellow-3", 100),                     # false
           H("play", "blue-dare", 139),                    # found, number unread, late
           H("play", "green-1", 222)]                      # the second red-5 was missed
    s = score_game(TRUTH, got, game="g")
    assert [h.frame for _, h in s.missed] == [80, 170]
    assert [h.card for _, h in s.duplicates] == ["red-5"]
    assert [h.card for _, h in s.false] == ["yellow-3"]
    assert s.plays_found == 3 and s.plays_unread_number == 1
    assert [(t.card, lat) for _, t, lat in s.late] == [("blue-dare-12", 9)]


def test_an_event_too_early_or_too_late_does_not_match():
    s = score_game([H("play", "red-5", 100)], [H("play", "red-5", 50), H("play", "red-5", 200)])
    assert s.plays_found == 0 and len(s.false) == 2


def test_same_card_accepts_only_a_missing_dare_number():
    assert same_card("red-dare", "red-dare-12") == (True, True)
    assert same_card("wild-dare", "wild-dare-3") == (True, True)
    assert same_card("blue-dare", "red-dare-12") == (False, False)
    assert same_card("red-dare-11", "red-dare-12") == (False, False)
    assert same_card("red-7", "red-7") == (True, False)
