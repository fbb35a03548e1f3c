"""Big buttons, labels that wrap or shrink instead of spilling, and a coloured panel.

Every label shows its text as text: ``markup`` stays off, so a player called ``[b]Ann``
or a House Rules dare with brackets is printed exactly as typed.
"""

from __future__ import annotations

from kivy.properties import ColorProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.ui import theme as T


class FitLabel(Label):
    """A label that wraps inside its box and shrinks its font (down to ``min_font``) until
    the text fits, so nothing is ever cut off at the edge of the screen."""

    min_font = NumericProperty(14)
    max_font = NumericProperty(T.NAME_PX)

    def __init__(self, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(**kwargs)
        self.bind(size=self._fit, text=self._fit, max_font=self._fit)
        self._fit()

    def _fit(self, *_):
        self.text_size = (max(1, self.width - 6), None)
        size = self.max_font
        self.font_size = size
        self.texture_update()
        while size > self.min_font and (self.texture_size[1] > self.height or
                                        self.texture_size[0] > self.width):
            size = max(self.min_font, size - 2)
            self.font_size = size
            self.texture_update()


class BigButton(Button):
    """A one-finger button: bold text that wraps and shrinks to fit, a solid tint."""

    tint = ColorProperty(T.BUTTON)
    max_font = NumericProperty(T.BUTTON_PX)
    min_font = NumericProperty(14)

    def __init__(self, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(**kwargs)
        self.bind(size=self._fit, text=self._fit, max_font=self._fit)
        self._fit()

    def _fit(self, *_):
        FitLabel._fit(self)  # same rule: wrap inside, shrink until it fits


class Panel(BoxLayout):
    """A box with a solid background colour (``bg``)."""

    bg = ColorProperty(T.PANEL)
