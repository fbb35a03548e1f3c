"""The table, the main screen: the top card, the colour in play, the seats with their
card counts and the direction of play, the draw pile, the camera, and the big buttons
for what a camera cannot see."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.ui.screens.base import BaseScreen
from companion.words import colour_words


class SeatsAndCalls:
    """What the card and the dice table screens share: the top card or centre die with the
    colour in play, the seats with their UNO countdown, the message line, and the UNO!,
    Catch, Undo, Draw and Pass buttons. Needs ``ctl`` (a screen's)."""

    pieces = "cards"
    top_label = StringProperty("")
    color_in_play = StringProperty("")
    colour_text = StringProperty("")
    seats = ListProperty([])
    direction = StringProperty("clockwise")
    centre_text = StringProperty("")
    round_text = StringProperty("")
    message = StringProperty("")
    message_bad = BooleanProperty(False)
    uno_text = StringProperty("UNO!")
    catch_text = StringProperty("Catch")
    can_draw = BooleanProperty(False)
    can_pass = BooleanProperty(False)
    can_catch = BooleanProperty(False)
    can_undo = BooleanProperty(False)

    def _show_table(self, snap: dict, doing: str = "to play") -> None:
        """The top piece, its colour, the direction round the seats, the message line."""
        ctl = self.ctl
        self.top_label = snap["top"] or ""
        self.color_in_play = snap["color"] or ""
        self.colour_text = f"    {colour_words(snap['color'])}" if snap["color"] else ""
        self.direction = snap["direction"]
        current = snap["current"]
        word = "clockwise" if snap["direction"] == "clockwise" else "counter-\nclockwise"
        self.centre_text = f"{current}\n{doing}\n({word})" if current else word
        self.message = ctl.message
        self.message_bad = bool(ctl.last is not None and not ctl.last.accepted)

    def _seats(self, snap: dict) -> None:
        countdown = self.ctl.uno_countdown()
        seats = []
        for p in snap["players"]:
            mark = ""
            if countdown is not None and countdown[0] == p["name"]:
                mark = "!" if countdown[2] else str(int(countdown[1] + 0.999))
            seats.append({"name": p["name"], "cards": p["cards"], "uno": p["uno"],
                          "current": p["name"] == snap["current"], "countdown": mark,
                          "pieces": self.pieces})
        if seats != self.seats:
            self.seats = seats

    def on_frame(self) -> None:
        """Every clock tick: only the UNO countdown moves on its own."""
        snap = self.ctl.snapshot()
        if snap is not None and (self.ctl.uno_countdown() is not None or
                                 any(s["countdown"] for s in self.seats)):
            self._seats(snap)

    def _calls(self, snap: dict) -> None:
        """UNO! names who may call it, Catch who may be caught; Undo once there is a move."""
        ctl = self.ctl
        caught = ctl.catchable()
        self.can_catch = caught is not None
        self.catch_text = f"Catch\n{caught}" if caught else "Catch"
        one = [p["name"] for p in snap["players"] if p["cards"] == 1 and not p["uno"]]
        self.uno_text = f"UNO!\n{one[0]}" if one else "UNO!"
        self.can_undo = len(ctl.game.events) > 1

    # --- taps --------------------------------------------------------------------------------
    def tap_draw(self):
        self.ctl.draw()

    def tap_pass(self):
        self.ctl.pass_turn()

    def tap_uno(self):
        """UNO! for the one player who may call it; ask who when several may."""
        from companion.ui import theme as T
        from companion.ui.widgets.keys import ChoicePopup

        names = self.ctl.uno_candidates()
        if len(names) <= 1:
            self.ctl.uno(names[0] if names else None)
            return
        question = ("Who calls UNO?", [(name, (lambda n=name: self.ctl.uno(n)), T.BUTTON)
                                       for name in names], "", min(len(names), 4))
        if getattr(self, "who_calls", None) is None:
            self.who_calls = ChoicePopup(*question)
        else:
            self.who_calls.ask(*question)      # kept: its buttons are retyped
        self.who_calls.open()

    def tap_catch(self):
        self.ctl.catch()

    def tap_undo(self):
        self.ctl.undo()


class TableScreen(SeatsAndCalls, BaseScreen):
    pile_text = StringProperty("")
    reshuffle = BooleanProperty(False)

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self._show_table(snap)
        demo = "Demo · " if self.app.demo else ""
        self.round_text = f"{demo}Round {snap['round']} · to {st.target} · {snap['dealer']} dealt"
        pile = snap["draw_pile"]
        self.reshuffle = ctl.reshuffle_due()
        self.pile_text = ("Reshuffle now! " if self.reshuffle else "") + f"Draw pile {pile}"
        in_play = snap["phase"] == "play"
        self.can_draw = in_play and not st.drew
        self.can_pass = in_play and st.drew
        self._calls(snap)
        self._seats(snap)

    def tap_enter_card(self):
        from companion.ui.widgets.picker import CardPicker

        snap = self.ctl.snapshot()
        who = snap["current"] if snap else ""
        self.pick(CardPicker, f"Which card did {who} play?", self.ctl.play_by_hand,
                  allowed=self.ctl.playable)
