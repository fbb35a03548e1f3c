"""Doubts about the pile's order that no overlap measures: cards the recogniser saw but
could not read, standing where the pile's top card could as well lie.
"""

from __future__ import annotations

from .pile import touching
from .reading import CardReading


def unsure_apart(reading: CardReading, unsure: list[CardReading], size: float) -> bool:
    """Should ``reading`` (the card that reads, next in the pile order) give way to "no
    card" for one of ``unsure``, the cards before it in that order that were cards but read
    unsurely? Yes when one of them holds a mark in its centre (its symbol was read, short of
    sure: glare or blur on the top card's print; some ink cut in its centre), lies apart from ``reading``'s card (not
    touching it: a touching one is its rival and the pile evidence judges the two), and the
    two are of comparable size (each at least ``size`` of the other's; 0: never). A whole
    card lying apart from the card read is as uncovered as it is; when it reads, the two
    are rivals (``apart_rivals``), and an unread one is no less the pile's top card: which
    of the two lies on top, the frame does not say. A card with no mark in its centre (a
    back, a wild whose print the light hid) is not asked: it is no mark read unsurely. A
    piece of a card seen much smaller is no rival either (``min_rival_size`` for those
    touching).
    """
    if size <= 0 or reading.label is None:
        return False
    card = reading.candidate
    for other in unsure:
        if (other.label is not None or other.candidate is card or other.symbol is None
                or other.face is None or other.face.ink is None or not other.face.ink.any()):
            continue  # read, itself, or no mark in its centre (a blank centre reads no ink)
        small, big = sorted((card.area, other.candidate.area))
        if small < size * big:
            continue
        if not touching(card, other.candidate):
            return True
    return False
