"""A sure dare left unnumbered, its centre read again against its corners recut in their own light.

On a small blurred card the face's corner marks, cut at the paper's fixed whiteness, run an
index's ~10 px strokes into blobs that read no number, so a centre number read short of
sure has no second reading to back it (the commonest miss among dares: "the dare's number
unsure", ~10 a seed). Cut at a level of the corner's own grey (:func:`~vision.corner_cuts.recut_corners`),
the index often stands out as printed; with those marks as its corners, the centre is read
again by every rule the face's corners feed (a centre number a corner reads too, both
corners agreeing, a corner against another number). A recut corner alone is not what
numbers the card (:func:`~vision.corner_cuts.numbered_by_recut` asks both, fully surely):
it backs or vetoes the centre's own reading. Asked only where the face's reading left a
sure dare unnumbered and the recut corners alone did not number it: every other frame's
CPU is untouched.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .corner_cuts import CornerCutParams, recut_corners, turned_lead
from .geometry import CardGeometry
from .grey_params import GreyParams
from .corner_leans import both_lean
from .indices import CornerIndices, corner_numbers
from .marks import SymbolBanks
from .numbered_dares import CLOSED_BAYS
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams
# The reading without a wild card's one-corner rule: one recut corner alone is no second
# cue (``CornerCutParams.one_corner``, off: a lower wild card once answered for the pile's top).
from .symbols import _read_symbol

__all__ = ["reread_by_recut"]


def reread_by_recut(reading: SymbolReading, ink: np.ndarray | None, card_bgr: np.ndarray,
                    centre: np.ndarray | None, face_corners: tuple | None, geometry: CardGeometry,
                    banks: SymbolBanks, params: SymbolParams, cut: CornerCutParams, wild: bool,
                    grey: GreyParams = GreyParams()) -> SymbolReading | None:
    """``reading`` (a sure dare without its number) numbered by the centre's ``ink`` read
    again with the corners recut at each of ``reread_levels`` in turn
    (:func:`~vision.corner_cuts.recut_corners`) as its corner indices; the first level whose
    reading is a dare with a number has the say. That number counts when a recut corner
    reads it surely too, no corner of the face's (``face_corners``) reads another, and a 4
    leads a 6 (:func:`_backed`), and one ending in a closed-bay digit holds at a finer cut
    (:func:`_holds`); else None. The recut corners stand in for the face's: without the
    first two checks the reread could number a dare only for what it no longer sees (a
    face corner's veto: dev 13:1570, a yellow dare 15 read so only with its corner's 16
    taken away)."""
    if not cut.reread_levels or reading.number is not None or ink is None:
        return None
    for level in cut.reread_levels:
        corners = recut_corners(card_bgr, centre, geometry, level, cut.min_contrast)
        if all(c is None or not c.any() for c in corners):
            continue
        again = _read_symbol(ink, banks, params, wild, corners, card_bgr, grey, centre)
        if again.symbol == "dare" and again.number is not None:
            # The first level that numbers the dare has the say: a finer cut is no second
            # chance for a number its check refused.
            if not (_backed(again.number, corners, face_corners, banks, params, cut)
                    and _holds(again.number, card_bgr, centre, geometry, banks, params, cut)):
                return None
            break
    else:
        return None
    # As sure as the less sure of the two readings: the recogniser's bar then decides.
    return replace(reading, number=again.number, flipped=again.flipped,
                   confidence=min(reading.confidence, again.confidence))


def _backed(number: int, corners: tuple, face_corners: tuple | None, banks: SymbolBanks,
            params: SymbolParams, cut: CornerCutParams) -> bool:
    """Does a recut corner (``corners``) read ``number`` surely (or both recut corners lean
    to it ``corner_both_lean`` surely: :func:`~vision.corner_leans.both_lean`, the corners
    :func:`~vision.corner_leans.three_leans` numbered the reread by), no face corner another, and
    a number ending in a 4 have each recut corner's last digit leading a 6 by
    ``four_six_lead`` (:func:`~vision.corner_cuts.turned_lead`: a blurred bold 6 fills
    into a 4, in the corners as in the centre; the recut once read a seed-8 16 as 14)?"""
    lean = params.corner_both_lean
    if number not in corner_numbers(corners, banks, params) and not (
            lean and both_lean(CornerIndices(corners, banks, params), number, lean)):
        return False
    if face_corners is not None and corner_numbers(face_corners, banks, params) - {number}:
        return False
    return number % 10 != 4 or all(c is None or not c.any() or turned_lead(c, number, "6", banks, params)
                                   >= cut.four_six_lead for c in corners)


def _holds(number: int, card_bgr: np.ndarray, centre: np.ndarray | None, geometry: CardGeometry,
           banks: SymbolBanks, params: SymbolParams, cut: CornerCutParams) -> bool:
    """A number ending in a digit a closed bay makes (:data:`~vision.numbered_dares.CLOSED_BAYS`:
    a blurred 2, 3 or 5 fills into a 6, 8, 9 or 0) counts only when a recut corner reads it
    at two at least of ``closed_levels``: a closed bay stays closed cut finer, one the blur
    closed opens (dev 10:32, a red dare 15 whose centre read 10 and one corner 10 at 0.75
    alone). Any other number: True."""
    if str(number % 10) not in CLOSED_BAYS:
        return True
    held = 0
    for level in cut.closed_levels:
        corners = recut_corners(card_bgr, centre, geometry, level, cut.min_contrast)
        held += number in corner_numbers(corners, banks, params)
        if held >= 2:
            return True
    return False
