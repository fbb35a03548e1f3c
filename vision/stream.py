"""The stream path: frames from a capture hand-over -> recogniser -> tracker -> events.

One loop on the caller's thread, shared by ``uno-companion watch`` and the tracker
benchmark. It knows nothing of devices: ``capture`` is anything with ``get(timeout)`` (a
frame with ``image``, ``index``, ``t``, or None) and ``finished`` (the stream is over), as
``hardware.camera.CaptureThread`` has.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from .tracker import Event, Tracker


@dataclass
class StreamStats:
    """What one run of the loop did: frames processed, wall and CPU seconds (the CPU time
    of the whole process, capture thread included), and seconds spent recognising."""

    frames: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    recognise_seconds: float = 0.0
    events: int = 0

    @property
    def fps(self) -> float:
        return self.frames / self.seconds if self.seconds > 0 else 0.0

    @property
    def cores(self) -> float:
        return self.cpu_seconds / self.seconds if self.seconds > 0 else 0.0


def follow(capture: Any, recognizer: Any, tracker: Tracker,
           on_event: Callable[[Event, Any], None], *, max_frames: int | None = None,
           should_stop: Callable[[], bool] | None = None, poll: float = 0.2,
           stats: StreamStats | None = None) -> StreamStats:
    """Process frames until the stream ends, ``max_frames`` were processed, or
    ``should_stop()`` says so; call ``on_event(event, frame)`` for every event.

    Pass ``stats`` to have it filled in place: it then holds the figures even when the loop
    is left by an exception (Ctrl-C)."""
    stats = stats if stats is not None else StreamStats()
    wall0, cpu0 = time.perf_counter(), time.process_time()
    try:
        while max_frames is None or stats.frames < max_frames:
            if should_stop is not None and should_stop():
                break
            frame = capture.get(timeout=poll)
            if frame is None:
                if capture.finished:
                    break
                continue
            r0 = time.perf_counter()
            sighting = recognizer.top_card(frame.image)
            stats.recognise_seconds += time.perf_counter() - r0
            for event in tracker.update(frame.index, frame.t, sighting):
                stats.events += 1
                on_event(event, frame)
            stats.frames += 1
    finally:
        stats.seconds = time.perf_counter() - wall0
        stats.cpu_seconds = time.process_time() - cpu0
    return stats
