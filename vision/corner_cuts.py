"""Corner recut: a wild card's corner indices cut again in their own light, when the
face's cut left the card unnumbered.

The face cuts a corner's white marks at the paper's fixed whiteness (:mod:`vision.face`):
on a small, blurred card, or under a highlight, that one level runs an index's strokes
into the word above it or into each other, or loses them in a dim corner. Cut again at a
level of the corner's own grey (its median, the black field, plus a share of the way to
its brightest), the index comes out as printed. Asked only for a wild card (or, with ``coloured_dares``, a
coloured card read surely as a dare) that no other cue numbers (:func:`numbered_by_recut`):
the CPU of every other frame is untouched.

A recut may lose a faint stroke: the 1 of a 1X whose first digit a blur or a shadow
paled reads X alone, a one-digit number a card also carries (dev seed 8: a wild dare 11
read 1). A one-digit number a recut reads therefore counts only when neither corner shows
a second, fainter mark beside its digit (:func:`faint_neighbour`) and no way up of the
centre reads a number of two digits surely.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .dare_lines import centre_numbers
from .geometry import CardGeometry, corner_windows
from .ink_lines import clean_ink, split_characters, split_rows
from .corner_leans import wild_by_one_corner
from .grey_params import GreyParams
from .indices import CornerIndices, corner_readings, index_rows
from .number_rows import number_row
from .marks import SymbolBanks
from .symbol_params import SymbolParams
from .symbol_ink import SymbolReading
from .white_print import white_print

__all__ = ["CornerCutParams", "faint_neighbour", "numbered_by_recut", "recut_corner",
           "recut_corners"]


@dataclass(frozen=True)
class CornerCutParams:
    """How a wild card's corners are recut and when their reading counts (:func:`numbered_by_recut`)."""

    #: Off (False): a wild card left unnumbered stays so.
    enabled: bool = True
    #: The cut's level: the corner's median grey plus this share of the way to its 98th percentile.
    level: float = 0.65
    #: No cut in a corner whose 98th percentile is less than this above its median (grey
    #: levels): a corner with no index to see, or one too dim to tell.
    min_contrast: float = 40.0
    #: How sure each corner's number must be: fully (every number the recut added on the
    #: development seeds read fully surely in both corners; at 0.8, held-out seed 4 had a
    #: wild dare 16 read 14).
    min_confidence: float = 1.0
    #: The level, as ``level``, at which a one-digit number's line is looked at for a fainter
    #: mark beside its digit (:func:`faint_neighbour`).
    faint_level: float = 0.3
    #: Such a mark counts when its area is at least this share of the digit's.
    faint_share: float = 0.2
    #: One corner alone reading a number surely, the other none, numbers the card when the
    #: centre reads no other (:func:`~vision.corner_leans.wild_by_one_corner`, on the recut
    #: corners). Off: one recut corner is no second cue. A lower wild card under green ones
    #: (fresh seed 17:1434) had one corner recut read its 2 and answered for the pile's top
    #: green 6; on the development seeds it added 5 top cards and 6 spread cards, no wrong.
    one_corner: bool = False
    #: Off (False): a one-digit number counts as a two-digit one does (for measuring the guard).
    one_digit_guard: bool = True
    #: A coloured card read surely as a dare but without its number is recut too (its white
    #: index on the coloured field). Off: wild cards only. On the 12 development seeds it
    #: numbered 4 more top cards and 15 spread cards, and no wrong; on the integrator's seed
    #: 8 a green dare 16 read 14 (hence ``four_six_lead``).
    coloured_dares: bool = True
    #: A coloured dare's recut number ending in a 4 or a 6 counts only when each corner's
    #: last digit leads the other of the two by this much (:func:`turned_lead`): blurred
    #: bold, a 6's bowl fills into a 4's triangle, and the commonest misread dare number is
    #: 16 read 14 (a recut one on the integrator's seed 8). The corners' own bar is
    #: ``digit_good_margin`` (0.08). At 0.1 seed 8's green dare 16 (8:1233) still read 14
    #: (its lead ~0.1-0.2); 0.2 refuses it and costs 3 recut 16s/6s of spreads (6:223,
    #: 6:1240, held-out 4:1972), no other answer on the 12 development seeds or 2, 4, 7.
    four_six_lead: float = 0.2
    #: A sure dare neither the face nor the recut corners alone numbered has its centre read
    #: again with its corners recut at these levels (as ``level``), in turn, for corner
    #: indices (:func:`~vision.recut_reread.reread_by_recut`); empty: off. The index of a
    #: small blurred card cut at the paper's whiteness reads no number; cut here it backs the
    #: centre's. At 0.65 or 0.55 a recut corner read a dev blue dare 6 as 4 (13:1755).
    reread_levels: tuple = (0.75, 0.85)
    #: A reread number ending in 0, 6, 8 or 9 counts only when a recut corner reads it at
    #: two at least of these levels (:func:`~vision.recut_reread.reread_by_recut`).
    closed_levels: tuple = (0.75, 0.8, 0.85, 0.9)
    #: A coloured card whose centre is read short of sure is recut too, and counts as a
    #: dare when both corners read the same number of two digits (see
    #: :func:`two_digit_dare_by_recut`). Off (False): only a sure dare is recut.
    unsure_two_digits: bool = True


