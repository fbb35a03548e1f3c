"""A dare's number read from one cut of its centre, checked before it counts: the mark two
lines with the number centred in it, no corner index against it (:func:`a_numbered_dare`),
and, when no corner reads any number, no digit a closed bay makes unless the face's own ink
reads it too (:func:`lone_number`). Apart from :mod:`vision.symbols`, which asks these.
"""

from __future__ import annotations

import numpy as np

from .corner_leans import outvoted
from .dare_lines import face_numbers
from .indices import CornerIndices, corner_numbers
from .mark_shape import line_count, stacked, tallest_centred, without_specks
from .marks import SymbolBanks, SymbolParams
from .symbol_ink import SymbolReading

__all__ = ["CLOSED_BAYS", "a_numbered_dare", "closed_unless_the_face_agrees", "lone_number"]

#: The digits a closed bay makes of another (a blurred 2, 3 or 5 read as a 6, 8, 9 or 0).
CLOSED_BAYS = "0689"


def a_numbered_dare(reading: SymbolReading, mark: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                    corners: tuple | None, backed: bool = False, beside: bool = False, lone: bool = False,
                    closed: str = CLOSED_BAYS) -> bool:
    """Is ``reading`` of ``mark`` a dare read fully surely with its number (its word and
    its number each read, :func:`~vision.symbol_ink.read_mark`), the mark two lines (a
    third, a rim's leftover, may be what the cut took for the word: a 5 upside down then
    reads a 9; with ``backed`` and ``beside``, a line beside the others, sharing no column
    with the number, is no line of the mark: :func:`~vision.mark_shape.stacked`), the number
    standing centred in it (:func:`~vision.mark_shape.tallest_centred`:
    a cut that lost a 16's 1 reads a sure 6 aside), and no corner index reading another
    number (with ``backed``, one reading this one; with ``lone`` too, corners reading no
    number at all, a small card's ~10 px indices, let a number with no digit in ``closed``
    count: a blurred fill's bays close, turning a 2, 3 or 5 into a 6, 8 or 9 or a 0, and
    never open one)?"""
    if reading.symbol != "dare" or reading.number is None or reading.confidence < 1.0:
        return False
    kept = without_specks(mark)[0]
    if backed and beside:
        kept = stacked(kept)
    if line_count(kept, params) != 2 or not tallest_centred(kept):
        return False
    seen = corner_numbers(corners, banks, params) if corners is not None else set()
    if seen:
        return reading.number in seen or outvoted(reading.number, CornerIndices(corners, banks, params), params)
    return not backed or (lone and not set(str(reading.number)) & set(closed))


def lone_number(alt: SymbolReading, cut: np.ndarray, ink: np.ndarray, beside: bool, banks: SymbolBanks,
                params: SymbolParams, corners: tuple) -> bool:
    """Does the colour's ``cut``, read as ``alt``, number the dare on its own
    (:func:`a_numbered_dare` with ``lone``)? A number with a digit a closed bay makes is
    asked of the face's ``ink`` too (:func:`closed_unless_the_face_agrees`), last: only
    where the closed digit alone refused it."""
    if a_numbered_dare(alt, cut, banks, params, corners, backed=True, lone=True, beside=beside):
        return True
    return bool(params.closed_face_agrees and set(str(alt.number)) & set(CLOSED_BAYS)
                and a_numbered_dare(alt, cut, banks, params, corners, backed=True, lone=True, beside=beside,
                                    closed="")
                and closed_unless_the_face_agrees(alt, ink, banks, params) == "")


def closed_unless_the_face_agrees(alt: SymbolReading, ink: np.ndarray, banks: SymbolBanks,
                                  params: SymbolParams) -> str:
    """The digits a lone cut's dare number (``alt``, read from the colour's cut) may not
    hold (:func:`a_numbered_dare`'s ``closed``): "0689", the digits a closed bay makes, unless
    the face's ``ink`` reads, the same way up, a number ending in ``alt``'s last digit at
    least ``corner_agree_min`` surely while no way up of it reads another number as surely
    (``closed_face_agrees``: two cuts of two measures agreeing, no rival reading), an 8 read
    8 the other way up too; then none."""
    if not params.closed_face_agrees or alt.number is None:
        return CLOSED_BAYS
    ways = face_numbers(ink, banks, params)
    agree = any(flipped == alt.flipped and number is not None and number % 10 == alt.number % 10
                and sure >= params.corner_agree_min for flipped, number, sure in ways)
    rival = any(number not in (None, alt.number, alt.number % 10) and sure >= params.corner_agree_min
                and not (flipped == alt.flipped and number % 10 == alt.number % 10)
                for flipped, number, sure in ways)
    # An 8 is its own print turned round: the other way up reads it too. A 2, 3 or 5 whose
    # bays blur closed keeps its slant or its "#" (dev 10:1361: "#2" read 8 one way, 0.0 the other).
    turned = alt.number != 8 or any(flipped != alt.flipped and number == 8 and sure >= params.corner_agree_min
                                    for flipped, number, sure in ways)
    return "" if agree and not rival and turned else CLOSED_BAYS
