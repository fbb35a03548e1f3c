"""Camera sources for real devices and recorded streams.

``Picamera2Source`` (the Raspberry Pi camera), ``OpenCVSource`` (a USB webcam by index, or
a video file), ``ImageDirSource`` (a folder of pictures). picamera2 exists only on
Raspberry Pi OS, so it is imported inside ``Picamera2Source.open()`` and nowhere else.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from .frame import Frame, FrameSkipped, FrameSource, SourceEnded, SourceError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm")


def _import_picamera2() -> Any:
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
    except ImportError as err:
        raise SourceError(
            f"picamera2 is not available ({err}); on Raspberry Pi OS install it with "
            "`sudo apt install python3-picamera2`, elsewhere use usb:0, file:, dir: or synthetic"
        ) from None
    return Picamera2()


class Picamera2Source(FrameSource):
    """The Raspberry Pi camera through picamera2: configure, start, capture, stop.

    The main stream is ``RGB888``, which libcamera lays out in BGR byte order: exactly what
    OpenCV wants, so no conversion is made. ``camera_factory`` returns a Picamera2-like
    object; it defaults to importing picamera2 and exists so the loop runs in tests.
    """

    live = True

    def __init__(self, width: int = 640, height: int = 480, *,
                 camera_factory: Callable[[], Any] | None = None):
        self.width, self.height = int(width), int(height)
        self.name = f"picamera2 {self.width}x{self.height}"
        self._factory = camera_factory or _import_picamera2
        self._cam: Any = None
        self._index = 0
        self._t0 = 0.0

    def open(self) -> None:
        self.close()
        try:
            cam = self._factory()
        except SourceError:
            raise
        except Exception as err:  # no camera attached, camera busy, libcamera error
            raise SourceError(f"cannot open the Pi camera: {err}") from None
        try:
            config = cam.create_video_configuration(
                main={"format": "RGB888", "size": (self.width, self.height)})
            cam.configure(config)
            cam.start()
        except Exception as err:
            _quietly(cam.close)
            raise SourceError(f"cannot start the Pi camera: {err}") from None
        self._cam = cam
        self._index = 0
        self._t0 = time.monotonic()

    def read(self) -> Frame | None:
        if self._cam is None:
            raise SourceError("the Pi camera is not open")
        try:
            image = self._cam.capture_array("main")
        except Exception as err:
            raise SourceError(f"the Pi camera stopped delivering frames: {err}") from None
        if image is None or getattr(image, "ndim", 0) != 3:
            raise SourceError("the Pi camera returned an empty frame")
        if image.shape[2] == 4:  # an XRGB8888 stream: drop the padding byte
            image = image[:, :, :3]
        frame = Frame(image, self._index, time.monotonic() - self._t0)
        self._index += 1
        return frame

    def close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is not None:
            _quietly(cam.stop)
            _quietly(cam.close)


class OpenCVSource(FrameSource):
    """An OpenCV capture: a USB webcam by index (live) or a video file (not live).

    A webcam that stops delivering raises ``SourceError`` (the capture loop re-opens it); a
    file that runs out raises ``SourceEnded``. File frames carry media time, so the events
    of a recorded game keep their real timing whatever speed it is processed at.
    """

    def __init__(self, target: int | str | Path, width: int = 640, height: int = 480,
                 fps: float | None = None):
        self.target = target if isinstance(target, int) else str(target)
        self.live = isinstance(target, int)
        self.width, self.height = int(width), int(height)
        self.fps = fps
        self.name = f"usb:{target}" if self.live else f"file:{target}"
        self._cap: Any = None
        self._index = 0
        self._t0 = 0.0
        self._media_fps = 0.0

    def open(self) -> None:
        import cv2

        self.close()
        if not self.live and not Path(self.target).is_file():
            raise SourceError(f"no video file at {self.target}")
        cap = cv2.VideoCapture(self.target)
        if not cap.isOpened():
            cap.release()
            what = f"camera {self.target} (is it plugged in?)" if self.live else \
                f"video {self.target} (not a video OpenCV can decode?)"
            raise SourceError(f"cannot open {what}")
        if self.live:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
            if self.fps:
                cap.set(cv2.CAP_PROP_FPS, float(self.fps))
        self._media_fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        if not self._media_fps > 0 or self._media_fps > 1000:
            self._media_fps = float(self.fps or 30.0)
        self._cap = cap
        self._index = 0
        self._t0 = time.monotonic()

    def read(self) -> Frame | None:
        if self._cap is None:
            raise SourceError(f"{self.name} is not open")
        ok, image = self._cap.read()
        if not ok or image is None or image.size == 0:
            if self.live:
                raise SourceError(f"camera {self.target} stopped delivering frames")
            raise SourceEnded(f"end of {self.target} after {self._index} frames")
        if image.ndim == 2:
            import cv2

            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        t = time.monotonic() - self._t0 if self.live else self._index / self._media_fps
        frame = Frame(image, self._index, t)
        self._index += 1
        return frame

    @property
    def frame_rate(self) -> float:
        """Frames per second the device or file reports (30 when it does not say)."""
        return self._media_fps or float(self.fps or 30.0)

    def close(self) -> None:
        cap, self._cap = self._cap, None
        if cap is not None:
            cap.release()


class ImageDirSource(FrameSource):
    """The pictures of a folder in name order, one frame each, at a nominal ``fps``.

    A file that is not a readable image raises ``FrameSkipped`` (its index is used up, so
    frame numbers stay those of the folder's listing) and the next read goes on.
    """

    def __init__(self, path: str | Path, fps: float = 30.0):
        self.path = Path(path)
        self.fps = float(fps)
        self.name = f"dir:{path}"
        self._files: list[Path] | None = None
        self._index = 0

    def open(self) -> None:
        if not self.path.is_dir():
            raise SourceError(f"no folder at {self.path}")
        files = sorted(p for p in self.path.iterdir()
                       if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
        if not files:
            raise SourceError(f"no pictures in {self.path} "
                              f"(looked for {', '.join(IMAGE_SUFFIXES)})")
        self._files = files
        self._index = 0

    def read(self) -> Frame | None:
        import cv2

        if self._files is None:
            raise SourceError(f"{self.name} is not open")
        if self._index >= len(self._files):
            raise SourceEnded(f"end of {self.path} after {len(self._files)} pictures")
        index = self._index
        path = self._files[index]
        self._index += 1
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None or image.size == 0:
            raise FrameSkipped(f"cannot read {path.name}: not a picture OpenCV can decode")
        return Frame(image, index, index / self.fps)

    def close(self) -> None:
        self._files = None


def _quietly(call: Callable[[], Any]) -> None:
    """Run a clean-up step whose failure must not hide the error being reported."""
    try:
        call()
    except Exception:
        pass
