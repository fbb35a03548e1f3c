"""Turn a camera setting (config file or ``--camera``) into a frame source."""

from __future__ import annotations

from .frame import FrameSource

SPEC_FORMS = ("picamera2, usb:0, file:game.mp4, dir:frames/, synthetic (or synthetic:SEED), "
              "synthetic-dice (or synthetic-dice:SEED)")


def parse_spec(spec: str) -> tuple[str, str]:
    """(kind, argument) of a camera setting, checked but not opened: the config file's
    check and ``open_source`` share it, so what one accepts the other opens. Raises
    ValueError naming the allowed forms."""
    text = (spec or "").strip()
    kind, sep, arg = text.partition(":")
    kind, arg = kind.lower(), arg.strip()
    if ((kind == "picamera2" and not arg)
            or (kind == "usb" and sep and arg.isdigit())
            or (kind in ("file", "dir") and arg)
            or (kind in ("synthetic", "synthetic-dice") and (not sep or arg.isdigit()))):
        return kind, arg
    raise ValueError(f"unknown camera {spec!r}: use one of {SPEC_FORMS}")


def open_source(spec: str, width: int = 640, height: int = 480, fps: float = 30.0) -> FrameSource:
    """The source a spec names; it is not opened yet (the capture thread opens it).

    ``picamera2`` the Pi camera, ``usb:N`` OpenCV capture device N, ``file:PATH`` a video
    file, ``dir:PATH`` a folder of pictures, ``synthetic[:SEED]`` a rendered table on which
    a game is played by itself in real time, ``synthetic-dice[:SEED]`` the same with the
    centre die of UNO Dice. Raises ValueError naming the allowed forms.
    """
    from .sources import ImageDirSource, OpenCVSource, Picamera2Source

    kind, arg = parse_spec(spec)
    if kind == "picamera2":
        return Picamera2Source(width, height)
    if kind == "usb":
        return OpenCVSource(int(arg), width, height, fps=fps)
    if kind == "file":
        return OpenCVSource(arg, width, height)
    if kind == "dir":
        return ImageDirSource(arg, fps=fps)
    seed = int(arg) if arg else 0
    if kind == "synthetic":
        from .synthetic import SyntheticSource

        return SyntheticSource(seed=seed, width=width, height=height,
                               fps=fps, autoplay=True, realtime=True)
    from .synthetic import SyntheticDiceSource

    return SyntheticDiceSource(seed=seed, width=width, height=height,
                               fps=fps, autoplay=True, realtime=True)
