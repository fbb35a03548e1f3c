"""The corner indices' say over a dare's number beyond their sure readings: a corner read
short of sure seconding a sure reading, and both corners overruling an unsure centre.

A card prints its index in two opposite corners; on a small card each is some 10 px tall,
and blur, glare or a shadow over one corner leaves it read only half surely, or misread,
while the other corner and the centre are read from pixels of their own. Where two readings
agree - a sure one and the other corner's likeliest - they settle a number the centre left
unread (:func:`seconded`), or outweigh one corner reading another number (:func:`outvoted`).
See :func:`~vision.half_turns.likeliest` for a corner's lean. Both corners read surely
apart outweigh a centre read short of sure (:func:`overrule`). One corner alone, the other
silent, numbers a dare a centre cut reads surely when its number has two digits
(:func:`sure_dare_by_one_corner`; the face's own sure unnumbered dare too, when its number
line reads no other: :func:`face_dare_by_one_corner`), and a wild card whose centre reads no other number
(:func:`wild_by_one_corner`). A centre number read short of sure counts when both corners
lean to it (:func:`three_leans`), or, read at least centre_one_lean surely, when one does and the other
leans to no other number (:func:`one_lean`): not for a closed bay's digit.
"""

from __future__ import annotations

from dataclasses import replace

from .half_turns import HALF_TURNS, likeliest
from .dare_lines import centre_numbers
from .indices import CornerIndices
from .symbol_params import SymbolParams


def outvoted(number: int, corners: CornerIndices, params: SymbolParams) -> bool:
    """Does only one corner index read a number surely (another than ``number``), while
    the other corner's likeliest reading is ``number``, at least ``corner_lean`` sure (0:
    off)? Two readings of their own pixels, the centre's sure one and a corner's leaning
    one, then outweigh one corner's: a blur or a glare over one corner turns a 2 into a 1
    there, not in the other corner nor in the centre."""
    if not params.corner_lean or len(corners.corners) != 2:
        return False
    sure = [k for k in range(2) if corners.reading(k)]
    if len(sure) != 1 or number in corners.reading(sure[0]):
        return False
    lean, how_sure = likeliest(corners, 1 - sure[0])
    return lean == number and how_sure >= params.corner_lean


def seconded(corners: CornerIndices | None, readings: list, params: SymbolParams) -> int | None:
    """The number one corner index reads surely (and only it) while the other corner's
    likeliest reading is the same, at least ``corner_second`` sure (0: off), and no way up
    of the centre (``readings``: word, number, how sure, likeness, turned) reads another
    number even ``corner_agree_min`` surely; else None. Asked where the centre reads no
    number (glare over the print, a number's strokes lost to the word): the two corners'
    indices, read apart, agree as :meth:`~vision.indices.CornerIndices.apart` asks, but
    for the one a blur or a shadow left half sure."""
    if not params.corner_second or corners is None or len(corners.corners) != 2:
        return None
    sure = [k for k in range(2) if corners.reading(k)]
    if len(sure) != 1 or len(corners.reading(sure[0])) != 1:
        return None
    number = next(iter(corners.reading(sure[0])))
    lean, how_sure = likeliest(corners, 1 - sure[0])
    if lean != number or how_sure < params.corner_second:
        return None
    if any(r[1] not in (None, number) and r[2] >= params.corner_agree_min for r in readings):
        return None
    return number


def three_leans(number: int, confidence: float, readings: list, corners: CornerIndices | None,
                params: SymbolParams) -> bool:
    """Does a centre number read short of sure (``confidence``, at least ``corner_both_lean``)
    count because both corner indices lean to it, each one's likeliest reading ``number`` at
    least ``corner_both_lean`` sure? Only where :func:`_led_alone`, and for a number with no
    digit of ``lean_closed`` (0: off). Three readings of their own pixels, each short of
    sure, agreeing: a small blurred card leaves each of its three prints half read (the
    commonest "dare's number unsure"). But a blurred bold 5 fills into an 8 in all three
    alike (dev 10:1769, a red dare 5 so read 8): a closed bay's digit is left to other rules."""
    lean = params.corner_both_lean
    if not lean or confidence < lean or set(str(number)) & set(params.lean_closed):
        return False
    return _led_alone(number, readings, corners, params) and both_lean(corners, number, lean)


