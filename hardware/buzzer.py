"""The table's buzzer: play a named pattern in the background, never blocking the caller.

Three things share one small interface (``play(name)``, ``stop()``, ``wait()``,
``close()``, context manager):

- ``GpioBuzzer``: a gpiozero ``TonalBuzzer`` (passive piezo on a PWM pin: real pitches) or
  ``Buzzer`` (active buzzer: on/off only). One worker thread owns the device; ``play``
  hands it a pattern and returns at once; a new pattern replaces one still playing.
- ``SilentBuzzer``: no GPIO (a desktop, a test of the screen, ``type = "none"``): logs what
  would have sounded and records the names in ``played``, so it also serves as a fake.
- ``open_buzzer(kind, pin)``: the factory the composition root calls; falls back to
  ``SilentBuzzer`` with a log line when gpiozero finds no usable pins.

gpiozero is imported inside the functions that need it, so importing this module costs
nothing on a machine without it.
"""

from __future__ import annotations

import logging
import threading
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from hardware.patterns import (DEFAULT_PATTERNS, PATTERN_NAMES, Pattern, check_patterns,
                               describe_pattern)

log = logging.getLogger(__name__)

BuzzerKind = Literal["tonal", "active", "none"]
BUZZER_KINDS: tuple[str, ...] = ("tonal", "active", "none")


@dataclass(frozen=True)
class BuzzerParams:
    """Tuning of a buzzer.

    ``time_scale`` multiplies every step's duration (tests use a small one so they never
    sleep for seconds). The tonal range is ``mid_hz`` plus or minus ``octaves`` octaves:
    880 Hz +-2 octaves = 220-3520 Hz, where small piezo discs are loud.
    """

    patterns: Mapping[str, Pattern] = field(default_factory=lambda: DEFAULT_PATTERNS)
    time_scale: float = 1.0
    mid_hz: float = 880.0
    octaves: int = 2

    @property
    def low_hz(self) -> float:
        return self.mid_hz / 2 ** self.octaves

    @property
    def high_hz(self) -> float:
        return self.mid_hz * 2 ** self.octaves


class Feedback(Protocol):
    """What the composition root and the screen may call on any buzzer."""

    description: str

    def play(self, name: str) -> None: ...
    def stop(self) -> None: ...
    def wait(self, timeout: float | None = None) -> bool: ...
    def close(self) -> None: ...


def _pattern(patterns: Mapping[str, Pattern], name: str) -> Pattern:
    try:
        return patterns[name]
    except KeyError:
        raise ValueError(
            f"no buzzer pattern {name!r}; one of: {', '.join(PATTERN_NAMES)}") from None


