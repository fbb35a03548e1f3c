"""Symbol: which mark a card's centre shows (digit, skip, reverse, dare).

The ink cut from the centre is compared, by normalised correlation of small blurred masks,
with template banks (the default deck's drawn marks, or a taught deck's own). Both the ink
and the ink turned 180 degrees are tried: a card may lie either way up, and the better
reading says which way (6 and 9 differ by their underline; a dare by its word).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .dare_number import both_ways, read_dare_number
from .indices import corner_digits, corner_numbers, corner_readings, index_digit, number_row
from .marks import (HOLES, SymbolBanks, SymbolParams, clean_ink, feature, ramp, split_characters,
                    split_rows, split_rows_at_valley)

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

    See :func:`_read_mark` for the cues. A mark that leaves the reading short of sure
    (glare took the word or the number, or left a wedge beside them) is still a dare when
    its lines say so (:func:`_dare_by_its_lines`); a mark wider than tall is read again
    squeezed to a digit's width (:func:`_squeezed`), and counts so only when sure. A
    reading nearly sure of something else than such a second reading is then unsure.
    """
    reading = _read_lines_too(ink, banks, params, wild, corners)
    squeezed = None if reading.confidence >= params.corner_agreed or wild else _squeezed(ink)
    if squeezed is None:
        return reading
    # A mark wider than tall: a bold, slanted print (or a flattening a little off) that
    # no template's shape fits; read again at a digit's width, it must then be sure.
    alt = _read_lines_too(squeezed, banks, params, wild, corners)
    if alt.confidence < params.corner_agreed:
        return reading
    if reading.confidence >= params.number_min_confidence and (
            (reading.symbol, reading.number) != (alt.symbol, alt.number)):
        return replace(reading, number=None, confidence=0.0)
    return alt


def _squeezed(ink: np.ndarray, widest: float = 1.05, aspect: float = 0.9) -> np.ndarray | None:
    """The ink squeezed across to ``aspect`` of its height, about its box's middle, when
    it is wider than ``widest`` times its height (every digit, skip and reverse the bank
    holds is at most about as wide as tall); None otherwise."""
    x, y, w, h = cv2.boundingRect(ink)
    if h == 0 or w < widest * h:
        return None
    nw = max(1, int(round(aspect * h)))
    out = np.zeros_like(ink)
    x0 = x + (w - nw) // 2
    out[y:y + h, x0:x0 + nw] = cv2.resize(ink[y:y + h, x:x + w], (nw, h), interpolation=cv2.INTER_NEAREST)
    return out


def _read_lines_too(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                    wild: bool, corners: tuple | None) -> SymbolReading:
    """:func:`_read_mark`, and short of sure :func:`_dare_by_its_lines`."""
    reading = _read_mark(ink, banks, params, wild, corners)
    if reading.confidence >= params.corner_agreed or wild:
        return reading
    dare = _dare_by_its_lines(ink, banks, params, corners)
    if dare is None:
        return reading
    agree = (reading.symbol, reading.number) == ("dare", dare.number)
    if reading.confidence >= params.number_min_confidence and not agree:
        return replace(reading, number=None, confidence=0.0)
    confidence = max(dare.confidence, reading.confidence) if agree else dare.confidence
    return replace(dare, confidence=confidence, score=reading.score, margin=reading.margin)


def _dare_by_its_lines(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                       corners: tuple | None, min_height: float = 0.5) -> SymbolReading | None:
    """A dare told by one line of its mark, or None. Either a line at least ``min_height``
    of the tallest reads, surely and one way up only, a number no digit card prints ("#7",
    "13", "#13") that a corner index reads too (two readings of different pixels that
    agree); or the mark is one line, a word's width, that reads as the dare word (glare
    took the number): its number is the one both corner indices read apart, when they do.
    """
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return None
    ink, _ = _without_specks(ink)
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
            if word >= params.word_score:
                both = corner_readings(corners, banks, params) if corners is not None else []
                agreed = set.intersection(*both) if len(both) == 2 else set()
                if len(agreed) == 1:
                    return SymbolReading("dare", agreed.pop(), flipped, params.corner_agreed)
                return SymbolReading("dare", None, flipped, ramp(word, params.word_score, params.good_score))
    if corners is None:
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
            number, confidence, _ = number_row(view[a:b], banks.digit, params)
            if number is not None and confidence >= params.number_min_confidence:
                found.add((number, turned))
    if len(found) != 1:
        return None
    number, flipped = found.pop()
    if number not in corner_numbers(corners, banks, params):
        return None
    return SymbolReading("dare", number, flipped, params.corner_agreed)