def one_lean(number: int, confidence: float, readings: list, corners: CornerIndices | None,
             params: SymbolParams) -> bool:
    """Does a centre number read at least ``centre_one_lean`` sure (short of sure) count
    because one corner index leans to it, its likeliest reading ``number`` at least
    ``corner_both_lean`` sure, while the other corner leans to no other number even
    ``corner_agree_min`` surely? Only where :func:`_led_alone`, and for a number with no
    digit of ``lean_closed`` (0: off). Two readings of their own pixels, the centre's
    nearly half sure: a blurred card's bays close alike in the centre and a corner (a 5 reads
    8, a 7 a 9, a 15 a 10 in both), so a number such a digit ends is left to other rules.
    On the dares dev seeds 1, 3, 5, 6 (and 9-12's top cards) left unnumbered, the rule
    named 11 right and none wrong (with the closed digits, 14 right and 7 wrong); at 0.4
    rather than 0.5, one more (dev 3:1503) and no other answer changed on any seed."""
    least = params.centre_one_lean
    if not least or confidence < least or set(str(number)) & set(params.lean_closed):
        return False
    if not _led_alone(number, readings, corners, params):
        return False
    leans = [likeliest(corners, k) for k in range(2)]
    if any(said not in (None, number) and how_sure >= params.corner_agree_min for said, how_sure in leans):
        return False
    return any(said == number and how_sure >= params.corner_both_lean for said, how_sure in leans)


def _led_alone(number: int, readings: list, corners: CornerIndices | None, params: SymbolParams) -> bool:
    """Is ``number`` the reading of the way up the word leads by ``word_margin``
    (``readings``, sorted by the word: word, number, how sure, likeness, turned), the other
    way up not reading it too (``corner_agree_min``), with two
    corners of which none reads any number surely, and no way up reading another number as
    surely as ``corner_both_lean``? What a centre read short of sure must be, for the
    corners' leanings to count for it."""
    if corners is None or len(corners.corners) != 2 or not readings or readings[0][1] != number:
        return False
    if len(readings) > 1 and (readings[0][0] - readings[1][0] < params.word_margin
                              or readings[1][1] == number and readings[1][2] >= params.corner_agree_min):
        # The word leading by little; or the line reading the same number turned round, as
        # only a blob does (no digit but a 0 or an 8 reads itself upside down: a blurred 8
        # read 4 both ways up, one corner leaning to 4, dev 14:194).
        return False
    return not corners.numbers() and not any(r[1] not in (None, number) and r[2] >= params.corner_both_lean
                                             for r in readings)


def both_lean(corners: CornerIndices, number: int, lean: float) -> bool:
    """Is each of the two corner indices' likeliest reading ``number``, at least ``lean`` sure?"""
    if len(corners.corners) != 2:
        return False
    for k in range(2):
        said, how_sure = likeliest(corners, k)
        if said != number or how_sure < lean:
            return False
    return True


def overrule(agreed: int, readings: list, params: SymbolParams) -> bool:
    """May ``agreed``, the number both corner indices read surely (each read apart),
    overrule a centre reading another number short of sure (``corners_overrule``)? Not
    when a way up of the centre (``readings``: word, number, how sure, likeness, turned)
    reads another number surely. Two sure readings of the same print against one unsure:
    glare or blur over the centre closes a 14's 4 into a 0 there, not in both corners."""
    return params.corners_overrule and not any(
        r[1] not in (None, agreed) and r[2] >= params.number_min_confidence for r in readings)


def one_corner(corners: CornerIndices, params: SymbolParams) -> int | None:
    """The one number one corner index alone reads surely, while the other reads none
    surely and leans to no other even ``corner_agree_min`` surely (a corner a blur, a
    glare or a thumb left unread is no vote against; one misreading a 15 as a 13 leans to
    the 15, or reads it); None otherwise."""
    if len(corners.corners) != 2:
        return None
    read = [corners.reading(k) for k in range(2)]
    sure = [k for k in range(2) if read[k]]
    if len(sure) != 1 or len(read[sure[0]]) != 1:
        return None
    number = next(iter(read[sure[0]]))
    lean, how_sure = likeliest(corners, 1 - sure[0])
    if lean not in (None, number) and how_sure >= params.corner_agree_min:
        return None
    return number


