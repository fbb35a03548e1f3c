"""A digit card whose centre a lamp's glare spot left unread, told by its own corner glyph.

When a highlight washes out much of the centre's digit, what is left matches its
neighbours' templates as well as its own. The corner indices, printed small and apart,
often escape it; but a dare prints its one-digit number in its corners too, so two corners
reading the same digit do not tell a digit card from a dare. The centre's print does, by
SIZE and PLACE: a digit card prints one big digit at the card's middle (about three times
its corner index's height on the classic design, 2.6 times on the disc one), a dare a
smaller number (two-thirds of that) shifted off the middle to make room for its word.

So the corner's own glyph, scaled up, is laid on the centre's ink at both: the digit card's
scale about the middle, and the dare's scale shifted up or down. Only the pixels away from
the glare spot vote (under it the paper and the paled strokes are alike). The card is that
digit only when the digit card's fit is near whole, a fair share of the glyph lies in the
unglared part (and a fair share under the glare: it is the glare that left the centre unread), and the fit leads the dare's by a margin: the two are independent readings
(the corners' print, and the centre's size and place). Pure functions of the flattened card,
its centre, the face's ink and the corner marks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .glare_cut import GlareCutParams, glare_spot
from .indices import index_digit
from .ink_lines import split_characters, tallest_line
from .marks import SymbolBanks
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams

__all__ = ["GlareGlyphParams", "Fit", "corner_glyph", "glyph_fit", "digit_by_glare_glyph"]


@dataclass(frozen=True)
class GlareGlyphParams:
    """When a digit card's glared centre is read by its corner glyph (:func:`digit_by_glare_glyph`)."""

    #: Off (False): a glared digit card whose centre is unsure stays unread.
    enabled: bool = True
    #: The glare spot: local light above the centre's paper by this share of the way to 255
    #: (:func:`~vision.glare_cut.glare_spot`); the spot, widened by ``glare_margin`` of the
    #: card's shorter side, has no vote.
    lift: float = 0.3
    glare_margin: float = 0.06
    #: The centre digit's height as a multiple of the corner glyph's: the digit card's
    #: (renderer: 3.1 classic, 2.6 disc) and the dare's number (2.1 classic, 1.75 disc).
    digit_ratios: tuple = (2.4, 3.6)
    dare_ratios: tuple = (1.4, 2.3)
    ratio_step: float = 0.1
    #: How far a digit card's print may stand off the card's middle (share of the card's
    #: height, each way): print offsets of a few percent.
    shift: float = 0.03
    #: How far off the middle a dare's number stands, up or down (share of the card's height).
    dare_offset: tuple = (0.04, 0.13)
    #: The digit card's fit (F1 of the glyph's unglared pixels against the unglared ink)
    #: must reach this, with this share of the glyph unglared, and lead the dare's fit by
    #: ``min_lead``. On the development seeds' glared digit cards that fit 0.92-0.99, the
    #: dare's trailed by 0.08-0.18; a glared dare 8 (11:1206, one corner read) fit a digit
    #: card's 0.90 with 15% seen, its dare fit 0.04 behind. Of the dev seeds' glared dares
    #: whose corners both read their digit, none fit a digit card better than 0.77 (10:1267).
    #: On the 12 development seeds and held-out 2, 4, 7 it read 3 more cards (9:43, 11:1178,
    #: a spread's 16:1004) and no wrong. One corner reading is not enough: a glared yellow
    #: dare 2 whose one corner read 2 (12:1445) fit a digit card 0.87, its dare 0.02 behind.
    min_fit: float = 0.9
    min_seen: float = 0.2
    #: And the glare must lie over the mark: at most this share of the glyph seen. A centre
    #: the spot missed was left unsure by something else, which the fit cannot tell apart:
    #: on fresh seed 19 (19:531) a small blurred yellow 5 whose corners' blobs read 0 fit a
    #: 0 at 0.90 with 97% seen (a faint "spot" off its mark); the cards it reads on the dev
    #: seeds had 29-35% seen; fresh 21:1364 (a blurred reverse, blobs read 0) had 79%.
    max_seen: float = 0.6
    min_lead: float = 0.06


@dataclass(frozen=True)
class Fit:
    """A glyph's best placement: its F1 against the ink, share of it seen, scale, and turn."""

    score: float
    seen: float
    ratio: float
    turned: bool


def corner_glyph(marks: np.ndarray | None) -> np.ndarray | None:
    """The one character of a corner's tallest line (its index, upright), cropped; None
    when that line is not one character."""
    line = tallest_line(marks)
    if line is None:
        return None
    pieces = split_characters(line)
    if len(pieces) != 1:
        return None
    x, y, w, h = cv2.boundingRect(pieces[0])
    return pieces[0][y:y + h, x:x + w]


def _ratios(span: tuple, step: float) -> np.ndarray:
    return np.arange(span[0], span[1] + step / 2, step)


