"""Checks that a digit read in a card's centre is a digit card's own (:mod:`vision.symbols`
reads it): its line where a digit card prints it, not a dare's number left alone by a
finger or a highlight over the dare's word, and no fuller cut of the centre reading another
symbol. Each is True/False for one reading; the symbol reading decides what to do with it."""

from __future__ import annotations

import numpy as np

from .centre_cuts import CentreCuts
from .grey_params import GreyParams
from .mark_shape import centred, line_in_the_middle, one_line, without_specks
from .indices import corner_digits
from .marks import SymbolBanks
from .symbol_params import SymbolParams
from .symbol_ink import SymbolReading, read_ink


def a_paper_digit(reading: SymbolReading, cut: np.ndarray, over_paper, grey: GreyParams) -> bool:
    """Is ``reading`` a digit read from a cut over the paper's centre while ``paper_digits``
    is off? Such a reading is no cue for a digit card: the paper's centre (the hull of the
    centre's colourless pieces) leaves out a finger lying over a dare's word as it leaves
    out a highlight's crescent, and the number left alone there reads as a digit, which the
    dare's corners carry too."""
    return (not grey.paper_digits and reading.symbol is not None and reading.symbol.isdigit()
            and over_paper(cut))


def centre_reads_another_digit(reading: SymbolReading, cuts: "CentreCuts", banks: SymbolBanks,
                                params: SymbolParams, corners: tuple | None) -> bool:
    """With ``trimmed_against_centre``, is ``reading`` (of the face's ink less its blobs
    along the centre's outline) a sure digit while the centre's cut by colour reads another
    symbol fully surely (:func:`centre_reads_another`, however well the digit matches)?
    The blobs left out may be a dare's word a highlight joined to the rim; the cut over the
    whole centre sees the word and the number."""
    return (cuts.grey.trimmed_against_centre and reading.confidence >= params.number_min_confidence
            and centre_reads_another(reading, cuts, banks, params, cuts.grey, corners, whole_score=2.0))


def placed(reading: SymbolReading, mark: np.ndarray, centre: np.ndarray | None, grey: GreyParams) -> bool:
    """Unless ``reading`` is a digit (or ``placed_digits`` is off), True; else does the
    digit's line stand at the middle height of the card or of its white ``centre``
    (``digit_centred``, :func:`~vision.mark_shape.line_in_the_middle`), where a digit card
    prints it?"""
    if not grey.placed_digits or reading.symbol is None or not reading.symbol.isdigit():
        return True
    return line_in_the_middle(mark, grey.digit_centred, centre)


def a_digit_card(reading: SymbolReading, mark: np.ndarray, params: SymbolParams, grey: GreyParams) -> bool:
    """Unless ``reading`` is a digit, True; else is ``mark`` one line standing in the card's
    middle (``digit_centred``), as a digit card's digit stands?"""
    if reading.symbol is None or not reading.symbol.isdigit():
        return True
    return one_line(mark, params) and centred(without_specks(mark)[0], grey.digit_centred)


def centre_reads_another(reading: SymbolReading, cuts: "CentreCuts", banks: SymbolBanks, params: SymbolParams,
                          grey: GreyParams, corners: tuple | None, whole_score: float = 0.85) -> bool:
    """Is ``reading`` a digit matching its templates less than a whole printed digit does
    (``whole_score``), while the mark cut by its colour over the whole centre reads
    another symbol fully surely, matching it at least ``centre_sure``? A shadow or a dim
    light over part of the print leaves the face's cut a fragment (the left of an 8's
    lower bowl reads a sure 7 turned round); the centre's own cut sees the whole print."""
    if reading.symbol is None or not reading.symbol.isdigit() or reading.score >= whole_score:
        return False
    cut = cuts.by_colour()
    if cut is None:
        return False
    alt = read_ink(cut, banks, params, False, corners)
    return alt.symbol != reading.symbol and alt.confidence >= 1.0 and alt.score >= grey.centre_sure


def a_corner_against(reading: SymbolReading, corners: tuple | None, banks: SymbolBanks, params: SymbolParams,
                     grey: GreyParams) -> bool:
    """With ``cut_corner_veto``, is ``reading`` a digit a corner index reads otherwise, surely?"""
    return (grey.cut_corner_veto and corners is not None and reading.symbol is not None
            and reading.symbol.isdigit() and bool(corner_digits(corners, banks, params) - {reading.symbol}))
