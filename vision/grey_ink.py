"""A dare number's characters cut again from the card's own grey levels, each at its own level.

The face's ink is one cut for the whole centre (the field's hue, a fixed share of its
saturation): it takes a blurred stroke's fringe in with the stroke, so a bold or blurred
digit's bays and holes close (a heavy 5 becomes an 8, a 6 a 0, a 1 and a 6 run into a 14).
Within one character's box the card's levels say where its strokes end: halfway between the
paper round it and the ink inside it, the middle of a blurred edge whatever the blur, the
light or the print. Only the ink's strength is looked at, not its hue: on a coloured card
how far a pixel is from grey (chroma: a dark outline or a drop shadow has little, the paper
none), on a wild card how white and colourless it is (its number is white on the colours).
"""

from __future__ import annotations

import cv2
import numpy as np


def ink_strength(card_bgr: np.ndarray, wild: bool) -> np.ndarray:
    """How strongly each pixel of the (flattened) card is a mark's ink, as float32: on a
    coloured card its chroma (brightest minus darkest channel), on a wild card its darkest
    channel less its chroma (white print over the four colours and black)."""
    # Per channel with OpenCV: numpy's reductions over a 3-wide last axis cost several times more.
    b, g, r = cv2.split(np.ascontiguousarray(card_bgr))
    high, low = cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r)
    if wild:
        return 2.0 * low.astype(np.float32) - high
    return cv2.subtract(high, low).astype(np.float32)


def recut(piece: np.ndarray, strength: np.ndarray, x: int, level: float, pad: int = 2,
          grow: int = 1) -> np.ndarray:
    """``piece`` (a character's ink, its line's full height, starting at column ``x`` of
    ``strength``: the ink strength of the same rows) cut again at ``level`` of the way from
    the paper (the faintest 5% of its box, ``pad`` columns wider each side) to its ink (the
    strongest 10% of the piece), within the piece grown by ``grow`` pixels (never into a
    neighbour). A piece with no contrast to speak of comes back as it was."""
    h, w = piece.shape
    x0, x1 = max(0, x - pad), min(strength.shape[1], x + w + pad)
    box = strength[:, x0:x1]
    inside = strength[:, x:x + w][piece > 0]
    if not len(inside):
        return piece
    ink, paper = _quantile(inside, 0.9), _quantile(box.ravel(), 0.05)
    if ink - paper <= 1e-3:
        return piece
    cut = paper + level * (ink - paper)
    region = cv2.dilate(piece, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)) if grow else piece
    out = ((strength[:, x:x + w] >= cut) & (region > 0)).astype(np.uint8) * 255
    return out if np.count_nonzero(out) else piece


def _quantile(values: np.ndarray, q: float) -> float:
    """The value ``q`` of the way up ``values`` sorted (no interpolation: a partition
    costs a twentieth of ``np.percentile``)."""
    k = int(q * (len(values) - 1))
    return float(np.partition(values, k)[k])
