"""Camera sources behind one interface, and the thread that captures from them.

``open_source("usb:0")`` picks a source from a setting; ``CaptureThread(source)`` reads it
on its own thread and hands the newest frames over. See ``frame`` for the interface.
"""

from .capture import CaptureThread, FrameQueue
from .fakes import FlakySource, ListSource
from .frame import Frame, FrameSkipped, FrameSource, SourceEnded, SourceError
from .sources import ImageDirSource, OpenCVSource, Picamera2Source
from .spec import SPEC_FORMS, open_source

__all__ = [
    "CaptureThread", "FrameQueue", "FlakySource", "ListSource", "Frame", "FrameSkipped",
    "FrameSource", "SourceEnded", "SourceError", "ImageDirSource", "OpenCVSource",
    "Picamera2Source", "SPEC_FORMS", "open_source", "SyntheticSource", "SyntheticDiceSource",
]


def __getattr__(name: str):
    # The synthetic table pulls in the renderer; load it only when asked for.
    if name in ("SyntheticSource", "SyntheticDiceSource"):
        from . import synthetic

        return getattr(synthetic, name)
    raise AttributeError(name)
