"""Fitting a quad to a card field's outline and asking how well an outline follows one: a rough
four-cornered fit (:func:`rough_quad`), its sides sharpened on the outline (:func:`refine_quad`)
and on the frame's pixels (:func:`refine_edges`), and the share of each side the outline runs
along (:func:`side_support`, :func:`side_supports`).

Every search asks these of each blob or pair of blobs that passes its cheap tests, so they are
written for few numpy calls (the work is in the calls, not in the few hundred values each).
Quads are (4, 2) arrays ordered as in :mod:`vision.geometry`.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from .geometry import _NEXT, _OPPOSITE, _PREVIOUS, order_clockwise
from .masks import whiteness


def refine_quad(contour: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Sharpen a rough quad on a rounded rectangle: fit a line to the straight middle of
    each side and intersect neighbours, so the rounded corners do not pull corners inwards."""
    pts = np.asarray(contour, np.float32).reshape(-1, 2)  # no copy when float32 already
    given, quad = quad, np.asarray(quad)
    if quad.dtype.kind != "f":
        quad = quad.astype(np.float64)
    # All four sides at once (each side's arithmetic as it would be alone: the lengths
    # and thresholds in the dtype their scalars would take). Every search asks this of
    # each blob that passes the cheap tests: x and y, and the three cuts, go through one
    # numpy call each where they can (a call costs more than its dozen values).
    d = quad.take(_NEXT, axis=0) - quad
    lengths = np.hypot(d[:, 0], d[:, 1])
    if (lengths < 4).any():
        return given
    length = lengths.astype(np.float64)
    u = d / length.astype(d.dtype)[:, None]
    rx = pts[None, :, 0] - quad[:, 0, None]
    ry = pts[None, :, 1] - quad[:, 1, None]
    t = rx * u[:, 0, None] + ry * u[:, 1, None]
    dist = np.abs(ry * u[:, 0, None] - rx * u[:, 1, None])
    # The straight middle (0.2-0.8 of the side) and how near the side (0.06 of it, 2 px
    # at least), in float64 as the scalars make them, then in the points' dtype.
    cuts = _SIDE_CUTS * length
    np.maximum(cuts[2], 2.0, out=cuts[2])
    cuts = cuts.astype(t.dtype)[:, :, None]
    keep = (t > cuts[0]) & (t < cuts[1]) & (dist < cuts[2])
    # compress(): the same rows as pts[k], for about 40% of a boolean index's cost on an
    # N x 2 array (numpy sets up a mask iterator per call).
    sides = [pts.compress(k, axis=0) for k in keep]
    if min(len(side) for side in sides) < 3:
        return given
    lines = np.concatenate([cv2.fitLine(side, cv2.DIST_HUBER, 0, 0.01, 0.01)
                            for side in sides]).reshape(4, 4)  # (vx, vy, x, y) per side
    # Corner i where side i - 1, (vx1, vy1) through (x1, y1), meets side i (vx2, vy2)
    # through (x2, y2): det = vx1 * -vy2 - vy1 * -vx2, and k's numerator the same of
    # (x2 - x1, y2 - y1), each product and difference as the scalars' own.
    before = lines.take(_PREVIOUS, axis=0)
    turned = -lines[:, 1::-1]  # (-vy2, -vx2)
    det = before[:, :2] * turned
    det = det[:, 0] - det[:, 1]
    if (np.abs(det) < 1e-6).any():
        return given
    k = (lines[:, 2:] - before[:, 2:]) * turned
    k = (k[:, 0] - k[:, 1]) / det
    corners = before[:, 2:] + k[:, None] * before[:, :2]
    moved, diagonal = corners - quad, quad - quad.take(_OPPOSITE, axis=0)
    if (np.hypot(moved[:, 0], moved[:, 1])
            > 0.25 * np.hypot(diagonal[:, 0], diagonal[:, 1])).any():
        return given
    return corners.astype(np.float32)


#: :func:`refine_quad`'s cuts along and across a side, as shares of its length.
_SIDE_CUTS = np.array([[0.2], [0.8], [0.06]])
_SIDE_CUTS.flags.writeable = False


