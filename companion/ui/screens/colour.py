"""After a Wild Dare (or a Wild / Wild Draw 4 die): four large colour buttons, each with its
shape and its word; after a Wild Draw 4 the table may challenge it from here."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from companion.ui.screens.base import BaseScreen


class ColourScreen(BaseScreen):
    who = StringProperty("")
    message = StringProperty("")
    can_challenge = BooleanProperty(False)
    challenge_text = StringProperty("Challenge")

    def refresh(self) -> None:
        snap = self.ctl.snapshot()
        if snap is None:
            return
        self.who = f"{snap['current']} chooses the colour"
        self.message = self.ctl.message
        who = self.ctl.challengeable()
        self.can_challenge = who is not None
        self.challenge_text = f"Challenge {who[0]}'s Wild Draw 4" if who else "Challenge"

    def choose(self, colour: str) -> None:
        self.ctl.choose_color(colour)
