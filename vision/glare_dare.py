"""A glared coloured dare numbered by one corner's two-digit index and the centre's print.

A lamp's glare spot over the centre leaves a dare's word and number unread, and often one
corner index too (blurred, or under the spot's fringe); the other corner, printed small
and apart, may still read its number fully surely. A number of two digits (10-16) is a
dare's alone (no digit card, skip or reverse carries one), but one corner is one cue: a
small blurred index now and then reads a 15 as a 13. The second cue is the other corner
reading or leaning to the same number (two indices printed apart: the rule
:func:`~vision.corner_cuts.two_digit_dare_by_recut` follows for recut corners), or else
the centre's own print, seen where the glare is not: the corner's number line, scaled up
to a dare's number (1.4-2.3 times the index's height) and placed above or below the
card's middle as a dare prints it, must fit the centre's unglared ink
(:func:`~vision.glare_glyph.glyph_fit`, the F1 of the line's unglared pixels against the
unglared ink). The other corner must read no other number surely, nor lean to one
surely, and the face's ink no other number. Neither corner sure, both leaning to one
two-digit number stand for the sure corner, the centre's fit still needed. On the dev
seeds' glared dares so read, the fit was 0.58-0.87 (a dare's word takes part of the ink,
so a whole fit is rare); a centre showing a digit card's big digit instead fits far less.
Pure functions of the flattened card, its centre, the face's ink and the corner marks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .dare_lines import centre_numbers
from .glare_cut import GlareCutParams, glare_spot
from .glare_glyph import Fit, glyph_fit
from .half_turns import likeliest
from .indices import CornerIndices
from .ink_lines import tallest_line
from .marks import SymbolBanks
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams

__all__ = ["GlareDareParams", "number_line_glyph", "line_fit", "one_two_digit_number", "dare_by_glare_corner"]


@dataclass(frozen=True)
class GlareDareParams:
    """When a glared coloured dare is numbered by its corners and its centre's print
    (:func:`dare_by_glare_corner`)."""

    #: Off (False): such a card stays unread.
    enabled: bool = True
    #: The glare spot (:func:`~vision.glare_cut.glare_spot`'s lift), widened by
    #: ``glare_margin`` of the card's shorter side: its pixels have no vote.
    lift: float = 0.3
    glare_margin: float = 0.06
    #: The centre number's height as a multiple of the corner line's (renderer: 2.1
    #: classic, 1.75 disc), and how far off the card's middle it stands, up or down
    #: (shares of the card's height), and across.
    ratios: tuple = (1.4, 2.3)
    ratio_step: float = 0.1
    offsets: tuple = (0.04, 0.13)
    shift: float = 0.03
    #: The line's fit must reach ``min_fit`` with at least ``min_seen`` of it unglared.
    min_fit: float = 0.55
    min_seen: float = 0.2
    #: The other corner may lean to another number only less surely than this; leaning
    #: to the same number at least ``other_agree`` surely, it is the second cue itself.
    other_lean: float = 0.5
    other_agree: float = 0.5
    #: Neither corner reading a number surely, both leaning to the same two-digit number,
    #: the likelier at least ``both_lean`` surely, stand for the one sure corner (the
    #: centre's fit still needed; 0: off). The fit does not tell one number from another: a
    #: spread's small blurred green dare 13 (6:746) whose corners leaned 11 at 0.05 and 0.0
    #: fit 11 at 0.77, a red dare 14 (11:1886, leaning 16 at 0.05, 0.04) 0.61; the dev
    #: seeds' glared dares read so leaned 0.27-0.31.
    both_lean: float = 0.25


def number_line_glyph(marks: np.ndarray | None) -> np.ndarray | None:
    """A corner's tallest line (its number, upright), cropped to its ink; None without ink."""
    line = tallest_line(marks)
    if line is None or not line.any():
        return None
    x, y, w, h = cv2.boundingRect(line)
    return line[y:y + h, x:x + w]