def sure_dare_by_one_corner(reads: list, corners: CornerIndices, params: SymbolParams):
    """A dare a centre cut (``reads``: each cut and its reading) reads fully surely,
    matching it at least ``one_corner_dare`` (0: off), numbered by :func:`one_corner`,
    when that number has two digits (10-16: no digit card, skip or reverse carries one,
    so the card is a dare by two cues of different pixels) and no cut reads another
    number surely but that number's last digit alone (a cut that lost a 16's 1 reads 6).
    A pale print the face cut short (a washed-out or tinted centre) often reads as a whole
    dare in the grey cut while its number runs into one blob. Not for a wild card's
    one-digit number, whose colours make it a dare: a blurred bold 2 reads a sure 7 in
    one corner (dev 5:871). The reading, at ``corner_agreed``, or None."""
    if not params.one_corner_dare:
        return None
    number = one_corner(corners, params)
    if number is None or number < 10:
        return None
    dares = [alt for _, alt in reads if alt.symbol == "dare" and alt.confidence >= 1.0
             and alt.score >= params.one_corner_dare]
    if not dares or any(alt.number not in (None, number, number % 10) and
                        alt.confidence >= params.number_min_confidence for _, alt in reads):
        return None
    return replace(dares[0], number=number, confidence=params.corner_agreed)


def wild_by_one_corner(reading, marks, corners: CornerIndices, banks, params: SymbolParams):
    """A wild card (a dare by its colours) whose centre no cut numbers, numbered by
    :func:`one_corner` when no way up of ``marks`` (a function giving the centre's cuts:
    the face's ink, the white print; asked only when a corner reads a number) reads
    another number at least ``number_min_confidence`` surely on its number's line
    (:func:`~vision.dare_lines.centre_numbers`), but that number's last digit alone (a
    print that lost a 15's 1 reads 5). A blurred bold 2 reads a sure 7 in a small corner
    index and leans to it in the other, while its centre, printed large, still reads the
    2 (dev 5:871): the centre's own pixels are the second cue. A 6 read one way up is a 9
    read the other way: with the corner's 9 read too, no vote against; nor is the corner's
    number read with its bays closed (``wild_closed_bays``: :func:`closed_bays`, a highlight
    over a white 3 reads 9, dev 9:594). ``reading`` as a dare with
    that number, at ``corner_agreed``; None otherwise (and with ``one_corner_wild`` off)."""
    if not params.one_corner_wild:
        return None
    number = one_corner(corners, params)
    if number is None:
        return None
    for mark in marks():
        if mark is None or not mark.any():
            continue
        read = {other for other, how_sure in centre_numbers(mark, banks, params)
                if other is not None and how_sure >= params.number_min_confidence}
        if number in read:
            read -= {other for other in read if (number, other) in HALF_TURNS}  # the same print turned
        if params.wild_closed_bays:
            read -= closed_bays(number)
        if read - {number, number % 10}:
            return None
    return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)


def face_dare_by_one_corner(reading, reads, corners: CornerIndices, face_ink, banks, params: SymbolParams):
    """The face's own sure dare read without its number (``reading``, read from
    ``face_ink``), numbered as :func:`sure_dare_by_one_corner` numbers a dare no cut of
    the face reads surely: ``reads`` (called only when one corner alone reads a number of
    two digits) gives the centre's cuts and their readings. Blur that ran the number into
    the word leaves the face's cut sure of the word only: the same card as one a centre
    cut reads. Both small corner indices of a blurred card can misread alike (a 15 read
    16 in one surely, leaning 16 in the other: dev 13:1570; 11 read 12: 15:297), while the
    face's own number line, printed large, still leans to the true number: no way up of
    it may read another number even ``corner_agree_min`` surely (but the corner's last
    digit alone). At ``corner_agreed``, the face's way up and likeness; None otherwise
    (and with ``one_corner_face_dare`` off)."""
    if not params.one_corner_face_dare:
        return None
    number = one_corner(corners, params)
    if number is None or number < 10 or set(str(number)) & set(params.one_corner_face_closed):
        return None
    if any(other not in (None, number, number % 10) and how_sure >= params.corner_agree_min
           for other, how_sure in centre_numbers(face_ink, banks, params)):
        return None
    found = sure_dare_by_one_corner(reads(), corners, params)
    return None if found is None else replace(reading, number=found.number, confidence=found.confidence)


#: The one-digit numbers a white print's open bays become when a highlight or blur fills
#: them (a 3's left bays closed read an 8 or a 9, a 5's a 6, an 8 or a 9), and the same
#: turned round (a 9 upside down is a 6): light over a white print on black adds white,
#: never takes a stroke's white away, so it closes a bay and opens none.
_CLOSED = {2: frozenset({8}), 3: frozenset({6, 8, 9}), 5: frozenset({6, 8, 9})}


def closed_bays(number: int) -> frozenset:
    """The numbers ``number``'s print reads as with its bays closed (:data:`_CLOSED`), none
    for a number whose outline has no bay to close."""
    return _CLOSED.get(number, frozenset())
