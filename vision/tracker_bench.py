"""``uno-companion bench tracker``: play events found in generated game videos, and the
stream path's frame rate.

Games are generated from a fixed seed (``vision.synthetic.game_video``), written as mp4v
videos into a temporary folder and read back through the file camera source and the
capture thread, so the recogniser sees compressed frames as it would from a recording. Two
figures are printed for the events: the tracker fed the *true* top card of every frame
(the tracker's own logic), and the whole path (video -> recogniser -> tracker). Then the
stream path's throughput: one video's frames offered at 30 fps as a live camera would, the
capture thread handing them over, recognition and tracking on the main thread; and the
same work unpaced. Everything runs with OpenCV on one thread (``cv2.setNumThreads(1)``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from .tracker import PlayEvent, Tracker
from .tracker_score import Happening, Score, score_game

GAMES = 6
PLAYS = 10
FPS = 30.0
SIZE = (640, 480)


def _happening(event) -> Happening:
    kind = "play" if isinstance(event, PlayEvent) else "taken_back"
    return Happening(kind, event.card, event.frame)


def _report(name: str, score: Score, out) -> None:
    print(f"  {name}{score.summary()}", file=out)
    _list("missed", score.missed, out)
    _list("false", score.false, out)
    _list("duplicate", score.duplicates, out)
    _list("later than 4 frames", score.late, out)


def _generate(folder: Path, seed: int, games: int, plays: int, out) -> tuple[list, Score]:
    """Write the videos; track the true sightings on the way. Returns (videos, score)."""
    from .sighting import Sighting, no_card
    from .synthetic.game_video import write_game_video

    videos, score = [], Score()
    t0 = time.perf_counter()
    frames = 0
    sightings: list = []
    for g in range(games):
        path = folder / f"game{g:02d}.mp4"
        tracker, reported = Tracker(), []

        def on_frame(f, tracker=tracker, reported=reported):
            s = Sighting(f.top[0], 1.0, f.top[1]) if f.top else no_card()
            sightings.append((f.index, f.t, s))
            reported.extend(_happening(e) for e in tracker.update(f.index, f.t, s))

        truth = write_game_video(path, seed * 1000 + g, plays, fourcc="mp4v",
                                 width=SIZE[0], height=SIZE[1], fps=FPS, on_frame=on_frame)
        frames += truth.frames
        true = [Happening(e.event, e.card, e.frame) for e in truth.events]
        score.add(score_game(true, reported, game=f"game{g:02d}"))
        videos.append((path, truth))
    generating = time.perf_counter() - t0
    tracker, t0 = Tracker(), time.perf_counter()
    for index, t, s in sightings:  # the true sightings once more, to time the tracker alone
        tracker.update(index, t, s)
    alone = (time.perf_counter() - t0) / max(len(sightings), 1)
    print(f"  generated {games} games, {frames} frames, in {generating:.1f} s; "
          f"the tracker alone takes {1e6 * alone:.0f} us/frame", file=out)
    return videos, score


def _track_videos(videos, recognizer) -> tuple[Score, int, float]:
    """Every video through file source -> capture thread -> recogniser -> tracker."""
    from hardware.camera import CaptureThread, OpenCVSource

    from .stream import follow

    score, frames, seconds = Score(), 0, 0.0
    for path, truth in videos:
        reported: list[Happening] = []
        capture = CaptureThread(OpenCVSource(path), maxsize=4)
        with capture:
            stats = follow(capture, recognizer, Tracker(),
                           lambda e, f: reported.append(_happening(e)))
        if capture.state != "ended":
            raise RuntimeError(f"{path.name}: {capture.status}")
        frames += stats.frames
        seconds += stats.recognise_seconds
        true = [Happening(e.event, e.card, e.frame) for e in truth.events]
        score.add(score_game(true, reported, game=path.stem))
    return score, frames, seconds


def _throughput(video: Path, recognizer, out) -> None:
    """The stream path at 30 fps offered as live, then unpaced."""
    import cv2

    from hardware.camera import CaptureThread, ListSource

    from .stream import follow

    cap = cv2.VideoCapture(str(video))
    images = []
    while True:
        ok, img = cap.read()
        if not ok:
            break
        images.append(img)
    cap.release()
    live = CaptureThread(ListSource(images, FPS, pace=True, live=True, name="paced video"),
                         maxsize=2)
    with live:
        paced = follow(live, recognizer, Tracker(), lambda e, f: None)
    offered = live.frames_read
    print(f"  stream path, offered live at {FPS:g} fps ({SIZE[0]}x{SIZE[1]}): "
          f"{paced.frames} of {offered} frames processed in {paced.seconds:.1f} s = "
          f"{paced.fps:.1f} frames/s, {live.dropped} dropped as stale, "
          f"CPU {paced.cores:.2f} cores (capture thread included), "
          f"{1000 * paced.cpu_seconds / max(paced.frames, 1):.1f} ms CPU/frame", file=out)
    flat = CaptureThread(ListSource(images, FPS, name="video"), maxsize=2)
    with flat:
        fast = follow(flat, recognizer, Tracker(), lambda e, f: None)
    print(f"  stream path, unpaced: {fast.frames} frames in {fast.seconds:.1f} s = "
          f"{fast.fps:.1f} frames/s ({1000 * fast.recognise_seconds / max(fast.frames, 1):.1f} "
          f"ms/frame recognising), CPU {fast.cores:.2f} cores, "
          f"{1000 * fast.cpu_seconds / max(fast.frames, 1):.1f} ms CPU/frame: 30 frames/s "
          f"need {30 * fast.cpu_seconds / max(fast.frames, 1):.2f} of one core", file=out)
    import os

    if hasattr(os, "getloadavg"):
        print(f"  (load average during the run: {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores)", file=out)


def _list(title: str, items, out, limit: int = 12) -> None:
    if not items:
        return
    shown = ", ".join(f"{g} frame {h.frame} {h.kind} {h.card}" + (f" (+{x[0]})" if x else "")
                      for g, h, *x in items[:limit])
    more = f" ... and {len(items) - limit} more" if len(items) > limit else ""
    print(f"    {title}: {shown}{more}", file=out)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``uno-companion bench tracker`` (``--seed``, ``-n`` games)."""
    import cv2

    from .recognizer import Recognizer

    cv2.setNumThreads(1)
    out = sys.stdout
    seed = int(getattr(args, "seed", 1) or 1)
    games = int(getattr(args, "count", None) or GAMES)
    print(f"bench tracker: {games} generated games (seed {seed}, {PLAYS} plays each with a "
          f"repeat, a take-back, hands, glare, shadow, light changes, flicker, a camera nudge), "
          f"{SIZE[0]}x{SIZE[1]} at {FPS:g} fps, mp4v", file=out)
    with tempfile.TemporaryDirectory(prefix="uno-tracker-bench-") as tmp:
        videos, oracle = _generate(Path(tmp), seed, games, PLAYS, out)
        _report("true top card -> tracker:        ", oracle, out)
        recognizer = Recognizer()
        whole, frames, rec_s = _track_videos(videos, recognizer)
        _report("video -> recogniser -> tracker:  ", whole, out)
        print(f"  ({frames} frames, {1000 * rec_s / max(frames, 1):.1f} ms/frame recognising)",
              file=out)
        _throughput(videos[0][0], recognizer, out)
    return 0
