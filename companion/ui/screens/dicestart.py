"""The start of an UNO Dice round: everyone takes five dice, one die is rolled into the
centre until it shows a number; the camera reads it (or it is entered by hand). In the
first round the table taps who rolled it (that player begins); later rounds are begun by
the last round's winner."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.engine.dice_faces import DieFace
from companion.ui import theme as T
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.basic import BigButton


def number_face(label: str) -> bool:
    """Only a number may start a round (seed 004, The Center Die)."""
    return DieFace.from_label(label).is_number


class DiceStartScreen(BaseScreen):
    title = StringProperty("")
    hint = StringProperty("")
    message = StringProperty("")
    center = StringProperty("")

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self.message = ctl.message
        self.center = ctl.pending_center or ""
        first_round = st.last_winner is None
        begins = ctl.who_begins()
        self.title = f"Round {snap['round'] + 1}: take 5 dice each and roll them"
        if first_round:
            self.hint = (f"{begins} rolls the centre die until it shows a number, and begins."
                         if begins else "Who rolls the centre die? Tap the name: that player "
                         "begins.")
        else:
            self.hint = f"{begins} won the last round, rolls the centre die and begins."
        box = self.ids.players
        box.clear_widgets()
        self.player_buttons = {}
        box.cols = 2
        box.opacity = 1 if first_round else 0
        if self.app.portrait:   # the names above the die
            rows = -(-len(st.players) // box.cols)
            box.size_hint = (1, None)
            box.height = rows * 72 + (rows - 1) * box.spacing[1] if first_round else 0
        else:                   # the names beside the die
            box.size_hint = (1.7 if first_round else 0.001, 1)
        if first_round:
            for name in st.players:
                b = BigButton(text=name, tint=T.BUTTON if name == begins else T.PANEL_HI,
                              max_font=T.NAME_PX)
                b.bind(on_release=lambda btn, name=name: self.ctl.choose_first(name))
                box.add_widget(b)
                self.player_buttons[name] = b
        self.ids.undo.disabled = len(ctl.game.events) <= 1

    # --- taps --------------------------------------------------------------------------------
    def enter_center(self) -> None:
        from companion.ui.widgets.dicepicker import DiePicker

        self.pick(DiePicker, "Which number does the centre die show?", self.ctl.play_by_hand,
                  allowed=number_face)