def refine_edges(frame_bgr: np.ndarray, field_quad: np.ndarray, border_px: float,
                 samples: int = 12, min_step: float = 12.0) -> np.ndarray:
    """The field's quad moved onto the field's real edges in the full-resolution frame,
    to a fraction of a pixel.

    A field found in a downscaled mask is a pixel or two off at full size, which shifts
    the flattened face. Here each side is probed across its straight middle: the field's
    edge is where whiteness (min of B, G, R) rises most steeply from the dark field to the
    white border, within ``border_px`` (the border's width as seen) of the old side. Each
    side's shift along its normal is fitted as a straight line over the side (least
    squares, then again without the probes far from the first fit) and neighbouring sides
    intersected. A side with too few clear probes (glare, a finger) stays where it was.
    """
    quad = np.asarray(field_quad, np.float32).reshape(4, 2)
    ends = quad.take(_NEXT, axis=0)
    along = ends - quad                                                 # 4 x 2
    length = np.sqrt((along ** 2).sum(axis=1))
    if length.min() < 8:
        return quad
    reach = max(2.0, 0.9 * border_px)
    steps = np.arange(-reach, reach + 0.01, 0.5, dtype=np.float32)      # inward -> outward
    t = _probe_places(samples)
    normal = along[:, ::-1] * _TURN                                    # (y, -x): exact
    normal /= length[:, None]
    # The centre as numpy's mean makes it (a float32 sum over 4), without mean's overhead.
    outward = (((quad + ends) / 2 - quad.sum(axis=0) / 4) * normal).sum(axis=1) < 0
    normal[outward] *= -1
    # Both maps in one sum, x and y apart (rows of x, then rows of y): remap takes them so.
    base = quad.T[:, :, None] + t * along.T[:, :, None]                 # 2 x 4 x S
    maps = (base[..., None] + steps * normal.T[:, :, None, None]).reshape(2, 4 * samples, len(steps))
    # min(B, G, R) by OpenCV: numpy's reduction over the length-3 channel axis costs ~0.1 ms.
    profile = whiteness(cv2.remap(frame_bgr, maps[0], maps[1], cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)).astype(np.float32)
    rise = profile[:, 2:] - profile[:, :-2]                             # centred difference
    best = rise.argmax(axis=1)
    offset = steps[1:-1][best].reshape(4, samples)
    weight = (rise[_rows(4 * samples), best] >= min_step).reshape(4, samples).astype(np.float32)
    # Each side's shift along its normal, a + b * t: the probes' places and offsets summed
    # in one reduction (each row of each as it would be alone).
    places = np.empty((2, 4, samples), np.float32)
    places[0], places[1] = t, offset
    for fitted in range(2):
        wsum = weight.sum(axis=1)
        enough = wsum >= samples // 2
        tm, om = (weight * places).sum(axis=2) / np.maximum(wsum, 1e-6)
        dt = t - tm[:, None]
        places[0] = dt  # now (offset - om, dt) for the slope's two sums
        places[1] = offset - om[:, None]
        slope_num, slope_den = (weight * dt * places[::-1]).sum(axis=2)
        slope = slope_num / np.maximum(slope_den, 1e-6)
        a, b = np.where(enough, om - slope * tm, 0.0), np.where(enough, slope, 0.0)
        if not fitted:  # the second fit leaves out the probes far from the first
            weight = weight * (np.abs(offset - (a[:, None] + b[:, None] * t)) <= 1.0)
            places[0], places[1] = t, offset
    # Each side as the line through its shifted ends, then neighbours intersected.
    p0 = (quad + a[:, None] * normal).tolist()
    p1 = (ends + (a + b)[:, None] * normal).tolist()
    old = quad.tolist()
    corners = []
    for i in range(4):
        (ax, ay), (bx, by) = p0[i - 1], p0[i]
        dax, day = p1[i - 1][0] - ax, p1[i - 1][1] - ay
        dbx, dby = p1[i][0] - bx, p1[i][1] - by
        det = dax * dby - day * dbx
        if abs(det) < 1e-6:
            return quad
        k = ((bx - ax) * dby - (by - ay) * dbx) / det
        corner = (ax + k * dax, ay + k * day)
        if math.hypot(corner[0] - old[i][0], corner[1] - old[i][1]) > 2.0 * reach:
            return quad
        corners.append(corner)
    return np.array(corners, dtype=np.float32)


