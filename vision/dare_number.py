"""A dare's number: the line of the centre mark that is not the DARE word, read both ways up.

Which line is the word, which way up the card lies, and the number under it are settled
together; the corner indices (:mod:`vision.indices`) back a number read short of sure or
decide which way up when the centre cannot (a 6 is a 9 upside down). The mark's lines
themselves are :mod:`vision.dare_lines`'; the ways up a faint or misleading word leaves to
other cues are weighed in :mod:`vision.dare_ways`.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .corner_leans import one_lean, overrule, seconded, three_leans
from .dare_lines import both_ways, dare_lines, ends_in_hash, number_line
from .grey_ink import ink_strength
from .dare_ways import (corners_agree_apart, faint_word_number, half_turn_in_doubt, sure_one_way, two_digits_against_the_word,
                        way_up_by_corners, way_up_by_likeness)
from .half_turns import four_against_the_word, turned_in_doubt, way_up_by_a_faint_corner
from .indices import CornerIndices, number_row
from .marks import SymbolBanks
from .symbol_params import SymbolParams

__all__ = ["both_ways", "dare_lines", "read_dare_number"]


def read_dare_number(views: tuple[np.ndarray, np.ndarray], banks: SymbolBanks,
                     params: SymbolParams, lines: list | None = None,
                     corners: tuple | None = None, wild: bool = False,
                     card: np.ndarray | None = None) -> tuple[int | None, bool, float]:
    """The dare's number from the line that is not the word; which way up the word reads.
    ``lines`` are :func:`dare_lines` of both views, when the caller has them. With ``card``
    (the flattened card the ink was cut from, upright as ``views[0]``), a number the ink
    reads surely only by a narrow lead is checked by cuts of the card's grey levels, and on
    a coloured card one the ink leaves unread is read again, its number's characters cut from
    those levels where the ink reads them short of sure (see :func:`_read_number` and
    :func:`~vision.number_rows.number_row`).
    """
    lines = lines or both_ways(views[0], banks, params)
    # Each corner is read once, whichever reading asks first.
    indices = CornerIndices(corners, banks, params) if corners is not None else None
    # The ink's reading first, its grey levels only checking a narrow lead (a wild card's
    # too: its white print's levels, see :func:`~vision.grey_ink.ink_strength`).
    reading = _read_number(views, banks, params, lines, indices, wild, card, reread=False)
    if reading[0] is not None or card is None or wild:
        return reading
    return _read_number(views, banks, params, lines, indices, wild, card)


def _turned_way(readings: list, spans: list, banks: SymbolBanks, params: SymbolParams,
                seen: list | None = None) -> int | None:
    """Which of the two ways up's readings (its index) reads a number from a line ending
    in a "#" while the other way's line does not (:func:`ends_in_hash`): a dare prints its
    "#" before the number, so that line is turned round ("#7" turned reads "L#", much like
    a sure "10"); None when neither or both. Asked only where the way up is in doubt: the
    word reads about alike both ways up, or both ways read a number. ``seen``: each line as
    :func:`~vision.number_rows.number_row` cut and scored it, when it did."""
    if len(readings) != 2:
        return None
    alike = abs(readings[0][0] - readings[1][0]) < params.word_margin
    numbers = [r[1] is not None and r[2] >= params.corner_agree_min for r in readings]
    if not (alike or all(numbers)):
        return None
    seen = seen or [None] * len(spans)
    ends = [numbered and ends_in_hash(line, banks.digit, params, cut)
            for numbered, line, cut in zip(numbers, spans, seen)]
    if sum(ends) != 1:
        return None
    k = ends.index(True)
    # Both ways' lines checked: the other's must not end in a "#" either.
    return k if numbers[1 - k] or not ends_in_hash(spans[1 - k], banks.digit, params, seen[1 - k]) else None


def _read_number(views: tuple[np.ndarray, np.ndarray], banks: SymbolBanks, params: SymbolParams,
                 lines: list, corners: CornerIndices | None, wild: bool,
                 card: np.ndarray | None = None, reread: bool = True) -> tuple[int | None, bool, float]:
    """:func:`read_dare_number`, the number's line read with its grey levels when ``card``
    is given.

    Where the way up is in doubt, a way whose number's line ends in a "#" is turned round
    (:func:`_turned_way`): read from the ink, it reads no number; read again from finer
    cuts (``reread``), it stays a rival but its own number is no answer (a heavy 3 reads as
    well as a "#": a heavy 13, cut finer turned round, reads "#3" - the 13 must still
    count against that).

    A number read short of sure still counts when a corner index (``corners``: the white
    marks of the card's two corners, upright) reads the same number: two readings of
    different pixels that agree. Under a word read only faintly both ways up, a number read
    surely one way up and not at all the other way counts when its line is centred on the
    card and no corner index reads another number. A ``wild`` card is a dare whatever its
    centre shows: its white word is easily lost (to glare, to the threshold on black), so
    under a word however faint, or none, a centre number a corner index reads too counts,
    and failing that the number both corner indices agree on.
    """
    ways = []  # (how like the word, upside down, the number's line, its grey levels)
    for flipped, view, line in zip((False, True), views, lines):
        found = number_line(view, line, wild)
        if found is None:
            continue
        a, b = found
        levels = None
        if card is not None:
            levels = partial(ink_strength, card[::-1, ::-1][a:b] if flipped else card[a:b], wild)
        ways.append((line[0], flipped, view[a:b], levels))
    # Each way's line as number_row cut and scored it, handed on to ends_in_hash.
    seen: list = [{} for _ in ways]

    def read(k: int) -> tuple:
        word, flipped, span, levels = ways[k]
        return (word, *number_row(span, banks.digit, params, levels=levels, reread=reread, seen=seen[k],
                                    four_six=not wild), flipped)

    readings: list = [None] * len(ways)
    if not reread and corners is not None and len(ways) == 2:
        # The way the word reads better first (as _settle ranks them, the upright one on a tie).
        k = 0 if ways[0][0] >= ways[1][0] else 1
        if ways[k][0] >= params.word_score and ways[k][0] - ways[1 - k][0] >= params.word_margin:
            readings[k] = read(k)
            plain = _plainly_read(readings[k], ways[k][2], corners, banks, params, seen[k])
            if plain is not None:
                return plain
    readings = [reading or read(k) for k, reading in enumerate(readings)]
    spans = [way[2] for way in ways]
    turned = _turned_way(readings, spans, banks, params, seen)
    if turned is not None and not reread:
        readings[turned] = (readings[turned][0], None, 0.0, -1.0, readings[turned][4])
    rival = readings[turned] if turned is not None else None
    number, flipped, confidence = _settle(list(readings), spans, lines, corners, wild, banks, params)
    if turned_in_doubt(readings, number, flipped, corners, params):
        # Its other way up reads what this number turned round would: say which dare only.
        return None, flipped, 0.0
    if rival is not None and reread and (number, flipped) == (rival[1], rival[4]):
        return None, flipped, 0.0
    return number, flipped, confidence


def _plainly_read(reading: tuple, span: np.ndarray, corners: CornerIndices, banks: SymbolBanks,
                  params: SymbolParams, seen: dict | None = None) -> tuple[int | None, bool, float] | None:
    """:func:`_settle`'s answer, worked out without the other way up, when that way cannot
    change it; else None (read the other way too). ``reading``: the way the word reads
    surely (``word_score``) and better by ``word_margin`` than the other way, its number
    read surely; ``span``: its number's line, which ends in no "#" (else :func:`_turned_way`
    may turn this way round), and the first corner index reads this number (then no other
    number the other way up reads counts against it). What is left is the corners' say:
    both reading another number. ``seen``: the line as number_row cut and scored it."""
    _, number, confidence, _, flipped = reading
    if (number is None or confidence < params.number_min_confidence or number not in corners.reading(0)
            or ends_in_hash(span, banks.digit, params, seen)):
        return None
    return (None, flipped, 0.0) if corners.all_read_another(number) else (number, flipped, confidence)


def _settle(readings: list, spans: list, lines: list, corners: CornerIndices | None, wild: bool,
            banks: SymbolBanks, params: SymbolParams) -> tuple[int | None, bool, float]:
    """:func:`_read_number`'s answer from the readings of the ways up (word, number, how
    sure, likeness, turned), their number's lines ``spans`` and both ways' ``lines``."""
    if not readings:
        agreed = corners_agree_apart(corners) if wild else None
        return agreed, False, params.corner_min_confidence if agreed is not None else 0.0
    if all(r[0] < params.word_doubt for r in readings) and not wild:
        return None, False, 0.0
    if all(r[0] < params.word_score for r in readings):
        number, flipped, confidence = faint_word_number(readings, corners, banks, params)
        turned = way_up_by_a_faint_corner(readings, corners, params) if number is None else None
        if turned is not None:
            # A 6 and a 9 read surely: a corner index half sure of one says which way up.
            _, number, confidence, _, flipped = turned
        # Both ways up a line shaped like the word, reading as it at least faintly one way.
        worded = all(w >= 0 for _, _, w in lines) and max(r[0] for r in readings) >= params.word_doubt
        if number is None and worded:
            number, flipped, confidence = (sure_one_way(readings, spans, corners, banks, params)
                                           or (None, flipped, 0.0))
        if number is None and wild:
            # Both corners agreeing, unless the centre surely reads another number.
            number = corners_agree_apart(corners)
            if any(r[1] not in (None, number) and r[2] >= params.number_min_confidence for r in readings):
                number = None
            confidence = params.corner_min_confidence if number is not None else 0.0
        return number, flipped, confidence
    readings.sort(key=lambda r: -r[0])
    word, number, confidence, _, flipped = readings[0]
    # The other way up counts as about as like the word whether or not it reaches
    # ``word_score`` (0.61 one way, 0.59 the other is no answer to which way up).
    alike = len(readings) == 2 and word - readings[1][0] < params.word_margin
    if not alike and half_turn_in_doubt(readings, corners, params):
        # A 6 or a 9 under a word leading by little, the other way up reading the other:
        # say which dare, not which number.
        return None, flipped, 0.0
    if alike and readings[1][1] == number and number is not None:
        # Both ways up, about as like the word, read the same number: the surer reading
        # counts (a 13 read surely one way, barely the other).
        confidence = max(confidence, readings[1][2])
    elif alike:
        # The word reads about as well both ways up, and the two ways give different
        # numbers (a 6 is a 9 upside down): say which dare it is, not which number, unless
        # a corner index reads one of the two and neither corner the other, or one reads
        # surely and is much likelier its digit (a 4 turned round passes for a 9, barely),
        # or, of a sure 6 and 9, a corner reads one half surely (:mod:`vision.half_turns`),
        # or one way reads a number surely and the other nothing (a 13 turned reads none).
        decided = (way_up_by_corners(readings, corners, banks, params)
                   or way_up_by_likeness(readings, params)
                   or way_up_by_a_faint_corner(readings, corners, params))
        if decided is None:
            sure = [r for r in readings if r[1] is not None and r[2] >= params.number_min_confidence]
            if len(sure) != 1 or any(r[1] is not None and r[2] >= params.corner_agree_min
                                     for r in readings if r is not sure[0]):
                return None, flipped, 0.0
            decided = sure[0]
        word, number, confidence, _, flipped = decided
    elif (len(readings) == 2 and corners is not None and readings[1][1] not in (None, number)
          and readings[1][2] >= params.number_min_confidence):
        # The word says which way up, yet the other way reads another number surely; a
        # corner index reading that one and not this one says the word misled (a blurred
        # word is a bar that reads either way up; a 9 is a 6 upside down).
        seen = corners.numbers()
        if readings[1][1] in seen and number not in seen:
            other = readings[1]
            if (confidence < params.number_min_confidence and other[1] >= 10
                    and (corners.apart() == other[1]
                         or two_digits_against_the_word(number, confidence, other, corners, params))):
                # This way's own number unsure, the other way's a two-digit number (no digit
                # card prints one) both corners read too, or one corner while this way reads
                # next to nothing: three readings against the word.
                return other[1], other[4], other[2]
            if four_against_the_word(readings[0], other, corners, params):
                return other[1], other[4], other[2]
            return None, flipped, 0.0
    if (params.corner_rival_min and len(readings) == 2 and corners is not None and number is not None
            and readings[1][1] not in (None, number)
            and params.corner_rival_min <= readings[1][2] < params.number_min_confidence
            and readings[1][1] in corners.numbers() and number not in corners.numbers()):
        # The other way up reads, short of sure, the number a corner index reads, and no
        # corner this one: the word led the wrong way (an 8 read as a 9, dev 11:574).
        return None, flipped, 0.0
    if len(readings) == 2 and two_digits_against_the_word(number, confidence, readings[1], corners, params):
        # The word's way up reads no number; the other way a two-digit one surely, which
        # no number turned round reads (its first character is a 1 or a "#").
        return readings[1][1], readings[1][4], readings[1][2]
    if number is None or confidence < params.corner_agree_min:
        # Nothing to go on in the centre: both corner indices, read apart, must agree
        # (the second one at least half surely).
        agreed = corners_agree_apart(corners) or seconded(corners, readings, params)
        if agreed is not None:
            return agreed, flipped, params.corner_min_confidence
        return None, flipped, confidence
    if confidence < params.number_min_confidence:
        if corners is None:
            return None, flipped, confidence
        if number not in corners.numbers():
            # Both corner indices, read apart, agreeing on a number that ends in the digit
            # the centre reads: the centre's doubt was its lead ("#4" or "14"), which they
            # settle; on any other number, when they may overrule the centre (see
            # :func:`~vision.corner_leans.overrule`).
            agreed = corners_agree_apart(corners)
            if agreed is not None and agreed != number and (
                    agreed % 10 == number % 10 or overrule(agreed, readings, params)):
                return agreed, flipped, params.corner_min_confidence
            if agreed is None and (three_leans(number, confidence, readings, corners, params)
                                   or one_lean(number, confidence, readings, corners, params)):
                return number, flipped, params.corner_min_confidence
            return None, flipped, confidence
    elif corners is not None:
        # Sure in the centre, but both corner indices read another number surely: two
        # readings against one (glare took the 1 of 14, a serif 1 was taken for "#").
        if corners.all_read_another(number):
            return None, flipped, 0.0
    return number, flipped, confidence