def _read_mark(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
               wild: bool = False, corners: tuple | None = None) -> SymbolReading:
    """The centre's symbol from its whole mark and its lines.

    Two cues must agree. The whole mark against the symbol templates, and the mark's lines:
    a line of several characters that reads as the dare word makes the card a dare even
    when the whole mark (a blurred word, a glare over half of it) matches no dare template
    well; a mark that looks like a digit while a line of it reads as the word, or beside a
    second line of the digit's stature (a 6's or 9's underline aside), is unsure, never
    that digit. Glare's leftovers far from the card's centre are left out of a mark no
    line of which reads as the word; a hole too small to be sure of neither rules a symbol
    in nor out. A digit or a dare number read only barely surely gives way to a corner
    index reading another one surely (the dare is then told without its number).
    """
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return SymbolReading(None, None, False, 0.0)
    ink, box = _without_specks(ink)
    rows = np.flatnonzero(ink.any(axis=1))
    if rows[-1] - rows[0] + 1 < params.min_ink_height * ink.shape[0]:
        return SymbolReading(None, None, False, 0.0)  # a speck, not a centre symbol
    views = (ink, ink[::-1, ::-1])
    lines = both_ways(ink, banks, params)
    word = max(line[0] for line in lines)
    symbol, score, margin, flipped = _whole_mark(ink, banks, params, wild)
    confidence = _sureness(score, margin, params)
    mark = ink
    if not wild and word < params.word_doubt and confidence < 1.0:
        # No line of the mark reads as the dare word: blobs far from the card's centre may
        # be glare's leftovers beside the symbol (the field's colour left at the edge of
        # the centre), read without them.
        core = _central_part(ink, params, box)
        if core is not None:
            alt = _whole_mark(core, banks, params, wild)
            if alt[0] not in (None, "dare") and _sureness(alt[1], alt[2], params) > confidence:
                symbol, score, margin, flipped = alt
                confidence = _sureness(score, margin, params)
                mark = core
    if symbol is not None and symbol.isdigit() and word >= params.word_doubt:
        # A digit's own bar (a 6's or 9's underline, a 1's foot) is no word.
        word = max(_word_score(view, line) for view, line in zip(views, lines))
    if symbol != "dare" and word < params.word_score:
        if symbol is None:
            return SymbolReading(None, None, False, 0.0)
        if symbol.isdigit() and _beside_a_line(mark, symbol, flipped, params):
            # A digit card's mark is one line: a second line of the digit's stature beside
            # it is a dare's word that glare or wear took in part ("ARE" over a 7).
            return SymbolReading(symbol, None, flipped, 0.0, score, margin)
        if (corners is not None and symbol.isdigit() and _one_line(mark, params)
                and params.corner_agree_min <= confidence < params.corner_agreed
                and symbol in corner_digits(corners, banks, params)):
            # Short of sure, but a corner index reads the same digit surely (and the mark is
            # one line, not even a short second one: a dare whose word is mostly gone has a
            # 7 in its corner too).
            confidence = params.corner_agreed
        elif (corners is not None and symbol.isdigit() and confidence > 0.0
              and _corners_read_another(symbol, confidence >= params.corner_doubt, corners, banks, params)):
            # Sure in the centre, but a corner's index reads another digit surely (a shadow
            # across the centre left half a 5, read as a 7).
            confidence = 0.0
        # A line that reads nearly as the dare word: this may be a dare whose word is faint.
        confidence *= 1.0 - ramp(word, params.word_doubt, params.word_score)
        return SymbolReading(symbol, None, flipped, confidence, score, margin)
    number, flipped_n, number_sure = read_dare_number(views, banks, params, lines, corners, wild)
    if number is not None and number_sure < params.corner_doubt and _a_corner_reads_another(
            number, corners, banks, params):
        number = None
    if symbol != "dare":
        confidence = 0.0  # the whole mark looks like another symbol: only the word says dare
    if word >= params.word_score:
        # A line of several characters reads as the dare word: a dare, surer still when the
        # other line reads as a number.
        confidence = max(confidence, 1.0 if number is not None
                         else ramp(word, params.word_score, params.good_score))
    elif symbol == "dare" and number is not None and word >= params.word_doubt:
        # Three cues short of sure that agree: the whole mark is likest a dare, a line reads
        # faintly as the word, and the other line reads a number a corner index reads too
        # (a number is read under a faint word only so).
        confidence = max(confidence, params.corner_agreed)
    if number is not None:
        flipped = flipped_n
    return SymbolReading("dare", number, flipped, confidence, score, margin)


