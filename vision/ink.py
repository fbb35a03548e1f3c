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
    from .face_params import FaceParams


def edge_band(inside: np.ndarray) -> np.ndarray:
    """The rim of the field's inside, 3 px deep: a blob of ink touching it is the field."""
    return inside & ~(cv2.erode(inside.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0)


@lru_cache(maxsize=16)
def inside_area(width: int, height: int, border: float) -> int:
    """The area of the field's inside at this card size (the same for every card: computed
    once)."""
    return int(border_regions(width, height, border)[2].sum())


def symbol_ink(mark: np.ndarray, centre: np.ndarray, inside: np.ndarray,
               params: FaceParams) -> np.ndarray:
    """The symbol's ink: ``mark`` pixels inside the (shaved) centre, plus the blobs of
    ``mark`` that lie around the middle without touching the field's edge (a big symbol
    reaches past the oval; its dark outline keeps it apart from the field of the same ink).
    A blob is told by its outer outline (OpenCV's outlines, the islands in the field's
    holes among them, not every pixel labelled): it touches the edge band
    (:func:`edge_band`, the inside's box shaved 3 px) when its box reaches past the band's
    inner edge, and is measured by what it encloses (the polygon through its pixels'
    centres and half a pixel all round)."""
    k = 2 * params.centre_erode + 1
    core = cv2.erode(centre.view(np.uint8) if centre.dtype == bool else centre.astype(np.uint8),
                     _square(k)).view(bool)
    # Thin bridges (a blurred outline) would join the symbol to the field: cut them first.
    mark8 = cv2.erode(mark.view(np.uint8) if mark.dtype == bool else mark.astype(np.uint8), _square(3))
    h, w = mark.shape
    band = _band_box(inside)
    outlines, tree = cv2.findContours(mark8, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    chosen = []
    # Each outline's parent as a plain int (unpacking the hierarchy's rows costs more).
    for outline, parent in zip(outlines, tree[0][:, 3].tolist() if tree is not None else ()):
        if parent >= 0:
            continue  # a hole's outline: the blobs are the outer ones (islands in holes too)
        x, y, bw, bh = cv2.boundingRect(outline)
        if x < band[0] or y < band[1] or x + bw > band[2] or y + bh > band[3]:
            continue  # it reaches the field's edge band: the field
        m = cv2.moments(outline)
        area = m["m00"] + 0.5 * cv2.arcLength(outline, True) + 1.0
        if m["m00"] > 0:
            cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
        else:  # a line a pixel wide encloses nothing: its middle
            cx, cy = x + (bw - 1) / 2, y + (bh - 1) / 2
        if abs(cx - w / 2) < 0.36 * w and abs(cy - h / 2) < 0.24 * h and 2 <= area < 0.25 * w * h:
            chosen.append(outline)
    ink = mark & core
    if chosen:
        grown = np.zeros((h, w), np.uint8)
        cv2.drawContours(grown, chosen, -1, 1, -1)
        grown = cv2.dilate(grown, _square(5))
        ink |= mark & grown.view(bool)
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


def _band_box(inside: np.ndarray) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) within the field's edge band (:func:`edge_band` of the
    field's inside, a rectangle): the inside's box shaved 3 px."""
    x, y, bw, bh = cv2.boundingRect(inside.view(np.uint8))
    return x + 3, y + 3, x + bw - 3, y + bh - 3


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
