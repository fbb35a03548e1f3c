"""A wild card's white print cut over its four-colour centre by its own measures, and read.

The face cuts a wild card's print against the card's white border (:mod:`vision.face`): a
dim or tinted light, a shadow or blur over the centre leave the print short of that white,
and its letters broken. Here the print is judged within the centre alone: colourless and
bright among the colourless pixels. Pure numpy + cv2.
"""

from __future__ import annotations

import cv2
import numpy as np

from .indices import corner_numbers
from .mark_grey import GreyParams
from .mark_shape import beside_a_word, without_specks
from .marks import SymbolBanks
from .symbol_params import SymbolParams
from .symbol_ink import SymbolReading, read_ink


def white_print(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """A wild card's white print cut over its four-colour ``centre`` (the face's centre
    mask) by its own two measures, each level set by Otsu's method over the centre: the
    print is colourless (chroma, brightest less darkest channel, as a share of the
    brightest, at most the level parting it from the paint), and among the colourless
    pixels it is the bright part (darkest channel past the level parting it from its dark
    outline, drop shadow and the black field). The face's cut judges the print against
    the card's white border instead: a dim or tinted light, a shadow or blur over the
    centre leave the print short of that white, and its letters broken. None when the
    centre is too small to hold a mark or holds nothing colourless."""
    inner = cv2.erode(centre.astype(np.uint8), np.ones((params.rim, params.rim), np.uint8))
    x, y, w, h = cv2.boundingRect(inner)
    if min(w, h) < 8:
        return None
    box = card_bgr[y:y + h, x:x + w]
    dark, bright = box.min(axis=2), box.max(axis=2)
    chroma = cv2.divide(cv2.subtract(bright, dark), bright, scale=255)
    inside = inner[y:y + h, x:x + w] > 0
    level, _ = cv2.threshold(chroma[inside].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    grey = inside & (chroma <= level)
    if not grey.any():
        return None
    level, _ = cv2.threshold(dark[grey].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out = np.zeros(centre.shape, np.uint8)
    mark = ((dark > level) & grey).view(np.uint8) * 255
    out[y:y + h, x:x + w] = without_hairlines_joined(mark, params.joined_hairline) if params.joined_hairline else mark
    return out


def without_hairlines_joined(mark: np.ndarray, length: float) -> np.ndarray:
    """``mark`` (a 0/255 mask) without its hairlines joined to the rest: pieces no more
    than two pixels wide along their whole length (what an opening by a 3x3 square takes
    away), at least ``length`` of the mark's height long, touching what the opening
    keeps. Where two of a wild card's four colours meet, the blend between them is a
    colourless line as bright as the print; one crossing a digit makes it another shape
    (a 4 with a stalk, a 1 with a branch). A print's strokes are thicker, and a thin
    character standing apart (a small 1) touches nothing, so it stays."""
    opened = cv2.morphologyEx(mark, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    thin = cv2.subtract(mark, opened)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(thin, connectivity=8)
    if n <= 1:
        return mark
    rows = np.flatnonzero(mark.any(axis=1))
    longer = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    long = longer >= length * (rows[-1] - rows[0] + 1)
    long[0] = False
    if not long.any():
        return mark
    # A piece touches the kept mark when the kept mark grown by a pixel reaches into it.
    touched = np.bincount(labels[cv2.dilate(opened, np.ones((3, 3), np.uint8)) > 0], minlength=n) > 0
    drop = long & touched
    return mark if not drop.any() else np.where(drop[labels], 0, mark).astype(np.uint8)


def read_white(reading: SymbolReading, card: np.ndarray, centre: np.ndarray | None, banks: SymbolBanks,
                params: SymbolParams, corners: tuple | None, grey: GreyParams) -> SymbolReading:
    """A wild card's mark cut again as its white print (:func:`~vision.white_print.white_print`:
    the face's cut against the border's white leaves a dim or blurred print broken), read
    as a wild card's. It counts when it reads surely a dare's number beside a line of a
    word's shape (:func:`~vision.mark_shape.beside_a_word`: a card's back or a phone,
    black round colours too, has no DARE word) and, with ``white_corner_veto``, no corner
    index reads another number surely while neither reads this one (a blurred white 5
    cut again reads a 4; its corner index, printed apart, still a 5); ``reading`` otherwise."""
    mark = None if centre is None else white_print(card, centre, grey)
    if mark is None or not mark.any():
        return reading
    alt = read_ink(mark, banks, params, True, corners, card)
    if (alt.confidence < params.number_min_confidence or alt.number is None
            or not beside_a_word(without_specks(mark)[0], params)):
        return reading
    if grey.white_corner_veto and corners is not None:
        seen = corner_numbers(corners, banks, params)
        if seen and alt.number not in seen:
            return reading
    return alt
