"""Pieces of the table the search fitted as card-shaped fields (a checked cloth's squares):
one lying on another is no pile's top card when neither has a card's white border and a
card in view dwarfs them.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from .pile import Layer
from .quads import Candidate
from .reading import CardReading

#: verify's reasons for a quad with no card's border: no paper ring round its field, or one
#: no brighter than the field (a cloth's light square beside a dark one).
BORDERLESS = ("no white border around the field", "the border is not brighter than the field")


def table_piece(reading: CardReading, layer: Layer, found: list[Layer],
                check: Callable[[Candidate], CardReading], size: float) -> bool:
    """Is ``reading`` (``layer``'s quad, judged to lie on another candidate, refused as a
    card) a piece of the table rather than the pile's top card? Yes when it has no card's
    border (:data:`BORDERLESS`), every candidate of ``found`` its quad overlaps has none
    either, and a candidate lying clear of it checks as a card (``check``) with ``size``
    of that card's area at least as large as it (0: never): cards on one table are seen
    about the same size, so a quad much smaller than a card in view is no card of the pile."""
    if size <= 0 or reading.is_card or reading.reason not in BORDERLESS:
        return False
    card = layer.candidate
    quad = card.card.astype(np.float32)
    dwarfed = False
    for other in found:
        o = other.candidate
        if o is card:
            continue
        inter, _ = cv2.intersectConvexConvex(quad, o.card.astype(np.float32))
        if inter > 0:
            if check(o).reason not in BORDERLESS:
                return False
        elif not dwarfed and card.area <= size * o.area:
            dwarfed = check(o).is_card
    return dwarfed
