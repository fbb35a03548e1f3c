"""Physical buttons on gpiozero's mock pins: a press becomes its action, bounces do not."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.buttons import BUTTON_ACTIONS, ButtonPanel

DEFAULT_PINS = {"uno": 5, "draw": 6, "pass": 13, "dare_done": 19, "dare_failed": 26}


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory():
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.reset()


def press(factory, pin: int) -> None:
    """Push the button (pin pulled to ground) and let it go."""
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_each_button_press_becomes_its_action(factory):
    seen: list[str] = []
    clock = FakeClock()
    with ButtonPanel(DEFAULT_PINS, seen.append, pin_factory=factory, clock=clock) as panel:
        assert panel.actions == tuple(DEFAULT_PINS)
        for action, pin in DEFAULT_PINS.items():
            assert factory.pin(pin).pull == "up"  # wired to ground, no resistor needed
            press(factory, pin)
            clock.now += 1
    assert seen == list(BUTTON_ACTIONS)


def test_release_alone_is_no_press(factory):
    seen: list[str] = []
    with ButtonPanel({"draw": 6}, seen.append, pin_factory=factory, clock=FakeClock()):
        factory.pin(6).drive_high()
        assert seen == []
        factory.pin(6).drive_low()
        assert seen == ["draw"]


def test_bounces_within_bounce_time_are_one_press(factory):
    seen: list[str] = []
    clock = FakeClock()
    with ButtonPanel({"uno": 5, "pass": 13}, seen.append, bounce_time=0.05,
                     pin_factory=factory, clock=clock):
        press(factory, 5)
        for _ in range(4):  # contact bounce: 10 ms apart
            clock.now += 0.01
            press(factory, 5)
        assert seen == ["uno"]
        press(factory, 13)  # another button is not held back by the first
        assert seen == ["uno", "pass"]
        clock.now += 0.2  # a deliberate second press
        press(factory, 5)
    assert seen == ["uno", "pass", "uno"]


def test_bounce_time_reaches_the_pin(factory):
    with ButtonPanel({"uno": 5}, lambda a: None, bounce_time=0.08, pin_factory=factory):
        assert factory.pin(5).bounce == pytest.approx(0.08)


def test_no_pins_means_no_buttons(factory):
    with ButtonPanel({}, lambda a: None, pin_factory=factory) as panel:
        assert panel.actions == ()


def test_a_failing_handler_does_not_break_the_panel(factory):
    calls: list[str] = []

    def handler(action: str) -> None:
        calls.append(action)
        raise RuntimeError("engine busy")

    clock = FakeClock()
    with ButtonPanel({"draw": 6}, handler, pin_factory=factory, clock=clock):
        press(factory, 6)
        clock.now += 1
        press(factory, 6)
    assert calls == ["draw", "draw"]


def test_close_releases_pins(factory):
    seen: list[str] = []
    panel = ButtonPanel({"draw": 6}, seen.append, pin_factory=factory)
    panel.close()
    panel.close()
    press(factory, 6)
    assert seen == []
    ButtonPanel({"pass": 6}, seen.append, pin_factory=factory).close()  # pin free again


@pytest.mark.parametrize("pins, match", [
    ({"shout": 5}, "unknown button action"),
    ({"uno": 1}, "2-27"),
    ({"uno": 28}, "2-27"),
    ({"uno": 5, "draw": 5}, "share GPIO5"),
])
def test_bad_pins_are_refused(factory, pins, match):
    with pytest.raises(ValueError, match=match):
        ButtonPanel(pins, lambda a: None, pin_factory=factory)
