"""What ``run`` and ``demo`` share when they start the touchscreen: whether there is a
screen at all, Kivy's settings and the process's memory settings (made before Kivy opens
its window and starts its threads), and the recogniser."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MemoryParams:
    """How the process's memory allocator is set up (glibc on Linux; the Pi's OS).

    With its defaults glibc gives every thread that allocates its own arena (up to 8 per
    core: Kivy, the GL driver's threads, the camera and the recogniser each keep one) and
    keeps freed frame-sized blocks in them once it has returned one to the system: a
    demo's peak grew by about 20 MB from that alone (README, "The touchscreen").

    The mmap threshold is fixed (glibc then no longer raises it by itself). At 128 kB every
    working picture of the recogniser (a 320 px frame, a flattened card's float planes,
    OpenCV's buffers) was mapped and unmapped at each use: ~850 fresh pages and ~1.6 ms of
    system time a frame. At 1 MiB a frame read again maps none, and ``bench app``'s peaks
    stayed the same (227/172/244 MB for run/none/demo at 128 kB, 512 kB and 1 MiB).
    """

    arenas: int = 2                    # malloc arenas shared by all threads
    mmap_threshold: int = 1024 * 1024  # bytes: blocks this big go back to the system at once
    opencv_threads: int = 1            # OpenCV's own worker threads (0/1: none)
    blas_threads: int = 1              # numpy's OpenBLAS threads (read when numpy loads)


def has_display() -> bool:
    """Whether a window can open: on Linux an X or Wayland display, or an SDL video
    driver chosen on purpose (``kmsdrm`` on the Pi's console, ``offscreen`` in tests)."""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``800x480`` -> (800, 480); ValueError with the expected form otherwise."""
    if not text:
        return None
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"window size {text!r}: write it as WIDTHxHEIGHT, e.g. 800x480") from None
    if not (100 <= width <= 8192 and 100 <= height <= 8192):
        raise ValueError(f"window size {text!r}: 100-8192 pixels each way")
    return width, height


def prepare_kivy(size: tuple[int, int] | None = None, fullscreen: bool = False,
                 multisamples: int = 0) -> None:
    """Kivy settings that must be made before its window exists. Kivy must not read our
    command line (``KIVY_NO_ARGS``), and logs through Python's logging only. The memory
    allocator is set up here too, before the window's threads start (``limit_memory``).

    ``multisamples``: Kivy asks for a 2x anti-aliased window by default, which doubles the
    window's colour and depth buffers (11 MB at 800x480 with the software GL driver) for
    smoother edges on 0.3% of the pixels of these flat screens (text is not affected)."""
    limit_memory()
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from kivy.config import Config

    if size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    Config.set("graphics", "multisamples", str(int(multisamples)))
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click


def limit_memory(params: MemoryParams = MemoryParams()) -> bool:
    """Share few malloc arenas between the threads and hand big blocks back to the system
    at once (glibc's ``mallopt``); numpy's BLAS without a pool of threads when numpy is
    not loaded yet (the recogniser's few vector products do not need one, and each thread
    keeps memory of its own). A setting given in the environment (``MALLOC_ARENA_MAX``,
    ``MALLOC_MMAP_THRESHOLD_``, ``OPENBLAS_NUM_THREADS``) is left as it is. False where
    there is no glibc (macOS, Windows, musl): the allocator is then left alone."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", str(params.blas_threads))
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    m_mmap_threshold, m_arena_max = -3, -8     # from glibc's malloc.h
    done = True
    if "MALLOC_ARENA_MAX" not in os.environ:
        done &= mallopt(m_arena_max, params.arenas) == 1
    if "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        done &= mallopt(m_mmap_threshold, params.mmap_threshold) == 1
    return bool(done)


def limit_opencv_threads(params: MemoryParams = MemoryParams()) -> None:
    """OpenCV's pool of worker threads, each with memory of its own, is not worth it for
    one 640x480 frame at a time beside the screen: the camera's threads do the work."""
    import cv2

    cv2.setNumThreads(params.opencv_threads)


def load_recognizer(deck_profile: str = "") -> Any:
    """The card recogniser, with the taught deck profile when one is configured.

    Returns None (the camera is shown, cards are typed) when the recogniser is not
    installed; raises ValueError with what to do when the profile cannot be read.
    """
    try:
        from vision.recognizer import Recognizer
    except ImportError:
        return None
    limit_opencv_threads()
    profile = None
    if deck_profile:
        from vision.profile import DeckProfile

        try:
            profile = DeckProfile.load(deck_profile)
        except (OSError, ValueError) as err:
            raise ValueError(f"{err} (check [camera] deck_profile in config.toml, or teach "
                             "the deck again)") from None
    return Recognizer(profile)
