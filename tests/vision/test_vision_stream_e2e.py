"""End to end on a short generated video: file -> capture thread -> recogniser -> tracker,
through ``uno-companion watch --json``."""

from __future__ import annotations

import json

import cv2
import pytest

from companion.cli import main
from vision.synthetic.game_video import play_script
from vision.synthetic.live_table import LiveTable
from vision.tracker_score import Happening, score_game

SCRIPT = [
    (("idle", {"frames": 6}),),
    (("place", {"label": "red-5", "throw": False}),), (("idle", {"frames": 12}),),
    (("place", {"label": "red-5", "throw": True}),), (("idle", {"frames": 12}),),
    (("place", {"label": "blue-skip", "throw": False}),), (("idle", {"frames": 10}),),
    (("take_back", {}),), (("idle", {"frames": 12}),),
    (("place", {"label": "green-8", "throw": False}),), (("idle", {"frames": 16}),),
]


@pytest.fixture(scope="module")
def short_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("video") / "short.mp4"
    table = LiveTable(seed=5)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30, (640, 480))
    for frame in play_script(table, SCRIPT):
        writer.write(frame.image)
    writer.release()
    return path, table.truth


def test_watch_json_reports_each_play_and_the_take_back_once(short_game, capsys, monkeypatch,
                                                             tmp_path):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path))
    path, truth = short_game
    assert main(["watch", f"file:{path}", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert all(set(d) == {"t", "frame", "event", "card"} for d in lines)
    reported = [Happening(d["event"], d["card"], d["frame"]) for d in lines]
    score = score_game([Happening(e.event, e.card, e.frame) for e in truth], reported)
    assert [(e.event, e.card) for e in truth] == [
        ("play", "red-5"), ("play", "red-5"), ("play", "blue-skip"),
        ("taken_back", "blue-skip"), ("play", "green-8")]
    assert score.plays_found == 4 and score.takebacks_found == 1, (lines, score.missed)
    assert not score.false and not score.duplicates, lines
    assert score.latency_worst <= 4
    assert "frames/s processed" in err and "4 plays, 1 taken back" in err


def test_watch_names_the_allowed_sources_for_a_bad_one(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path))
    assert main(["watch", "webcam"]) == 2
    assert "usb:0, file:game.mp4" in capsys.readouterr().err


def test_watch_says_a_missing_video_is_missing(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path))
    assert main(["watch", f"file:{tmp_path / 'none.mp4'}"]) == 1
    err = capsys.readouterr().err
    assert "no video file" in err and "Traceback" not in err


def test_a_camera_that_drops_out_mid_play_is_reported_and_the_play_still_comes():
    from hardware.camera import CaptureThread, FlakySource
    from hardware.camera.synthetic import SyntheticSource
    from vision.recognizer import Recognizer
    from vision.stream import follow
    from vision.tracker import Tracker

    table = SyntheticSource(seed=4, realtime=False)
    table.place("yellow-7")
    flaky = FlakySource(inner=table, fail_reads=(12,), name="usb camera")
    states = []
    events = []
    capture = CaptureThread(flaky, reopen_backoff=(0.01,), drop_stale=False,
                            on_status=lambda state, text: states.append(text))
    with capture:
        stats = follow(capture, Recognizer(), Tracker(), lambda e, f: events.append(e),
                       max_frames=60)
    assert stats.frames == 60
    assert "no camera: usb camera unplugged (read 12), retrying in 0.01s" in states
    assert states[-2:] == ["ok", "stopped"] and flaky.opens == 2
    assert [e.card for e in events] == ["yellow-7"]


def test_watch_dice_reads_the_centre_die_of_a_recorded_dice_table(capsys, monkeypatch, tmp_path):
    """``watch --dice``: the dice recogniser behind the same tracker; plays name a "die"."""
    import cv2

    from hardware.camera.synthetic import SyntheticDiceSource

    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path / "home"))
    src = SyntheticDiceSource(seed=4, realtime=False)
    src.place("blue-skip")
    src.place("yellow-4")
    src.table.idle(6)
    frames = tmp_path / "frames"
    frames.mkdir()
    with src:
        while src.table.busy:
            frame = src.read()
            cv2.imwrite(str(frames / f"{frame.index:05d}.png"), frame.image)
    assert main(["watch", f"dir:{frames}", "--dice", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(e["event"], e.get("die")) for e in lines] == [("play", "blue-skip"),
                                                          ("play", "yellow-4")]
    assert not any("card" in e for e in lines)
