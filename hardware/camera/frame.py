"""What every camera source hands over, and how a source says it failed.

A source is a device or a file that yields ``Frame`` objects one ``read()`` at a time. The
capture loop (``hardware.camera.capture``) needs to tell three failures apart, so each has
its own error: a live camera that went away (re-open it later), a stream that ended (stop),
and one unreadable frame (skip it and read on).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Frame:
    """One captured picture: ``image`` is BGR uint8 (H, W, 3); ``index`` counts frames from
    the start of the stream; ``t`` is seconds since the stream started (media time for a
    file, the monotonic clock for a live camera, simulated time for a synthetic table)."""

    image: Any
    index: int
    t: float


class SourceError(RuntimeError):
    """The source cannot deliver frames (camera unplugged, file missing). A live camera is
    re-opened with back-off; any other source stops."""


class SourceEnded(SourceError):
    """No more frames: the end of a video file or of an image folder. Never retried."""


class FrameSkipped(SourceError):
    """One frame could not be read (a corrupt image in a folder); the next read goes on."""


class FrameSource:
    """The one interface of every camera source: ``open()``, ``read()``, ``close()``.

    ``read()`` returns a ``Frame``, or None when no frame is ready yet, and raises a
    ``SourceError`` (or one of its kinds) on failure. ``live`` says whether the source is a
    camera worth re-opening after a failure, and whether stale frames may be dropped.
    Sources are context managers and ``close()`` is safe to call twice or before ``open()``.
    """

    name: str = "source"
    live: bool = False

    def open(self) -> None:
        raise NotImplementedError

    def read(self) -> Frame | None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> "FrameSource":
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