#: (x, y) -> (y, -x): a side's direction turned a quarter (each factor exact).
_TURN = np.array([1, -1], np.float32)
_TURN.flags.writeable = False


@functools.lru_cache(maxsize=4)
def _rows(count: int) -> np.ndarray:
    """0 .. count - 1 (read-only): each probe's row, to pick its best rise."""
    rows = np.arange(count)
    rows.flags.writeable = False
    return rows


@functools.lru_cache(maxsize=4)
def _probe_places(samples: int) -> np.ndarray:
    """Where along a side :func:`refine_edges` probes (shares of its length; read-only)."""
    t = np.linspace(0.18, 0.82, samples, dtype=np.float32)
    t.flags.writeable = False
    return t


def rough_quad(contour: np.ndarray, is_hull: bool = False) -> np.ndarray | None:
    """A four-cornered polygon roughly fitted to a (rounded) rectangular contour (or to
    its convex hull, ``is_hull``), or None."""
    hull = contour if is_hull else cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            return order_clockwise(approx.reshape(4, 2))
        if len(approx) < 4:
            break
    return None


def side_support(points: np.ndarray, quad: np.ndarray, bins: int = 16) -> float:
    """How much of its weakest side the outline really follows (0..1).

    A true field's outline runs along all four sides (less the rounded corners and where the
    oval touches); a hull stretched over two unrelated blobs has a side with nothing on it.
    """
    # Each side's two ends (next to the rounded corners): empty when a corner is covered.
    return float(_side_cells(points, quad, bins).min()) / bins


def side_supports(points: np.ndarray, quad: np.ndarray, bins: int = 16) -> list[float]:
    """How much of each of its four sides the outline follows (0..1), as :func:`side_support`."""
    return (_side_cells(points, quad, bins) / bins).tolist()


def _side_cells(points: np.ndarray, quad: np.ndarray, bins: int) -> np.ndarray:
    """How many of ``bins`` stretches (at most 63: one bit each of a 64-bit word) of each of
    the quad's four sides the outline runs along."""
    if not 0 < bins <= 63:
        raise ValueError(f"a side is cut into 1 to 63 stretches, not {bins}")
    pts = np.asarray(points, np.float32).reshape(-1, 2)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    d = q.take(_NEXT, axis=0) - q
    length = np.sqrt((d * d).sum(axis=1))
    safe = np.maximum(length, 1e-6)
    # Each side's direction and its normal: every point's place along and across all four
    # sides in one product.
    axes = np.empty((8, 2), np.float32)
    axes[:4] = d / safe[:, None]
    axes[4:, 0] = axes[:4, 1]
    axes[4:, 1] = -axes[:4, 0]
    proj = axes @ pts.T
    proj -= (axes * np.concatenate([q, q])).sum(axis=1)[:, None]
    t = proj[:4]
    near = np.abs(proj[4:]) < np.maximum(1.5, 0.04 * length)[:, None]
    near &= t >= 0
    near &= t < length[:, None]
    # Every point's cell along every side as one bit of that side's word, OR-ed over the
    # points near the side: a side's cells followed are its word's bits. Seven calls on
    # the 4 x N arrays, where picking the near points out first took twelve (the work is
    # in the number of numpy calls, not in the few hundred values each).
    # (int64 cells: shifting the plain 1 by them keeps one dtype, far cheaper than np.int64(1).)
    cell = np.clip(t * (bins / safe)[:, None], 0, bins - 1).astype(np.int64)
    words = np.bitwise_or.reduce(np.left_shift(1, cell), axis=1, where=near)
    if _BITWISE_COUNT is None:  # numpy 1 (the project takes 1.24): the four words in Python
        return np.array([bin(word).count("1") for word in words.tolist()], np.uint64)
    return _BITWISE_COUNT(words).astype(np.uint64)


#: numpy 2's bit count (None before numpy 2.0).
_BITWISE_COUNT = getattr(np, "bitwise_count", None)
