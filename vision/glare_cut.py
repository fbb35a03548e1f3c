"""The centre mark cut again in a lamp's glare spot's own light.

Under a glare spot the paper clips to white and the strokes beneath it pale to the
paper's level elsewhere: a cut over the whole centre (one level, or one Otsu split of the
ink's share of its local white, where the unglared strokes are far darker) sees them as
paper, and what is left of the mark (a 3 without its spine) matches its neighbours'
templates as well as its own. Here the spot is found by its local light (the brightest
level within a stroke's reach, well above the centre's paper) and split on its own.
Pure functions of the flattened card, its centre and the face's ink; and the dare such a
cut reads with its corners (:func:`glared_dare`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from .indices import CornerIndices
from .mark_shape import along_rim
from .marks import SymbolBanks
from .symbol_ink import SymbolReading, read_ink
from .symbol_params import SymbolParams


@dataclass(frozen=True)
class GlareCutParams:
    """How the glare spot is found and split."""

    #: The spot: local light above the centre's paper by this share of the way to 255.
    lift: float = 0.5
    #: The local light's reach, a share of the centre's shorter side (a stroke's width or more).
    reach: float = 0.12
    #: Least share of the centre the spot covers for a cut to be made at all.
    min_spot: float = 0.04
    #: The local paper's reach for the cut in the spot's light, a share of the centre's shorter side.
    paper_reach: float = 0.25
    #: Least gap between the spot's paper and print (means of Otsu's two classes), of 255.
    split: float = 0.12


def glare_spot(card_bgr: np.ndarray, centre: np.ndarray, params: GlareCutParams) -> np.ndarray | None:
    """The pixels of ``centre`` under a glare spot (bool), or None when there is no spot
    big enough: where the brightest darkest-channel level within ``reach`` stands above
    the centre's paper (its median) by ``lift`` of the way to full white."""
    inside = centre > 0
    if not inside.any():
        return None
    x, y, w, h = cv2.boundingRect(inside.view(np.uint8))
    lo = card_bgr.min(axis=2)
    paper = float(np.median(lo[inside]))
    k = max(3, int(params.reach * min(w, h)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    light = cv2.blur(cv2.dilate(lo, kernel), (k, k))
    spot = inside & (light > paper + params.lift * (255.0 - paper))
    if spot.sum() < params.min_spot * inside.sum():
        return None
    return spot


def glare_cut(card_bgr: np.ndarray, centre: np.ndarray, ink: np.ndarray,
              params: GlareCutParams) -> np.ndarray | None:
    """The mark cut in the glare spot's own light: the face's ink outside the spot, and
    inside it the pixels whose darkest channel falls short of the local paper (a closing
    of that channel wider than a stroke) by Otsu's level over the spot alone (its paper
    clipped white, its strokes paled to the paper's level elsewhere: a cut over the whole
    centre sees them as paper). None without a spot, or when the spot's levels do not
    split into paper and print (``split``)."""
    spot = glare_spot(card_bgr, centre, params)
    if spot is None:
        return None
    inside = centre > 0
    x, y, w, h = cv2.boundingRect(inside.view(np.uint8))
    lo = card_bgr.min(axis=2)
    k = max(3, int(params.paper_reach * min(w, h)) | 1)
    white = cv2.morphologyEx(lo, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    share = np.clip(lo.astype(np.float32) / np.maximum(white.astype(np.float32), 1.0) * 255.0, 0, 255).astype(np.uint8)
    inner = cv2.erode(inside.view(np.uint8), np.ones((3, 3), np.uint8)) > 0
    under = spot & inner
    # The strokes the face's cut found are left out of the split first: in the spot's
    # fringe they are far darker than the paled ones, and would draw Otsu's level below
    # those. Where the spot holds no paled print apart from them, all its pixels are split.
    level = _split(share[under & (ink == 0)], params)
    if level is None:
        level = _split(share[under], params)
    if level is None:
        return None
    out = ((ink > 0) & ~spot) | (under & (share < level))
    return out.view(np.uint8) * 255


def _split(values: np.ndarray, params: GlareCutParams) -> float | None:
    """Otsu's level over ``values`` (shares of the local paper, 0..255) when it parts paper
    from print: the darker class at least 2% of them, the two classes' means ``split`` of
    255 apart; None otherwise."""
    if values.size < 20:
        return None
    level, _ = cv2.threshold(values.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark, light = values[values < level], values[values >= level]
    if dark.size < 0.02 * values.size or light.size == 0:
        return None
    if float(light.mean()) - float(dark.mean()) < params.split * 255.0:
        return None
    return level


def glared_dare(cut: np.ndarray, banks: SymbolBanks, params: SymbolParams, corners: tuple) -> SymbolReading | None:
    """A dare whose word and number ``cut`` reads fully surely, a number of two digits (no
    digit card prints one) that a corner reads too: the word, the centre's number and the
    corner's are three cues, at ``corner_agreed``. None otherwise. A number of one digit
    does not count, even both corners reading it: a lower card under a pile's top card a
    finger hid read so, its word and its 1 whole (dev seed 12), and a pile's top card it
    hid is no answer."""
    alt = read_ink(cut, banks, params, False, corners)
    if alt.symbol != "dare" or alt.number is None or alt.number < 10 or alt.confidence < 1.0:
        return None
    return replace(alt, confidence=params.corner_agreed) if alt.number in CornerIndices(
        corners, banks, params).numbers() else None


def glare_cuts(card_bgr: np.ndarray, centre: np.ndarray | None, ink: np.ndarray, lifts: tuple):
    """:func:`glare_cut` at each of ``lifts`` in turn, made when asked for (none without a centre)."""
    if centre is None:
        return
    for lift in lifts:
        yield glare_cut(card_bgr, centre, ink, GlareCutParams(lift=lift))


class GlareDoubt:
    """Whether the face's ink runs along the centre's outline (a highlight over the
    centre, :func:`~vision.mark_shape.along_rim`), worked out when first asked."""

    def __init__(self, ink: np.ndarray, centre: np.ndarray | None):
        self._ink, self._centre, self._along = ink, centre, None

    def doubts(self, reading: SymbolReading, params: SymbolParams, whole_score: float = 0.85) -> bool:
        """Is ``reading`` a digit matching its templates less than a whole printed digit
        does (``whole_score``), read where a highlight lies over the centre? The highlight
        may have taken strokes (an 8 whose right half it paled reads a 7, a blurred 3
        whose bay it closed a 9): such a reading is sure only with a corner index's
        backing (:func:`~vision.symbols._read_in_grey`)."""
        if reading.symbol is None or not reading.symbol.isdigit() or reading.score >= whole_score:
            return False
        if self._along is None:
            self._along = self._centre is not None and along_rim(self._ink, self._centre)
        return self._along
