"""Which buzzer pattern an engine outcome sounds: the engine's notices -> one pattern name.

``Game.apply`` returns notices (``penalty``, ``dare``, ``round_over``, ``game_won`` ...)
and raises ``IllegalEventError`` for an event it rejects. One event may produce several
notices (a failed dare that was the round's last card: ``penalty`` then ``round_over``);
the buzzer plays the most important one only, since a new pattern cuts off the last.
``uno_closing`` comes from the screen's UNO countdown, not from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Notice -> pattern, most important first.
NOTICE_PATTERNS: tuple[tuple[str, str], ...] = (
    ("game_won", "game_won"),
    ("round_over", "round_over"),
    ("penalty", "penalty"),
    ("dare", "dare"),
)


def outcome_pattern(notices: Iterable[str] = (), rejected: bool = False) -> str | None:
    """The pattern for an applied event's ``notices``; ``illegal`` when it was rejected."""
    if rejected:
        return "illegal"
    seen = set(notices)
    for notice, pattern in NOTICE_PATTERNS:
        if notice in seen:
            return pattern
    return None
