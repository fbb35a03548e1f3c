"""Corner indices: the small number printed in a card's corners, read as a second opinion.

A corner's white marks are read apart from the centre's ink: two readings of different
pixels that agree make a reading sure; a corner that reads another digit surely makes a
centre reading doubtful. A line of digits (a dare number, 1-16) is read as the centre's dare
number is (:mod:`vision.number_rows`, whose :func:`number_row` and :func:`read_number_row`
are still importable from here).
"""

from __future__ import annotations

import numpy as np

from .ink_lines import clean_ink, split_characters, split_rows
from .marks import SymbolBanks, feature, ramp
from .symbol_params import SymbolParams
from .number_rows import BAY_CLOSED, number_row, read_number_row

__all__ = ["BAY_CLOSED", "CornerIndices", "corner_digits", "corner_numbers", "corner_readings",
           "corners_agree", "index_digit", "index_rows", "number_row", "read_number_row"]


def corner_digits(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[str]:
    """The digits (0-9) the corner indices read surely: a line of one character, down to
    the corner's index (see :func:`index_rows`)."""
    found = set()
    for marks in corners:
        if marks is None or not np.count_nonzero(marks):
            continue
        marks = clean_ink(marks)
        for a, b in index_rows(split_rows(marks), params, above=True):
            pieces = split_characters(marks[a:b])
            if len(pieces) != 1:
                continue
            scores = banks.digit.scores_by_label(feature(pieces[0], params.digit_box, params.digit_blur))
            if not scores:
                continue
            (best, top), (_, second) = sorted(scores.items(), key=lambda kv: -kv[1])[:2]
            confidence = (ramp(top, params.digit_min_score, params.good_score)
                          * ramp(top - second, 0.0, params.digit_good_margin))
            if best.isdigit() and confidence >= params.corner_min_confidence:
                found.add(best)
    return found


def index_digit(marks: np.ndarray | None, banks: SymbolBanks, params: SymbolParams) -> set[str]:
    """The digit a corner's index reads surely, as a set (empty when unsure): its tallest
    line only (the colour-blind shape below it and a small word above are shorter), one
    character."""
    if marks is None or not np.count_nonzero(marks):
        return set()
    marks = clean_ink(marks)
    rows = split_rows(marks)
    if not rows:
        return set()
    a, b = max(rows, key=lambda r: r[1] - r[0])
    pieces = split_characters(marks[a:b])
    if len(pieces) != 1:
        return set()
    scores = banks.digit.scores_by_label(feature(pieces[0], params.digit_box, params.digit_blur))
    if not scores:
        return set()
    (best, top), (_, second) = sorted(scores.items(), key=lambda kv: -kv[1])[:2]
    confidence = (ramp(top, params.digit_min_score, params.good_score)
                  * ramp(top - second, 0.0, params.digit_good_margin))
    return {best} if best.isdigit() and confidence >= params.corner_min_confidence else set()


def index_rows(rows: list[tuple[int, int]], params: SymbolParams, above: bool = False) -> list[tuple[int, int]]:
    """Of a corner's lines (top to bottom, the corner upright), its index: the first line
    at least ``index_min_height`` of the tallest (with ``above``, the shorter lines above
    it too: a small word, or an index cut short). The lines below it are the colour-blind
    shape (a filled circle, diamond, triangle or square, printed under the index on some
    decks; four of them on a wild card), which read as a digit surely and wrongly: an 8, a
    9, a 4 (on two dev seeds' dares every sure reading of a line below the index was wrong,
    6 of 6; on their digit cards 46 of 52)."""
    tallest = max((b - a for a, b in rows), default=0)
    for k, (a, b) in enumerate(rows):
        if b - a >= params.index_min_height * tallest:
            return rows[:k + 1] if above else [(a, b)]
    return []


def corner_numbers(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[int]:
    """The dare numbers either corner index reads surely."""
    return set().union(*corner_readings(corners, banks, params))


def corners_agree(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[int]:
    """The numbers every corner index reads surely (the next corner is read only while the
    ones before it agree on something)."""
    agreed: set[int] | None = None
    for marks in corners:
        found = corner_readings((marks,), banks, params)[0]
        agreed = found if agreed is None else agreed & found
        if not agreed:
            return set()
    return agreed or set()


def corner_readings(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> list[set[int]]:
    """The dare numbers each corner index reads surely. The index is the corner's first
    tall line (:func:`index_rows`): a word printed above it is shorter, and a colour-blind
    shape below it, read as a number, misleads (a circle is the 0 no one-digit dare
    carries, so it reads 6 or 9; a square reads 8)."""
    out = []
    for marks in corners:
        found: set[int] = set()
        if marks is not None and np.count_nonzero(marks):
            marks = clean_ink(marks)
            for a, b in index_rows(split_rows(marks), params):
                # A corner's index is too small for its bays to be sure of.
                number, confidence, _ = number_row(marks[a:b], banks.digit, params, hash_rivals=True,
                                                   bays=False)
                if number is not None and confidence >= params.corner_min_confidence:
                    found.add(number)
        out.append(found)
    return out


class CornerIndices:
    """A card's corner indices, each read once, when first asked: a dare number's checks
    ask the same corners several times (does one read this number, do both agree on
    another, what do they agree on read apart)."""

    def __init__(self, corners: tuple, banks: SymbolBanks, params: SymbolParams):
        self.corners, self.banks, self.params = corners, banks, params
        self._read: list[set[int] | None] = [None] * len(corners)

    def reading(self, k: int) -> set[int]:
        """The dare numbers corner ``k`` reads surely (see :func:`corner_readings`)."""
        if self._read[k] is None:
            self._read[k] = corner_readings((self.corners[k],), self.banks, self.params)[0]
        return self._read[k]

    def numbers(self) -> set[int]:
        """The dare numbers either corner reads surely (:func:`corner_numbers`)."""
        return set().union(*(self.reading(k) for k in range(len(self.corners))))

    def all_read_another(self, number: int) -> bool:
        """Do all corners agree on some number other than ``number``, and not on it (what
        :func:`corners_agree` says)? The next corner is read only while the ones before it
        agree on some other number."""
        agreed: set[int] | None = None
        for k in range(len(self.corners)):
            found = self.reading(k)
            agreed = found if agreed is None else agreed & found
            if not agreed - {number}:
                return False  # nothing left to agree on, or only this number
        return bool(agreed) and number not in agreed

    def one_reads_another(self, number: int) -> bool:
        """Does a corner read some other number surely, and not ``number``?"""
        return any(self.reading(k) and number not in self.reading(k) for k in range(len(self.corners)))

    def apart(self) -> int | None:
        """The one number both corners read surely, each read on its own, or None."""
        if len(self.corners) != 2:
            return None
        agreed = self.reading(0) & self.reading(1)
        return next(iter(agreed)) if len(agreed) == 1 else None
