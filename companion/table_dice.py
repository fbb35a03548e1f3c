"""The UNO Dice side of the table controller: what a dice table taps.

A dice round starts when the centre die shows a number: the camera reads it (or it is
entered by hand) and, in the first round, the table taps who rolled it (that player
begins; later rounds are begun by the last round's winner). Whichever of the two comes
first waits for the other in ``first_roller`` / ``pending_center``. A turn may re-roll the
whole hand, then draw one die, then pass; a Wild Draw 4 may be challenged until the next
player begins. Mixed into ``companion.table.TableController``, whose event path
(``submit``) every one of these goes through; Kivy-free, like the rest of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine import state as S
from companion.engine.dice import LAST_WILD_DRAW4
from companion.words import die_name

if TYPE_CHECKING:
    from companion.table import Outcome


class DiceInputs:
    """Needs the controller's ``submit``, ``_refuse``, ``state``, ``game``, ``phase``,
    ``message`` and ``_changed``."""

    first_roller: str | None      # who rolled the centre die (round 1: that player begins)
    pending_center: str | None    # the centre die, seen before the table said who rolled it
    session: Any

    @property
    def dice(self) -> bool:
        """Whether the game in play is UNO Dice."""
        st = self.state
        return st is not None and st.mode == "dice"

    # --- the start of a round --------------------------------------------------------------
    def who_begins(self) -> str | None:
        """Who plays first in the round about to start: the last round's winner, else
        whoever the table said rolled the centre die (None: not said yet)."""
        st = self.state
        if st is None:
            return None
        if st.last_winner is not None:
            return st.players[st.last_winner]
        return self.first_roller

    def choose_first(self, name: str, source: str = "tap") -> Outcome | None:
        """The table says ``name`` rolled the centre die; if the die is already known the
        round starts."""
        st = self.state
        if st is None or st.phase != S.START:
            return None
        if name not in st.players:
            return self._refuse({"type": "start", "first": name}, source,
                                f"{name} is not at this table.")
        self.first_roller = name
        if self.pending_center is not None:
            return self.start_round(self.pending_center, source)
        self.message = f"{name} rolls the centre die until a number shows, and begins."
        self._changed(None)
        return None

    def start_round(self, center: str, source: str = "tap") -> Outcome | None:
        """The centre die shows ``center``: the round starts (None: it waits for the table
        to say who rolled it)."""
        st = self.state
        event: dict = {"type": "start", "center": center}
        if st is not None and st.last_winner is None:
            if self.first_roller is None:
                self.pending_center = center
                self.message = (f"The centre die shows {die_name(center)}: tap who rolled it "
                                "(that player begins).")
                self._changed(None)
                return None
            event["first"] = self.first_roller
        outcome = self.submit(event, source)
        if outcome.accepted:
            self.first_roller = None
            self.pending_center = None
        else:
            self.pending_center = None   # a command die: the table rolls again
        return outcome

    # --- a turn ----------------------------------------------------------------------------
    def reroll(self, source: str = "tap") -> Outcome:
        return self.submit({"type": "reroll"}, source)

    def _turn(self) -> S.TableState | None:
        st = self.state
        return st if self.dice and st.phase == S.PLAY else None

    def may_reroll(self) -> bool:
        """Re-rolled: once a turn, before drawing."""
        st = self._turn()
        return st is not None and not st.drew and not st.rerolled

    def may_draw_die(self) -> bool:
        """Drew a die: after the re-roll, once, while the pouch holds one."""
        st = self._turn()
        return st is not None and st.rerolled and not st.drew and self.game.draw_pile() > 0

    def may_pass(self) -> bool:
        """Pass: after drawing (or after the re-roll, when the pouch is empty)."""
        st = self._turn()
        return st is not None and (st.drew or (st.rerolled and self.game.draw_pile() == 0))

    def challengeable(self) -> tuple[str, str] | None:
        """(who played the Wild Draw 4, who drew for it) while it may still be challenged."""
        st = self.state
        last = None if st is None else st.extra.get(LAST_WILD_DRAW4)
        if last is None or st.phase not in (S.PLAY, S.COLOR):
            return None
        return st.players[last["offender"]], st.players[last["victim"]]

    def challenge(self, source: str = "tap") -> Outcome:
        """The last Wild Draw 4 was illegal: it goes back, its player draws 4."""
        who = self.challengeable()
        if who is None:
            return self._refuse({"type": "challenge"}, source,
                                "There is no Wild Draw 4 to challenge: challenge right after "
                                "one is played, before the next player begins.")
        return self.submit({"type": "challenge", "player": who[1]}, source)

    # --- what the dice screens show ----------------------------------------------------------
    def pouch(self) -> int | None:
        """Dice left in the pouch (None: no game)."""
        return None if self.session is None else self.game.draw_pile()
