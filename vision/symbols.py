"""Symbol: which mark a card's centre shows (digit, skip, reverse, dare).

The ink cut from the centre is compared, by normalised correlation of small blurred masks,
with template banks (the default deck's drawn marks, or a taught deck's own). Both the ink
and the ink turned 180 degrees are tried: a card may lie either way up, and the better
reading says which way (6 and 9 differ by their underline; a dare by its word).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dare_number import both_ways, read_dare_number
from .indices import corner_digits, index_digit
from .marks import HOLES, SymbolBanks, SymbolParams, clean_ink, count_holes, feature, ramp

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
    lines = both_ways(ink, banks, params)
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
            each = [index_digit(marks, banks, params) - {symbol} for marks in corners]
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







def _one_line(rows: list[tuple[int, int]], params: SymbolParams) -> bool:
    """Is the mark one line (a 6's or 9's short underline aside)?"""
    tallest = max((b - a for a, b in rows), default=0)
    return sum(1 for a, b in rows if b - a >= params.word_min_height * tallest) == 1
