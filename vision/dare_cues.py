"""A dare told by the lines of its centre mark, when the whole mark leaves the reading short
of sure: glare took the word or the number, or left a wedge beside them. Each cue here is
a line read as something only a dare prints, backed by a second reading of other pixels
(a corner index) or by the whole mark. Used by :mod:`vision.symbols`; each answers
(number, upside down) or None.
"""

from __future__ import annotations

from functools import lru_cache, partial

import numpy as np

from .grey_ink import ink_strength
from .indices import corner_numbers, corner_readings, number_row
from .mark_shape import is_bar, without_bars, without_specks
from .ink_lines import character_spans, split_characters, split_rows, split_rows_at_valley
from .marks import SymbolBanks, TemplateBank, feature
from .symbol_params import SymbolParams
from .number_rows import stands_whole
from .templates import word_part_masks


def dare_by_its_lines(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                       corners: tuple | None, whole_dare: bool = False,
                       min_height: float = 0.5, card: np.ndarray | None = None,
                       wild: bool = False) -> tuple[int, bool] | None:
    """A dare told by one line of its mark, or None. Either a line at least ``min_height``
    of the tallest reads, surely and one way up only, a number no digit card prints ("#7",
    "13", "#13") that a corner index reads too (two readings of different pixels that
    agree), or that the whole mark, surely likest a dare (``whole_dare``), agrees with;
    or the mark is one line, a word's width, that reads as the dare word (glare
    took the number) and both corner indices, read apart, agree on a number (the word's
    templates alone take an arrow's shaft for the word). With ``card``, a number read surely
    only by a narrow lead is checked by cuts of its grey levels (as :func:`dare_by_a_word_part`).
    On a coloured card (not ``wild``) the whole mark backs no number whose last digit
    stands short (``short_last_digit``, see :func:`_whole_end`).
    """
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return None
    ink, _ = without_specks(ink)
    rows = split_rows_at_valley(ink, split_rows(ink))
    if not rows:
        return None
    tallest = max(b - a for a, b in rows)
    h = ink.shape[0]
    views = ((False, ink), (True, ink[::-1, ::-1]))
    if len(rows) == 1:
        a, b = rows[0]
        xs = np.flatnonzero(ink[a:b].any(axis=0))
        if xs[-1] - xs[0] + 1 >= params.word_min_aspect * (b - a):
            line = ink[a:b]
            word, flipped = max((banks.word.best(feature(line, params.word_box))[1], False),
                                (banks.word.best(feature(line[::-1, ::-1], params.word_box))[1], True))
            word = without_bars(ink, (word, rows, 0))[0]
            if word >= params.word_score:
                both = corner_readings(corners, banks, params) if corners is not None else []
                agreed = set.intersection(*both) if len(both) == 2 else set()
                if len(agreed) == 1:
                    return agreed.pop(), flipped
    if corners is None and not whole_dare:
        return None
    found = set()
    for turned, view in views:
        for a, b in rows:
            if b - a < min_height * tallest:
                continue
            if turned:
                a, b = h - b, h - a
            if len(split_characters(view[a:b])) not in (2, 3):
                continue
            levels = None
            if card is not None:
                levels = partial(ink_strength, (card[::-1, ::-1] if turned else card)[a:b], False)
            number, confidence, _ = number_row(view[a:b], banks.digit, params, levels=levels, reread=False,
                                                four_six=not wild)
            if number is not None and confidence >= params.number_min_confidence:
                found.add((number, turned, wild or _whole_end(view[a:b], params)))
    if len(found) != 1:
        return None
    number, flipped, whole = found.pop()
    if (not whole_dare or not whole) and (corners is None or number not in corner_numbers(corners, banks, params)):
        # The whole mark's likeness backs a number whose last digit stands whole; a short
        # one needs a corner index (see ``short_last_digit``).
        return None
    return number, flipped


