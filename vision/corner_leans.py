"""A corner index read short of sure, as a second to a sure reading of the same number.

A card prints its index in two opposite corners; on a small card each is some 10 px tall,
and blur, glare or a shadow over one corner leaves it read only half surely, or misread,
while the other corner and the centre are read from pixels of their own. Where two readings
agree - a sure one and the other corner's likeliest - they outweigh one corner reading
another number (:func:`outvoted`). See :func:`~vision.half_turns.likeliest` for a corner's
lean.
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

