"""The UNO call side of the table controller: who may call, who may be caught, the timer.

A player down to one card calls UNO (or is about to, with their second-to-last card in
hand); until the next player begins, anyone may catch one who has not. The UNO timer
counts that window down, buzzes ``uno_closing`` near its end and, with the
``uno_auto_penalty`` option, catches the player itself. Mixed into
``companion.table.TableController``, whose event path (``submit``) every one of these goes
through; Kivy-free, like the rest of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.actions import uno_caller
from companion.engine import state as S

if TYPE_CHECKING:
    from companion.table import Outcome


class UnoInputs:
    """Needs the controller's ``submit``, ``_refuse``, ``snapshot``, ``state``, ``timer``,
    ``buzzer`` and ``_changed``."""

    timer: Any
    buzzer: Any

    def uno_player(self) -> str | None:
        """Who an UNO! tap is for: the player down to one card who has not called, else
        the current player (a call may come just before the second-to-last card)."""
        snap = self.snapshot()
        return None if snap is None else uno_caller(snap)

    def uno_candidates(self) -> list[str]:
        """Everyone who may call UNO now: down to one card and not called yet, or the
        player about to play their second-to-last card (most recent player first)."""
        snap = self.snapshot()
        st = self.state
        if snap is None or not st.in_round:
            return []
        names = [p["name"] for p in snap["players"] if p["cards"] == 1 and not p["uno"]]
        first = uno_caller(snap)
        if first in names:
            names.remove(first)
            names.insert(0, first)
        if st.phase == S.PLAY and st.current is not None and st.counts[st.current] == 2 \
                and not st.uno_called[st.current]:
            names.append(st.players[st.current])
        return names

    def uno(self, player: str | None = None, source: str = "tap") -> Outcome:
        player = player or self.uno_player()
        if player is None:
            return self._refuse({"type": "uno"}, source, "No one to call UNO for now.")
        return self.submit({"type": "uno", "player": player}, source)

    def catchable(self) -> str | None:
        """The player who may be caught without UNO right now, or None."""
        st = self.state
        if st is None or st.uno_window is None:
            return None
        return st.players[st.uno_window]

    def catch(self, player: str | None = None, source: str = "tap") -> Outcome:
        player = player or self.catchable()
        if player is None:
            return self._refuse({"type": "catch"}, source,
                                "No one can be caught now: catch a player who is down to "
                                "one card and has not called UNO, before the next player begins.")
        return self.submit({"type": "catch", "player": player}, source)

    # --- the UNO timer ---------------------------------------------------------------------
    def _sync_timer(self) -> None:
        st = self.state
        seat = None if st is None else st.uno_window
        seconds = 0 if st is None else st.options.get("uno_timer_s", 5)
        self.timer.sync(seat, seconds)

    def uno_countdown(self) -> tuple[str, float, bool] | None:
        """(player, seconds left, ran out) while a player may still be caught, else None."""
        st = self.state
        c = self.timer.countdown
        if st is None or c is None:
            return None
        return st.players[c.seat], self.timer.remaining() or 0.0, c.expired

    def tick(self) -> Outcome | None:
        """Advance the UNO countdown (call often from the main loop).

        Near the end it buzzes ``uno_closing``; at the end, with the ``uno_auto_penalty``
        option, the player is caught.
        """
        what = self.timer.poll()
        if what is None:
            return None
        st = self.state
        if st is None:
            return None
        if what == "closing":
            self.buzzer.play("uno_closing")
            self._changed(None)
            return None
        if st.options.get("uno_auto_penalty") and st.uno_window is not None:
            return self.submit({"type": "catch", "player": st.players[st.uno_window]}, "timer")
        self._changed(None)
        return None
