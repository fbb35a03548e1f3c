"""The centre's ink read as a symbol: its whole mark against the templates, its lines (the
dare word, a dare's number), its shape's cues, and the corner indices' say.

The face's ink is read here once (:func:`read_ink`); :mod:`vision.symbols` reads it again
cut other ways when this leaves it short of sure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .dare_cues import dare_by_a_word_part, dare_by_its_lines
from .dare_lines import first_character_alone, last_digit_short
from .dare_number import both_ways, read_dare_number
from .indices import corner_digits, corner_numbers, index_digit
from .mark_shape import beside_a_line, beside_a_word, central_part, one_line, squeezed, without_bars, without_specks
from .marks import SymbolBanks, ramp
from .symbol_params import SymbolParams
from .symbol_scores import BARE_LABELS, sureness, whole_mark

#: The whole-centre symbols: digits, the two actions, and "dare" (word plus number).
SYMBOLS: tuple[str, ...] = tuple(str(n) for n in range(10)) + ("skip", "reverse", "dare")


@dataclass(frozen=True)
class SymbolReading:
    """The centre's symbol (one of :data:`SYMBOLS`, or None), the dare number if one was
    read, whether the card lies upside down, and how sure (0..1); ``score`` and ``margin``:
    the whole mark's match to its templates and its lead (see :meth:`matched_later`)."""

    symbol: str | None
    number: int | None
    flipped: bool
    confidence: float
    score: float = 0.0
    margin: float = 0.0

    @classmethod
    def matched_later(cls, symbol: str | None, number: int | None, flipped: bool, confidence: float,
                      match) -> "SymbolReading":
        """A reading whose ``score`` and ``margin`` are ``match()``'s, worked out when first
        asked: a dare whose word and number both read is a dare whatever its whole mark
        matches, and most such readings are never asked how well (the whole mark against
        the templates is a read's dearest step)."""
        reading = cls(symbol, number, flipped, confidence)
        reading.__dict__["_match"] = match
        return reading

    def __getstate__(self) -> dict:
        state = dict(self.__dict__, score=self.score, margin=self.margin)
        state.pop("_match", None)
        return state


class _Matched:
    """A :class:`SymbolReading` field (``score``, ``margin``) read from its stored match,
    worked out on first access when the reading was made by ``matched_later``."""

    def __init__(self, name: str):
        self._name = name

    def __get__(self, reading, owner=None):
        if reading is None:
            return 0.0
        values = reading.__dict__
        match = values.get("_match")
        if match is not None:
            values["score"], values["margin"] = match()
            values["_match"] = None
        return values[self._name]

    def __set__(self, reading, value) -> None:
        reading.__dict__[self._name] = value


SymbolReading.score = _Matched("score")
SymbolReading.margin = _Matched("margin")


def read_ink(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
              wild: bool, corners: tuple | None, card: np.ndarray | None = None) -> SymbolReading:
    """:func:`~vision.symbols.read_symbol` of the face's ink alone (``card``: the flattened card it was cut
    from, where a dare's number is read again from its grey levels)."""
    reading = _read_lines_too(ink, banks, params, wild, corners, card)
    narrow = None if reading.confidence >= params.corner_agreed or wild else squeezed(ink)
    if narrow is not None and reading.symbol == "dare" and sureness(reading.score, reading.margin, params) >= 1.0:
        narrow = None  # a dare's template fits the wide mark: a number over its word
    if narrow is None:
        return reading
    # A mark wider than tall: a bold, slanted print (or a flattening a little off) that
    # no template's shape fits; read again at a digit's width, it must then be sure.
    alt = _read_lines_too(narrow, banks, params, wild, corners)
    if alt.confidence < params.corner_agreed:
        return reading
    if reading.confidence >= params.number_min_confidence and (
            (reading.symbol, reading.number) != (alt.symbol, alt.number)):
        return replace(reading, number=None, confidence=0.0)
    return alt