def _word_score(view: np.ndarray, lines: tuple, max_height: float = 0.4,
                bar_solidity: float = 0.8) -> float:
    """How well the line :func:`~vision.dare_number.dare_lines` took for the word reads as
    it, or -1 when that line is a bar: lower than ``max_height`` of the tallest line (a
    dare's word is about half its number's height) and one solid convex blob (a word's
    letters leave notches and counters; a 6's or 9's underline, or a 1's foot, none)."""
    score, rows, index = lines
    if index < 0:
        return score
    a, b = rows[index]
    if b - a >= max_height * max(hi - lo for lo, hi in rows):
        return score
    outlines, _ = cv2.findContours(np.ascontiguousarray(view[a:b]), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if len(outlines) == 1 and cv2.contourArea(outlines[0]) >= bar_solidity * max(
            cv2.contourArea(cv2.convexHull(outlines[0])), 1.0):
        return -1.0
    return score


def _corners_read_another(symbol: str, sure: bool, corners: tuple, banks: SymbolBanks,
                          params: SymbolParams) -> bool:
    """Do the corner indices read another digit than ``symbol`` surely: both the same
    other digit against a ``sure`` reading, either one against a barely sure one? A
    corner is read only while its answer can still matter."""
    against: set | None = None
    for marks in corners:
        other = index_digit(marks, banks, params) - {symbol}
        if not sure and other:
            return True
        if sure:
            against = other if against is None else against & other
            if not against:
                return False
    return bool(against)


def _a_corner_reads_another(number: int, corners: tuple | None, banks: SymbolBanks,
                            params: SymbolParams) -> bool:
    """Does a corner index read another dare number surely, and neither corner this one?
    Asked of a centre number read only barely surely (below ``corner_doubt``), as of a
    digit: a blurred 7 passes for a 9 at 0.87 while the corner's 7 is sharp."""
    if corners is None:
        return False
    seen = corner_numbers(corners, banks, params)
    return bool(seen) and number not in seen


def _whole_mark(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                wild: bool) -> tuple[str | None, float, float, bool]:
    """The whole mark against the symbol templates, both ways up: (symbol, score, lead over
    the best other symbol, upside down)."""
    # Holes do not depend on the font: a 0 has one, a skip two, a 7 none. A symbol whose
    # holes the ink does not have is not considered (a thin 0 looks much like a skip's ring).
    exclude = _hole_misfits(ink, params)
    best = (None, -1.0, -1.0, False)
    for flipped, view in zip((False, True), (ink, ink[::-1, ::-1])):
        label, score, other = banks.glyph.best(feature(view, params.glyph_box), exclude)
        if wild and label != "dare":
            continue
        if score > best[1]:
            best = (label, score, other, flipped)
    symbol, score, other, flipped = best
    if wild:
        symbol, score, other = "dare", max(score, params.good_score), params.min_score
    return symbol, score, score - other, flipped


def _sureness(score: float, margin: float, params: SymbolParams) -> float:
    """How sure a whole-mark reading is, from its score and its lead over the runner-up."""
    return ramp(score, params.min_score, params.good_score) * ramp(margin, 0.0, params.good_margin)


def _without_specks(ink: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """:func:`~vision.marks.clean_ink` of the card's ink, its blobs labelled within the
    ink's box only (the same blobs, a fraction of the pixels), and that box (x, y, w, h)."""
    x, y, w, h = cv2.boundingRect(ink)
    out = np.zeros_like(ink)
    out[y:y + h, x:x + w] = clean_ink(ink[y:y + h, x:x + w])
    return out, (x, y, w, h)


def _central_part(ink: np.ndarray, params: SymbolParams,
                  box: tuple[int, int, int, int] | None = None) -> np.ndarray | None:
    """The ink without its blobs far from the card's centre, or None when there are none.

    A card's symbol is centred: its biggest blob whose middle lies within
    ``symbol_centred`` of its own height from the card's centre anchors it, and the blobs
    whose middles lie within ``symbol_reach`` of that height from the centre are the
    symbol (a 6's underline, the two arrows of a reverse); farther ones are not. None too
    when those hold less than ``symbol_most`` of the ink (then the symbol itself is in
    doubt, not the leftovers). ``box``: the ink's box (x, y, w, h), when known (its blobs
    are labelled within it only).
    """
    h, w = ink.shape
    x, y, bw, bh = box if box is not None else (0, 0, w, h)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink[y:y + bh, x:x + bw], 8)
    if n <= 2:
        return None
    distance = np.hypot(centroids[:, 0] + x - (w - 1) / 2, centroids[:, 1] + y - (h - 1) / 2)
    heights = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    anchors = np.flatnonzero(distance[1:] <= params.symbol_centred * heights[1:]) + 1
    if not len(anchors):
        return None
    anchor = anchors[np.argmax(stats[anchors, cv2.CC_STAT_AREA])]
    keep = distance <= params.symbol_reach * heights[anchor]
    keep[0] = False
    area = stats[:, cv2.CC_STAT_AREA]
    if keep[1:].all() or area[keep].sum() < params.symbol_most * area[1:].sum():
        return None
    core = np.zeros_like(ink)
    core[y:y + bh, x:x + bw] = keep[labels] * 255
    return core


def _hole_misfits(ink: np.ndarray, params: SymbolParams) -> frozenset:
    """The symbols whose holes the ink cannot have. A hole of at least ``sure_hole_share``
    of the ink's box is surely one (a 0's, a skip's); a smaller one, down to
    ``faint_hole_share``, may be one (a blurred 8's, half closed) or may not (where a bold
    5's tail meets its bowl): every count from the sure holes alone to all of them fits."""
    x, y, w, h = cv2.boundingRect(ink)
    # Traced within the ink's box and a pixel of paper around it: the same outlines.
    piece = ink[max(y - 1, 0):y + h + 1, max(x - 1, 0):x + w + 1]
    contours, hierarchy = cv2.findContours(piece, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return frozenset(sym for sym, allowed in HOLES.items() if 0 not in allowed)
    areas = [cv2.contourArea(c) for c, links in zip(contours, hierarchy[0]) if links[3] != -1]
    sure = sum(1 for a in areas if a >= max(3.0, params.sure_hole_share * w * h))
    maybe = sum(1 for a in areas if a >= max(3.0, params.faint_hole_share * w * h))
    counts = set(range(sure, maybe + 1))
    return frozenset(sym for sym, allowed in HOLES.items() if not counts & allowed)


def _one_line(mark: np.ndarray, params: SymbolParams) -> bool:
    """Is the mark one line: no other line even ``word_min_height`` of the tallest's height?"""
    rows = split_rows(mark)
    tallest = max((b - a for a, b in rows), default=0)
    return sum(1 for a, b in rows if b - a >= params.word_min_height * tallest) == 1


def _beside_a_line(mark: np.ndarray, symbol: str, flipped: bool, params: SymbolParams,
                   min_height: float = 0.4, bar_solidity: float = 0.8) -> bool:
    """Does the mark hold a second line beside its tallest, at least ``min_height`` of its
    height (a dare's word is about half its number's height; a 6's or 9's underline, even
    broken up, less)? A 6's or 9's underline does not count however thick blur made it:
    one convex blob on the digit's foot side (above it when the card lies upside down)."""
    rows = split_rows(mark)
    tallest = max(rows, key=lambda r: r[1] - r[0], default=(0, 0))
    height = tallest[1] - tallest[0]
    for a, b in rows:
        if (a, b) == tallest or b - a < min_height * height:
            continue
        if symbol in ("6", "9") and (a > tallest[0]) != flipped:
            outlines, _ = cv2.findContours(mark[a:b], cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if len(outlines) == 1 and cv2.contourArea(outlines[0]) >= bar_solidity * max(
                    cv2.contourArea(cv2.convexHull(outlines[0])), 1.0):
                continue
        return True
    return False
