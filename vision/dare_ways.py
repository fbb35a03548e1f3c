"""Which way up a dare's number lies, and which number, when the word above it cannot say:
the word read only faintly both ways up (glare, blur, a deck's own lettering), or each way up
reading its own number. The corner indices, a number read surely one way only, and how alike
each way's last digit is to its template decide; :func:`vision.dare_number.read_dare_number`
asks these in turn (see its ``_settle``). Each reading is (word score, number, how sure,
likeness, upside down).
"""

from __future__ import annotations

import numpy as np

from .half_turns import HALF_TURNS, TURNED_LOOKALIKES, way_up_by_a_faint_corner
from .indices import CornerIndices
from .marks import SymbolBanks
from .symbol_params import SymbolParams


def two_digits_against_the_word(number: int | None, confidence: float, other: tuple,
                                 corners: CornerIndices | None, params: SymbolParams) -> bool:
    """Does the way up the word reads worse read a two-digit number at least ``faint_sure``
    surely, while the word's way reads no number (below ``corner_agree_min``) and no
    corner index another one? A word that says which way up by a little (glare, blur) is
    outweighed: turned round, no number reads as one of 10-16 (its first character would
    be a 1 or a "#"), and the word's way read nothing to set against it."""
    if number is not None and confidence >= params.corner_agree_min:
        return False
    if other[1] is None or other[1] < 10 or other[2] < params.faint_sure:
        return False
    return not (corners is not None and corners.numbers() - {other[1]})


def corners_agree_apart(corners: CornerIndices | None) -> int | None:
    """The one number both corner indices read surely, each read on its own, or None."""
    return corners.apart() if corners is not None else None


def faint_word_number(readings: list, corners: CornerIndices | None, banks: SymbolBanks,
                       params: SymbolParams) -> tuple[int | None, bool, float]:
    """The number under a word read only faintly (below ``word_score`` both ways up; at
    least ``word_doubt`` one way, but on a wild card): neither which way up nor which
    line is the number is sure, so a number counts only when a corner index reads it too
    and no corner reads the other way's (the way up that reads the word worse is tried
    too: glare that takes half the word leaves it reading alike both ways). Not when a
    corner reads another number too, nor when the other way up reads its own number more
    surely."""
    flipped = max(readings, key=lambda r: r[0])[4]
    if corners is None:
        return None, flipped, 0.0
    seen = corners.numbers()
    backed = {r[1] for r in readings if r[1] in seen and r[2] >= params.corner_agree_min}
    if len(backed) != 1 or any(r[1] in seen and r[1] not in backed for r in readings):
        return None, flipped, 0.0
    number = backed.pop()
    best = max((r for r in readings if r[1] == number), key=lambda r: (r[0], r[2]))
    if corners.one_reads_another(number) or any(r[1] not in (None, number) and r[2] >= params.number_min_confidence
                              and r[2] > best[2] for r in readings):
        # A corner reading another number and not this one (corners blurred enough to misread), or the
        # other way up reading its own number more surely: the one corner that agrees is luck
        # (a heavy 2 the centre reads surely, its corners a 7 and an 8).
        return None, flipped, 0.0
    return number, best[4], max(best[2], params.corner_min_confidence)


def sure_one_way(readings: list, spans: list, corners: CornerIndices | None, banks: SymbolBanks,
                  params: SymbolParams) -> tuple | None:
    """(number, upside down, how sure) when exactly one way up reads a number at least
    ``faint_sure`` surely and the other way up reads none even ``corner_agree_min`` surely
    (or both ways up read the same number so surely: an 8, an 11), when that number's line
    is centred on the card (see ``number_centred``) and no corner index reads another
    number without this one; else None. Asked under a word read only faintly both ways up
    (glare, blur, a deck's own lettering): the word does not say which way up, the number
    does."""
    if len(readings) != 2:
        return None
    sure = [k for k, r in enumerate(readings) if r[1] is not None and r[2] >= params.faint_sure]
    if len(sure) == 2 and readings[0][1] == readings[1][1]:
        # The same number both ways up (an 8, an 11): which way up does not change it.
        sure = [max(sure, key=lambda k: readings[k][0])]
    elif len(sure) != 1 or readings[1 - sure[0]][2] >= params.corner_agree_min:
        return None
    if not centred(spans[sure[0]], params.number_centred):
        return None
    _, number, confidence, _, flipped = readings[sure[0]]
    if corners is not None:
        seen = corners.numbers()
        if seen and number not in seen:
            return None
    return number, flipped, confidence


