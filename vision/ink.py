"""The symbol's ink on a flattened card: the marks of the field's colour on its white centre.

A blurred outline joins a symbol to the field of the same ink, and glare over the centre's
rim leaves arcs of the field's colour there: the ink is the mark inside the centre (its rim
shaved), the blobs around the middle that keep off the field's edge, less the rim's arcs.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .border import regions as border_regions
from .centre import components, of_labels

if TYPE_CHECKING:
    from .face import FaceParams


def edge_band(inside: np.ndarray) -> np.ndarray:
    """The rim of the field's inside, 3 px deep: a blob of ink touching it is the field."""
    return inside & ~(cv2.erode(inside.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0)


@lru_cache(maxsize=16)
def inside_band(width: int, height: int, border: float) -> tuple[np.ndarray, int]:
    """The flat pixel indices of :func:`edge_band` of the field's inside at this card size,
    and the inside's area (the same for every card: computed once)."""
    inside = border_regions(width, height, border)[2]
    return np.flatnonzero(edge_band(inside).ravel()), int(inside.sum())


def symbol_ink(mark: np.ndarray, centre: np.ndarray, inside: np.ndarray, params: FaceParams,
               edge_at: np.ndarray | None = None) -> np.ndarray:
    """The symbol's ink: ``mark`` pixels inside the (shaved) centre, plus the blobs of
    ``mark`` that lie around the middle without touching the field's edge (a big symbol
    reaches past the oval; its dark outline keeps it apart from the field of the same ink).
    ``edge_at``: the flat indices of the field's edge band, when known."""
    k = 2 * params.centre_erode + 1
    core = cv2.erode(centre.view(np.uint8) if centre.dtype == bool else centre.astype(np.uint8),
                     _square(k)).view(bool)
    # Thin bridges (a blurred outline) would join the symbol to the field: cut them first.
    mark8 = cv2.erode(mark.view(np.uint8) if mark.dtype == bool else mark.astype(np.uint8), _square(3))
    n, labels, stats, centroids = components(mark8)
    h, w = mark.shape
    if edge_at is None:
        edge_at = np.flatnonzero(edge_band(inside).ravel())
    area = stats[:, cv2.CC_STAT_AREA]
    chosen = ((np.abs(centroids[:, 0] - w / 2) < 0.36 * w) & (np.abs(centroids[:, 1] - h / 2) < 0.24 * h)
              & (area >= 2) & (area < 0.25 * w * h)).astype(np.uint8)
    chosen[0] = 0
    chosen[labels.ravel()[edge_at]] = 0  # blobs touching the field's edge (label 0 is none)
    ink = mark & core
    picked = np.flatnonzero(chosen)
    if len(picked):
        # Grown on the chosen blobs' box (and the 2 px the growing reaches): the same pixels.
        box = stats[picked]
        x0, y0 = max(0, int(box[:, 0].min()) - 2), max(0, int(box[:, 1].min()) - 2)
        x1 = min(w, int((box[:, 0] + box[:, 2]).max()) + 2)
        y1 = min(h, int((box[:, 1] + box[:, 3]).max()) + 2)
        grown = cv2.dilate(of_labels(chosen, labels[y0:y1, x0:x1]), _square(5))
        ink[y0:y1, x0:x1] |= mark[y0:y1, x0:x1] & grown.view(bool)
    return off_rim(ink, centre, params).view(np.uint8) * np.uint8(255)


def off_rim(ink: np.ndarray, centre: np.ndarray, params: FaceParams) -> np.ndarray:
    """``ink`` without the blobs that lie mostly along the centre's rim: glare over the edge
    of the oval leaves arcs of the field's colour there, and a symbol sits in the middle."""
    # The ink and the centre each fill a fraction of the card: both are measured on their
    # own bounding boxes (the same labels and depths, at a third of the cost).
    x0, y0, x1, y1 = _even_box(ink)
    if x1 <= x0:
        return ink
    n, labels, stats, _ = components(ink[y0:y1, x0:x1])
    if n <= 2:
        return ink
    stats[:, 0] += x0
    stats[:, 1] += y0
    cx0, cy0, cx1, cy1 = _even_box(centre, pad=1)
    depth = cv2.distanceTransform(centre[cy0:cy1, cx0:cx1].view(np.uint8), cv2.DIST_L2, 3)
    deepest = params.rim_depth * float(depth.max()) if depth.size else 0.0
    rim = np.full(ink.shape, 0.0 < deepest)  # off the centre the depth is 0
    rim[cy0:cy1, cx0:cx1] = depth < deepest
    total = stats[:, cv2.CC_STAT_AREA]
    on_rim = np.bincount(labels[(rim & ink)[y0:y1, x0:x1]], minlength=n)
    drop = on_rim >= params.rim_share * np.maximum(total, 1)
    drop[0] = False
    drop[1 + int(np.argmax(total[1:]))] = False  # the biggest blob stays
    for i in np.flatnonzero(drop):
        # Only a long thin arc is glare's leftover: a letter of a word that reaches the rim
        # is compact, and losing it would change what the mark says.
        x, y, bw, bh = stats[i, :4]
        points = cv2.findNonZero((labels[y - y0:y - y0 + bh, x - x0:x - x0 + bw] == i).astype(np.uint8))
        (_, _), (a, b), _ = cv2.minAreaRect(points)
        long, short = max(a, b, 1.0), max(min(a, b), 1.0)
        drop[i] = long >= params.rim_arc_length * short or total[i] < 0.45 * long * short
    if not drop.any():
        return ink
    out = ink.copy()
    out[y0:y1, x0:x1] &= ~of_labels(drop, labels)
    return out


@lru_cache(maxsize=4)
def _square(size: int) -> np.ndarray:
    return np.ones((size, size), np.uint8)


def _even_box(mask: np.ndarray, pad: int = 0) -> tuple[int, int, int, int]:
    """The bounding box (x0, y0, x1, y1) of ``mask``'s pixels grown by ``pad``, its top left
    corner at even coordinates within the card: OpenCV's connected components scan 2x2
    blocks, so a box on the same block grid numbers the blobs in the same order as the
    whole card (and a distance transform's zero ring stays where ``pad`` puts it)."""
    x, y, bw, bh = cv2.boundingRect(mask.view(np.uint8))
    h, w = mask.shape
    x0, y0 = max(0, x - pad) & ~1, max(0, y - pad) & ~1
    return x0, y0, min(w, x + bw + pad), min(h, y + bh + pad)
