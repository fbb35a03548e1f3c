"""Comparing the pose of a card between frames, whatever corner a recogniser names first.

A card's pose is its four outline corners, (4, 2) float32 in pixels, in clockwise order.
A UNO card looks almost the same turned by 180 degrees, so which corner a recogniser calls
"top-left" may change from one frame to the next; every comparison here therefore takes
the best cyclic alignment of the corners. Distances are measured in units of the card's
own size (the square root of its area), so thresholds hold at any camera height.
"""

from __future__ import annotations

import math

import numpy as np


def as_quad(corners: object) -> np.ndarray:
    """Corners as a (4, 2) float64 array; ValueError for anything else."""
    quad = np.asarray(corners, dtype=np.float64)
    if quad.shape != (4, 2) or not np.all(np.isfinite(quad)):
        raise ValueError(f"a card pose is 4 corners (4, 2), not shape {quad.shape}")
    return quad


def card_scale(quad: np.ndarray) -> float:
    """The square root of the outline's area (shoelace): a card's size in pixels."""
    x, y = quad[:, 0], quad[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
    return math.sqrt(area) if area > 0 else 1.0


#: The eight ways of naming a quad's corners: four cyclic shifts, each either way round.
_ORDERS = tuple(tuple((k + i) % 4 for i in range(4)) for k in range(4)) + \
    tuple(tuple((k - i) % 4 for i in range(4)) for k in range(4))


def _best_order(quad: list, reference: list) -> tuple[float, tuple[int, ...]]:
    """(mean corner gap, order) of the naming of ``quad`` that best matches ``reference``.
    Plain Python: for 4 points it is several times quicker than numpy."""
    best, best_order = math.inf, _ORDERS[0]
    for order in _ORDERS:
        total = 0.0
        for i, j in enumerate(order):
            total += math.hypot(quad[j][0] - reference[i][0], quad[j][1] - reference[i][1])
        if total < best:
            best, best_order = total, order
    return best / 4, best_order


def align(quad: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """``quad``'s corners re-ordered (cyclic shift, or reversed if need be) to lie nearest
    the corners of ``reference`` one by one."""
    quad = np.asarray(quad)
    order = _best_order(quad.tolist(), np.asarray(reference).tolist())[1]
    return quad[list(order)]


def pose_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Mean distance between matching corners of two poses, in card sizes (of ``b``)."""
    qa, qb = np.asarray(a).tolist(), np.asarray(b).tolist()
    gap = _best_order(qa, qb)[0]
    area = 0.5 * abs(sum(qb[i][0] * qb[(i + 1) % 4][1] - qb[(i + 1) % 4][0] * qb[i][1]
                         for i in range(4)))
    return gap / (math.sqrt(area) if area > 0 else 1.0)


def similarity(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 2x3 rotation + uniform scale + shift that best maps ``src`` onto ``dst``
    (least squares, Umeyama), after aligning their corners."""
    dst = align(dst, src)
    ms, md = src.mean(axis=0), dst.mean(axis=0)
    s, d = src - ms, dst - md
    dot = float(np.sum(s * d))
    cross = float(np.sum(s[:, 0] * d[:, 1] - s[:, 1] * d[:, 0]))
    norm = float(np.sum(s * s)) or 1.0
    a, b = dot / norm, cross / norm  # scale*cos, scale*sin
    rot = np.array([[a, -b], [b, a]])
    shift = md - rot @ ms
    return np.hstack([rot, shift[:, None]])


def transform(quad: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Apply a 2x3 affine matrix to the corners."""
    return quad @ matrix[:, :2].T + matrix[:, 2]
