"""The working images of the search: the frame downscaled (and with its light's colour taken
out), its whiteness, the mask of what is not paper, and that mask shrunk or cut along edges
(see ``quads`` for how card fields are found in it).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from .quads import QuadParams


_THREE = np.ones((1, 3), np.uint8)


def channel_extremes(frame_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel min(B, G, R) and max(B, G, R), each a single-channel image."""
    # Each row as one line of B, G, R values: the min (max) of a pixel's three channels is
    # an erosion (dilation) by three values from its first channel, every third value
    # kept (about half the cost of splitting the channels and comparing them).
    h, w = frame_bgr.shape[:2]
    rows = frame_bgr.reshape(h, 3 * w)
    return (_first_of_three(cv2.erode(rows, _THREE, anchor=(0, 0)), h, w),
            _first_of_three(cv2.dilate(rows, _THREE, anchor=(0, 0)), h, w))


def _first_of_three(rows: np.ndarray, h: int, w: int) -> np.ndarray:
    """Every third value of each row (h rows of 3 * w), as an h x w image."""
    return cv2.extractChannel(rows.reshape(h, w, 3), 0)


def whiteness(frame_bgr: np.ndarray, chroma_weight: float = 0.0,
              extremes: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Per pixel min(B, G, R): white paper bright, every ink colour and black dark. With
    ``chroma_weight``, less that share of the pixel's chroma (max - min): a pale or
    brightly lit field then stays darker than the white paper around it. ``extremes``
    are the frame's :func:`channel_extremes` when the caller has them already (the
    search weighs chroma twice over the same image)."""
    if extremes is None:
        if chroma_weight <= 0:
            h, w = frame_bgr.shape[:2]
            return _first_of_three(cv2.erode(frame_bgr.reshape(h, 3 * w), _THREE, anchor=(0, 0)), h, w)
        extremes = channel_extremes(frame_bgr)
    low, high = extremes
    if chroma_weight <= 0:
        return low
    return cv2.addWeighted(low, 1.0 + chroma_weight, high, -chroma_weight, 0.0)


def white_balanced(small_bgr: np.ndarray, top: float, least_gain: float, most_gain: float,
                   low: np.ndarray | None = None) -> np.ndarray | None:
    """The image with its light's colour taken out, or None when there is little to take.

    Whiteness takes paper for the brightest *neutral* thing in view. Under a warm lamp the
    white border's blue channel drops nearly as low as an orange cloth's or a wood table's,
    and its chroma counts against it as well: border, field and table are then all dark.
    The light's colour is read off the pixels brightest in their darkest channel (the
    ``top`` share of the image: white paper under any lamp) and each channel scaled to
    make them grey. Returns None when no channel needs ``least_gain`` (the light is
    neutral: the search has seen this image already) or one needs more than ``most_gain``
    (the brightest pixels are no white under a lamp but a coloured cloth or a wall).
    ``low`` is the image's darkest channel when the caller has it already."""
    if low is None:
        low = whiteness(small_bgr)
    # The level the brightest ``top`` share reaches, from the histogram (no sort).
    counts = np.bincount(low.ravel(), minlength=256)[::-1].cumsum()
    level = 255 - int(np.searchsorted(counts, top * low.size))
    bright = small_bgr[low >= max(level, 1)]
    if not len(bright):
        return None
    light = bright.reshape(-1, 3).mean(axis=0)
    gains = float(light.max()) / np.maximum(light, 1.0)
    if gains.max() < least_gain or gains.max() > most_gain:
        return None
    return cv2.transform(small_bgr, np.diag(gains).astype(np.float32))


def preprocess(frame_bgr: np.ndarray, work_width: int) -> tuple[np.ndarray, float]:
    """The frame downscaled to ``work_width``, and frame px per work px."""
    h, w = frame_bgr.shape[:2]
    scale = w / float(work_width) if w > work_width else 1.0
    if scale > 1.0:
        small = cv2.resize(frame_bgr, (round(w / scale), round(h / scale)),
                           interpolation=cv2.INTER_AREA)
    else:
        small = frame_bgr
    return small, scale


def dark_mask(small_bgr: np.ndarray, kind: str, params: "QuadParams",
              white: np.ndarray | None = None) -> np.ndarray:
    """A binary mask (255 = not paper) in which card fields appear as enclosed blobs.

    ``local`` compares each pixel's whiteness with the brightest whiteness nearby (so a warm
    bulb or a shadow over half the table does not matter) and keeps a thin bright ridge (a
    card's border seen small and blurred) as paper; ``otsu`` is a global Otsu split of the
    whiteness image, which sometimes closes a ring the first one leaves open. ``white`` is
    the image's :func:`whiteness` when the caller has it already.
    """
    if white is None:
        white = whiteness(small_bgr, params.chroma_weight)
    if kind == "otsu":
        _, otsu = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
        return otsu
    h, w = white.shape
    tiny = cv2.resize(white, (max(4, w // 8), max(3, h // 8)), interpolation=cv2.INTER_AREA)
    tiny = cv2.dilate(tiny, _rect(5))
    tiny = cv2.blur(tiny, (3, 3))
    local = cv2.resize(tiny, (w, h), interpolation=cv2.INTER_LINEAR)
    level = cv2.LUT(local, _levels(params.white_floor, params.dark_ratio))
    if params.ridge_contrast > 0:
        # A ridge (white - its opening >= ridge_contrast) stays paper: white < opening +
        # contrast as one more bound on the level (saturating at 255 changes nothing: the
        # level is at most 255), one comparison for both.
        opened = cv2.morphologyEx(white, cv2.MORPH_OPEN, _rect(params.ridge_size))
        level = cv2.min(level, cv2.add(opened, int(params.ridge_contrast)))
    return cv2.compare(white, level, cv2.CMP_LT)


@functools.lru_cache(maxsize=8)
def _levels(floor: float, ratio: float) -> np.ndarray:
    """The local white level -> the level below which a pixel is dark, as a lookup table:
    the floor and the ratio in one lookup (the same two operations on every value).
    Read-only: every search shares it."""
    levels = cv2.multiply(cv2.max(np.arange(256, dtype=np.uint8).reshape(1, 256), floor), ratio)
    levels.flags.writeable = False
    return levels


@functools.lru_cache(maxsize=8)
def _rect(size: int) -> np.ndarray:
    """A size x size square structuring element (read-only, shared)."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    kernel.flags.writeable = False
    return kernel


def eroded(mask: np.ndarray, radius: int) -> np.ndarray:
    """The mask's dark blobs shrunk by ``radius`` px (a disc): a field joined to the table
    or a neighbour through gaps in its white border (motion blur smears a thin border
    into both sides; a shadow darkens it) comes apart where the gaps are narrower than
    twice ``radius``."""
    size = 2 * radius + 1
    return cv2.erode(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))


def edge_cut(mask: np.ndarray, white: np.ndarray, params: QuadParams) -> np.ndarray:
    """The mask with the whiteness image's edges made paper, two pixels wide (so no blob
    stays joined across one diagonally): a field's edge separates it from whatever the
    mask ran it into through a border too faint to stay paper (a thin border smeared by
    motion blur keeps a faint ridge, yet the step from the dark field up to it is still an
    edge)."""
    edges = cv2.Canny(cv2.GaussianBlur(white, (3, 3), 0), params.edge_low, params.edge_high)
    # On a 0/255 mask, taking the 0/255 edges away is ``mask & ~edges`` in one pass.
    return cv2.subtract(mask, cv2.dilate(edges, _SQUARE2))


_SQUARE2 = np.ones((2, 2), np.uint8)
