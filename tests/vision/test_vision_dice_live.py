"""The live dice table: what passes over the centre die makes no play."""

from __future__ import annotations

import cv2

from vision.dice import DiceRecognizer
from vision.synthetic.dice_live import LiveDiceTable
from vision.tracker import Tracker


def test_highlights_shadows_and_light_changes_over_a_die_make_no_new_play():
    cv2.setNumThreads(1)
    table = LiveDiceTable(5)
    table.place("green-5")
    table.idle(6)
    table.pause(24)
    table.glare(10)
    table.shadow(14)
    table.light(0.8, 6)
    table.flicker(6)
    rec, tracker, events, frames = DiceRecognizer(), Tracker(), [], 0
    lit = []
    for f in table.frames():
        frames += 1
        lit.append(table.gains)
        events += tracker.update(f.index, f.t, rec.center_die(f.image))
    assert frames >= 60 and [e.event for e in table.truth] == ["play"]
    assert [e.card for e in events] == ["green-5"]
    assert min(g[1] for g in lit) < 0.85 and abs(table.gains[1] - 0.8) < 1e-6
