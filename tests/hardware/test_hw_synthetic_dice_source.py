"""The synthetic dice camera: a rendered table whose centre die the dice recogniser reads."""

from __future__ import annotations

import cv2
import pytest

from hardware.camera import open_source
from hardware.camera.synthetic import SyntheticDiceSource


def _read_all(src):
    frames = []
    with src:
        while src.table.busy:
            frames.append(src.read())
    return frames


def test_a_placed_die_replaces_the_centre_die_and_a_take_back_restores_the_one_before():
    src = SyntheticDiceSource(seed=4, realtime=False)
    src.place("red-3")
    src.place("wild-draw4")
    src.take_back()
    frames = _read_all(src)
    assert [f.index for f in frames] == list(range(len(frames)))
    assert frames[0].image.shape == (480, 640, 3)
    assert [(e.event, e.card) for e in src.truth] == [
        ("play", "red-3"), ("play", "wild-draw4"), ("taken_back", "wild-draw4")]
    assert src.table.die == "red-3"


def test_a_bad_face_fails_in_the_callers_thread():
    src = SyntheticDiceSource(seed=1, realtime=False)
    with pytest.raises(ValueError):
        src.place("red-7")


@pytest.mark.parametrize("seed", [0, 5])
def test_the_dice_recogniser_reads_the_settled_centre_die(seed):
    """Frames after each die settled: the recogniser names it (never another face)."""
    from vision.dice import DiceRecognizer

    cv2.setNumThreads(1)
    rec = DiceRecognizer()
    src = SyntheticDiceSource(seed=seed, realtime=False)
    read, wrong = 0, []
    for label in ("blue-skip", "wild", "yellow-4"):
        src.place(label)
        src.table.idle(3)
        settled = 0
        for frame in src.table.frames():          # TableFrame: ``top`` is the untouched die
            if frame.top is not None and frame.top[0] == label:
                settled += 1
                got = rec.center_die(frame.image).label
                read += got == label
                if got not in (label, None):
                    wrong.append(got)
        assert settled >= 3
    assert not wrong
    assert read >= 7          # of the 9 still frames


def test_spec_synthetic_dice_builds_an_autoplaying_dice_table():
    src = open_source("synthetic-dice:7")
    assert isinstance(src, SyntheticDiceSource) and src.autoplay and src.seed == 7 and src.live
    src.realtime = False
    with src:
        for _ in range(40):
            src.read()
    assert src.truth and src.truth[0].event == "play"
