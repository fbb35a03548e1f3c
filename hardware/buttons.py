"""Big physical buttons that stand in for the most common taps.

Each button is wired from a BCM GPIO pin to ground (the internal pull-up holds it high);
a press calls ``on_action(name)`` with one of ``BUTTON_ACTIONS``. This module knows
devices, not rules: turning an action into a table-log event for the current state is
``companion.actions.action_event``.

Debouncing happens twice: gpiozero passes ``bounce_time`` to the pin driver (lgpio filters
the edge), and the panel itself ignores a second press of the same button within
``bounce_time`` of the last one it accepted, which covers pin drivers (and the mock
pins of the tests) that do not debounce.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)

#: The actions a button may stand for, in the order the README lists them.
BUTTON_ACTIONS: tuple[str, ...] = ("uno", "draw", "pass", "dare_done", "dare_failed")

#: BCM pins a button or buzzer may use (GPIO0/1 belong to the HAT EEPROM).
VALID_PINS = range(2, 28)


class ButtonPanel:
    """The configured buttons, each calling ``on_action`` with its action name.

    ``on_action`` runs on gpiozero's event thread: the composition root must hand the
    action to the engine's thread (e.g. a queue or ``Clock.schedule_once``), not apply it
    there. ``clock`` is the time source of the software debounce (tests inject one).
    """

    def __init__(self, pins: Mapping[str, int], on_action: Callable[[str], None],
                 bounce_time: float | None = 0.05, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic):
        unknown = sorted(set(pins) - set(BUTTON_ACTIONS))
        if unknown:
            raise ValueError(f"unknown button action(s) {', '.join(unknown)}; "
                             f"one of: {', '.join(BUTTON_ACTIONS)}")
        taken: dict[int, str] = {}
        for action, pin in pins.items():
            if pin not in VALID_PINS:
                raise ValueError(f"button {action!r} on GPIO{pin}: a BCM pin 2-27")
            if pin in taken:
                raise ValueError(f"buttons {taken[pin]!r} and {action!r} share GPIO{pin}")
            taken[pin] = action
        self.pins = dict(pins)
        self.bounce_time = bounce_time
        self._on_action = on_action
        self._clock = clock
        self._lock = threading.Lock()
        self._last_press: dict[str, float] = {}
        self._buttons: dict[str, object] = {}
        if pins:
            from gpiozero import Button
            try:
                for action, pin in pins.items():
                    button = Button(pin, pull_up=True, bounce_time=bounce_time,
                                    pin_factory=pin_factory)
                    button.when_pressed = self._handler(action)
                    self._buttons[action] = button
            except Exception:
                self.close()
                raise

    def _handler(self, action: str) -> Callable[[], None]:
        def pressed() -> None:
            self._pressed(action)
        return pressed

    def _pressed(self, action: str) -> None:
        now = self._clock()
        with self._lock:
            last = self._last_press.get(action)
            if last is not None and self.bounce_time and now - last < self.bounce_time:
                return
            self._last_press[action] = now
        try:
            self._on_action(action)
        except Exception:  # the event thread must survive a failing handler
            log.exception("button %r: handler failed", action)

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions that have a button."""
        return tuple(self._buttons)

    def close(self) -> None:
        """Release every pin. Safe to call twice."""
        buttons, self._buttons = self._buttons, {}
        for button in buttons.values():
            button.when_pressed = None
            button.close()

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