def glyph_fit(ink: np.ndarray, seen: np.ndarray, glyph: np.ndarray, ratios: np.ndarray,
              offsets: np.ndarray, shifts: np.ndarray, turned: bool) -> Fit | None:
    """The best F1 of ``glyph`` scaled by each of ``ratios`` (of its own height), placed at
    the card's middle moved ``offsets`` down and ``shifts`` across (shares of the card's
    height), against ``ink`` (bool), only the pixels in ``seen`` voting."""
    H, W = ink.shape
    seen_ink = ink & seen
    ink_count = int(np.count_nonzero(seen_ink))
    best: Fit | None = None
    gh, gw = glyph.shape
    for ratio in ratios:
        th = int(round(gh * ratio))
        tw = max(1, int(round(gw * th / gh)))
        if th >= H or tw >= W:
            continue
        shape = cv2.resize(glyph, (tw, th), interpolation=cv2.INTER_AREA) > 127
        total = max(int(np.count_nonzero(shape)), 1)
        for dy in offsets:
            y0 = int(H / 2 + dy * H - th / 2)
            if y0 < 0 or y0 + th > H:
                continue
            for dx in shifts:
                x0 = int(W / 2 + dx * H - tw / 2)
                if x0 < 0 or x0 + tw > W:
                    continue
                window = (slice(y0, y0 + th), slice(x0, x0 + tw))
                shown = shape & seen[window]
                n_shown = int(np.count_nonzero(shown))
                hit = int(np.count_nonzero(shown & seen_ink[window]))
                recall, precision = hit / max(n_shown, 1), hit / max(ink_count, 1)
                score = 2 * recall * precision / max(recall + precision, 1e-6)
                if best is None or score > best.score:
                    best = Fit(score, n_shown / total, float(ratio), turned)
    return best


def _best(fits) -> Fit | None:
    fits = [f for f in fits if f is not None]
    return max(fits, key=lambda f: f.score) if fits else None


def digit_by_glare_glyph(reading: SymbolReading, card_bgr: np.ndarray, centre: np.ndarray | None,
                         ink: np.ndarray | None, corners: tuple | None, banks: SymbolBanks,
                         params: SymbolParams, glare: GlareGlyphParams) -> SymbolReading | None:
    """``reading`` (short of sure) as the digit both corner indices read surely, each on
    its own (:func:`~vision.indices.index_digit`), when the centre has a glare spot and the
    corner glyph, scaled up, fits the centre's unglared ink as a digit card prints it and
    not as a dare prints its number (see the module and :class:`GlareGlyphParams`); at
    ``corner_agreed``, turned as the glyph fitted. None otherwise."""
    if not glare.enabled or centre is None or ink is None or corners is None or len(corners) != 2:
        return None
    read = [index_digit(marks, banks, params) for marks in corners]
    if len(read[0]) != 1 or read[0] != read[1]:
        return None
    digit = next(iter(read[0]))
    if not digit.isdigit() or digit == "0":
        # A small card's blurred corner mark of any kind closes into a blob that reads 0,
        # and a blob fits the centre's blurred mark (fresh 21:1364: a reverse read blue-0).
        return None
    spot = glare_spot(card_bgr, centre, GlareCutParams(lift=glare.lift))
    if spot is None:
        return None
    glyphs = [g for g in (corner_glyph(m) for m in corners) if g is not None]
    if not glyphs:
        return None
    k = max(3, int(glare.glare_margin * min(card_bgr.shape[:2])) | 1)
    glared = cv2.dilate(spot.view(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    seen = (cv2.erode((centre > 0).view(np.uint8), np.ones((5, 5), np.uint8)) > 0) & ~glared
    marks = ink > 0
    step = glare.ratio_step
    shifts = np.arange(-glare.shift, glare.shift + 1e-6, 0.01)
    far = np.arange(glare.dare_offset[0], glare.dare_offset[1] + 1e-6, 0.01)
    dare_offsets = np.r_[-far[::-1], far]
    digit_fits, dare_fits = [], []
    for g in glyphs:
        for turned, shape in ((False, g), (True, np.ascontiguousarray(g[::-1, ::-1]))):
            digit_fits.append(glyph_fit(marks, seen, shape, _ratios(glare.digit_ratios, step), shifts, shifts,
                                        turned))
            dare_fits.append(glyph_fit(marks, seen, shape, _ratios(glare.dare_ratios, step), dare_offsets,
                                       shifts, turned))
    as_digit, as_dare = _best(digit_fits), _best(dare_fits)
    if (as_digit is None or as_digit.score < glare.min_fit
            or not glare.min_seen <= as_digit.seen <= glare.max_seen):
        return None
    if as_dare is not None and as_digit.score - as_dare.score < glare.min_lead:
        return None
    return replace(reading, symbol=digit, number=None, flipped=as_digit.turned,
                   confidence=params.corner_agreed)
