"""One House Rules dare in the editor: its number and text; tap to retype it."""

from __future__ import annotations

from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout


class DareRow(BoxLayout):
    screen = ObjectProperty(None)
    number = NumericProperty(1)
    text = StringProperty("")
