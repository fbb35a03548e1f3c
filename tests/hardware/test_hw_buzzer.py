"""The buzzer on gpiozero's mock pins: each pattern's pin states, replacement, fallback."""

from __future__ import annotations

import logging
import os
import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPin, MockPWMPin

from hardware.buzzer import BuzzerParams, GpioBuzzer, SilentBuzzer, open_buzzer
from hardware.patterns import (DEFAULT_PATTERNS, PATTERN_NAMES, check_patterns,
                               describe_pattern, on_off_states, pattern_duration)

PIN = 18
FAST = BuzzerParams(time_scale=0.001)


class RecordingPWMPin(MockPWMPin):
    """A mock PWM pin that also remembers every frequency it was set to."""

    def __init__(self, factory, info):
        super().__init__(factory, info)
        self.frequencies: list[float | None] = []

    def _set_frequency(self, value):
        super()._set_frequency(value)
        self.frequencies.append(value)


@pytest.fixture
def factory():
    f = MockFactory(pin_class=RecordingPWMPin)
    yield f
    f.reset()


def played_states(factory, kind, name, params=FAST):
    with GpioBuzzer(PIN, kind, pin_factory=factory, params=params) as buzzer:
        pin = factory.pin(PIN)
        pin.clear_states()
        pin.frequencies.clear()
        buzzer.play(name)
        assert buzzer.wait(timeout=5)
        return [s.state for s in pin.states], list(pin.frequencies)


def test_every_name_has_a_distinct_pattern():
    assert set(DEFAULT_PATTERNS) == set(PATTERN_NAMES)
    assert len(set(DEFAULT_PATTERNS.values())) == len(PATTERN_NAMES)
    # distinct on an active buzzer too, which only hears the rhythm
    rhythms = {tuple((f is not None, s) for f, s in p) for p in DEFAULT_PATTERNS.values()}
    assert len(rhythms) == len(PATTERN_NAMES)
    for pattern in DEFAULT_PATTERNS.values():
        assert 0.2 < pattern_duration(pattern) < 2.5  # short: the game goes on


@pytest.mark.parametrize("name", PATTERN_NAMES)
def test_tonal_pattern_drives_pin_states_and_pitches(factory, name):
    states, freqs = played_states(factory, "tonal", name)
    pattern = DEFAULT_PATTERNS[name]
    expected = [0.5 if on else 0.0 for on in on_off_states(pattern)]
    assert states == expected
    factory.pin(PIN).assert_states(expected)
    played = [f for f in freqs if f is not None]
    assert played == pytest.approx([f for f, _ in pattern if f is not None])
    assert freqs[-1] is None  # ends silent


@pytest.mark.parametrize("name", PATTERN_NAMES)
def test_active_pattern_drives_on_off(factory, name):
    states, freqs = played_states(factory, "active", name)
    expected = [1.0 if on else 0.0 for on in on_off_states(DEFAULT_PATTERNS[name])]
    assert states == expected
    assert all(f is None for f in freqs)  # an active buzzer never gets a frequency


def test_penalty_literal_states(factory):
    states, freqs = played_states(factory, "tonal", "penalty")
    assert states == [0.0, 0.5, 0.0, 0.5, 0.0]
    assert [f for f in freqs if f] == pytest.approx([523.0, 330.0])


def test_play_returns_at_once_and_the_pattern_takes_its_time(factory):
    params = BuzzerParams(time_scale=0.2)  # game_won lasts ~1.6 s * 0.2
    with GpioBuzzer(PIN, "tonal", pin_factory=factory, params=params) as buzzer:
        start = time.monotonic()
        buzzer.play("game_won")
        assert time.monotonic() - start < 0.05
        assert not buzzer.wait(timeout=0.02)
        assert buzzer.wait(timeout=5)
        elapsed = time.monotonic() - start
    assert elapsed >= pattern_duration(DEFAULT_PATTERNS["game_won"]) * 0.2 * 0.9


def test_new_pattern_replaces_one_still_playing(factory):
    params = BuzzerParams(time_scale=1.0)
    with GpioBuzzer(PIN, "tonal", pin_factory=factory, params=params) as buzzer:
        pin = factory.pin(PIN)
        buzzer.play("game_won")  # 1.6 s
        deadline = time.monotonic() + 2
        while buzzer.playing != "game_won" and time.monotonic() < deadline:
            time.sleep(0.005)
        pin.frequencies.clear()
        start = time.monotonic()
        buzzer.play("illegal")  # 0.39 s
        assert buzzer.wait(timeout=5)
        elapsed = time.monotonic() - start
    assert elapsed < 1.0  # game_won did not finish first
    played = [f for f in pin.frequencies if f is not None]
    assert played == pytest.approx([220.0, 220.0, 220.0])


def test_stop_silences_at_once(factory):
    with GpioBuzzer(PIN, "active", pin_factory=factory,
                    params=BuzzerParams(time_scale=1.0)) as buzzer:
        buzzer.play("round_over")
        deadline = time.monotonic() + 2
        while factory.pin(PIN).state == 0 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert factory.pin(PIN).state == 1.0
        buzzer.stop()
        assert buzzer.wait(timeout=0.5)
        assert factory.pin(PIN).state == 0.0


