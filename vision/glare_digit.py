"""A glared digit card read from its glare spot's own cut, at a digit card's size, by its corners.

Under a lamp's glare spot the face's cut loses the digit's paled strokes; the spot split in
its own light (:func:`~vision.glare_cut.glare_cut`) often gets the whole digit back, and
reads it fully surely. One cut is one cue; the corner indices, printed small and apart, are
the second: both leaning to that digit (each one's likeliest reading,
:func:`~vision.half_turns.likeliest`), or one reading it surely while the other leans to
no other number, and no corner reading another digit surely.

A dare prints its one-digit number in its corners too, and a glared dare's word may be lost
to the cut (held-out 7:113, a yellow dare 6 so read a 6 by its place alone): so the cut's
digit must stand as a digit card prints it, one line in the card's middle, and as TALL:
``min_ratio`` of the corner glyph's height at least (a digit card's digit 2.6-3.1 times it,
a dare's number 1.75-2.1 times: :mod:`vision.glare_glyph`). A glare that took part of the
digit only makes it shorter, never taller. Pure functions of the flattened card, its
centre, the face's ink and the corner marks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .glare_cut import GlareCutParams, glare_cut, glare_spot
from .glare_glyph import corner_glyph
from .half_turns import likeliest
from .indices import CornerIndices, index_digit
from .mark_shape import centred, one_line, without_specks
from .marks import SymbolBanks
from .symbol_ink import SymbolReading, read_ink
from .symbol_params import SymbolParams

__all__ = ["GlareDigitParams", "tall_as_a_digit", "corners_back", "digit_by_glare_cut"]


@dataclass(frozen=True)
class GlareDigitParams:
    """When a glared digit card is read from its glare spot's cut (:func:`digit_by_glare_cut`)."""

    #: Off (False): such a card stays unread.
    enabled: bool = True
    #: The spot's light above the centre's paper, each share of the way to 255 in turn
    #: (:func:`~vision.glare_cut.glare_cut`).
    lifts: tuple = (0.5, 0.3)
    #: The cut's digit at least this multiple of the taller corner glyph's height.
    min_ratio: float = 2.4
    #: A corner glyph this many times the other's height is a glare blob, not an index: the
    #: other stands for both when its corner reads the digit at least ``glyph_sure``.
    joined: float = 1.6
    glyph_sure: float = 0.5
    #: The digit's box's middle within this share of the card's width and height of its middle.
    centred: float = 0.05
    #: Digits the corners' leanings alone do not back: one corner must read it surely. A
    #: filled 5 leans 8 in the cut and in both corners alike (as ``SymbolParams.lean_closed``
    #: says of a dare's number): a blue 5 so read an 8 on the integrator's seed 8.
    closed: str = "8"


def tall_as_a_digit(mark: np.ndarray, digit: str, corners: tuple, banks: SymbolBanks, params: SymbolParams,
                    glare: GlareDigitParams) -> bool:
    """Does ``mark`` (without its specks) stand at least ``min_ratio`` times the taller
    corner glyph (:func:`~vision.glare_glyph.corner_glyph`)? A glyph ``joined`` times the
    other's height or more is a glare blob in its corner, not an index: the other stands
    for both when its corner reads ``digit`` at least ``glyph_sure`` surely. False without
    a glyph."""
    glyphs = [corner_glyph(m) for m in corners]
    heights = [None if g is None else g.shape[0] for g in glyphs]
    known = [h for h in heights if h is not None]
    clean, _ = without_specks(mark)
    if not known or not clean.any():
        return False
    ref = max(known)
    if len(known) == 2 and ref >= glare.joined * min(known):
        k = heights.index(min(known))
        number, how_sure = likeliest(CornerIndices(corners, banks, params), k)
        if number != int(digit) or how_sure < glare.glyph_sure:
            return False
        ref = min(known)
    return cv2.boundingRect(clean)[3] >= glare.min_ratio * ref


def corners_back(digit: str, corners: tuple, banks: SymbolBanks, params: SymbolParams,
                 closed: str = "") -> bool:
    """Do the corners back ``digit``: no corner reads another digit surely, and both
    corners' likeliest numbers are it, or one corner reads it surely while the other's
    likeliest is no other number? A digit in ``closed`` needs a corner reading it surely."""
    sure = [index_digit(m, banks, params) for m in corners]
    if any(s - {digit} for s in sure):
        return False
    if digit in closed and not any(digit in s for s in sure):
        return False
    indices = CornerIndices(corners, banks, params)
    leans = [likeliest(indices, k)[0] for k in range(2)]
    value = int(digit)
    if leans[0] == value and leans[1] == value:
        return True
    return any(digit in sure[k] and leans[1 - k] in (None, value) for k in range(2))


def digit_by_glare_cut(reading: SymbolReading, card_bgr: np.ndarray, centre: np.ndarray | None,
                       ink: np.ndarray | None, corners: tuple | None, banks: SymbolBanks,
                       params: SymbolParams, glare: GlareDigitParams) -> SymbolReading | None:
    """``reading`` (short of sure) as the digit the glare spot's own cut reads surely, one
    line in the card's middle as tall as a digit card's (:func:`tall_as_a_digit`), the
    corners backing it (:func:`corners_back`), at ``corner_agreed``; not a 0 (a blurred
    corner mark of any kind closes into a blob reading 0). None otherwise."""
    if not glare.enabled or centre is None or ink is None or corners is None or len(corners) != 2:
        return None
    if glare_spot(card_bgr, centre, GlareCutParams(lift=min(glare.lifts))) is None:
        return None
    for lift in glare.lifts:
        cut = glare_cut(card_bgr, centre, ink, GlareCutParams(lift=lift))
        if cut is None or not cut.any():
            continue
        alt = read_ink(cut, banks, params, False, corners)
        if (alt.symbol is None or not alt.symbol.isdigit() or alt.symbol == "0"
                or alt.confidence < params.number_min_confidence):
            continue
        if not (one_line(cut, params) and centred(without_specks(cut)[0], glare.centred)
                and tall_as_a_digit(cut, alt.symbol, corners, banks, params, glare)
                and corners_back(alt.symbol, corners, banks, params, glare.closed)):
            continue
        return replace(alt, confidence=params.corner_agreed)
    return None