def _read_lines_too(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                    wild: bool, corners: tuple | None, card: np.ndarray | None = None) -> SymbolReading:
    """:func:`read_mark`, and short of sure the dare cues of :mod:`vision.dare_cues`."""
    reading = read_mark(ink, banks, params, wild, corners, card=card)
    if reading.confidence >= params.corner_agreed:
        return reading
    # A wild card's black field says dare, but so does a card's back's or a phone's: its
    # number counts when a corner index reads it too, or when the mark is a dare's two
    # lines, the number's and one of a word's shape.
    likest = reading.symbol == "dare" and not wild
    if wild:
        whole_dare = ink.any() and beside_a_word(without_specks(ink)[0], params)
    else:
        whole_dare = likest and sureness(reading.score, reading.margin, params) >= 1.0
    # With the card, a number read surely only by a narrow lead is checked by its grey levels.
    found = dare_by_its_lines(ink, banks, params, corners, whole_dare, card=card, wild=wild)
    if found is None:
        found = dare_by_a_word_part(ink, banks, params, corners, likest_dare=likest, card=card, wild=wild)
    if found is None:
        return reading
    dare = SymbolReading("dare", found[0], found[1], params.corner_agreed)
    # A dare read without its number agrees with the dare its lines number.
    agree = reading.symbol == "dare" and reading.number in (None, dare.number)
    if reading.confidence >= params.number_min_confidence and not agree:
        return replace(reading, number=None, confidence=0.0)
    confidence = max(dare.confidence, reading.confidence) if agree else dare.confidence
    return replace(dare, confidence=confidence, score=reading.score, margin=reading.margin)


def read_mark(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
               wild: bool = False, corners: tuple | None = None,
               whole_score: float = 0.85, card: np.ndarray | None = None) -> SymbolReading:
    """The centre's symbol from its whole mark and its lines.

    Two cues must agree. The whole mark against the symbol templates, and the mark's lines:
    a line of several characters that reads as the dare word makes the card a dare even
    when the whole mark (a blurred word, a glare over half of it) matches no dare template
    well; a mark that looks like a digit while a line of it reads as the word, or beside a
    second line of the digit's stature (a 6's or 9's underline aside), is unsure, never
    that digit. Glare's leftovers far from the card's centre are left out of a mark no
    line of which reads as the word; a hole too small to be sure of neither rules a symbol
    in nor out. A digit or a dare number read only barely surely gives way to a corner
    index reading another one surely (the dare is then told without its number); so does
    a digit whose mark matches its templates less than ``whole_score`` (a whole printed
    digit matches better: a 2 whose top glare took is a 7 upside down, surely).
    """
    if int(np.count_nonzero(ink)) < params.min_ink_share * ink.size:
        return SymbolReading(None, None, False, 0.0)
    ink, box = without_specks(ink)
    # The rows with ink, within the box the specks were cleaned in (none lies outside it).
    rows = np.flatnonzero(ink[box[1]:box[1] + box[3], box[0]:box[0] + box[2]].any(axis=1))
    if not len(rows) or rows[-1] - rows[0] + 1 < params.min_ink_height * ink.shape[0]:
        return SymbolReading(None, None, False, 0.0)  # specks only, or a speck: no centre symbol
    views = (ink, ink[::-1, ::-1])
    found = both_ways(ink, banks, params)
    lines = [without_bars(view, line) for view, line in zip(views, found)]
    # A bar is no word (a 6's underline, a 1's foot, a glare streak); where a word would be,
    # it makes the whole mark look like a dare's number over its word: then only a word
    # that reads says dare.
    barred = any(line[2] != kept[2] for line, kept in zip(found, lines))
    word = max(line[0] for line in lines)
    number = flipped_n = None
    if word >= params.word_score:
        number, flipped_n = _dare_number(views, banks, params, lines, corners, wild, card)
        if number is not None:
            # A line reads as the dare word, the other as a number: a dare, whatever the
            # whole mark looks like (see below); its match is worked out only when asked.
            return SymbolReading.matched_later("dare", number, flipped_n, 1.0,
                                               lambda: whole_mark(ink, banks, params, wild)[1:3])
    symbol, score, margin, flipped = whole_mark(ink, banks, params, wild)
    confidence = sureness(score, margin, params)
    mark = ink
    if not wild and word < params.word_doubt and confidence < 1.0:
        # No line of the mark reads as the dare word: blobs far from the card's centre may
        # be glare's leftovers beside the symbol (the field's colour left at the edge of
        # the centre), read without them.
        core = central_part(ink, params, box)
        if core is not None:
            alt = whole_mark(core, banks, params, wild)
            if alt[0] not in (None, "dare") and sureness(alt[1], alt[2], params) > confidence:
                symbol, score, margin, flipped = alt
                confidence = sureness(score, margin, params)
                mark = core
    if symbol != "dare" and word < params.word_score:
        if symbol is None:
            return SymbolReading(None, None, False, 0.0)
        if symbol in BARE_LABELS:
            # A 6's or a 9's shape without its underline: a 6 upright is a 9 upside down
            # (and a dare's number has none): no telling which.
            return SymbolReading(None, None, False, 0.0, score, margin)
        if symbol.isdigit() and beside_a_line(mark, symbol, flipped, params):
            # A digit card's mark is one line: a second line of the digit's stature beside
            # it is a dare's word that glare or wear took in part ("ARE" over a 7).
            return SymbolReading(symbol, None, flipped, 0.0, score, margin)
        if (corners is not None and symbol.isdigit() and one_line(mark, params)
                and params.corner_agree_min <= confidence < params.corner_agreed
                and corner_digits(corners, banks, params) == {symbol}):
            # Short of sure, but a corner index reads the same digit surely, and none
            # another (and the mark is one line, not even a short second one: a dare whose
            # word is mostly gone has a 7 in its corner too). Corners that disagree back
            # nothing: one of them is another card's, or misread.
            confidence = params.corner_agreed
        elif (corners is not None and symbol.isdigit() and confidence > 0.0
              and _corners_read_another(symbol, confidence >= params.corner_doubt and score >= whole_score,
                                        corners, banks, params)):
            # Sure in the centre, but a corner's index reads another digit surely (a shadow
            # across the centre left half a 5, read as a 7): both corners against a sure
            # reading of a whole digit, one against any other.
            confidence = 0.0
        # A line that reads nearly as the dare word: this may be a dare whose word is faint.
        confidence *= 1.0 - ramp(word, params.word_doubt, params.word_score)
        return SymbolReading(symbol, None, flipped, confidence, score, margin)
    if word < params.word_score:
        number, flipped_n = _dare_number(views, banks, params, lines, corners, wild, card)
    if symbol != "dare" or (barred and not wild):
        confidence = 0.0  # the whole mark looks like another symbol: only the word says dare
    if word >= params.word_score:
        # A line of several characters reads as the dare word: a dare when the other line
        # reads as a number, or when the whole mark looks like a dare too, at least
        # ``min_score`` (an arrow's shaft reads about as well as the word against the word's
        # templates).
        if number is not None:
            confidence = 1.0
        elif symbol == "dare" and score >= params.min_score:
            confidence = max(confidence, ramp(word, params.word_score, params.good_score))
    elif symbol == "dare" and number is not None and word >= params.word_doubt:
        # Three cues short of sure that agree: the whole mark is likest a dare, a line reads
        # faintly as the word, and the other line reads a number a corner index reads too
        # (a number is read under a faint word only so).
        confidence = max(confidence, params.corner_agreed)
    elif number is None and word < params.word_doubt:
        # Only the whole mark's likeness says dare (on a black field, only the field): no
        # line reads even faintly as the word, none as a number. A digit glare cut in two
        # looks as much like a dare's two lines; a card's back, a phone, like a wild card.
        confidence = 0.0
    if number is not None:
        flipped = flipped_n
    return SymbolReading("dare", number, flipped, confidence, score, margin)