def test_play_does_not_block_other_threads(factory):
    """Many callers at once (engine, screen, buttons): no deadlock, last one wins."""
    with GpioBuzzer(PIN, "tonal", pin_factory=factory, params=FAST) as buzzer:
        threads = [threading.Thread(target=buzzer.play, args=(name,))
                   for name in PATTERN_NAMES * 5]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=2)
        assert buzzer.wait(timeout=5)
    assert factory.pin(PIN).state == 0.0


def test_close_joins_worker_releases_pin_and_refuses_play(factory):
    buzzer = GpioBuzzer(PIN, "tonal", pin_factory=factory, params=BuzzerParams())
    buzzer.play("game_won")
    buzzer.close()
    assert not buzzer._worker.is_alive()
    assert buzzer.closed
    buzzer.close()  # twice is fine
    with pytest.raises(RuntimeError):
        buzzer.play("dare")
    # the pin is free again for another device
    GpioBuzzer(PIN, "active", pin_factory=factory).close()


def test_unknown_pattern_names_the_allowed_ones(factory):
    with GpioBuzzer(PIN, "tonal", pin_factory=factory, params=FAST) as buzzer:
        with pytest.raises(ValueError, match="penalty"):
            buzzer.play("fanfare")


def test_patterns_out_of_tonal_range_fail_at_open(factory):
    bad = dict(DEFAULT_PATTERNS, dare=((5000.0, 0.1),))
    with pytest.raises(ValueError, match="5000"):
        GpioBuzzer(PIN, "tonal", pin_factory=factory, params=BuzzerParams(patterns=bad))
    with pytest.raises(ValueError, match="missing"):
        check_patterns({"dare": ((440.0, 0.1),)}, 220, 3520)


def test_open_buzzer_none_is_silent_and_logs(caplog):
    caplog.set_level(logging.INFO, logger="hardware.buzzer")
    with open_buzzer("none", PIN) as buzzer:
        assert isinstance(buzzer, SilentBuzzer)
        buzzer.play("penalty")
        assert buzzer.wait(timeout=0)
    assert buzzer.played == ["penalty"]
    assert describe_pattern("penalty", DEFAULT_PATTERNS["penalty"]) in caplog.text
    assert "523 Hz" in caplog.text


def test_open_buzzer_falls_back_without_pwm(caplog):
    caplog.set_level(logging.INFO, logger="hardware.buzzer")
    factory = MockFactory(pin_class=MockPin)  # no PWM: a TonalBuzzer cannot run
    buzzer = open_buzzer("tonal", PIN, pin_factory=factory)
    assert isinstance(buzzer, SilentBuzzer)
    assert "PWM" in caplog.text
    buzzer.play("dare")
    assert "would sound dare" in caplog.text
    # an active buzzer does not need PWM
    active = open_buzzer("active", PIN, pin_factory=factory)
    assert isinstance(active, GpioBuzzer)
    active.close()


def test_open_buzzer_falls_back_when_gpio_is_missing(monkeypatch, caplog):
    """A desktop: gpiozero finds no pin factory at all."""
    from gpiozero.exc import BadPinFactory

    class NoPins:
        def __init__(self, *a, **k):
            raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(GpioBuzzer, "__init__", NoPins.__init__)
    caplog.set_level(logging.WARNING, logger="hardware.buzzer")
    buzzer = open_buzzer("active", PIN)
    assert isinstance(buzzer, SilentBuzzer)
    assert "BadPinFactory" in caplog.text and "GPIO18" in caplog.text


def test_open_buzzer_uses_environment_factory_by_default():
    """pin_factory=None: gpiozero's own choice, here GPIOZERO_PIN_FACTORY=mock."""
    from gpiozero import Device

    if os.environ.get("GPIOZERO_PIN_FACTORY") != "mock":
        pytest.skip("needs GPIOZERO_PIN_FACTORY=mock (the Makefile sets it)")
    with open_buzzer("active", 23, params=FAST) as buzzer:
        assert isinstance(buzzer, GpioBuzzer)
        pin = Device.pin_factory.pin(23)
        pin.clear_states()
        buzzer.play("illegal")
        assert buzzer.wait(timeout=5)
        assert [s.state for s in pin.states] == [0, 1, 0, 1, 0, 1, 0]


def test_open_buzzer_rejects_an_unknown_kind():
    with pytest.raises(ValueError, match="tonal"):
        open_buzzer("piezo", PIN)


def test_importing_hardware_costs_no_gpiozero():
    """Device libraries load inside the classes that need them, not at import."""
    import subprocess
    import sys

    code = ("import sys, hardware.buzzer, hardware.buttons, hardware.patterns, "
            "companion.config, companion.actions, companion.feedback; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('gpiozero', 'cv2', 'kivy', 'numpy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
