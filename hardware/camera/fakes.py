"""Sources for tests, demos and benchmarks, shipped with the package as gpiozero ships its
mock pins: a stream replayed from memory, and a camera that fails on a schedule."""

from __future__ import annotations

import threading
import time
from typing import Iterable, Sequence

import numpy as np

from .frame import Frame, FrameSource, SourceEnded, SourceError


class ListSource(FrameSource):
    """Replays pictures held in memory, once, then ends.

    ``pace=True`` hands them over at ``fps`` in real time, as a camera would (``read()``
    waits for the next frame's due time); otherwise as fast as they are asked for.
    ``live`` is configurable so the same frames can stand in for a camera.
    """

    def __init__(self, images: Sequence[np.ndarray], fps: float = 30.0, *,
                 pace: bool = False, live: bool = False, name: str = "memory"):
        self.images = images
        self.fps = float(fps)
        self.pace = pace
        self.live = live
        self.name = name
        self._index = 0
        self._t0: float | None = None

    def open(self) -> None:
        self._index = 0
        self._t0 = time.monotonic()

    def read(self) -> Frame | None:
        if self._t0 is None:
            raise SourceError(f"{self.name} is not open")
        if self._index >= len(self.images):
            raise SourceEnded(f"end of {self.name} after {len(self.images)} frames")
        t = self._index / self.fps
        if self.pace:
            wait = self._t0 + t - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        frame = Frame(self.images[self._index], self._index, t)
        self._index += 1
        return frame

    def close(self) -> None:
        self._t0 = None


class FlakySource(FrameSource):
    """A camera that goes away: the first ``fail_opens`` opens fail, and each read whose
    1-based count is in ``fail_reads`` raises ``SourceError`` (an unplugged cable).

    Frames are flat grey pictures whose value is their index, or the wrapped source's
    frames when ``inner`` is given. It records ``opens``, ``closes`` and ``reads`` so a
    test can assert how the capture loop treated it; ``calls`` lists the ``"open"`` /
    ``"fail-open"`` / ``"fail-read"`` steps with their monotonic times (to check back-off).
    """

    live = True

    def __init__(self, inner: FrameSource | None = None, *, fail_opens: int = 0,
                 fail_reads: Iterable[int] = (), size: tuple[int, int] = (64, 48),
                 fps: float = 0.0, name: str = "flaky camera"):
        self.inner = inner
        self.fail_opens = int(fail_opens)
        self.fail_reads = set(fail_reads)
        self.size = size
        self.fps = float(fps)
        self.name = name
        self.opens = 0
        self.closes = 0
        self.reads = 0
        self.calls: list[tuple[str, float]] = []
        self._lock = threading.Lock()
        self._open = False
        self._index = 0

    def open(self) -> None:
        with self._lock:
            self.opens += 1
            if self.opens <= self.fail_opens:
                self.calls.append(("fail-open", time.monotonic()))
                raise SourceError(f"{self.name} not found (attempt {self.opens})")
            self.calls.append(("open", time.monotonic()))
            self._open = True
        if self.inner is not None:
            self.inner.open()

    def read(self) -> Frame | None:
        with self._lock:
            if not self._open:
                raise SourceError(f"{self.name} is not open")
            self.reads += 1
            if self.reads in self.fail_reads:
                self.calls.append(("fail-read", time.monotonic()))
                raise SourceError(f"{self.name} unplugged (read {self.reads})")
            index = self._index
            self._index += 1
        if self.fps:
            time.sleep(1.0 / self.fps)
        if self.inner is not None:
            inner = self.inner.read()
            return None if inner is None else Frame(inner.image, index, inner.t)
        w, h = self.size
        return Frame(np.full((h, w, 3), index % 256, np.uint8), index, index / 30.0)

    def close(self) -> None:
        with self._lock:
            if self._open:
                self.closes += 1
            self._open = False
        if self.inner is not None:
            self.inner.close()