def _grey(card_bgr: np.ndarray) -> np.ndarray:
    """The card's grey (the mean of its channels: a white print on a black field is bright in all three)."""
    return card_bgr.astype(np.float32).mean(axis=2)


def recut_corner(grey: np.ndarray, off: np.ndarray | None, level: float, min_contrast: float) -> np.ndarray | None:
    """A corner window's marks (uint8, 255 = mark) cut at its median grey plus ``level``
    of the way to its 98th percentile, leaving out ``off`` (the centre); None when the
    window's contrast is under ``min_contrast``."""
    values = grey if off is None else grey[~off]
    if values.size == 0:
        return None
    lo, hi = np.percentile(values, (50, 98))
    if hi - lo < min_contrast:
        return None
    marks = grey > lo + level * (hi - lo)
    if off is not None:
        marks &= ~off
    return marks.astype(np.uint8) * 255


def recut_corners(card_bgr: np.ndarray, centre: np.ndarray | None, geometry: CardGeometry,
                  level: float, min_contrast: float) -> tuple:
    """Both corners' marks recut (:func:`recut_corner`), each turned upright as the face's
    corner marks are (the bottom-right turned round); a corner with too little contrast is None."""
    h, w = card_bgr.shape[:2]
    grey = _grey(card_bgr)
    out = []
    for k, at in enumerate(corner_windows(w, h, geometry)):
        cut = recut_corner(grey[at], None if centre is None else centre[at], level, min_contrast)
        if cut is not None and k == 1:
            cut = np.ascontiguousarray(cut[::-1, ::-1])
        out.append(cut)
    return tuple(out)


def faint_neighbour(grey: np.ndarray, off: np.ndarray | None, marks: np.ndarray, number: int, banks: SymbolBanks,
                    params: SymbolParams, cut: CornerCutParams) -> bool:
    """Does a corner (its ``grey``, upright), cut lower (``faint_level``), show a second
    character on the rows of the index line of ``marks`` (its recut), of at least
    ``faint_share`` of the largest one's area, while that line does not read ``number``
    (a "#" before it is skipped, as some decks print "#3")? The 1 of an 11-16 a blur or a
    shadow paled under the recut's level still stands out of the black field there. The
    rows are the recut's: cut lower, a wild's four shapes below the index run into one
    line taller than it."""
    rows = index_rows(split_rows(clean_ink(marks)), params)
    low = recut_corner(grey, off, cut.faint_level, 0.0)
    if not rows or low is None:
        return False
    a, b = rows[0]
    line = clean_ink(low)[a:b]
    areas = sorted((int(np.count_nonzero(p)) for p in split_characters(line)), reverse=True)
    if len(areas) < 2 or areas[1] < cut.faint_share * areas[0]:
        return False
    return number_row(line, banks.digit, params, hash_rivals=True, bays=False)[0] != number


def numbered_by_recut(reading: SymbolReading, card_bgr: np.ndarray, centre: np.ndarray | None, ink: np.ndarray | None,
                      geometry: CardGeometry, banks: SymbolBanks, params: SymbolParams,
                      cut: CornerCutParams, wild: bool = True) -> SymbolReading | None:
    """A wild card's dare ``reading`` left without its number, numbered by its corners
    recut (:func:`recut_corners`): both read the same one number, each at least
    ``min_confidence`` surely, or with ``one_corner`` one alone as
    :func:`~vision.corner_leans.wild_by_one_corner` takes it. A one-digit number counts only
    when neither corner shows a fainter mark beside its digit (:func:`faint_neighbour`) and
    no way up of the face's ``ink`` reads a number of two digits ``number_min_confidence``
    surely (a 1X whose 1 the recut lost). A coloured dare's (not ``wild``) number must also
    pass :func:`_four_six_stands`. The reading at ``corner_agreed``, or None."""
    if not cut.enabled or reading.number is not None:
        return None
    corners = recut_corners(card_bgr, centre, geometry, cut.level, cut.min_contrast)
    if all(c is None or not c.any() for c in corners):
        return None
    sure = replace(params, corner_min_confidence=cut.min_confidence)
    read = corner_readings(corners, banks, sure)
    agreed = read[0] & read[1]
    if len(agreed) == 1 and len(read[0]) == 1 and len(read[1]) == 1:
        number = next(iter(agreed))
    elif cut.one_corner:
        marks = lambda: (ink, None if centre is None else white_print(card_bgr, centre, GreyParams()))
        found = wild_by_one_corner(reading, marks, CornerIndices(corners, banks, sure), banks, sure)
        if found is None:
            return None
        number = found.number
    else:
        return None
    if number < 10 and cut.one_digit_guard and not _one_digit_stands(number, corners, card_bgr, centre, ink,
                                                                      geometry, banks, params, cut):
        return None
    if not wild and not _four_six_stands(number, corners, banks, sure, cut):
        return None
    return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)


