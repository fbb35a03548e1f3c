"""Synthetic game videos: the script, the truth, the file, and the tracker over the truth."""

from __future__ import annotations

import cv2

from vision.sighting import Sighting, no_card
from vision.synthetic.game_video import (game_script, load_truth, render_game,
                                         write_game_video)
from vision.synthetic.live_table import TableParams
from vision.tracker import PlayEvent, Tracker

#: Half-size pictures with half-size cards: the same games at a quarter of the cost.
SMALL = dict(width=320, height=240, params=TableParams(card_width=(55, 75), margin=28))


def test_script_holds_every_hazard_a_repeat_and_a_take_back():
    steps = game_script(seed=4, plays=8)
    names = [name for step in steps for name, _ in step]
    for hazard in ("hover", "glare", "shadow", "light", "flicker", "nudge", "take_back"):
        assert hazard in names
    placed = [kw["label"] for step in steps for name, kw in step if name == "place"]
    assert len(placed) == 9  # eight plays and the wrong card taken back
    assert any(a == b for a, b in zip(placed, placed[1:]))
    assert game_script(seed=4, plays=8) == steps


def test_tracker_over_the_true_top_card_finds_every_event_within_four_frames():
    table, frames = render_game(seed=11, plays=7, **SMALL)
    tracker, got = Tracker(), []
    for f in frames:
        s = Sighting(f.top[0], 0.9, f.top[1]) if f.top else no_card()
        got += tracker.update(f.index, f.t, s)
    truth = table.truth
    assert [(e.event, e.card) for e in truth] == [
        ("play" if isinstance(e, PlayEvent) else "taken_back", e.card) for e in got]
    plays = [e for e in truth if e.event == "play"]
    assert len(plays) == 8 and sum(e.event == "taken_back" for e in truth) == 1
    lat = [g.frame - e.frame for e, g in zip(truth, got) if e.event == "play"]
    assert all(0 <= x <= 4 for x in lat), lat


def test_written_video_has_the_truth_beside_it(tmp_path):
    path = tmp_path / "game.avi"
    truth = write_game_video(path, seed=2, plays=6, fourcc="MJPG", **SMALL)
    assert [(e.event, e.card, e.frame) for e in load_truth(path).events] == \
        [(e.event, e.card, e.frame) for e in truth.events]
    cap = cv2.VideoCapture(str(path))
    n = 0
    while cap.read()[0]:
        n += 1
    cap.release()
    assert n == truth.frames > 300
    assert [e.frame for e in truth.events] == sorted(e.frame for e in truth.events)
