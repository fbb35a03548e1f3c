"""A digit card whose blurred print every single cut leaves short of sure, told by three
measures of the print agreeing.

Blur (a moving camera, a soft focus) spreads a bold digit's strokes into a blob: its bays
and holes close, and the face's cut by hue matches two digits nearly alike (a 2 as a 1, a
5 as an 8), while the small corner indices, blurred shut, read nothing. The core of the
print (:func:`~vision.mark_grey.core_mark`: its darkest pixels, the fringe left out) opens
the bays again and reads the digit surely; that alone is the same pixels cut again, no
second cue (a bold blob reads surely as anything). It counts when the two other measures
of the print, the face's own ink (hue and saturation) and the cut by chroma over the whole
centre (:func:`~vision.mark_grey.centre_mark`), each match that digit, the same way up,
within a hair of their best symbol: three measures choosing the same digit among the
blob's likenesses, the core surely.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from .corner_ties import scores_both_ways
from .indices import corner_digits
from .mark_grey import GreyParams, core_mark
from .mark_shape import centred, line_in_the_middle, one_line, without_specks
from .marks import SymbolBanks
from .symbol_ink import SymbolReading, read_ink
from .symbol_params import SymbolParams


def digit_by_measures(reading: SymbolReading, ink: np.ndarray, card: np.ndarray, chroma_cuts: Iterable[np.ndarray],
                      corners: tuple | None, banks: SymbolBanks, params: SymbolParams,
                      grey: GreyParams, centre: np.ndarray | None = None) -> SymbolReading | None:
    """The digit the core of ``ink`` (the face's cut, from ``card``'s grey levels) reads
    fully surely, matching it at least ``measures_core_score``, one line standing in the
    card's middle (``grey.digit_centred``), when the face's ``ink`` matches that digit, the
    same way up, within ``measures_gap`` of its best symbol either way up, one of
    ``chroma_cuts`` (the centre's cuts by colour and by local chroma) reads it or matches
    it so too, no mark matches a dare as well, and no corner index reads another digit.
    ``reading`` (the unsure reading) with the digit at ``corner_agreed``; None otherwise
    (0 ``measures_core_score``: off)."""
    if params.measures_core_score <= 0 or not ink.any():
        return None
    core = core_mark(card, ink, grey)
    if core is None or not core.any():
        return None
    alt = read_ink(core, banks, params, False, corners)
    digit = alt.symbol
    if digit is None or not digit.isdigit() or alt.confidence < 1.0 or alt.score < params.measures_core_score:
        return None
    if not (one_line(core, params) and centred(without_specks(core)[0], grey.digit_centred)
            and line_in_the_middle(core, grey.digit_centred, centre)):
        return None
    if not _leans_to(ink, digit, alt.flipped, banks, params):
        return None
    if not any(_reads(cut, digit, alt.flipped, banks, params, corners) for cut in chroma_cuts):
        return None
    if corners is not None and corner_digits(corners, banks, params) - {digit}:
        return None
    return replace(reading, symbol=digit, number=None, flipped=alt.flipped, confidence=params.corner_agreed,
                   score=alt.score, margin=alt.margin)


def _leans_to(mark: np.ndarray, digit: str, flipped: bool, banks: SymbolBanks, params: SymbolParams) -> bool:
    """Does ``mark`` match ``digit`` (``flipped`` or not) within ``measures_gap`` of its best
    symbol either way up, and better than a dare?"""
    scores = scores_both_ways(mark, banks, params)
    if not scores:
        return False
    mine = max((v for (label, way), v in scores.items() if label.rstrip("?") == digit and way == flipped),
               default=-1.0)
    dare = max((v for (label, _), v in scores.items() if label == "dare"), default=-1.0)
    return mine >= max(scores.values()) - params.measures_gap and mine > dare


def _reads(cut: np.ndarray | None, digit: str, flipped: bool, banks: SymbolBanks, params: SymbolParams,
           corners: tuple | None) -> bool:
    """Does ``cut`` read ``digit`` the ``flipped`` way up as its likeliest symbol (its
    glare's leftovers off the middle left out, as the reader does), or lean to it?"""
    if cut is None or not cut.any():
        return False
    found = read_ink(cut, banks, params, False, corners)
    if found.symbol == digit and found.flipped == flipped:
        return True
    return _leans_to(cut, digit, flipped, banks, params)
