"""Camera sources and the capture thread, with no camera attached."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from hardware.camera import (CaptureThread, FlakySource, Frame, FrameQueue, FrameSkipped,
                             ImageDirSource, ListSource, OpenCVSource, Picamera2Source,
                             SourceEnded, SourceError, open_source)
from hardware.camera.sources import _import_picamera2


def _picture(value: int, w: int = 64, h: int = 48) -> np.ndarray:
    img = np.zeros((h, w, 3), np.uint8)
    img[:, :, 2] = value
    return img


def _drain(capture: CaptureThread, timeout: float = 5.0) -> list[Frame]:
    frames = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frame = capture.get(timeout=0.05)
        if frame is not None:
            frames.append(frame)
        elif capture.finished:
            break
    return frames


def test_image_dir_source_reads_in_order_and_skips_an_unreadable_file(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i:02d}.png"), _picture(50 * i))
    (tmp_path / "f01b.png").write_bytes(b"this is not a png")
    (tmp_path / "notes.txt").write_text("ignored: not a picture suffix")
    src = ImageDirSource(tmp_path, fps=10)
    got, skipped = [], []
    with src:
        while True:
            try:
                frame = src.read()
            except FrameSkipped as err:
                skipped.append(str(err))
                continue
            except SourceEnded:
                break
            got.append(frame)
    assert [f.index for f in got] == [0, 1, 3]  # f01b.png sorts third and used index 2
    assert [int(f.image[0, 0, 2]) for f in got] == [0, 50, 100]
    assert got[2].t == pytest.approx(0.3)
    assert len(skipped) == 1 and "f01b.png" in skipped[0]


def test_capture_thread_goes_on_past_an_unreadable_picture(tmp_path):
    for i in range(4):
        cv2.imwrite(str(tmp_path / f"{i}.png"), _picture(10 * i))
    (tmp_path / "2.png").write_bytes(b"\x89PNG broken")
    seen = []
    cap = CaptureThread(ImageDirSource(tmp_path), on_status=lambda s, text: seen.append(s))
    with cap:
        frames = _drain(cap)
    assert [f.index for f in frames] == [0, 1, 3]
    assert "skipped" in seen and seen[-1] == "ended"
    assert cap.state == "ended" and cap.dropped == 0


def test_image_dir_source_without_pictures_says_so(tmp_path):
    with pytest.raises(SourceError, match="no pictures"):
        ImageDirSource(tmp_path).open()
    with pytest.raises(SourceError, match="no folder"):
        ImageDirSource(tmp_path / "missing").open()


def test_video_file_source_reads_to_the_end(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 25, (64, 48))
    for i in range(7):
        writer.write(_picture(30 * i))
    writer.release()
    src = OpenCVSource(path)
    assert not src.live
    frames = []
    with src:
        with pytest.raises(SourceEnded):
            while True:
                frames.append(src.read())
    assert len(frames) == 7
    assert frames[-1].t == pytest.approx(6 / 25)
    assert abs(int(frames[3].image[20, 30, 2]) - 90) < 12


def test_missing_video_file_fails_without_retrying(tmp_path):
    statuses = []
    cap = CaptureThread(OpenCVSource(tmp_path / "nope.mp4"),
                        on_status=lambda s, text: statuses.append(text))
    with cap:
        assert _drain(cap, timeout=2) == []
    assert cap.state == "failed" and "no video file" in cap.status
    assert not cap.running


def test_unplugged_camera_is_reported_and_reopened_with_back_off():
    src = FlakySource(fail_opens=2, fail_reads=(3,), fps=200)
    texts = []
    cap = CaptureThread(src, reopen_backoff=(0.05, 0.1), on_status=lambda s, t: texts.append(t))
    cap.start()
    try:
        got = []
        deadline = time.monotonic() + 5
        while len(got) < 6 and time.monotonic() < deadline:
            frame = cap.get(timeout=0.1)
            if frame is not None:
                got.append(frame)
        assert len(got) == 6, texts
        assert cap.running and cap.state == "ok"
    finally:
        cap.stop()
    assert not cap.running
    assert texts[:3] == [
        "no camera: flaky camera not found (attempt 1), retrying in 0.05s",
        "no camera: flaky camera not found (attempt 2), retrying in 0.1s",
        "ok",
    ]
    assert any(t.startswith("no camera: flaky camera unplugged (read 3)") for t in texts)
    assert src.opens == 4  # two failures, the first good open, and the re-open after read 3
    assert src.closes >= 2 and not src._open
    times = [t for what, t in src.calls]
    assert times[1] - times[0] >= 0.045 and times[2] - times[1] >= 0.095


def test_a_source_that_raises_a_foreign_error_does_not_kill_the_thread():
    class Broken(FlakySource):
        def read(self):
            if self.reads == 1 and self.opens == 1:
                self.reads += 1
                raise OSError("driver hiccup")
            return super().read()

    cap = CaptureThread(Broken(fps=500), reopen_backoff=(0.01,))
    with cap:
        frame = cap.get(timeout=3)
    assert frame is not None
    assert cap.failures == 1


def test_queue_drops_the_oldest_frame_when_the_consumer_lags():
    q = FrameQueue(maxsize=2, drop_stale=True)
    for i in range(5):
        q.put(Frame(None, i, 0.0))
    assert q.dropped == 3
    assert [q.get(0).index, q.get(0).index] == [3, 4]
    assert q.get(timeout=0.01) is None


def test_live_capture_hands_over_the_newest_frame_not_a_backlog():
    src = ListSource([_picture(i) for i in range(60)], fps=600, pace=True, live=True)
    cap = CaptureThread(src, maxsize=1)
    with cap:
        deadline = time.monotonic() + 5
        while cap.state != "ended" and time.monotonic() < deadline:
            time.sleep(0.01)  # a slow consumer: the camera runs ahead of it
        first = cap.get(timeout=1)
    assert first is not None and first.index == 59
    assert cap.dropped == 59


def test_recorded_stream_is_not_dropped_when_the_consumer_lags():
    src = ListSource([_picture(i) for i in range(20)])
    cap = CaptureThread(src, maxsize=2)
    with cap:
        time.sleep(0.1)
        frames = _drain(cap)
    assert [f.index for f in frames] == list(range(20))
    assert cap.dropped == 0 and cap.state == "ended"


def test_stop_joins_a_thread_blocked_on_a_full_queue_and_closes_the_source():
    src = FlakySource(inner=ListSource([_picture(0)] * 100), fps=0)
    cap = CaptureThread(src, maxsize=1, drop_stale=False)
    cap.start()
    time.sleep(0.05)
    cap.stop(timeout=2)
    assert not cap.running
    assert cap.state == "stopped"
    assert src.closes >= 1 and not src._open


class FakePicamera2:
    """Records the calls a Picamera2Source makes."""

    def __init__(self):
        self.calls = []

    def create_video_configuration(self, main):
        self.calls.append(("config", main))
        return {"main": main}

    def configure(self, config):
        self.calls.append(("configure", config["main"]["format"]))

    def start(self):
        self.calls.append(("start",))

    def capture_array(self, stream):
        self.calls.append(("capture", stream))
        return np.zeros((480, 640, 3), np.uint8)

    def stop(self):
        self.calls.append(("stop",))

    def close(self):
        self.calls.append(("close",))


def test_picamera2_source_configures_rgb888_starts_captures_and_stops():
    cam = FakePicamera2()
    src = Picamera2Source(640, 480, camera_factory=lambda: cam)
    with src:
        a, b = src.read(), src.read()
    assert (a.index, b.index) == (0, 1) and a.image.shape == (480, 640, 3)
    assert cam.calls[0] == ("config", {"format": "RGB888", "size": (640, 480)})
    assert [c[0] for c in cam.calls] == ["config", "configure", "start", "capture",
                                          "capture", "stop", "close"]


def test_picamera2_missing_here_is_a_source_error_not_an_import_error():
    with pytest.raises(SourceError, match="picamera2"):
        _import_picamera2()


def test_camera_that_cannot_be_created_is_retried_and_says_why():
    def no_camera():
        raise IndexError("list index out of range")

    cap = CaptureThread(Picamera2Source(camera_factory=no_camera), reopen_backoff=(0.02,))
    with cap:
        deadline = time.monotonic() + 2
        while cap.failures < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert cap.running
        assert cap.status.startswith("no camera: cannot open the Pi camera")
        assert cap.status.endswith("retrying in 0.02s")


@pytest.mark.parametrize("spec, kind, live", [
    ("picamera2", "Picamera2Source", True),
    ("usb:0", "OpenCVSource", True),
    ("usb:2", "OpenCVSource", True),
    ("file:game.mp4", "OpenCVSource", False),
    ("dir:frames/", "ImageDirSource", False),
])
def test_open_source_parses_the_spec_forms(spec, kind, live):
    src = open_source(spec)
    assert type(src).__name__ == kind and src.live is live


@pytest.mark.parametrize("spec", ["", "usb", "usb:x", "webcam", "file:", "picamera2:1",
                                  "synthetic:x", "synthetic-dice:1.5"])
def test_open_source_rejects_a_bad_spec_naming_the_forms(spec):
    with pytest.raises(ValueError, match="usb:0, file:game.mp4"):
        open_source(spec)
