"""Deal: pick the dealer (tap a name, or draw for dealer: each player shows a card to the
camera, highest number deals), then the camera reads the starter card (or it is typed)."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from companion.engine.errors import UnoError
from companion.ui import theme as T
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.basic import BigButton, FitLabel
from companion.words import card_name


class DealScreen(BaseScreen):
    title = StringProperty("")
    message = StringProperty("")
    flip = BooleanProperty(False)          # dealt: waiting for the starter card
    drawing = BooleanProperty(False)       # drawing for dealer

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self.flip = snap["phase"] == "flip"
        self.drawing = ctl.dealer_draw is not None
        self.message = ctl.message
        # the buttons are made again only when what they show changes: a widget made and
        # dropped at every refresh costs memory a software GL driver never gives back
        draw = ctl.dealer_draw
        shown = (snap["phase"], snap["round"], snap["dealer"], tuple(st.players),
                 self.app.portrait, draw and (repr(draw.passes), repr(draw.shown),
                                              draw.waiting_for))
        if shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        body = self.ids.body
        body.clear_widgets()
        buttons = self.ids.buttons
        buttons.clear_widgets()
        if self.flip:
            self.title = f"Round {snap['round']}: {snap['dealer']} deals 7 cards each"
            self._flip_body(body, buttons)
        elif self.drawing:
            self.title = "Draw for dealer: the highest number deals"
            self._draw_body(body, buttons)
        else:
            first = st.dealer is None
            nxt = None if first else st.players[st.left_of(st.dealer)]
            self.title = (f"Round {snap['round'] + 1}: who deals?" if first else
                          f"Round {snap['round'] + 1}: {nxt} deals (the deal passes left)")
            self._pick_body(body, buttons, first, nxt)

    def _pick_body(self, body, buttons, first: bool, nxt: str | None) -> None:
        players = self.ctl.state.players
        body.cols = 2 if self.app.portrait else min(5, max(2, len(players)))
        for i, name in enumerate(players):
            body.add_widget(self._button(("player", i), name,
                                         T.BUTTON if name == nxt else T.PANEL_HI,
                                         lambda name=name: self.deal(name),
                                         max_font=T.NAME_PX))
        self.player_buttons = {b.text: b for b in body.children}
        if first:
            buttons.add_widget(self._button("go", "Draw for dealer", T.BUTTON,
                                            self.start_draw))
            self.ids.hint.text = "Tap the dealer, or draw for dealer."
        else:
            buttons.add_widget(self._button("go", f"Deal: {nxt}", (0.1, 0.5, 0.25, 1),
                                            lambda: self.deal(None)))
            self.ids.hint.text = "Or tap another dealer."
        self._menu(buttons)

    def _draw_body(self, body, buttons) -> None:
        draw = self.ctl.dealer_draw
        body.cols = 1
        lines = []
        for i, shown in enumerate(draw.passes, 1):
            cards = ", ".join(f"{who} {card_name(label)} ({draw.value_of(label)})"
                              for who, label in shown.items())
            lines.append(f"Pass {i}: {cards}")
        if draw.shown:
            lines.append(", ".join(f"{who} {card_name(label)} ({draw.value_of(label)})"
                                   for who, label in draw.shown.items()))
        passes = self._kept("passes", lambda: FitLabel(max_font=T.NAME_PX, color=T.MUTED))
        passes.text = "\n".join(lines[-4:]) or "Action cards count zero."
        body.add_widget(passes)
        who = draw.waiting_for
        self.ids.hint.text = f"{who}: show a card to the camera."
        buttons.add_widget(self._button("go", f"Enter {who}'s card", T.BUTTON,
                                        self.enter_dealer_card))
        buttons.add_widget(self._button("back", "Tap the dealer instead", T.PANEL_HI,
                                        self.cancel_draw))

    def _flip_body(self, body, buttons) -> None:
        from companion.ui.widgets.cardview import CardView

        body.cols = 1
        body.add_widget(self._kept("starter", lambda: CardView(
            placeholder="waiting for\nthe starter card")))
        self.ids.hint.text = "Turn over the top card of the draw pile under the camera."
        buttons.add_widget(self._button("go", "Enter the starter card", T.BUTTON,
                                        self.enter_starter))
        buttons.add_widget(self._button("back", "Undo the deal", T.PANEL_HI,
                                        lambda: self.ctl.undo()))
        self._menu(buttons)

    def _menu(self, buttons) -> None:
        buttons.add_widget(self._button("menu", "Menu", T.PANEL_HI, self.open_menu,
                                        size_hint_x=0.5))

    # --- the widgets of the bodies, made once and kept ------------------------------------------
    def _kept(self, key, make: Callable[[], Widget]) -> Widget:
        """The widget kept under ``key``, made by ``make`` the first time: the bodies are
        put together again at every deal, and a widget made and dropped costs memory a
        software GL driver never gives back (in portrait the starter card's placeholder
        alone was a 2.6 MB text picture a round)."""
        kept = self.__dict__.setdefault("_widgets", {})
        if key not in kept:
            kept[key] = make()
        return kept[key]

    def _button(self, key, text: str, tint, action: Callable[[], Any], **kwargs) -> BigButton:
        """The kept button ``key`` (made with ``kwargs``) showing ``text`` in ``tint``, and
        doing ``action`` when tapped."""
        def make() -> BigButton:
            b = BigButton(**kwargs)
            b.bind(on_release=lambda btn: btn.action())
            return b

        b = self._kept(("button", key), make)
        b.text, b.tint, b.action = text, tint, action
        return b

    # --- taps --------------------------------------------------------------------------------
    def deal(self, dealer: str | None) -> None:
        self.ctl.deal(dealer)

    def start_draw(self) -> None:
        try:
            self.ctl.start_dealer_draw()
        except UnoError as err:
            self.message = str(err)

    def cancel_draw(self) -> None:
        self.ctl.dealer_draw = None
        self.refresh()

    def enter_dealer_card(self) -> None:
        from companion.ui.widgets.picker import CardPicker

        who = self.ctl.dealer_draw.waiting_for
        self.pick(CardPicker, f"Which card did {who} draw?", self.ctl.dealer_card)

    def enter_starter(self) -> None:
        from companion.ui.widgets.picker import CardPicker

        self.pick(CardPicker, "Which card is the starter card?", self.ctl.play_by_hand)