def two_digit_dare_by_recut(reading: SymbolReading, card_bgr: np.ndarray, centre: np.ndarray | None,
                            ink: np.ndarray | None, geometry: CardGeometry, banks: SymbolBanks,
                            params: SymbolParams, cut: CornerCutParams) -> SymbolReading | None:
    """A coloured card whose centre ``reading`` is short of sure (a highlight or a blur over
    the mark), numbered as a sure dare left unnumbered is (:func:`numbered_by_recut`: both
    corners recut read the same number fully surely, a 4 or 6 ending by ``four_six_lead``),
    when that number has two digits (10-16: only a dare carries one, so the two corners say
    dare as well as its number) and no way up of the face's ``ink`` reads another number
    ``number_min_confidence`` surely. A one-digit number does not count: a digit card's
    corners print it too. With ``unsure_two_digits`` off, or otherwise, None. On dev seed
    17's first 400 scenes the recut corners of 59 cards agreed on a two-digit number, each
    that card's."""
    if not cut.unsure_two_digits:
        return None
    found = numbered_by_recut(replace(reading, symbol="dare", number=None), card_bgr, centre, ink, geometry,
                              banks, params, cut, wild=False)
    if found is None or found.number < 10:
        return None
    if ink is not None and any(number not in (None, found.number) and how_sure >= params.number_min_confidence
                               for number, how_sure in centre_numbers(ink, banks, params)):
        return None
    return found


#: The digit each of 4 and 6 is misread as when blurred bold (:func:`turned_lead`).
FOUR_SIX = {4: "6", 6: "4"}


def _four_six_stands(number: int, corners: tuple, banks: SymbolBanks, params: SymbolParams,
                     cut: CornerCutParams) -> bool:
    """May a coloured dare take the ``number`` its recut ``corners`` read: one not ending in
    a 4 or a 6, or each corner's last digit leading the other of the two by
    ``four_six_lead`` (:func:`turned_lead`)? ``params``: the recut's."""
    rival = FOUR_SIX.get(number % 10)
    if rival is None or cut.four_six_lead <= 0:
        return True
    return all(c is None or not c.any() or turned_lead(c, number, rival, banks, params) >= cut.four_six_lead
               for c in corners)


def turned_lead(marks: np.ndarray, number: int, rival: str, banks: SymbolBanks, params: SymbolParams) -> float:
    """How much better the last digit of a recut corner's index line reading ``number``
    matches its own digit than ``rival`` (-1 when no line of it reads ``number``)."""
    marks = clean_ink(marks)
    lead = -1.0
    for a, b in index_rows(split_rows(marks), params):
        seen: dict = {}
        found = number_row(marks[a:b], banks.digit, params, hash_rivals=True, bays=False, seen=seen)[0]
        if found == number and "scores" in seen:
            last = seen["scores"][-1]
            lead = max(lead, last.get(str(number % 10), -1.0) - last.get(rival, -1.0))
    return lead


def _one_digit_stands(number: int, corners: tuple, card_bgr: np.ndarray, centre: np.ndarray | None,
                      ink: np.ndarray | None, geometry: CardGeometry, banks: SymbolBanks, params: SymbolParams,
                      cut: CornerCutParams) -> bool:
    """May a one-digit ``number`` both recut corners read count (see :func:`numbered_by_recut`)?"""
    h, w = card_bgr.shape[:2]
    grey = _grey(card_bgr)
    for k, at in enumerate(corner_windows(w, h, geometry)):
        window = grey[at] if k == 0 else grey[at][::-1, ::-1]
        off = None if centre is None else (centre[at] if k == 0 else centre[at][::-1, ::-1])
        if corners[k] is not None and faint_neighbour(window, off, corners[k], number, banks, params, cut):
            return False
    if ink is not None and ink.any():
        # Only a number of two digits is a vote against: a wild's centre that no cut
        # numbered misreads its digit as another often enough (a 7 turned round reads a sure
        # 4), but a sure 1X there is a second line of ink the corners ran into one digit
        # (a blurred 13 cut into one closed blob reads a 6).
        if any(other is not None and other >= 10 and how_sure >= params.number_min_confidence
               for other, how_sure in centre_numbers(ink, banks, params)):
            return False
    return True