class SilentBuzzer:
    """A buzzer that makes no sound: logs what would have sounded, and remembers it.

    ``played`` lists the pattern names in order, which makes this the fake that tests of
    the screen and of the composition root pass in.
    """

    def __init__(self, reason: str = "no buzzer configured",
                 params: BuzzerParams | None = None):
        self.params = params or BuzzerParams()
        check_patterns(self.params.patterns, self.params.low_hz, self.params.high_hz)
        self.reason = reason
        self.description = f"silent ({reason})"
        self.played: list[str] = []
        self._closed = False

    def play(self, name: str) -> None:
        pattern = _pattern(self.params.patterns, name)
        self.played.append(name)
        log.info("buzzer silent (%s): would sound %s", self.reason,
                 describe_pattern(name, pattern))

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None:
        self._closed = True

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> SilentBuzzer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class GpioBuzzer:
    """A gpiozero buzzer on one BCM pin, played from its own worker thread.

    ``kind="tonal"`` drives a ``TonalBuzzer`` (needs a PWM-capable pin factory: on the
    Pi, lgpio gives software PWM on any pin; GPIO18 also has hardware PWM);
    ``kind="active"`` drives a plain ``Buzzer`` and ignores the frequencies.
    ``pin_factory=None`` lets gpiozero choose, from ``GPIOZERO_PIN_FACTORY`` as always.

    Only the worker touches the device, so the caller's thread (the engine, the Kivy
    loop, a button callback) never waits for a pin.
    """

    def __init__(self, pin: int, kind: BuzzerKind = "tonal", pin_factory=None,
                 params: BuzzerParams | None = None):
        self.params = params or BuzzerParams()
        check_patterns(self.params.patterns, self.params.low_hz, self.params.high_hz)
        if kind not in ("tonal", "active"):
            raise ValueError(f"buzzer kind {kind!r}: 'tonal' or 'active'")
        self.kind = kind
        self.pin = pin
        self.description = f"{kind} buzzer on GPIO{pin}"
        self._device = self._open_device(pin, kind, pin_factory)
        self._cond = threading.Condition()
        self._request: tuple[str, Pattern] | None = None
        self._generation = 0  # bumped by play/stop/close: the step in progress yields
        self._playing: str | None = None
        self._closed = False
        self._worker = threading.Thread(target=self._run, name=f"buzzer-GPIO{pin}",
                                        daemon=True)
        self._worker.start()

    def _open_device(self, pin: int, kind: str, pin_factory):
        from gpiozero import Buzzer, TonalBuzzer
        from gpiozero.tones import Tone

        if kind == "tonal":
            return TonalBuzzer(pin, mid_tone=Tone.from_frequency(self.params.mid_hz),
                               octaves=self.params.octaves, pin_factory=pin_factory)
        return Buzzer(pin, pin_factory=pin_factory)

    # -- the caller's side -------------------------------------------------------------

    def play(self, name: str) -> None:
        """Start pattern ``name`` and return at once; a pattern still playing is cut off."""
        pattern = _pattern(self.params.patterns, name)
        with self._cond:
            if self._closed:
                raise RuntimeError(f"{self.description} is closed")
            self._request = (name, pattern)
            self._generation += 1
            self._cond.notify_all()

    def stop(self) -> None:
        """Silence the buzzer now and forget a pattern not yet begun."""
        with self._cond:
            self._request = None
            self._generation += 1
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing plays or waits to play; False if ``timeout`` ran out first."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._request is None and self._playing is None, timeout)

    @property
    def playing(self) -> str | None:
        """The name of the pattern sounding now, or None."""
        with self._cond:
            return self._playing

    def close(self) -> None:
        """Stop, join the worker, release the pin. Safe to call twice."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._request = None
            self._generation += 1
            self._cond.notify_all()
        self._worker.join()
        self._device.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> GpioBuzzer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the worker's side -------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._request is not None or self._closed)
                if self._closed:
                    return
                name, pattern = self._request
                self._request = None
                self._playing = name
                generation = self._generation
            try:
                self._perform(pattern, generation)
            except Exception:  # a failing pin must not kill the worker mid-game
                log.exception("%s: playing %r failed", self.description, name)
            finally:
                with self._cond:
                    self._playing = None
                    self._cond.notify_all()

    def _perform(self, pattern: Pattern, generation: int) -> None:
        try:
            for freq, seconds in pattern:
                self._sound(freq)
                with self._cond:
                    if self._cond.wait_for(lambda: self._generation != generation,
                                           seconds * self.params.time_scale):
                        return
        finally:
            self._sound(None)

    def _sound(self, freq: float | None) -> None:
        if self.kind == "tonal":
            if freq is None:
                self._device.stop()
            else:
                from gpiozero.tones import Tone
                self._device.play(Tone.from_frequency(freq))
        elif freq is None:
            self._device.off()
        else:
            self._device.on()


def open_buzzer(kind: BuzzerKind | str, pin: int, pin_factory=None,
                params: BuzzerParams | None = None) -> GpioBuzzer | SilentBuzzer:
    """The configured buzzer, or a ``SilentBuzzer`` (with a log line) when it cannot sound.

    ``kind="none"`` is a table without a buzzer. When gpiozero cannot load a pin factory
    (a desktop), cannot reach the GPIO chip (permissions) or the factory lacks PWM for a
    tonal buzzer, the game goes on silently and the log says why.
    """
    if kind == "none":
        log.info("buzzer: none configured; patterns are logged, not sounded")
        return SilentBuzzer("buzzer type is none", params)
    if kind not in ("tonal", "active"):
        raise ValueError(f"buzzer kind {kind!r}: one of {', '.join(BUZZER_KINDS)}")
    try:
        from gpiozero.exc import GPIOZeroError, PinFactoryFallback, PinPWMUnsupported
    except ImportError as err:
        return _fallback(kind, pin, f"gpiozero is not installed: {err}", params)
    # gpiozero warns once per pin factory it could not load; keep them for the log.
    with warnings.catch_warnings(record=True) as fallbacks:
        warnings.simplefilter("always", PinFactoryFallback)
        try:
            buzzer: GpioBuzzer | SilentBuzzer = GpioBuzzer(
                pin, kind, pin_factory=pin_factory, params=params)
        except PinPWMUnsupported:
            buzzer = _fallback(kind, pin, "the pin factory has no PWM, which a tonal buzzer"
                               " needs: use an active buzzer, or lgpio on the Pi", params)
        except (GPIOZeroError, ImportError, OSError, RuntimeError) as err:
            buzzer = _fallback(kind, pin, f"no usable GPIO: {type(err).__name__}: {err}",
                               params)
    for warning in fallbacks:
        log.debug("buzzer: %s", warning.message)
    return buzzer


def _fallback(kind: str, pin: int, why: str, params: BuzzerParams | None) -> SilentBuzzer:
    log.warning("buzzer: no %s buzzer on GPIO%d (%s); playing silently", kind, pin, why)
    return SilentBuzzer(why, params)
