"""A 0 whose centre mark reads unsure, told by its ring's shape and a corner index.

A highlight over a 0 pales part of its ring, a blur its hole's edge: the mark then matches
a 0's templates no better than a 6's, 9's or a reverse's, and the reading is unsure. A
corner's 0 alone says little: a small blurred index of a 5, 6, 8 or 9 closes into a ring
too (``corner_zero_closes``). The centre's mark, cut again (grey levels, colour, the glare
spot's own light), is the second cue when it is a 0's shape: one closed ring, taller than
wide (a skip's ring and a reverse's arrows are as wide as tall), whose one big hole stands
in the ring's middle (a 6's or a 9's loop sits at one end, beside its tail; an 8 has two
small holes, a skip's slash halves its hole), standing in the card's middle at a full
digit's height (a 9 whose tail glare took is a loop half as tall). On 300 cards of dev
seed 17, every mark so shaped was a 0's; one corner reads 0 and neither another digit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .indices import index_digit
from .mark_shape import centred, without_specks
from .marks import SymbolBanks
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams


@dataclass(frozen=True)
class RingParams:
    """A 0's ring, measured on the mark's largest blob. Dev seed 17's 0s: height 1.10-1.27
    of the width, the hole 0.20-0.79 of the filled ring and 0.50-0.91 of its height, its
    box's middle within 0.03 of the ring's; skips 0.91-1.02 tall, their hole off by 0.07-0.10."""

    #: The blob's share of the mark's ink (a ring, not specks around one).
    share: float = 0.85
    #: The filled ring's area over its convex hull's (no tail or stroke out of it).
    solid: float = 0.9
    #: Height over width, at least and at most.
    aspect: tuple[float, float] = (1.08, 1.35)
    #: The ring's height, at least this share of the card's.
    height: float = 0.17
    #: The largest hole's area, at least this share of the filled ring's; its box at least
    #: this share of the ring's height and width.
    hole: float = 0.2
    hole_size: float = 0.45
    #: The hole's box middle within this share of the ring's width and height of its middle.
    hole_off: float = 0.05


def zero_ring(mark: np.ndarray, ring: RingParams = RingParams()) -> bool:
    """Is ``mark`` (a card-sized mask) shaped like a 0's ring (see :class:`RingParams`)?"""
    ink = without_specks(mark)[0] > 0
    if not ink.any():
        return False
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[big, cv2.CC_STAT_AREA] < ring.share * np.count_nonzero(ink):
        return False
    contours, hierarchy = cv2.findContours((labels == big).astype(np.uint8), cv2.RETR_CCOMP,
                                           cv2.CHAIN_APPROX_NONE)
    links = hierarchy[0]
    outer = max((c for c, link in zip(contours, links) if link[3] < 0), key=cv2.contourArea)
    holes = [c for c, link in zip(contours, links) if link[3] >= 0]
    area = cv2.contourArea(outer)
    x, y, w, h = cv2.boundingRect(outer)
    if (not holes or area <= 0 or area < ring.solid * cv2.contourArea(cv2.convexHull(outer))
            or not ring.aspect[0] <= h / w <= ring.aspect[1] or h < ring.height * mark.shape[0]):
        return False
    hole = max(holes, key=cv2.contourArea)
    hx, hy, hw, hh = cv2.boundingRect(hole)
    return (cv2.contourArea(hole) >= ring.hole * area and hh >= ring.hole_size * h and hw >= ring.hole_size * w
            and abs(hx + hw / 2 - x - w / 2) <= ring.hole_off * w
            and abs(hy + hh / 2 - y - h / 2) <= ring.hole_off * h)


def zero_by_ring(reading: SymbolReading, marks: Iterable[np.ndarray | None], corners: tuple | None,
                 banks: SymbolBanks, params: SymbolParams, reach: float) -> SymbolReading | None:
    """A 0 when a corner index reads 0 and neither reads another digit, and one of
    ``marks`` (the centre's re-cuts, asked for one by one) is a 0's ring (:func:`zero_ring`)
    standing in the card's middle (its box's middle within ``reach``). ``reading``
    (the unsure one) is returned so at ``corner_agreed``; None otherwise (0
    ``zero_ring_hole``: off)."""
    if params.zero_ring_hole <= 0 or corners is None or len(corners) != 2:
        return None
    if set().union(*(index_digit(c, banks, params) for c in corners)) != {"0"}:
        return None
    ring = RingParams(hole=params.zero_ring_hole)
    for mark in marks:
        if mark is None or not mark.any():
            continue
        if centred(without_specks(mark)[0], reach) and zero_ring(mark, ring):
            return replace(reading, symbol="0", number=None, flipped=False, confidence=params.corner_agreed,
                           score=max(reading.score, params.min_score))
    return None