def dare_by_a_word_part(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams, corners: tuple | None,
                         bar_solidity: float = 0.9, likest_dare: bool = False,
                         card: np.ndarray | None = None, wild: bool = False) -> tuple[int, bool] | None:
    """A dare told by what is left of its word, or None: a mark of two lines, the taller
    reading surely a number, the other (at least ``word_min_height`` of it, three
    characters or more, no solid bar) reading at least faintly (``word_doubt``) as the
    dare word or a run of three of its letters ("DAR", "ARE!": glare or a pale print took
    one end of the word, and what is left reads poorly against the whole word's
    templates); and a corner index reads that number too, or (``likest_dare``: the whole
    mark is likest a dare's) the number is one only a dare prints (:func:`_dare_only`).
    Three cues that agree: a digit card's mark is one line of one digit. With ``card`` (the
    flattened card the ink was cut from, upright as ``ink``), a number read surely only by a
    narrow lead is checked by cuts of its grey levels (see
    :func:`~vision.number_rows.number_row`), and one the ink leaves unsure is read again from them;
    the line reading another number surely the other way up is no dare's number. A ``wild``
    card's number is not asked :func:`~vision.number_rows.filled_six`'s question."""
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return None
    ink, _ = without_specks(ink)
    rows = split_rows_at_valley(ink, split_rows(ink))
    if len(rows) != 2:
        return None
    h = ink.shape[0]
    parts = _word_part_bank(params.word_box)
    best, sure = None, set()
    for turned in (False, True):
        view = ink[::-1, ::-1] if turned else ink
        lines = [(h - b, h - a) for a, b in reversed(rows)] if turned else rows
        tall = max(lines, key=lambda r: r[1] - r[0])
        a, b = next(r for r in lines if r != tall)
        if b - a < params.word_min_height * (tall[1] - tall[0]):
            return None
        number_line = view[tall[0]:tall[1]]
        levels = None
        if card is not None:
            levels = partial(ink_strength, (card[::-1, ::-1] if turned else card)[tall[0]:tall[1]], False)
        number, confidence, _ = number_row(number_line, banks.digit, params, levels=levels, four_six=not wild)
        if number is None or confidence < params.number_min_confidence:
            continue
        sure.add(number)
        word = view[a:b]
        if len(split_characters(word)) < 3 or is_bar(word, bar_solidity):
            continue
        score = parts.best(feature(word, params.word_box))[1]
        if best is None or score > best[2]:
            best = (number, turned, score,
                    _dare_only(number_line, view.shape[1], params) and _whole_end(number_line, params))
    if best is None or best[2] < params.word_doubt or (
            len(sure) > 1 and any(str(n % 10) in params.closed_digits for n in sure)):
        # Also when the number's line reads two numbers surely, one each way up, one of them
        # a digit heavy prints close into (a heavy 2 turned round reads 8): what is left of
        # the word does not say which.
        return None
    if not (likest_dare and best[3]) and (corners is None or best[0] not in corner_numbers(corners, banks, params)):
        return None
    return best[0], best[1]


def _whole_end(line: np.ndarray, params: SymbolParams) -> bool:
    """Does the number's line end in a digit standing whole (at least ``short_last_digit``
    of its tallest character)? Glare that cut a 5 to half its height leaves a sure 0: such
    a number needs a corner index to back it. Asked of a coloured card's print, which glare
    only pales (a wild's white print a highlight joins and heightens)."""
    return not params.short_last_digit or stands_whole(character_spans(line), params.short_last_digit)


def _dare_only(line: np.ndarray, width: int, params: SymbolParams) -> bool:
    """Is this number's line one only a dare prints, whole: two or three characters ("#7",
    "13", "#13"; a digit card's is one), centred on the card (its middle within
    ``number_centred`` of its width of the card's middle: glare that took the 3 of "#13"
    leaves a "#1" off centre)?"""
    xs = np.flatnonzero(line.any(axis=0))
    middle = (xs[0] + xs[-1]) / 2
    return (abs(middle - (width - 1) / 2) <= params.number_centred * (xs[-1] - xs[0] + 1)
            and len(split_characters(line)) in (2, 3))


@lru_cache(maxsize=4)
def _word_part_bank(box: tuple[int, int]) -> TemplateBank:
    """The default dare words and their runs of three letters (see
    :func:`~vision.templates.word_part_masks`), as features of ``box``: drawn once."""
    return TemplateBank.from_masks(word_part_masks(), box)
