"""UNO Dare! (seeds 000-003), with our reading where the sheets are silent (DESIGN.md s.5)."""

from __future__ import annotations

from . import cards as C
from . import state as S
from .cards import Card
from .dares import HOUSE, canonical_list_name, dare_text
from .errors import EventFormatError, IllegalEventError
from .state import PendingDare, TableState
from .variant import Variant


class DareVariant(Variant):
    name = "dare"
    title = "UNO Dare!"
    deck_size = C.DECK_SIZE
    hand_size = C.HAND_SIZE
    min_players = 2
    max_players = 10
    label_fields = ("card", "cards")

    def parse_label(self, label: str) -> Card:
        return Card.from_label(label)

    def new_state(self, event: dict, house_rules: tuple[str, ...] = ()) -> TableState:
        st = super().new_state(event, house_rules)
        try:
            st.dare_list = canonical_list_name(event.get("dare_list") or "family")
        except IllegalEventError as err:
            raise EventFormatError(str(err)) from None
        return st

    # --- matching --------------------------------------------------------------------------
    def describe_top(self, st: TableState) -> str:
        top = st.top
        if top.is_wild:
            return f"the Wild Dare (colour {st.color})"
        if top.kind == C.NUMBER:
            return f"the {top.color} {top.number}"
        return f"the {top.color} {top.kind}"

    def mismatch_reason(self, st: TableState, card: Card) -> str:
        top = st.top
        match = f"a {st.color} card"
        if not top.is_wild:
            symbol = str(top.number) if top.kind == C.NUMBER else top.kind
            match += f", any {symbol}"
        return f"{card.label} does not match {self.describe_top(st)}: play {match} or a Wild Dare"

    # --- round start ---------------------------------------------------------------------------
    def on_deal(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.DEAL)
        if event.get("dealer") is not None:
            st.dealer = st.seat_of(event["dealer"])
        elif st.dealer is None:
            raise IllegalEventError(
                "name the dealer of the first round: the highest card drawn deals"
            )
        else:
            st.dealer = st.left_of(st.dealer)  # the deal passes to the left
        st.round += 1
        st.counts = [self.hand_size] * st.n
        st.uno_called = [False] * st.n
        st.discard = 0
        st.top = None
        st.color = None
        st.direction = S.CLOCKWISE
        st.current = None
        st.chooser = None
        st.pending_dare = None
        st.uno_window = None
        st.drew = False
        st.round_winner = None
        st.hands, st.hand_counts = {}, {}
        st.phase = S.FLIP

    def on_flip(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Starter card (seeds 000, 003, 'if ... turned up at the beginning of play')."""
        self.require_phase(st, S.FLIP)
        card = self.parse_label(event["card"])
        st.discard = 1
        st.top = card
        st.color = card.color
        first = st.left_of(st.dealer)
        st.phase = S.PLAY
        if card.kind == C.REVERSE:
            # The dealer goes first, then play moves to the right.
            st.direction = S.COUNTERCLOCKWISE
            st.current = st.dealer
        elif card.kind == C.SKIP:
            st.current = st.left_of(st.dealer, 2)
        elif card.is_dare:
            self.dare(st, first, card, notices, ends_round=False)
            if card.is_wild:
                # The player to the left of the dealer also chooses the colour.
                st.chooser = first
                st.phase = S.COLOR
        else:
            st.current = first

    # --- a turn ----------------------------------------------------------------------------------
    def on_play(self, st: TableState, event: dict, notices: list[str]) -> None:
        seat, card = self.checked_play(st, event)
        self.close_uno_window(st)  # the next player has begun
        st.counts[seat] -= 1
        st.discard += 1
        st.top = card
        st.color = card.color
        st.drew = False
        if st.counts[seat] == 0:
            if card.is_dare:
                # Last card a dare: the next player still dares or draws 2; no colour chosen.
                self.dare(st, st.next_seat(seat), card, notices, ends_round=True)
                st.round_winner = seat
                st.uno_window = None
            else:
                self.end_round(st, seat, notices)
            return
        self.after_count_drop(st, seat, notices)
        if card.kind == C.REVERSE:
            st.direction = -st.direction
            if st.n == 2 and st.options["two_player_reverse_skips"]:
                st.current = seat  # with two players a Reverse acts as a Skip
            else:
                st.current = st.next_seat(seat)
        elif card.kind == C.SKIP:
            st.current = st.next_seat(seat, 2)
        elif card.is_dare:
            self.dare(st, st.next_seat(seat), card, notices, ends_round=False)
            if card.is_wild:
                st.chooser = seat
                st.phase = S.COLOR
        else:
            st.current = st.next_seat(seat)

    def on_draw(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        if st.drew:
            raise IllegalEventError(
                f"{st.players[seat]} has drawn already: play the drawn card or pass"
            )
        self.close_uno_window(st)
        self.take(st, seat, 1, notices, partial=False)
        st.drew = True

    def on_pass(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        if not st.drew:
            raise IllegalEventError(
                f"{st.players[seat]} must play a card or draw one before passing"
            )
        st.drew = False
        st.current = st.next_seat(seat)

    def on_color(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.COLOR)
        self.check_actor(st, event)
        color = event["color"]
        if color not in C.COLORS:
            raise IllegalEventError(f"choose red, yellow, green or blue, not {color!r}")
        st.color = color
        st.chooser = None
        st.phase = S.DARE

    # --- dares --------------------------------------------------------------------------------------
    def dare(self, st: TableState, target: int, card: Card, notices: list[str], ends_round: bool) -> None:
        text = dare_text(st.dare_list, card.number, st.house_rules if st.dare_list == HOUSE else ())
        st.pending_dare = PendingDare(target, card.number, text, ends_round)
        st.current = target
        st.phase = S.DARE
        notices.append("dare")

    def on_dare(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.DARE)
        seat = self.check_actor(st, event)
        pending = st.pending_dare
        assert pending is not None
        self.close_uno_window(st)  # the dared player's answer is their turn beginning
        if event["outcome"] != "done":
            # Failed or declined: draw two cards.
            self.take(st, seat, 2, notices, partial=True)
            notices.append("penalty")
        st.pending_dare = None
        if pending.ends_round:
            self.end_round(st, st.round_winner, notices)
            return
        st.phase = S.PLAY
        st.drew = False
        st.current = seat if st.options["dare_keeps_turn"] else st.next_seat(seat)
