"""One player's row on the new-game screen: the name (tap to rename), move up or down the
seating order, remove."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout


class PlayerRow(BoxLayout):
    screen = ObjectProperty(None)
    index = NumericProperty(0)
    name = StringProperty("")
    first = BooleanProperty(False)
    last = BooleanProperty(False)
