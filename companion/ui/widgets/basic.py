"""Big buttons, labels that wrap or shrink instead of spilling, and a coloured panel.

Every label shows its text as text: ``markup`` stays off, so a player called ``[b]Ann``
or a House Rules dare with brackets is printed exactly as typed.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ColorProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.ui import theme as T


def fit_text(label, cache: dict) -> None:
    """Wrap ``label``'s text inside its box and shrink the font (down to ``min_font``)
    until it fits. Text rendering is the dear part of a frame on a Pi, so a box and text
    already fitted are not measured again (``cache`` remembers the last answer)."""
    key = (label.text, round(label.width), round(label.height), label.max_font,
           label.min_font, label.bold)
    if cache.get("key") == key:
        return
    label.text_size = (max(1, label.width - 6), None)
    size = label.max_font
    label.font_size = size
    if label.text and label.width > 1 and label.height > 1:
        label.texture_update()
        tw, th = label.texture_size
        if size > label.min_font and (th > label.height or tw > label.width):
            # wrapped text grows with the square of the font: jump near the answer first
            ratio = min(label.width / max(tw, 1), 1.0) * min(label.height / max(th, 1), 1.0)
            size = max(label.min_font, int(size * ratio ** 0.5) + 1)
            label.font_size = size
            label.texture_update()
        while size > label.min_font and (label.texture_size[1] > label.height or
                                         label.texture_size[0] > label.width):
            size = max(label.min_font, size - 2)
            label.font_size = size
            label.texture_update()
    cache["key"] = key


class FitsText:
    """Wrap the text inside the widget's box and shrink its font (``max_font`` down to
    ``min_font``) whenever the text, the size or the fonts change."""

    def _start_fitting(self) -> None:
        self._fitted: dict = {}
        self._refit = Clock.create_trigger(self._fit, -1)
        self.bind(size=self._refit, text=self._refit, max_font=self._refit,
                  min_font=self._refit, bold=self._refit)
        self._refit()

    def _fit(self, *_):
        fit_text(self, self._fitted)


class FitLabel(FitsText, Label):
    """A label that wraps inside its box and shrinks its font (down to ``min_font``) until
    the text fits, so nothing is ever cut off at the edge of the screen."""

    min_font = NumericProperty(14)
    max_font = NumericProperty(T.NAME_PX)

    def __init__(self, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(**kwargs)
        self._start_fitting()


class BigButton(FitsText, Button):
    """A one-finger button: bold text that wraps and shrinks to fit, a solid tint."""

    tint = ColorProperty(T.BUTTON)
    max_font = NumericProperty(T.BUTTON_PX)
    min_font = NumericProperty(14)

    def __init__(self, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(**kwargs)
        self._start_fitting()


class Panel(BoxLayout):
    """A box with a solid background colour (``bg``)."""

    bg = ColorProperty(T.PANEL)
