"""Helpers for driving the touchscreen in tests: step frames, tap widgets, read text."""

from __future__ import annotations

import time


def frames(n: int = 3) -> None:
    """Let Kivy run ``n`` frames (clock callbacks, layout, drawing)."""
    from kivy.base import EventLoop

    for _ in range(n):
        EventLoop.idle()


def tap(widget, settle: int = 2) -> None:
    """Touch ``widget`` at its centre with one finger, as a player would."""
    from kivy.tests.common import UnitTestTouch

    from kivy.uix.scrollview import ScrollView

    frames(1)
    assert widget.get_root_window() is not None, f"{widget} is not on the screen"
    window = widget.get_root_window()
    parent = widget.parent
    while parent is not None and parent is not window:
        if isinstance(parent, ScrollView):   # scroll it into view first, as a finger would
            parent.scroll_to(widget, padding=4, animate=False)
            frames(2)
        parent = parent.parent
    assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
    x, y = widget.to_window(widget.center_x, widget.center_y)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    frames(settle)


def popups() -> list:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def close_popups() -> None:
    for view in popups():
        view.dismiss(animation=False)
    frames()


def button_in(root, text: str):
    """The button showing ``text`` inside ``root`` (a screen or a pop-up)."""
    from kivy.uix.button import Button

    for w in root.walk(restrict=True):
        if isinstance(w, Button) and w.text == text:
            return w
    raise AssertionError(f"no button {text!r}; buttons: "
                         f"{[w.text for w in root.walk() if isinstance(w, Button)]}")


def texts(root) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in root.walk(restrict=True) if isinstance(w, Label) and w.text]


def wait_until(condition, timeout: float = 10.0, what: str = "the condition") -> None:
    """Step frames until ``condition()`` holds (camera results arrive from threads)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        frames(1)
        time.sleep(0.002)
