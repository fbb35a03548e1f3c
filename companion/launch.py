"""What ``run`` and ``demo`` share when they start the touchscreen: whether there is a
screen at all, Kivy's settings (made before Kivy opens its window), and the recogniser."""

from __future__ import annotations

import os
import sys
from typing import Any


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


def prepare_kivy(size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
    """Kivy settings that must be made before its window exists. Kivy must not read our
    command line (``KIVY_NO_ARGS``), and logs through Python's logging only."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from kivy.config import Config

    if size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click


def load_recognizer(deck_profile: str = "") -> Any:
    """The card recogniser, with the taught deck profile when one is configured.

    Returns None (the camera is shown, cards are typed) when the recogniser is not
    installed; raises ValueError with what to do when the profile cannot be read.
    """
    try:
        from vision.recognizer import Recognizer
    except ImportError:
        return None
    profile = None
    if deck_profile:
        from vision.profile import DeckProfile

        try:
            profile = DeckProfile.load(deck_profile)
        except (OSError, ValueError) as err:
            raise ValueError(f"{err} (check [camera] deck_profile in config.toml, or teach "
                             "the deck again)") from None
    return Recognizer(profile)
