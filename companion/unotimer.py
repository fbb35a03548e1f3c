"""The UNO-call countdown: how long the table still has to call UNO (or to catch).

The engine knows *whether* a player may be caught (``state.uno_window``); it has no clock.
This timer adds the seconds: it starts when a window opens, says when the end is near
(the ``uno_closing`` buzz) and when it has run out (with ``uno_auto_penalty`` that is a
catch). It reads an injected clock, so tests step time by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class UnoCountdown:
    """One open window: ``seat`` may still be caught until ``deadline`` (clock seconds)."""

    seat: int
    started: float
    deadline: float
    warned: bool = False
    expired: bool = False


class UnoTimer:
    """Follows the engine's UNO window and measures it against ``clock``.

    ``warn_s``: seconds before the end at which ``poll`` reports ``"closing"`` once.
    """

    def __init__(self, clock: Callable[[], float], warn_s: float = 1.5):
        self.clock = clock
        self.warn_s = warn_s
        self.countdown: UnoCountdown | None = None

    def sync(self, seat: int | None, seconds: float) -> None:
        """Match the engine's window: a new seat starts a fresh countdown, None ends it."""
        if seat is None:
            self.countdown = None
        elif self.countdown is None or self.countdown.seat != seat:
            now = self.clock()
            self.countdown = UnoCountdown(seat, now, now + float(seconds))

    def remaining(self) -> float | None:
        """Seconds left (0 once run out), or None when no window is open."""
        if self.countdown is None:
            return None
        return max(0.0, self.countdown.deadline - self.clock())

    def poll(self) -> str | None:
        """``"closing"`` once when the end is near, ``"expired"`` once at the end, else None."""
        c = self.countdown
        if c is None or c.expired:
            return None
        left = c.deadline - self.clock()
        if left <= 0:
            c.expired = True
            return "expired"
        if not c.warned and left <= self.warn_s:
            c.warned = True
            return "closing"
        return None
