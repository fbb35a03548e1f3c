"""After a Wild Dare: four large colour buttons, each with its shape and its word."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.ui.screens.base import BaseScreen


class ColourScreen(BaseScreen):
    who = StringProperty("")
    message = StringProperty("")

    def refresh(self) -> None:
        snap = self.ctl.snapshot()
        if snap is None:
            return
        self.who = f"{snap['current']} chooses the colour"
        self.message = self.ctl.message

    def choose(self, colour: str) -> None:
        self.ctl.choose_color(colour)
