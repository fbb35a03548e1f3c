"""The camera's side of the table controller: what a card seen on the pile becomes.

A card the camera sees played becomes a play (or the starter card, or a card drawn for
dealer); one that does not match is held as ``pending_illegal`` for the table to allow
(``"override": true``) or take back; a dare card read without its number waits in
``pending_number`` for a tap; a card seen lifted off again undoes the play if it is still
the last event. Mixed into ``companion.table.TableController``, whose event path
(``submit``) every one of these goes through.

UNO Dice the same way, with the centre die for the top card: a new die seen in the centre
is a play; before a round, the centre die showing a number starts it (``start_round``: in
the first round once the table has said who rolled it), a command face is rolled again;
after a challenge the Wild Draw 4 lifted off and the die before it back in the centre are
what the challenge did, not a take-back or a play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.dealer import DealerDraw
from companion.engine import state as S
from companion.engine.errors import IllegalEventError, LabelError
from companion.words import card_name, die_name

if TYPE_CHECKING:
    from companion.table import Outcome

#: Phases in which the camera sees cards that are not played: between rounds the deck is
#: gathered and shuffled, at the end of a round the hands are spread to be counted.
IDLE_PHASES = (S.DEAL, S.HANDS, S.GAME_OVER)
#: ... and in which nothing on the table can be taken back (UNO Dice's centre die is rolled).
NO_TAKE_BACK_PHASES = IDLE_PHASES + (S.START,)


@dataclass(frozen=True)
class PendingIllegal:
    """A card the camera saw played that does not match: the table decides."""

    card: str
    player: str
    reason: str


class CameraInputs:
    """Camera and drawing-for-dealer inputs; needs the controller's ``submit``, ``state``,
    ``game``, ``phase``, ``buzzer``, ``message``, ``playable``, ``play_by_hand``, ``deal``
    ``_changed``, and for UNO Dice ``dice``, ``parse``, ``play_event`` and ``start_round``."""

    pending_illegal: PendingIllegal | None
    pending_number: str | None
    dealer_draw: DealerDraw | None
    _put_back: list[str]
    session: Any

    # --- the camera ------------------------------------------------------------------------
    def camera_play(self, label: str, ask_number: bool = True) -> Outcome | None:
        """The tracker says ``label`` was played onto the pile.

        Returns the outcome of the event it became, or None when it became a question for
        the table (a mismatch, a dare number to tap) or nothing.
        """
        if self.session is None:
            return None
        if self.dealer_draw is not None and self.phase == S.DEAL:
            return self.dealer_card(label, "camera")
        if self.phase in IDLE_PHASES:
            return None   # cards gathered, shuffled or spread for counting: not plays
        try:
            card = self.parse(label)
        except LabelError:
            return None
        name = self._piece_name
        if self.phase == S.START:
            if not card.is_number:
                self.message = (f"The centre die shows {name(label)}: a command never starts "
                                "a round, roll it again.")
                self._changed(None)
                return None
            return self.start_round(card.label, "camera")
        if self._restored_by_challenge(card.label):
            return None
        if self.pending_illegal is not None:
            self.message = (f"The camera saw {name(label)}, but first decide about "
                            f"{name(self.pending_illegal.card)}.")
            self._changed(None)
            return None
        if ask_number and self.phase == S.PLAY and getattr(card, "is_dare", False) and \
                card.number is None:
            self.pending_number = card.label
            self.message = f"Which number is on the {card_name(label)}? Tap it."
            self._changed(None)
            return None
        if self.phase == S.PLAY and not self.playable(label):
            st = self.state
            reason = self.game.variant.mismatch_reason(st, card)
            self.pending_illegal = PendingIllegal(card.label, st.players[st.current], reason)
            self.buzzer.play("illegal")
            self.message = reason[:1].upper() + reason[1:]
            self._changed(None)
            return None
        return self.play_by_hand(card.label, "camera")

    def complete_number(self, number: int | None) -> Outcome | None:
        """The number tapped for a dare card the camera saw without it (None: not known)."""
        label = self.pending_number
        if label is None:
            return None
        self.pending_number = None
        full = label if number is None else f"{label}-{int(number)}"
        return self.camera_play(full, ask_number=False)

    def allow_illegal(self) -> Outcome | None:
        """The table lets the mismatched card stand: it is played with an override."""
        pending = self.pending_illegal
        if pending is None:
            return None
        return self.submit(self.play_event(pending.card, override=True), "tap")

    def take_back_illegal(self) -> None:
        """The mismatched card goes back to its player's hand; nothing is recorded."""
        pending = self.pending_illegal
        if pending is None:
            return
        self.pending_illegal = None
        self._put_back.append(pending.card)
        self.message = f"{pending.player} takes {self._piece_name(pending.card)} back."
        self._changed(None)

    def camera_take_back(self, label: str) -> Outcome | None:
        """The tracker says ``label`` was lifted off the pile again."""
        if self.session is None or self.phase in NO_TAKE_BACK_PHASES:
            return None
        name = self._piece_name
        pending = self.pending_illegal
        if pending is not None and pending.card == label:
            self.pending_illegal = None
            self.message = f"{pending.player} took {name(label)} back."
            self._changed(None)
            return None
        if label in self._put_back:
            self._put_back.remove(label)
            return None
        events = self.game.events
        last = events[-1] if len(events) > 1 else None
        if last is not None and last.get("type") == "challenge":
            return None   # the challenged Wild Draw 4 went back to its player's hand
        field = self.game.variant.play_field
        if last is not None and last.get("type") in ("play", "flip") and \
                last.get(field, last.get("card")) == label:
            return self.submit({"type": "undo"}, "camera")
        piece = "die" if self.dice else "card"
        self.message = (f"The camera saw {name(label)} taken back, but it is not the "
                        f"last {piece} played: tap Undo to go back.")
        self._changed(None)
        return None

    def _piece_name(self, label: str) -> str:
        return die_name(label) if self.dice else card_name(label)

    def _restored_by_challenge(self, label: str) -> bool:
        """UNO Dice: right after a challenge, the die seen in the centre is the one the
        challenge put back (it showed before the Wild Draw 4), not a play."""
        events = self.game.events
        st = self.state
        return bool(self.dice and len(events) > 1 and events[-1].get("type") == "challenge"
                    and st.top is not None and st.top.label == label)

    # --- drawing for dealer ------------------------------------------------------------------
    def start_dealer_draw(self) -> DealerDraw:
        st = self.state
        if st is None or st.phase != S.DEAL:
            raise IllegalEventError("draw for dealer before the first deal")
        self.dealer_draw = DealerDraw(list(st.players))
        self.message = f"Draw for dealer: {self.dealer_draw.waiting_for}, show a card to the camera."
        self._changed(None)
        return self.dealer_draw

    def dealer_card(self, label: str, source: str = "tap") -> Outcome | None:
        """One card shown while drawing for dealer; deals once one player is highest."""
        draw = self.dealer_draw
        if draw is None:
            return None
        who = draw.add(label)
        if draw.dealer is not None:
            dealer = draw.dealer
            outcome = self.deal(dealer, source)
            if outcome.accepted:
                self.message = (f"{who} shows {card_name(label)}. {dealer} drew highest "
                                f"and deals. " + outcome.message)
                self._changed(None)
            return outcome
        if draw.tie:
            self.message = (f"{who} shows {card_name(label)}. A tie: {', '.join(draw.drawing)} "
                            f"draw again; {draw.waiting_for} first.")
        else:
            self.message = f"{who} shows {card_name(label)}. {draw.waiting_for}, your card."
        self._changed(None)
        return None
