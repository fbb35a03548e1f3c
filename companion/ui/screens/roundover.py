"""Round over: count what is left in each opponent's hand, then show the round's points.

For each player still holding cards (or dice, in UNO Dice), in seat order: spread the hand
face up under the camera and tap Count (the camera names every card or die in view),
correct the list by touch (the card or die picker), or type the points on a keypad. A count that differs from the cards the companion kept
is pointed out before it is confirmed. Once every hand is in, the round's points show.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.ui import theme as T
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.basic import BigButton, FitLabel
from companion.words import card_name, count_words


class RoundOverScreen(BaseScreen):
    title = StringProperty("")
    player = StringProperty("")         # whose hand is being counted ("" when all are in)
    cards = ListProperty([])            # the hand as listed now (labels)
    kept = StringProperty("")
    warning = StringProperty("")
    message = StringProperty("")
    counting = BooleanProperty(False)   # the camera is counting
    pieces = StringProperty("cards")    # what a hand holds: cards, or dice
    results = BooleanProperty(False)    # every hand is in: the round's points show

    def refresh(self) -> None:
        ctl = self.ctl
        snap = ctl.snapshot()
        if snap is None:
            return
        st = ctl.state
        self.pieces = ctl.game.variant.pieces
        self.message = ctl.message
        self.results = snap["phase"] != "hands"
        if self.results:
            self._show_results(snap)
            return
        winner = st.players[st.round_winner]
        self.title = f"Round {snap['round']}: {winner} went out!"
        todo = [s for s in range(st.n) if s != st.round_winner and s not in st.hands]
        player = st.players[todo[0]] if todo else ""
        if player != self.player:
            self.player = player
            self.cards = []
            self.counting = False
        seat = st.seat_of(player) if player else None
        self.kept = (f"{player}: the companion counted {count_words(st.counts[seat], self.pieces)}"
                     if player else "")
        self._status_list(st)
        self._chips()

    def _status_list(self, st) -> None:
        rows = []
        for seat, name in enumerate(st.players):
            if seat == st.round_winner:
                text, colour = f"{name}: went out", T.GOOD
            elif seat in st.hands:
                text, colour = f"{name}: {st.hands[seat]} points", T.TEXT
            else:
                text, colour = f"{name}: {count_words(st.counts[seat], self.pieces)} to count", \
                    T.ACCENT if name == self.player else T.MUTED
            rows.append((text, colour, 40))
        self._status_rows(rows)

    def _status_rows(self, rows: list) -> None:
        """The status list as (text, colour, height) rows. Its labels are kept and retyped:
        a label made and dropped at every refresh costs memory that a software GL driver
        never gives back (README, "The touchscreen")."""
        box = self.ids.status
        if len(box.children) != len(rows):
            box.clear_widgets()
            for _ in rows:
                box.add_widget(FitLabel(max_font=T.NAME_PX, min_font=16, size_hint_y=None))
        for label, (text, colour, height) in zip(reversed(box.children), rows):
            label.text, label.color, label.height = text, colour, height

    def _chips(self) -> None:
        grid = self.ids.chips
        grid.clear_widgets()
        pieces = [self.ctl.parse(label) for label in self.cards]
        for i, (label, piece) in enumerate(zip(self.cards, pieces)):
            b = BigButton(text=f"{card_name(label)}  ×", tint=T.card_rgba(piece.color),
                          max_font=T.SMALL_PX + 2, size_hint_y=None, height=60)
            b.color = T.ink_rgba(piece.color)
            b.bind(on_release=lambda btn, i=i: self.remove_card(i))
            grid.add_widget(b)
        points = sum(piece.points for piece in pieces)
        self.ids.total.text = (f"{count_words(len(self.cards), self.pieces)}, {points} points"
                               if self.cards else f"No {self.pieces} listed yet")
        st = self.ctl.state
        if self.player and self.cards and st is not None:
            kept = st.counts[st.seat_of(self.player)]
            self.warning = ("" if len(self.cards) == kept else
                            f"Listed {len(self.cards)}, but the companion counted {kept}: "
                            "check the spread (or confirm if the list is right).")
        else:
            self.warning = ""

    def _show_results(self, snap: dict) -> None:
        rounds = snap["rounds"]
        if not rounds:
            return
        last = rounds[-1]
        self.title = f"Round {len(rounds)} won by {last['winner']}"
        self.player = ""
        rows = []
        for p in snap["players"]:
            got = last["points"].get(p["name"], 0)
            rows.append((f"{p['name']}: +{got} this round, {p['score']} in all",
                         T.GOOD if got else T.TEXT, 44))
        self._status_rows(rows)
        self.ids.chips.clear_widgets()
        self.ids.total.text = (f"{snap['winner']} wins the game!" if snap["winner"]
                               else "")
        self.warning = ""

    # --- taps --------------------------------------------------------------------------------
    def count_with_camera(self) -> None:
        feed = self.app.feed
        if feed is None or not feed.reads_cards:
            self.message = (f"No camera reads {self.pieces} here: add the {self.pieces} by hand, "
                            "or type the points.")
            return
        self.counting = True
        # the centre die would be counted with the hand: it has to leave the camera's view
        away = " (the centre die out of view)" if self.pieces == "dice" else ""
        self.message = f"Counting {self.player}'s {self.pieces}{away} ..."
        feed.request_count()

    def camera_counted(self, labels: list[str]) -> None:
        """The camera's answer (on the main thread): the cards it sees, for correcting."""
        self.counting = False
        self.cards = list(labels)
        self.message = (f"The camera sees {count_words(len(labels), self.pieces)}: remove wrong "
                        "ones (tap them), add missed ones, then confirm." if labels else
                        f"The camera sees no {self.pieces}: spread them face up, all in view.")
        self._chips()

    def add_card(self) -> None:
        from companion.ui.widgets.dicepicker import DiePicker
        from companion.ui.widgets.picker import CardPicker

        if self.pieces == "dice":
            self.pick(DiePicker, f"Add a die of {self.player}'s", self._added)
        else:
            self.pick(CardPicker, f"Add a card of {self.player}'s", self._added)

    def _added(self, label: str) -> None:
        self.cards = self.cards + [label]
        self._chips()

    def remove_card(self, index: int) -> None:
        cards = list(self.cards)
        del cards[index]
        self.cards = cards
        self._chips()

    def confirm(self) -> None:
        if not self.player:
            return
        self.ctl.hand(self.player, cards=list(self.cards))

    def type_points(self) -> None:
        from companion.ui.widgets.keys import NumberPad

        player = self.player
        title = f"Points left in {player}'s hand"

        def points(n: int) -> None:
            self.ctl.hand(player, points=n)

        if getattr(self, "pad", None) is None:
            self.pad = NumberPad(title, points)
        else:
            self.pad.start(title, points)     # kept: its 13 keys are not made again
        self.pad.open()

    def next(self) -> None:
        self.app.round_points_seen()
