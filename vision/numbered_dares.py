"""A dare's number read from one cut of its centre, checked before it counts: the mark two
lines with the number centred in it, no corner index against it (:func:`a_numbered_dare`),
and, when no corner reads any number, no digit a closed bay makes unless the face's own ink
reads it too (:func:`lone_number`); failing that, the number one cut reads fully surely
that the face's own ink reads too (:func:`numbered_by_a_cut`). Apart from
:mod:`vision.symbols`, which asks these.
"""

from __future__ import annotations

import numpy as np

from .corner_leans import outvoted
from .dare_lines import face_numbers
from .indices import CornerIndices, corner_numbers
from .mark_shape import line_count, stacked, tallest_centred, without_specks
from .marks import SymbolBanks
from .symbol_params import SymbolParams
from .symbol_ink import SymbolReading

__all__ = ["CLOSED_BAYS", "a_numbered_dare", "closed_unless_the_face_agrees", "face_agrees", "joined_number",
           "lone_number", "numbered_by_a_cut"]

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


def numbered_by_a_cut(reads, ink: np.ndarray, corners: set, banks: SymbolBanks, params: SymbolParams,
                      grey_stacked: bool, colour=None, over_paper=lambda cut: False) -> SymbolReading | None:
    """The reading of the one cut among ``reads()`` (the centre's cuts and their readings;
    ``reads(False)``, those but over the paper's centre: the dearer ones are read only when
    a cut numbers the dare) that numbers a sure dare the face read without its number, or
    None. The cut reads the dare and its number fully surely and is by grey levels or by
    local chroma, two lines with the number centred (``every_cut_numbers``; the colour's
    cut, ``colour``, was asked so already: :func:`lone_number`), or any of the three, one
    line with the number joined to the word (:func:`joined_number`, ``joined_face_agrees``); never one over the paper's
    centre (``over_paper``), whose hull takes in what lies over the word. And: the number
    has no digit a closed bay makes (a blurred 2, 3 or 5 reads surely as a 6, 8 or 9), no
    corner index reads another number (``corners``: the numbers they read surely), no cut
    another number surely, and the face's own ink reads this one the same way up
    (:func:`face_agrees`): a cut alone, one measure of the print, once read a wrong number
    (held-out 2)."""
    if not (params.every_cut_numbers or params.joined_face_agrees):
        return None
    found = [alt for cut, alt in reads(False) if not over_paper(cut) and _numbers(alt, cut, params, grey_stacked,
                                                                                 cut is colour)]
    numbers = {alt.number for alt in found}
    if len(numbers) != 1:
        return None
    number = next(iter(numbers))
    if set(str(number)) & set(CLOSED_BAYS) or corners - {number}:
        return None
    if not face_agrees(found[0], ink, banks, params):
        return None
    if any(alt.symbol == "dare" and alt.number not in (None, number) and alt.confidence >= params.number_min_confidence
           for _, alt in reads()):
        return None
    return found[0]


def _numbers(alt: SymbolReading, cut: np.ndarray, params: SymbolParams, grey_stacked: bool, colour: bool) -> bool:
    """Does the cut read as ``alt`` number the dare by its shape (:func:`numbered_by_a_cut`)?"""
    if alt.symbol != "dare" or alt.number is None or alt.confidence < 1.0:
        return False
    kept = without_specks(cut)[0]
    if params.joined_face_agrees and joined_number(kept, params):
        return True
    if not params.every_cut_numbers or colour:
        return False
    if grey_stacked:
        kept = stacked(kept)
    return line_count(kept, params) == 2 and tallest_centred(kept)


def joined_number(mark: np.ndarray, params: SymbolParams) -> bool:
    """Is ``mark``, read as a dare with its number, one line: the number joined to the word
    (blur or a slanted "#" running them together; :func:`~vision.dare_lines.both_ways` reads
    such a line cut at a valley, or the word's part of it)? A cut that lost the word's
    line, its number standing alone, reads no dare; a number so joined stands where it is
    printed, over or under its word."""
    return line_count(mark, params) == 1


def face_agrees(alt: SymbolReading, ink: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> bool:
    """Does the face's own ``ink`` read ``alt``'s number (a cut's) the same way up, at least
    ``corner_agree_min`` surely, while no way up of it reads another number as surely? The
    face's cut, of another measure, is a second reading of the print: short of sure, yet
    leaning to the cut's number (a 5 read 0.48 under a word whose blur it joined)."""
    ways = face_numbers(ink, banks, params)
    agree = max((sure for flipped, number, sure in ways if flipped == alt.flipped and number == alt.number),
                default=-1.0)
    if agree < params.corner_agree_min:
        return False
    return not any(number not in (None, alt.number) and sure >= agree for _, number, sure in ways)
