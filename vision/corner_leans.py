"""The corner indices' say over a dare's number beyond their sure readings: a corner read
short of sure seconding a sure reading, and both corners overruling an unsure centre.

A card prints its index in two opposite corners; on a small card each is some 10 px tall,
and blur, glare or a shadow over one corner leaves it read only half surely, or misread,
while the other corner and the centre are read from pixels of their own. Where two readings
agree - a sure one and the other corner's likeliest - they settle a number the centre left
unread (:func:`seconded`), or outweigh one corner reading another number (:func:`outvoted`).
See :func:`~vision.half_turns.likeliest` for a corner's lean. Both corners read surely
apart outweigh a centre read short of sure (:func:`overrule`).
"""

from __future__ import annotations

from .half_turns import likeliest
from .indices import CornerIndices
from .marks import SymbolParams


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


def overrule(agreed: int, readings: list, params: SymbolParams) -> bool:
    """May ``agreed``, the number both corner indices read surely (each read apart),
    overrule a centre reading another number short of sure (``corners_overrule``)? Not
    when a way up of the centre (``readings``: word, number, how sure, likeness, turned)
    reads another number surely. Two sure readings of the same print against one unsure:
    glare or blur over the centre closes a 14's 4 into a 0 there, not in both corners."""
    return params.corners_overrule and not any(
        r[1] not in (None, agreed) and r[2] >= params.number_min_confidence for r in readings)