def _dare_number(views: tuple, banks: SymbolBanks, params: SymbolParams, lines: list,
                 corners: tuple | None, wild: bool, card: np.ndarray | None) -> tuple[int | None, bool]:
    """:func:`~vision.dare_number.read_dare_number`'s number and which way up it reads; a
    number read only barely surely gives way to a corner index reading another one."""
    number, flipped_n, number_sure = read_dare_number(views, banks, params, lines, corners, wild, card)
    if (number is not None and params.first_character_alone
            and first_character_alone(views[flipped_n], lines[flipped_n], wild)):
        return None, flipped_n
    if (number is not None and params.short_last_digit and not wild
            and last_digit_short(views[flipped_n], lines[flipped_n], wild, params.short_last_digit)
            and (corners is None or number not in corner_numbers(corners, banks, params))):
        # The chosen way's last digit stands short of the line: a corner index must back
        # the number. Asked of the answer only: a rival way up keeps its say. Not of a wild
        # card's white print: a highlight joined to a character heightens it, while on a
        # coloured card glare only pales the print (takes height away, never adds it).
        return None, flipped_n
    if number is not None and number_sure < params.corner_doubt and _a_corner_reads_another(
            number, corners, banks, params):
        number = None
    return number, flipped_n


def _corners_read_another(symbol: str, sure: bool, corners: tuple, banks: SymbolBanks,
                          params: SymbolParams) -> bool:
    """Do the corner indices read another digit than ``symbol`` surely: both the same
    other digit against a ``sure`` reading, either one against a barely sure one? A
    corner is read only while its answer can still matter. A 0 is no vote against a sure
    reading of a digit in ``corner_zero_closes`` (a 5, 6, 8 or 9)."""
    against: set | None = None
    for marks in corners:
        other = index_digit(marks, banks, params) - {symbol}
        if not sure and other:
            return True
        if sure:
            if symbol in params.corner_zero_closes:
                # A small index blurred shut reads 0 (a 6's or 8's bowls, a 5's bays run
                # into one ring): no vote against the whole digit the centre, printed
                # large, reads.
                other.discard("0")
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
