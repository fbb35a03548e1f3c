"""Symbol: which mark a card's centre shows (digit, skip, reverse, dare) and a dare's number.

The ink cut from the centre is compared, by normalised correlation of small blurred masks,
with template banks (the default deck's drawn marks, or a taught deck's own). Both the ink
and the ink turned 180 degrees are tried: a card may lie either way up, and the better
reading says which way (6 and 9 differ by their underline; a dare by its word).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .marks import (HOLES, SymbolBanks, SymbolParams, TemplateBank, clean_ink, count_holes, feature,
                    ramp, split_characters, split_rows, split_rows_at_valley)

#: The whole-centre symbols: digits, the two actions, and "dare" (word plus number).
SYMBOLS: tuple[str, ...] = tuple(str(n) for n in range(10)) + ("skip", "reverse", "dare")


@dataclass(frozen=True)
class SymbolReading:
    """The centre's symbol (one of :data:`SYMBOLS`, or None), the dare number if one was
    read, whether the card lies upside down, and how sure (0..1)."""

    symbol: str | None
    number: int | None
    flipped: bool
    confidence: float
    score: float = 0.0
    margin: float = 0.0


def read_symbol(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                wild: bool = False, corners: tuple | None = None) -> SymbolReading:
    """What the centre's ink shows. A wild card is always a dare: only its number is read.

    Two cues must agree. The whole mark against the symbol templates, and the mark's lines:
    a line of several characters that reads as the dare word makes the card a dare even
    when the whole mark (a blurred word, a glare over half of it) matches no dare template
    well; a mark that looks like a digit while a line of it reads as the word is unsure,
    never that digit.
    """
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return SymbolReading(None, None, False, 0.0)
    ink = clean_ink(ink)
    rows = np.flatnonzero(ink.any(axis=1))
    if rows[-1] - rows[0] + 1 < params.min_ink_height * ink.shape[0]:
        return SymbolReading(None, None, False, 0.0)  # a speck, not a centre symbol
    views = (ink, ink[::-1, ::-1])
    lines = _both_ways(ink, banks, params)
    word = max(line[0] for line in lines)
    best = (None, -1.0, -1.0, False)
    # Holes do not depend on the font: a 0 has one, a skip two, a 7 none. A symbol whose
    # holes the ink does not have is not considered (a thin 0 looks much like a skip's ring).
    holes = count_holes(ink)
    exclude = frozenset(sym for sym, allowed in HOLES.items() if holes not in allowed)
    for flipped, view in zip((False, True), views):
        label, score, other = banks.glyph.best(feature(view, params.glyph_box), exclude)
        if wild and label != "dare":
            continue
        if score > best[1]:
            best = (label, score, other, flipped)
    symbol, score, other, flipped = best
    if wild:
        symbol, score, other = "dare", max(score, params.good_score), params.min_score
    margin = score - other
    confidence = ramp(score, params.min_score, params.good_score) * ramp(margin, 0.0, params.good_margin)
    if symbol != "dare" and word < params.word_score:
        if symbol is None:
            return SymbolReading(None, None, False, 0.0)
        if (corners is not None and symbol.isdigit() and _one_line(lines[0][1], params)
                and params.corner_agree_min <= confidence < params.corner_agreed
                and symbol in corner_digits(corners, banks, params)):
            # Short of sure, but a corner index reads the same digit surely (and the mark is
            # one line: a dare whose word is half gone has a 7 in its corner too).
            confidence = params.corner_agreed
        elif corners is not None and symbol.isdigit():
            # Sure in the centre, but a corner's index reads another digit surely: both
            # corners against a sure reading, one against a barely sure one (a shadow across
            # the centre left half a 5, read as a 7).
            each = [_index_digit(marks, banks, params) - {symbol} for marks in corners]
            against = set.intersection(*each) if confidence >= params.corner_doubt else set().union(*each)
            if against:
                confidence = 0.0
        # A line that reads nearly as the dare word: this may be a dare whose word is faint.
        confidence *= 1.0 - ramp(word, params.word_doubt, params.word_score)
        return SymbolReading(symbol, None, flipped, confidence, score, margin)
    number, flipped_n, _ = read_dare_number(views, banks, params, lines, corners)
    if symbol != "dare":
        confidence = 0.0  # the whole mark looks like another symbol: only the word says dare
    if word >= params.word_score:
        # A line of several characters reads as the dare word: a dare, surer still when the
        # other line reads as a number.
        confidence = max(confidence, 1.0 if number is not None
                         else ramp(word, params.word_score, params.good_score))
    if number is not None:
        flipped = flipped_n
    return SymbolReading("dare", number, flipped, confidence, score, margin)


def dare_lines(view: np.ndarray, banks: SymbolBanks, params: SymbolParams,
               rows: list[tuple[int, int]] | None = None) -> tuple[float, list[tuple[int, int]], int]:
    """How well a line of ``view`` reads as the dare word (-1 when none could), its lines
    (top to bottom, or ``rows`` when the caller has them) and which of them is the word.

    Only a line at least ``word_min_aspect`` times as wide as tall, not much shorter than
    the tallest line, can be the word: a 6's underline is a short, thin bar.
    """
    if rows is None:
        rows = split_rows_at_valley(view, split_rows(view))
    if len(rows) < 2:
        return -1.0, rows, -1
    tallest = max(b - a for a, b in rows)
    best, best_i = -1.0, -1
    columns = view.any(axis=0)
    for i, (a, b) in enumerate(rows):
        if b - a < params.word_min_height * tallest:
            continue
        line = view[a:b]
        xs = np.flatnonzero(line.any(axis=0) & columns)
        if len(xs) == 0 or xs[-1] - xs[0] + 1 < params.word_min_aspect * (b - a):
            continue
        score = banks.word.best(feature(line, params.word_box))[1]
        if score > best:
            best, best_i = score, i
    return best, rows, best_i


def _both_ways(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> list:
    """:func:`dare_lines` of the ink and of the ink turned 180 degrees (the same lines,
    counted from the other end)."""
    rows = split_rows_at_valley(ink, split_rows(ink))
    h = ink.shape[0]
    turned = [(h - b, h - a) for a, b in reversed(rows)]
    return [dare_lines(ink, banks, params, rows), dare_lines(ink[::-1, ::-1], banks, params, turned)]


def read_number_row(row: np.ndarray, bank: TemplateBank, params: SymbolParams) -> tuple[int | None, float]:
    """A dare number (1-16) from its line of ink, and how sure; a leading "#" is skipped.

    Each character is scored against every digit, then only numbers a card can carry are
    weighed (one digit 1-9, or 1 then 0-6): a blurred 0 that looks a little like an 8 still
    reads 10, never 18.
    """
    pieces = split_characters(row)
    if not pieces or len(pieces) > 3:
        return None, 0.0
    scores = [bank.scores_by_label(feature(p, params.digit_box, params.digit_blur)) for p in pieces]
    if any(s is None for s in scores):
        return None, 0.0
    if len(scores) == 3 or (len(scores) == 2 and scores[0].get("#", -1) > max(
            v for k, v in scores[0].items() if k != "#")):
        hashed, scores = scores[0].get("#", -1.0), scores[1:]
        if len(scores) == 2 and hashed < params.digit_min_score:
            return None, 0.0
    if len(scores) == 1:
        options = {n: scores[0].get(str(n), -1.0) for n in range(1, 10)}
    elif len(scores) == 2:
        options = {n: min(scores[0].get("1", -1.0), scores[1].get(str(n - 10), -1.0))
                   for n in range(10, 17)}
    else:
        return None, 0.0
    ranked = sorted(options.items(), key=lambda kv: -kv[1])
    (number, best), (_, second) = ranked[0], ranked[1]
    # The runner-up among characters matters too: the best digit must beat every other
    # character it could be, not only the valid ones.
    confidence = (ramp(best, params.digit_min_score, params.good_score)
                  * ramp(best - second, 0.0, params.digit_good_margin))
    return number, confidence


def read_dare_number(views: tuple[np.ndarray, np.ndarray], banks: SymbolBanks,
                     params: SymbolParams, lines: list | None = None,
                     corners: tuple | None = None) -> tuple[int | None, bool, float]:
    """The dare's number from the line that is not the word; which way up the word reads.
    ``lines`` are :func:`dare_lines` of both views, when the caller has them.

    A number read short of sure still counts when a corner index (``corners``: the white
    marks of the card's two corners, upright) reads the same number: two readings of
    different pixels that agree.
    """
    lines = lines or _both_ways(views[0], banks, params)
    readings = []
    for flipped, view, (word, rows, w) in zip((False, True), views, lines):
        if w < 0 or word < params.word_doubt:
            continue
        rest = [r for i, r in enumerate(rows) if i != w]
        a, b = max(rest, key=lambda r: int(np.count_nonzero(view[r[0]:r[1]])))
        number, confidence = read_number_row(view[a:b], banks.digit, params)
        readings.append((word, number, confidence, flipped))
    if not readings:
        return None, False, 0.0
    if all(r[0] < params.word_score for r in readings):
        return _faint_word_number(readings, corners, banks, params)
    readings = [r for r in readings if r[0] >= params.word_score]
    readings.sort(key=lambda r: -r[0])
    word, number, confidence, flipped = readings[0]
    if (len(readings) == 2 and readings[1][1] == number and number is not None
            and word - readings[1][0] < params.word_margin):
        # Both ways up, about as like the word, read the same number: the surer reading
        # counts (a 13 read surely one way, barely the other).
        confidence = max(confidence, readings[1][2])
    if len(readings) == 2 and readings[1][1] != number and word - readings[1][0] < params.word_margin:
        # The word reads about as well both ways up, and the two ways give different
        # numbers (a 6 is a 9 upside down): say which dare it is, not which number, unless
        # a corner index reads one of the two and neither corner the other, or one way
        # reads a number surely and the other nothing (a 13 turned reads no number at all).
        decided = _way_up_by_corners(readings, corners, banks, params)
        if decided is None:
            sure = [r for r in readings if r[1] is not None and r[2] >= params.number_min_confidence]
            if len(sure) != 1 or any(r[1] is not None and r[2] >= params.corner_agree_min
                                     for r in readings if r is not sure[0]):
                return None, flipped, 0.0
            decided = sure[0]
        word, number, confidence, flipped = decided
    if number is None or confidence < params.corner_agree_min:
        # Nothing to go on in the centre: both corner indices, read apart, must agree.
        both = corner_readings(corners, banks, params) if corners is not None else []
        agreed = set.intersection(*both) if len(both) == 2 else set()
        if len(agreed) == 1:
            return agreed.pop(), flipped, params.corner_min_confidence
        return None, flipped, confidence
    if confidence < params.number_min_confidence:
        if corners is None or number not in corner_numbers(corners, banks, params):
            return None, flipped, confidence
    elif corners is not None:
        # Sure in the centre, but both corner indices read another number surely: two
        # readings against one (glare took the 1 of 14, a serif 1 was taken for "#").
        against = _corners_agree(corners, banks, params)
        if against and number not in against:
            return None, flipped, 0.0
    return number, flipped, confidence


def _faint_word_number(readings: list, corners: tuple | None, banks: SymbolBanks,
                       params: SymbolParams) -> tuple[int | None, bool, float]:
    """The number under a word read only faintly (``word_doubt`` to ``word_score``, both
    ways up): neither which way up nor which line is the number is sure, so the number
    counts only when a corner index reads it too and no corner reads the other way's."""
    word, number, confidence, flipped = max(readings, key=lambda r: r[0])
    if corners is None or number is None or confidence < params.corner_agree_min:
        return None, flipped, 0.0
    seen = corner_numbers(corners, banks, params)
    if number not in seen or any(r[1] in seen and r[1] != number for r in readings):
        return None, flipped, 0.0
    return number, flipped, max(confidence, params.corner_min_confidence)


def _way_up_by_corners(readings: list, corners: tuple | None, banks: SymbolBanks,
                       params: SymbolParams) -> tuple | None:
    """Of the two ways up, each giving its own number, the one whose number a corner index
    reads surely (the centre reading at least ``corner_agree_min`` sure), when no corner
    reads the other's; None when the corners do not decide."""
    if corners is None:
        return None
    seen = corner_numbers(corners, banks, params)
    backed = [r for r in readings if r[1] in seen and r[2] >= params.corner_agree_min]
    if len(backed) != 1 or any(r[1] in seen for r in readings if r is not backed[0]):
        return None
    return backed[0]


def _one_line(rows: list[tuple[int, int]], params: SymbolParams) -> bool:
    """Is the mark one line (a 6's or 9's short underline aside)?"""
    tallest = max((b - a for a, b in rows), default=0)
    return sum(1 for a, b in rows if b - a >= params.word_min_height * tallest) == 1


def corner_digits(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[str]:
    """The digits (0-9) the corner indices read surely: a line of one character."""
    found = set()
    for marks in corners:
        if marks is None or not np.count_nonzero(marks):
            continue
        marks = clean_ink(marks)
        for a, b in split_rows(marks):
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


def _index_digit(marks: np.ndarray | None, banks: SymbolBanks, params: SymbolParams) -> set[str]:
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


def corner_numbers(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[int]:
    """The dare numbers either corner index reads surely."""
    return set().union(*corner_readings(corners, banks, params))


def _corners_agree(corners: tuple, banks: SymbolBanks, params: SymbolParams) -> set[int]:
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
    """The dare numbers each corner index reads surely (each line of its marks tried: a
    corner may print the word above its number, a shape below)."""
    out = []
    for marks in corners:
        found: set[int] = set()
        if marks is not None and np.count_nonzero(marks):
            marks = clean_ink(marks)
            for a, b in split_rows(marks):
                number, confidence = read_number_row(marks[a:b], banks.digit, params)
                if number is not None and confidence >= params.corner_min_confidence:
                    found.add(number)
        out.append(found)
    return out