def line_fit(card_bgr: np.ndarray, centre: np.ndarray, ink: np.ndarray, spot: np.ndarray,
             glyph: np.ndarray | None, glare: GlareDareParams) -> Fit | None:
    """The best fit of the corner's number line ``glyph`` (either way up) at a dare's
    number's sizes and places against the centre's ink outside the widened glare ``spot``."""
    if glyph is None:
        return None
    m = max(3, int(glare.glare_margin * min(card_bgr.shape[:2])) | 1)
    glared = cv2.dilate(spot.view(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (m, m))) > 0
    seen = (cv2.erode((centre > 0).view(np.uint8), np.ones((5, 5), np.uint8)) > 0) & ~glared
    ratios = np.arange(glare.ratios[0], glare.ratios[1] + glare.ratio_step / 2, glare.ratio_step)
    far = np.arange(glare.offsets[0], glare.offsets[1] + 1e-6, 0.01)
    offsets = np.r_[-far[::-1], far]
    shifts = np.arange(-glare.shift, glare.shift + 1e-6, 0.01)
    fits = [glyph_fit(ink > 0, seen, shape, ratios, offsets, shifts, turned)
            for turned, shape in ((False, glyph), (True, np.ascontiguousarray(glyph[::-1, ::-1])))]
    fits = [f for f in fits if f is not None]
    return max(fits, key=lambda f: f.score) if fits else None


def one_two_digit_number(indices: CornerIndices, glare: GlareDareParams) -> tuple | None:
    """(number, corner, backed) when the corners read exactly one number surely, of two
    digits, and a corner not reading it leans to no other number ``other_lean`` surely
    (or neither reads one surely and both lean to it, one at least ``both_lean`` surely);
    ``backed`` when the other corner reads it surely too, or leans to it ``other_agree``
    surely. None otherwise."""
    reads = [indices.reading(k) for k in range(2)]
    numbers = set().union(*reads)
    if not numbers and glare.both_lean > 0:
        # Neither corner sure: both leaning to the one two-digit number is the corners' cue.
        leans = [likeliest(indices, k) for k in range(2)]
        number = leans[0][0]
        if (number is None or number < 10 or leans[1][0] != number
                or max(leans[0][1], leans[1][1]) < glare.both_lean):
            return None
        return number, int(leans[1][1] > leans[0][1]), False
    if len(numbers) != 1:
        return None
    number = next(iter(numbers))
    if number < 10:
        return None
    k = 0 if number in reads[0] else 1
    if number in reads[1 - k]:
        return number, k, True
    lean, how_sure = likeliest(indices, 1 - k)
    if lean not in (None, number) and how_sure >= glare.other_lean:
        return None
    return number, k, lean == number and how_sure >= glare.other_agree


def dare_by_glare_corner(reading: SymbolReading, card_bgr: np.ndarray, centre: np.ndarray | None,
                         ink: np.ndarray | None, corners: tuple | None, banks: SymbolBanks,
                         params: SymbolParams, glare: GlareDareParams) -> SymbolReading | None:
    """``reading`` (short of sure) as the dare whose two-digit number a corner reads
    surely (:func:`one_two_digit_number`), when the centre has a glare spot, the face's
    ink reads no other number ``number_min_confidence`` surely, and the other corner backs
    the number or else that corner's number line, at a dare's number's size and place,
    fits the centre's unglared ink at least ``min_fit`` (see the module); at
    ``corner_agreed``. None otherwise."""
    if not glare.enabled or centre is None or ink is None or corners is None or len(corners) != 2:
        return None
    found = one_two_digit_number(CornerIndices(corners, banks, params), glare)
    if found is None:
        return None
    number, k, backed = found
    spot = glare_spot(card_bgr, centre, GlareCutParams(lift=glare.lift))
    if spot is None:
        return None
    if any(n not in (None, number) and how_sure >= params.number_min_confidence
           for n, how_sure in centre_numbers(ink, banks, params)):
        return None
    if backed:
        return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)
    best = line_fit(card_bgr, centre, ink, spot, number_line_glyph(corners[k]), glare)
    if best is None or best.score < glare.min_fit or best.seen < glare.min_seen:
        return None
    return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)
