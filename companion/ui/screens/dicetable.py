"""The UNO Dice table: the centre die drawn large, the colour in play, the seats with their
dice counts and the direction of play, the pouch, and big buttons for what a camera cannot
see (Re-rolled, Drew a die, Pass, UNO!, Catch, Challenge after a Wild Draw 4, Undo, a die
entered by hand)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from companion.ui.screens.base import BaseScreen
from companion.ui.screens.table import SeatsAndCalls


class DiceTableScreen(SeatsAndCalls, BaseScreen):
    pieces = "dice"
    pouch_text = StringProperty("")
    pouch_empty = BooleanProperty(False)
    challenge_text = StringProperty("Challenge")
    can_reroll = BooleanProperty(False)
    can_challenge = BooleanProperty(False)

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self._show_table(snap, "drew a die" if st.drew else "re-rolled" if st.rerolled
                         else "to play")
        demo = "Demo · " if self.app.demo else ""
        self.round_text = f"{demo}UNO Dice · Round {snap['round']} · to {st.target}"
        pouch = snap["draw_pile"]
        self.pouch_empty = pouch == 0
        self.pouch_text = "Pouch empty" if pouch == 0 else (
            "Pouch 1 die" if pouch == 1 else f"Pouch {pouch} dice")
        self.can_reroll = ctl.may_reroll()
        self.can_draw = ctl.may_draw_die()
        self.can_pass = ctl.may_pass()
        who = ctl.challengeable()
        self.can_challenge = who is not None
        self.challenge_text = f"Challenge\n{who[0]}'s +4" if who else "Challenge"
        self._calls(snap)
        self._seats(snap)

    # --- taps --------------------------------------------------------------------------------
    def tap_reroll(self):
        self.ctl.reroll()

    def tap_challenge(self):
        self.ctl.challenge()

    def tap_enter_die(self):
        from companion.ui.widgets.dicepicker import DiePicker

        snap = self.ctl.snapshot()
        who = snap["current"] if snap else ""
        self.pick(DiePicker, f"Which die did {who} play?", self.ctl.play_by_hand,
                  allowed=self.ctl.playable)
