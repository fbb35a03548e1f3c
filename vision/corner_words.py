"""A dare told by its two corners alone: each prints the dare word above its number.

Some decks print the word ("DARE", "DARE!") small above a dare's corner number; a digit,
skip or reverse card prints no word there. When a highlight or a blur leaves the centre
unread, both corners, printed apart and small enough that one lamp's spot rarely covers
both, may still show it: each corner's word says dare, and both read the same number, on
their own. Four readings of two separate patches of print: a digit card's corner has no
word line (on dev seed 17's first 700 top cards no non-dare corner line above its index
matched the word better than 0.43), and one corner is never enough (its word alone could
be a scratch, its number alone a digit card's index).
Pure functions of the face's two corner marks (as :attr:`~vision.face.Face.corner_ink`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .indices import CornerIndices, index_rows
from .ink_lines import clean_ink, split_rows
from .marks import SymbolBanks, feature
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams


def _lines_above_index(marks: np.ndarray | None, params: SymbolParams):
    """A corner's cleaned marks, the lines above its index (:func:`~vision.indices.index_rows`;
    not the index itself nor what lies below it, a colour-blind shape) as (top, bottom,
    width), and the index's (top, bottom); None without an index."""
    if marks is None or not np.count_nonzero(marks):
        return None
    marks = clean_ink(marks)
    rows = split_rows(marks)
    index = index_rows(rows, params)
    if not index:
        return None
    lines = []
    for a, b in rows:
        if b > index[0][0]:
            break
        xs = np.flatnonzero(marks[a:b].any(axis=0))
        if xs.size:
            lines.append((a, b, xs[-1] - xs[0] + 1))
    return marks, lines, index[0]


def _word_score(marks: np.ndarray, a: int, b: int, banks: SymbolBanks, params: SymbolParams) -> float:
    return banks.word.best(feature(marks[a:b], params.word_box))[1]


def word_above_index(marks: np.ndarray | None, banks: SymbolBanks, params: SymbolParams) -> float:
    """How well the best line above a corner's index (:func:`~vision.indices.index_rows`),
    a word's width at least (``word_min_aspect`` of its height), matches the dare word
    upright (the corner mark is cut upright); -1 without such a line."""
    found = _lines_above_index(marks, params)
    if found is None:
        return -1.0
    marks, lines, _ = found
    return max((_word_score(marks, a, b, banks, params) for a, b, width in lines
                if width >= params.word_min_aspect * (b - a)), default=-1.0)


def dare_by_corner_words(reading: SymbolReading, corners: tuple | None, banks: SymbolBanks,
                         params: SymbolParams) -> SymbolReading | None:
    """``reading`` (short of sure) as the dare both corners name: each shows a word line
    above its index matching the dare word at least ``corner_word_score``, and both read
    the same number surely, each on its own (:meth:`~vision.indices.CornerIndices.apart`),
    at ``corner_agreed``. None otherwise (0: off)."""
    if params.corner_word_score <= 0 or corners is None or len(corners) != 2:
        return None
    if any(word_above_index(marks, banks, params) < params.corner_word_score for marks in corners):
        return None
    number = CornerIndices(corners, banks, params).apart()
    if number is None:
        return None
    return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)



def word_over_digit(reading: SymbolReading, corners: tuple | None, banks: SymbolBanks,
                    params: SymbolParams) -> bool:
    """Does ``reading``, a digit card's, lie under a corner printing the dare word: a line
    above either corner's index matching the word at least ``digit_word_veto``, as a word
    over a one-digit index is printed (:func:`word_line_over_index`)? Only a dare prints a
    word there, so the digit is a dare's number whose word the centre's cut lost (a
    highlight over it, a shadow's edge), and the digit card it names is wrong. One corner
    is enough to doubt (it says "no card", never another card); False when off (0), for a
    mark that is no digit, for a digit read at least ``digit_word_sure`` surely (the face's
    whole ink, where the word prints, matched a digit card's), or without corners."""
    if (params.digit_word_veto <= 0 or corners is None or reading.symbol is None
            or not reading.symbol.isdigit() or reading.confidence >= params.digit_word_sure):
        return False
    return any(word_line_over_index(marks, banks, params) >= params.digit_word_veto for marks in corners)


def word_line_over_index(marks: np.ndarray | None, banks: SymbolBanks, params: SymbolParams) -> float:
    """:func:`word_above_index` of lines shaped as the word over a one-digit index: at least
    ``digit_word_height`` of the index's height tall and ``digit_word_width`` of its width
    wide (four letters outspan a digit). A speck a pixel high, a bar no wider than the
    digit or a colour-blind shape above a digit card's index matches the blurred word as
    well as the word does (dev 13:240's green 3: 0.79, 1 px high). -1 without such a line."""
    found = _lines_above_index(marks, params)
    if found is None:
        return -1.0
    marks, lines, (ia, ib) = found
    cols = np.flatnonzero(marks[ia:ib].any(axis=0))
    if not cols.size:
        return -1.0
    index_width = cols[-1] - cols[0] + 1
    return max((_word_score(marks, a, b, banks, params) for a, b, width in lines
                if b - a >= params.digit_word_height * (ib - ia)
                and width >= params.digit_word_width * index_width), default=-1.0)
