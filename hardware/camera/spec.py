"""Turn a camera setting (config file or ``--camera``) into a frame source."""

from __future__ import annotations

from .frame import FrameSource

SPEC_FORMS = ("picamera2, usb:0, file:game.mp4, dir:frames/, synthetic (or synthetic:SEED), "
              "synthetic-dice (or synthetic-dice:SEED)")


def open_source(spec: str, width: int = 640, height: int = 480, fps: float = 30.0) -> FrameSource:
    """The source a spec names; it is not opened yet (the capture thread opens it).

    ``picamera2`` the Pi camera, ``usb:N`` OpenCV capture device N, ``file:PATH`` a video
    file, ``dir:PATH`` a folder of pictures, ``synthetic[:SEED]`` a rendered table on which
    a game is played by itself in real time, ``synthetic-dice[:SEED]`` the same with the
    centre die of UNO Dice. Raises ValueError naming the allowed forms.
    """
    from .sources import ImageDirSource, OpenCVSource, Picamera2Source

    text = (spec or "").strip()
    kind, sep, arg = text.partition(":")
    kind = kind.lower()
    if kind == "picamera2" and not arg:
        return Picamera2Source(width, height)
    if kind == "usb" and sep and arg.strip().isdigit():
        return OpenCVSource(int(arg), width, height, fps=fps)
    if kind == "file" and arg:
        return OpenCVSource(arg, width, height)
    if kind == "dir" and arg:
        return ImageDirSource(arg, fps=fps)
    if kind == "synthetic" and (not sep or arg.strip().isdigit()):
        from .synthetic import SyntheticSource

        return SyntheticSource(seed=int(arg) if arg else 0, width=width, height=height,
                               fps=fps, autoplay=True, realtime=True)
    if kind == "synthetic-dice" and (not sep or arg.strip().isdigit()):
        from .synthetic import SyntheticDiceSource

        return SyntheticDiceSource(seed=int(arg) if arg else 0, width=width, height=height,
                                   fps=fps, autoplay=True, realtime=True)
    raise ValueError(f"unknown camera {spec!r}: use one of {SPEC_FORMS}")
