"""How two overlapping cards lie, as far as the pixels where they overlap tell: whose white
border runs on whole inside the other's outline, and whose own outline shows there as an
edge (the top card's; the lower card's runs hidden under the top card's paper). ``pile``
puts these together into the pile's order.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .fields import Candidate
from .masks import whiteness

__all__ = ["outline_edge", "percentile_u8", "sharper_outline", "whole_within"]


def percentile_u8(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` (linear) of a non-empty uint8 array, the same value
    counted from its histogram (a sort of a whole mask's pixels costs a millisecond)."""
    n = values.size
    at = (n - 1) * (q / 100.0)
    lo = int(math.floor(at))
    hi = min(lo + 1, n - 1)
    gamma = at - lo
    cumulative = np.cumsum(np.bincount(values.ravel(), minlength=256))
    a, b = (float(v) for v in np.searchsorted(cumulative, (lo, hi), side="right"))
    diff = b - a
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def whole_within(frame_bgr: np.ndarray, card: Candidate, region: np.ndarray) -> float | None:
    """How whole ``card`` looks inside the polygon ``region`` (another card's outline): the
    share of its border ring there that is still white, less the share of its field's rim
    there that has turned white (another card's border lying across it). None when the
    two hardly meet."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(np.maximum(card.card.min(axis=0), 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(card.card.max(axis=0) + 1, (w, h))).astype(int)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    offset = np.array([x0, y0], np.float32)
    shape = (y1 - y0, x1 - x0)
    outer, inner, core, within = (np.zeros(shape, np.uint8) for _ in range(4))
    centre = card.field.mean(axis=0)
    cv2.fillConvexPoly(outer, np.round(card.card - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(inner, np.round(card.field - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(core, np.round(centre + 0.75 * (card.field - centre) - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(within, np.round(region - offset).astype(np.int32), 1)
    kernel = np.ones((3, 3), np.uint8)
    ring = (cv2.erode(outer, kernel) > 0) & (cv2.dilate(inner, kernel) == 0)
    rim = (cv2.erode(inner, kernel) > 0) & (core == 0)
    if not ring.any():
        return None
    # min(B, G, R) by OpenCV and the percentile from a histogram: numpy's reduction over
    # a strided channel axis and its sort cost a millisecond on a card's box.
    paper = whiteness(np.ascontiguousarray(frame_bgr[y0:y1, x0:x1]))
    white = paper >= 0.7 * percentile_u8(paper[ring], 90)
    ring_part, rim_part = ring & (within > 0), rim & (within > 0)
    if ring_part.sum() < 6:
        return None
    score = float(np.mean(white[ring_part]))
    if rim_part.sum() >= 6:
        score -= float(np.mean(white[rim_part]))
    return score


def outline_edge(frame_bgr: np.ndarray, card: Candidate, region: np.ndarray,
                 reach: float = 1.5, margin: float = 2.0) -> float | None:
    """How dark a line ``card``'s own outline draws where it runs inside the polygon
    ``region`` (another card's outline, ``margin`` px in): the median, over points 1.5 px
    apart along it, of the whiteness (min of B, G, R) 2.5-3 px either side less the darkest
    within ``reach`` px of it. Where one card lies on another, the outline one sees is the
    top card's (its cut edge, the thin shadow it casts); the lower card's runs hidden under
    the top card's paper. None when fewer than 8 points run there."""
    quad = card.card.astype(np.float32)
    sides, side_normals = [], []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        length = float(np.hypot(*(b - a)))
        if length < 4:
            continue
        t = np.arange(0.75 / length, 1.0, 1.5 / length)
        sides.append(a[None, :] + t[:, None] * (b - a)[None, :])
        side_normals.append(np.repeat([[b[1] - a[1], a[0] - b[0]]], len(t), axis=0) / length)
    if not sides:
        return None
    points, normals = np.concatenate(sides), np.concatenate(side_normals).astype(np.float32)
    # How deep inside the region (a card's outline: convex) each point lies: its least
    # distance to the lines of the region's sides.
    corners = region.astype(np.float64).reshape(-1, 2)
    along = np.roll(corners, -1, axis=0) - corners
    inward = np.stack([-along[:, 1], along[:, 0]], axis=1) / np.hypot(along[:, 0], along[:, 1])[:, None]
    inward *= np.where(((corners.mean(axis=0) - corners) * inward).sum(axis=1) < 0, -1.0, 1.0)[:, None]
    depth = ((points[:, None, :] - corners[None]) * inward[None]).sum(axis=2).min(axis=1)
    keep = depth >= margin
    if np.count_nonzero(keep) < 8:
        return None
    points, normals = points[keep].astype(np.float32), normals[keep]
    offsets = np.arange(-reach - 1.5, reach + 1.51, 0.5, dtype=np.float32)
    grid = points[:, None, :] + offsets[None, :, None] * normals[:, None, :]
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.clip(np.floor(grid.reshape(-1, 2).min(axis=0)).astype(int) - 1, 0, (w - 1, h - 1))
    x1, y1 = np.clip(np.ceil(grid.reshape(-1, 2).max(axis=0)).astype(int) + 2, 1, (w, h))
    paper = whiteness(np.ascontiguousarray(frame_bgr[y0:y1, x0:x1])).astype(np.float32)
    grid -= np.array([x0, y0], np.float32)
    profile = cv2.remap(paper, np.ascontiguousarray(grid[..., 0]), np.ascontiguousarray(grid[..., 1]),
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    near = np.abs(offsets) <= reach
    beside = np.abs(offsets) >= reach + 1.0
    # A dark line along the outline (the top card's edge and its shadow): the paper beside
    # it less the darkest right at it.
    dip = np.median(profile[:, beside], axis=1) - profile[:, near].min(axis=1)
    return float(np.median(dip))


def sharper_outline(frame_bgr: np.ndarray, a: Candidate, b: Candidate,
                    contrast: float) -> int | None:
    """0 when ``a``'s outline inside ``b`` shows a line darker than ``b``'s inside ``a`` by
    ``contrast`` grey levels or more (:func:`outline_edge`), 1 for the other way round,
    else None (0 or less: never)."""
    if contrast <= 0:
        return None
    edges = outline_edge(frame_bgr, a, b.card), outline_edge(frame_bgr, b, a.card)
    if edges[0] is None or edges[1] is None or abs(edges[0] - edges[1]) < contrast:
        return None
    return 0 if edges[0] > edges[1] else 1
