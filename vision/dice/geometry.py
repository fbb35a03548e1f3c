"""Quadrilaterals for die faces: corners from an outline, their order, and whether four
corners can be a square face seen from above."""

from __future__ import annotations

import cv2
import numpy as np


def quantile(values: np.ndarray, q: float) -> float:
    """The ``q`` quantile (0..1) of a 1-d array, by partial sort (the nearest rank)."""
    flat = np.asarray(values).ravel()
    k = min(len(flat) - 1, max(0, int(round(q * (len(flat) - 1)))))
    return float(np.partition(flat, k)[k])


def order_clockwise(quad: np.ndarray) -> np.ndarray:
    """Four points clockwise (image y down) starting from the one nearest the top-left."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    c = q.mean(axis=0)
    q = q[np.argsort(np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0]))]
    return np.roll(q, -int(np.argmin(q[:, 0] + q[:, 1])), axis=0)


def box_quad(contour: np.ndarray) -> np.ndarray:
    """The rotated box of an outline, as four corners clockwise."""
    return order_clockwise(cv2.boxPoints(cv2.minAreaRect(contour)))


def dense(pts: np.ndarray) -> np.ndarray:
    """A closed polygon's points with one point per pixel along every edge, so a fitted line
    weighs each side by its length."""
    nxt = np.roll(pts, -1, axis=0)
    steps = np.maximum(np.abs(nxt - pts).max(axis=1), 1).astype(int)
    if steps.max() <= 1:
        return pts
    idx = np.repeat(np.arange(len(pts)), steps)
    start = np.repeat(np.cumsum(steps) - steps, steps)
    frac = ((np.arange(int(steps.sum())) - start) / np.repeat(steps, steps)).astype(np.float32)
    return (pts[idx] + (nxt - pts)[idx] * frac[:, None]).astype(np.float32)


def _intersect(l1: np.ndarray, l2: np.ndarray) -> tuple[float, float] | None:
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx2 * vy1 - vx1 * vy2
    if abs(det) < 1e-3:
        return None
    t = ((x2 - x1) * (-vy2) + (y2 - y1) * vx2) / det
    return float(x1 + t * vx1), float(y1 + t * vy1)


def fit_quad(contour: np.ndarray) -> np.ndarray:
    """Four corners for a face's outline (perspective and rounded corners allowed): the
    convex hull's points are split into four sides by its rotated box, a line is fitted to
    each side's middle part, and adjacent lines are intersected. The rotated box when that
    fails."""
    hull = cv2.convexHull(np.asarray(contour, np.float32).reshape(-1, 1, 2)).reshape(-1, 2)
    box = cv2.minAreaRect(hull)
    fallback = order_clockwise(cv2.boxPoints(box))
    (cx, cy), (w, h), angle = box
    if min(w, h) < 4:
        return fallback
    pts = dense(hull)
    a = np.deg2rad(angle)
    ux, uy = np.cos(a), np.sin(a)
    rel = pts - np.float32([cx, cy])
    u = (rel[:, 0] * ux + rel[:, 1] * uy) / (w / 2)
    v = (rel[:, 1] * ux - rel[:, 0] * uy) / (h / 2)
    lines = []
    for side in ((u > 0) & (np.abs(v) < 0.7), (v > 0) & (np.abs(u) < 0.7),
                 (u < 0) & (np.abs(v) < 0.7), (v < 0) & (np.abs(u) < 0.7)):
        if int(side.sum()) < 3:
            return fallback
        lines.append(cv2.fitLine(pts[side], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel())
    corners = [_intersect(lines[i], lines[(i + 1) % 4]) for i in range(4)]
    if any(c is None for c in corners):
        return fallback
    quad = np.array(corners, np.float32)
    if np.max(np.abs(quad - (cx, cy))) > 1.5 * max(w, h):
        return fallback
    return order_clockwise(quad)


def side_lengths(quad: np.ndarray) -> np.ndarray:
    q = np.asarray(quad, np.float64)
    return np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)


def aspect(quad: np.ndarray) -> float:
    """Longer over shorter mean of opposite sides (1 for a face seen square on)."""
    s = side_lengths(quad)
    a, b = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    return float(max(a, b) / max(min(a, b), 1e-6))


def face_like(quad: np.ndarray, min_side: float, max_side: float, max_aspect: float,
              max_corner_cos: float) -> bool:
    """Whether four corners can be a die face as the camera sees it: convex, its sides in
    range and not too unequal, its corners near square."""
    q = np.asarray(quad, np.float64)
    s = side_lengths(q)
    a, b = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    if min(a, b) < min_side or max(a, b) > max_side or max(a, b) > max_aspect * min(a, b):
        return False
    if s.min() < 0.6 * s.mean():
        return False
    edges = np.roll(q, -1, axis=0) - q
    cos = np.abs(np.sum(edges * np.roll(edges, 1, axis=0), axis=1)) / np.maximum(s * np.roll(s, 1), 1e-9)
    if float(cos.max()) > max_corner_cos:
        return False
    return bool(cv2.isContourConvex(np.round(q * 4).astype(np.int32)))
