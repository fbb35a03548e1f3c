"""A digit card whose centre mark a highlight damaged, told by its two corner indices.

A lamp's glare over the centre washes out part of the mark (a 2's foot, a 3's left half):
what is left matches the digit's templates about as well as a neighbour's (a 2 without its
foot is a 7), and the reading is unsure. The corner indices, printed small and apart,
often escape the glare. When both read the same digit on their own, and the centre's mark
(its face cut or a re-cut) matches that digit as well as anything, the two agree on
different pixels: the corners choose between the centre's closest symbols, never against
the centre. A dare prints its one-digit number in its corners too: its number stands
beside its word, off the card's middle, and its word keeps a dare's likeness in the mark.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from .indices import index_digit
from .marks import SymbolBanks, SymbolParams, feature
from .mark_shape import centred, one_line, without_specks
from .symbol_ink import SymbolReading


def digit_by_corners(reading: SymbolReading, marks: Iterable[np.ndarray | None], corners: tuple,
                     banks: SymbolBanks, params: SymbolParams, reach: float) -> SymbolReading | None:
    """The digit both corner indices read surely, each on its own (or one reads and the
    other reads nothing, see ``corner_tie_one_score``), when one of ``marks``
    (the face's ink, then the centre's re-cuts) is one line standing in the card's middle
    (its box's centre within ``reach`` of the card's width and height of the card's centre)
    that matches that digit at least ``corner_tie_score`` and within ``corner_tie_gap`` of
    its best symbol (either way up),
    and no mark is likelier a dare than that (a dare's number is its corners' digit too;
    its word, even half gone, keeps the mark like a dare's). None otherwise: the corners
    alone, or a centre that reads another symbol clearly, name no card. ``reading`` (the
    unsure reading) is returned with the digit at ``corner_agreed``."""
    if params.corner_tie_score <= 0 or corners is None or len(corners) != 2:
        return None
    read = [index_digit(corners[0], banks, params), index_digit(corners[1], banks, params)]
    agreed = read[0] & read[1]
    if not agreed and params.corner_tie_one_score > 0 and len(read[0] | read[1]) == 1 and not (read[0] and read[1]):
        # One corner reads a digit, the other nothing (glare or a shadow over it): the
        # centre must then match that digit best of all symbols, and well.
        agreed, least, gap = read[0] | read[1], params.corner_tie_one_score, 0.0
    else:
        least, gap = params.corner_tie_score, params.corner_tie_gap
    if len(agreed) != 1:
        return None
    digit = next(iter(agreed))
    chosen, dare = None, -1.0
    for mark in marks:
        if mark is None or not mark.any():
            continue
        scores = _both_ways(mark, banks, params)
        if not scores:
            continue
        dare = max(dare, max(v for (label, _), v in scores.items() if label == "dare") if any(
            label == "dare" for label, _ in scores) else -1.0)
        if chosen is not None:
            continue
        top = max(scores.values())
        (label, flipped), score = max(((key, v) for key, v in scores.items() if key[0].rstrip("?") == digit),
                                      key=lambda kv: kv[1], default=((None, False), -1.0))
        if (label is not None and score >= least and score >= top - gap
                and one_line(mark, params) and centred(without_specks(mark)[0], reach)):
            chosen = (flipped, score)
    if chosen is None or dare >= chosen[1]:
        return None
    return replace(reading, symbol=digit, number=None, flipped=chosen[0], confidence=params.corner_agreed,
                   score=chosen[1])


def _both_ways(mark: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> dict:
    """Each template label's score for ``mark`` upright and turned round: {(label, flipped): score}."""
    out = {}
    for flipped, view in ((False, mark), (True, mark[::-1, ::-1])):
        for label, v in (banks.glyph.scores_by_label(feature(view, params.glyph_box)) or {}).items():
            out[label, flipped] = v
    return out
