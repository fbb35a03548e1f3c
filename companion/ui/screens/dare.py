"""The dare: who is dared, the dare's number and its text from the chosen Dare List, and
the three answers (done; failed or declined: two cards, with the penalty buzz)."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.engine.dares import HOUSE
from companion.ui.screens.base import BaseScreen

LIST_TITLES = {"family": "Family", "daredevil": "Daredevil", "show-off": "Show-off",
               HOUSE: "House Rules"}


class DareScreen(BaseScreen):
    who = StringProperty("")
    number_text = StringProperty("")
    dare_text = StringProperty("")
    message = StringProperty("")

    def refresh(self) -> None:
        snap = self.ctl.snapshot()
        pending = snap and snap["pending_dare"]
        if not pending:
            return
        st = self.ctl.state
        self.who = f"{pending['player']}, a dare!"
        title = LIST_TITLES.get(st.dare_list, st.dare_list)
        number = pending["number"]
        self.number_text = (f"Dare {number} · {title} list" if number is not None
                            else f"{title} list · the card's number was not read")
        text = pending["text"]
        if text is None:
            text = ("Read dare " + str(number) + " on your Dare List card."
                    if number is not None else "Read the dare from the card's number.")
        self.dare_text = text
        self.message = self.ctl.message

    def answer(self, outcome: str) -> None:
        self.ctl.dare(outcome)
