"""The synthetic camera: a rendered table on which cards are placed from outside."""

from __future__ import annotations

import time

from hardware.camera import CaptureThread, open_source
from hardware.camera.synthetic import SyntheticSource


def test_placed_cards_and_a_take_back_appear_in_the_truth():
    src = SyntheticSource(seed=3, realtime=False)
    src.place("red-5")
    src.place("yellow-skip")
    src.take_back()
    frames = []
    with src:
        while src.table.busy or len(frames) < 5:
            frames.append(src.read())
    assert [f.index for f in frames] == list(range(len(frames)))
    assert frames[0].image.shape == (480, 640, 3)
    assert [(e.event, e.card) for e in src.truth] == [
        ("play", "red-5"), ("play", "yellow-skip"), ("taken_back", "yellow-skip")]
    assert src.table.pile == ["red-5"]


def test_realtime_synthetic_camera_keeps_its_frame_rate_through_a_capture_thread():
    src = SyntheticSource(seed=1, fps=60, realtime=True, autoplay=True)
    with CaptureThread(src, maxsize=2) as cap:
        t0 = time.monotonic()
        got = [cap.get(timeout=2) for _ in range(12)]
        elapsed = time.monotonic() - t0
    assert all(f is not None for f in got)
    assert elapsed >= 11 / 60 * 0.9
    assert src.table.busy or src.table.index > 12  # the autoplayed game is under way


def test_spec_synthetic_seed_builds_an_autoplaying_table():
    src = open_source("synthetic:7")
    assert isinstance(src, SyntheticSource) and src.autoplay and src.seed == 7 and src.live
