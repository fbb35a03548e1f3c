"""What lies across a card's white border beyond :func:`~vision.overlap.border_crossed`'s
kinds, for the recogniser's settling: whether a card crossed only by its own hue leans over
a rival (:func:`own_leans_over`), and a black field (:func:`dark_across`), which that
function cannot see (its colour test looks for chroma, and a wild card's or a card back's
black has none; its edge test looks for thin dark lines, and a black field across the ring
is one wide dark run; yet it is far darker than paper, which a shadow on the border is not:
a shadow leaves paper near half its white or brighter).
"""

from __future__ import annotations

import cv2
import numpy as np

from .fields import Candidate
from .overlap import percentile_u8, ring_lines, whole_within


def dark_across(card_bgr: np.ndarray, border_px: float, share: float, min_run: float = 1.0,
                corner_skip: float = 1.5, field_depth: float = 3.0) -> bool:
    """Does a run darker than ``share`` of the ring's paper (each pixel's brightest channel:
    a vivid field's darkest channel is as low as black's) cross the flattened card's white
    border, ``min_run`` border widths long along both of its inner lines (half and three
    quarters of a border's width in: the outer line may fall on the table where a quad is a
    pixel too wide)? Not on a card whose own field (``field_depth`` border widths in) is as
    dark: blur or a quad a pixel too wide puts a wild's own black in its ring, told from no
    other black (as a coloured card's own hue, :data:`~vision.overlap.OWN`)."""
    if share <= 0:
        return False
    seen = ring_lines(card_bgr, border_px, (0.5, 0.75), corner_skip)
    if seen.shape[1] < 3:
        return False
    bright = cv2.max(cv2.max(seen[..., 0], seen[..., 1]), seen[..., 2])
    bar = share * percentile_u8(bright[0], 90)
    black = cv2.compare(bright, bar, cv2.CMP_LT)
    black = (black[0] & black[1]).view(np.int8).ravel() & 1
    if not black.any():
        return False
    steps = np.diff(black, prepend=0, append=0)
    starts, ends = np.flatnonzero(steps == 1), np.flatnonzero(steps == -1)
    if int((ends - starts).max()) < min_run * border_px:
        return False
    field = ring_lines(card_bgr, border_px, (field_depth,), corner_skip)[0]
    return float(np.median(field.max(axis=1))) >= bar


def own_leans_over(frame_bgr: np.ndarray, card: Candidate, others: list[Candidate],
                   need: float) -> bool:
    """Does ``card``'s border run on whole inside the outline of one of ``others``, that
    one's gone inside ``card``'s own, by ``need`` at least
    (:func:`~vision.overlap.whole_within`)? Asked of a card crossed only by runs of its own
    hue (:data:`~vision.overlap.OWN`: blur or a quad a pixel too wide puts its own field in
    its ring) against cards whose border nothing crosses: the borders then lean to it lying
    on that card, if too little to order a sliver, and nothing says a card lies on it, so
    it does not lie under that card."""
    for other in others:
        mine = whole_within(frame_bgr, card, other.card)
        theirs = whole_within(frame_bgr, other, card.card)
        if mine is not None and theirs is not None and mine - theirs >= need:
            return True
    return False
