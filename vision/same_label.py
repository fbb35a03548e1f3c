"""Cards side by side that the pile cannot order, yet that all say the same card: which of
them lies on top does not change the answer.
"""

from __future__ import annotations

from .reading import CardReading


def one_label(readings: list[CardReading]) -> str | None:
    """The label every one of ``readings`` reads with confidence, when there are two at
    least and they all read the same one (a deck holds some cards twice, and a card the
    search found twice reads the same both times); else None. A card refused or read
    unsurely says nothing: it may be the top card and another one."""
    if len(readings) < 2:
        return None
    labels = {reading.label for reading in readings}
    if len(labels) != 1 or None in labels:
        return None
    return readings[0].label
