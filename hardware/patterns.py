"""The buzzer's patterns as data: one short, distinct sound per engine outcome.

A pattern is a tuple of steps ``(frequency_hz, seconds)``; ``None`` as frequency is a rest.
A passive (tonal) buzzer plays each frequency; an active buzzer only knows on and off, so
every pattern also differs in rhythm, and notes that follow each other are separated by a
short rest to stay audible as separate beeps on an active buzzer. Names are the fixed
vocabulary the rest of the companion uses (``PATTERN_NAMES``); the table of sounds is a
parameter of every buzzer, so a table may tune it without touching code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: One step of a pattern: (frequency in Hz or None for a rest, duration in seconds).
Step = tuple[float | None, float]
Pattern = tuple[Step, ...]

#: The pattern names, in the order ``beep --list`` shows them.
PATTERN_NAMES: tuple[str, ...] = (
    "penalty", "illegal", "uno_closing", "dare", "round_over", "game_won",
)

#: What each pattern announces, for ``beep --list`` and the README.
PATTERN_MEANINGS: Mapping[str, str] = MappingProxyType({
    "penalty": "a penalty draw: dare failed or declined, caught without UNO",
    "illegal": "an illegal play was rejected: the card goes back",
    "uno_closing": "the UNO window is about to close",
    "dare": "a dare is pending",
    "round_over": "the round is over: show the hands",
    "game_won": "the game is won",
})

_GAP = 0.04  # a rest between notes: an active buzzer would otherwise merge them

#: The default sounds; frequencies lie within 220-3520 Hz (see BuzzerParams' tone range).
DEFAULT_PATTERNS: Mapping[str, Pattern] = MappingProxyType({
    # two falling "wah-wah" notes, the second long: bad news for one player
    "penalty": ((523.0, 0.18), (None, 0.08), (330.0, 0.45)),
    # three short low buzzes: "no"
    "illegal": ((220.0, 0.09), (None, 0.06), (220.0, 0.09), (None, 0.06), (220.0, 0.09)),
    # quick high ticks, like a clock running out
    "uno_closing": ((1760.0, 0.05), (None, 0.12), (1760.0, 0.05), (None, 0.12),
                    (1760.0, 0.05), (None, 0.12), (2093.0, 0.05)),
    # a rising question: a dare waits for its answer
    "dare": ((659.0, 0.12), (None, _GAP), (880.0, 0.12), (None, _GAP), (1319.0, 0.25)),
    # an arpeggio down to rest: C-G-C
    "round_over": ((1047.0, 0.15), (None, _GAP), (784.0, 0.15), (None, _GAP),
                   (523.0, 0.40)),
    # a fanfare: C-E-G, then a long high C twice
    "game_won": ((523.0, 0.12), (None, _GAP), (659.0, 0.12), (None, _GAP), (784.0, 0.12),
                 (None, _GAP), (1047.0, 0.35), (None, 0.08), (1047.0, 0.60)),
})


def check_patterns(patterns: Mapping[str, Pattern], low_hz: float, high_hz: float) -> None:
    """Raise ValueError unless every name has a pattern of well-formed steps within the range.

    Checked once when a buzzer opens, so a bad table of sounds fails at start-up rather
    than in the middle of a game.
    """
    missing = [name for name in PATTERN_NAMES if name not in patterns]
    if missing:
        raise ValueError(f"patterns missing: {', '.join(missing)}")
    for name, pattern in patterns.items():
        if not pattern:
            raise ValueError(f"pattern {name!r} is empty")
        for freq, seconds in pattern:
            if not seconds > 0:
                raise ValueError(f"pattern {name!r}: step of {seconds!r} s (must be > 0)")
            if freq is not None and not low_hz <= freq <= high_hz:
                raise ValueError(
                    f"pattern {name!r}: {freq} Hz is outside {low_hz:g}-{high_hz:g} Hz")


def pattern_duration(pattern: Pattern) -> float:
    """Seconds the pattern lasts at time scale 1."""
    return sum(seconds for _, seconds in pattern)


def describe_pattern(name: str, pattern: Pattern) -> str:
    """One line a person reads: what would have sounded (the silent buzzer logs it)."""
    steps = ", ".join(f"{freq:g} Hz {sec:g} s" if freq is not None else f"rest {sec:g} s"
                      for freq, sec in pattern)
    return f"{name} ({pattern_duration(pattern):.2f} s: {steps})"


def on_off_states(pattern: Pattern) -> list[bool]:
    """The on/off sequence a pattern drives, with consecutive equal steps merged.

    What a pin records for the pattern (starting from silence and ending silent); the
    tests compare the mock pin's recorded states with this.
    """
    states: list[bool] = [False]
    for freq, _ in pattern:
        on = freq is not None
        if on != states[-1]:
            states.append(on)
    if states[-1]:
        states.append(False)
    return states