def centred(line: np.ndarray, share: float) -> bool:
    """Is the line's ink centred across the card (the line spans the card's width): its
    middle within ``share`` of its own width of the card's middle?"""
    xs = np.flatnonzero(line.any(axis=0))
    if not len(xs):
        return False
    width = xs[-1] - xs[0] + 1
    return abs((xs[0] + xs[-1] + 1) / 2 - line.shape[1] / 2) <= share * width


def way_up_by_corners(readings: list, corners: CornerIndices | None, banks: SymbolBanks,
                       params: SymbolParams) -> tuple | None:
    """Of the two ways up, each giving its own number, the one whose number a corner index
    reads surely (the centre reading at least ``corner_agree_min`` sure), when no corner
    reads the other's; None when the corners do not decide."""
    if corners is None:
        return None
    seen = corners.numbers()
    backed = [r for r in readings if r[1] in seen and r[2] >= params.corner_agree_min]
    if len(backed) != 1 or any(r[1] in seen for r in readings if r is not backed[0]):
        return None
    return backed[0]


def way_up_by_likeness(readings: list, params: SymbolParams) -> tuple | None:
    """Of two ways up each reading its own number, the one whose last digit is likelier
    its template by at least ``turn_margin`` (a 4 scores 0.95 as a 4, turned round 0.8
    as a 9), when it reads its number surely (the other way may read its own short of
    sure: a 3 turned round reads a faint 1, a 1 a faint 3); None when neither is, when
    the likelier is read short of sure (a 4 read unsurely, turned round a sure 9), or the
    two are a 6 and a 9. A likelier 4 against a 9 needs no margin (``four_turned_nine``:
    :data:`~vision.half_turns.TURNED_LOOKALIKES`)."""
    if len(readings) != 2 or any(r[1] is None for r in readings):
        return None
    first, second = sorted(readings, key=lambda r: -r[3])
    lookalike = params.four_turned_nine and (first[1], second[1]) in TURNED_LOOKALIKES
    if (first[2] < params.number_min_confidence or (first[1], second[1]) in HALF_TURNS
            or first[3] - second[3] < (0.0 if lookalike else params.turn_margin)):
        return None
    return first


def half_turn_in_doubt(readings: list, corners: CornerIndices | None, params: SymbolParams) -> bool:
    """Does the way up the word reads better (``readings`` sorted best word first) read a
    6 or a 9 short of ``half_turn_sure`` while the other way, its word under
    ``half_turn_lead`` behind, reads the other of the two more surely and at least
    ``half_turn_rival`` surely, and no corner index backs the word's
    way (read surely, or leaning to it: :func:`~vision.half_turns.way_up_by_a_faint_corner`)?
    The word then does not say which way up: a 6 and a 9 are each other turned round."""
    if not params.half_turn_lead or len(readings) != 2:
        return False
    first, second = readings
    if ((first[1], second[1]) not in HALF_TURNS or second[2] < params.half_turn_rival
            or first[2] >= params.half_turn_sure or second[2] <= first[2]):
        return False
    if first[0] - second[0] >= params.half_turn_lead:
        return False
    if corners is not None and (first[1] in corners.numbers()
                                or way_up_by_a_faint_corner(readings, corners, params) is first):
        return False
    return True
