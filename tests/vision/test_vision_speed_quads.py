"""The quad helpers of vision.geometry and vision.quad_fit in their cheaper forms (rows taken
with take() instead of numpy's fancy indexing, picked with compress() instead of a boolean
index; a side's cells followed as the bits of one word) give what the forms they replaced gave,
to the last bit: checked against those forms, kept here as the reference, on quads and
outlines from fixed seeds."""

import math

import cv2
import numpy as np
import pytest

from vision.geometry import _NEXT, order_clockwise, portrait_order, rotate_half_turn
from vision.quad_fit import _side_cells, refine_quad

_OPPOSITE = np.array([2, 3, 0, 1])


def reference_order_clockwise(points):
    """order_clockwise as it was written before (session 16): the rows by fancy indexing."""
    pts = np.asarray(points, dtype=np.float32).reshape(4, 2)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts.tolist()
    cx, cy = (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4
    angle = (math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx),
             math.atan2(y2 - cy, x2 - cx), math.atan2(y3 - cy, x3 - cx))
    return pts[sorted(range(4), key=angle.__getitem__)]


def reference_side_cells(points, quad, bins):
    """_side_cells as it was written before (session 16): the near points picked out, their
    cells set in a table of 4 x bins."""
    pts = np.asarray(points, np.float32).reshape(-1, 2)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    d = q[_NEXT] - q
    length = np.sqrt((d * d).sum(axis=1))
    safe = np.maximum(length, 1e-6)
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
    side, at = np.nonzero(near)
    cell = np.minimum((t[side, at] * (bins / safe)[side]).astype(np.int32), bins - 1) + side * bins
    hit = np.zeros(4 * bins, np.uint8)
    hit[cell] = 1
    return hit.reshape(4, bins).sum(axis=1)


def _quads(rng, count):
    """Rotated rectangles and skewed quads (some tiny, some degenerate), float32 and int32."""
    out = []
    for k in range(count):
        cx, cy = rng.uniform(20, 300, 2)
        w, h = rng.uniform(0.5 if k % 17 == 0 else 8, 120, 2)
        a = rng.uniform(0, 2 * np.pi)
        c, s = math.cos(a), math.sin(a)
        corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2 @ np.array([[c, s], [-s, c]])
        corners += rng.normal(0, 0.08 * max(w, h), (4, 2)) + (cx, cy)
        quad = corners.astype(np.float32)
        if k % 5 == 0:
            quad = np.round(quad).astype(np.int32)
        if k % 3 == 0:
            quad = quad[rng.permutation(4)]
        out.append(quad)
    return out


def _outline(rng, quad):
    """Points along a quad's sides (some stray, some far off), as a contour's (N, 1, 2)."""
    q = np.asarray(quad, np.float64)
    n = int(rng.integers(0, 300))
    side = rng.integers(0, 4, n)
    along = rng.uniform(-0.1, 1.1, n)[:, None]
    pts = q[side] + along * (q[(side + 1) % 4] - q[side]) + rng.normal(0, 1.2, (n, 2))
    far = rng.random(n) < 0.1
    pts[far] += rng.uniform(-200, 200, (int(far.sum()), 2))
    return np.round(pts).astype(np.int32).reshape(-1, 1, 2) if n % 2 else pts.astype(np.float32)


@pytest.mark.parametrize("seed", [3, 11])
def test_order_and_half_turn_are_the_reference_rows_bitwise(seed):
    rng = np.random.default_rng(seed)
    for quad in _quads(rng, 400):
        got, want = order_clockwise(quad), reference_order_clockwise(quad)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tobytes() == want.tobytes()
        assert rotate_half_turn(got).tobytes() == want[_OPPOSITE].tobytes()
        assert portrait_order(quad).flags.c_contiguous


@pytest.mark.parametrize("seed", [5, 23])
def test_side_cells_are_the_reference_counts_bitwise(seed):
    rng = np.random.default_rng(seed)
    for quad in _quads(rng, 400):
        points = _outline(rng, quad)
        for bins in (16, 7):
            got, want = _side_cells(points, quad, bins), reference_side_cells(points, quad, bins)
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


def test_side_cells_of_no_points_are_none():
    quad = np.array([[0, 0], [40, 0], [40, 60], [0, 60]], np.float32)
    assert _side_cells(np.zeros((0, 2), np.float32), quad, 16).tolist() == [0, 0, 0, 0]


def reference_refine_quad(contour, quad):
    """refine_quad as it was written before (session 16): each side's points by a boolean index."""
    pts = np.asarray(contour, np.float32).reshape(-1, 2)
    given, quad = quad, np.asarray(quad)
    if quad.dtype.kind != "f":
        quad = quad.astype(np.float64)
    d = quad[_NEXT] - quad
    lengths = np.hypot(d[:, 0], d[:, 1])
    if (lengths < 4).any():
        return given
    length = lengths.astype(np.float64)
    u = d / length.astype(d.dtype)[:, None]
    rx = pts[None, :, 0] - quad[:, 0, None]
    ry = pts[None, :, 1] - quad[:, 1, None]
    t = rx * u[:, 0, None] + ry * u[:, 1, None]
    dist = np.abs(ry * u[:, 0, None] - rx * u[:, 1, None])
    cuts = np.array([[0.2], [0.8], [0.06]]) * length
    np.maximum(cuts[2], 2.0, out=cuts[2])
    cuts = cuts.astype(t.dtype)[:, :, None]
    keep = (t > cuts[0]) & (t < cuts[1]) & (dist < cuts[2])
    sides = [pts[k] for k in keep]
    if min(len(side) for side in sides) < 3:
        return given
    lines = np.concatenate([cv2.fitLine(side, cv2.DIST_HUBER, 0, 0.01, 0.01)
                            for side in sides]).reshape(4, 4)
    before = lines[np.array([3, 0, 1, 2])]
    turned = -lines[:, 1::-1]
    det = before[:, :2] * turned
    det = det[:, 0] - det[:, 1]
    if (np.abs(det) < 1e-6).any():
        return given
    k = (lines[:, 2:] - before[:, 2:]) * turned
    k = (k[:, 0] - k[:, 1]) / det
    corners = before[:, 2:] + k[:, None] * before[:, :2]
    moved, diagonal = corners - quad, quad - quad[_OPPOSITE]
    if (np.hypot(moved[:, 0], moved[:, 1]) > 0.25 * np.hypot(diagonal[:, 0], diagonal[:, 1])).any():
        return given
    return corners.astype(np.float32)


@pytest.mark.parametrize("seed", [7, 29])
def test_refine_quad_is_the_reference_fit_bitwise(seed):
    rng = np.random.default_rng(seed)
    for quad in _quads(rng, 300):
        points = _outline(rng, quad)
        rough = order_clockwise(quad)
        got, want = refine_quad(points, rough), reference_refine_quad(points, rough)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


@pytest.mark.parametrize("strided", [False, True])
def test_compress_picks_the_boolean_index_rows_bitwise(strided):
    rng = np.random.default_rng(13)
    for n in (0, 1, 5, 300):
        rows = rng.normal(0, 50, (2 * n if strided else n, 3)).astype(np.float32)
        rows = rows[::2] if strided else rows
        keep = rng.random(n) < 0.4
        for got, want in ((rows.compress(keep, axis=0), rows[keep]),
                          (rows[:, 0].compress(keep), rows[keep, 0])):
            assert got.dtype == want.dtype and got.shape == want.shape
            assert got.flags.c_contiguous and got.tobytes() == want.tobytes()


def test_side_cells_count_up_to_63_stretches_and_refuse_more():
    quad = np.array([[0, 0], [630, 0], [630, 400], [0, 400]], np.float32)
    top = np.stack([np.arange(0.5, 630, 1.0), np.zeros(630)], axis=1).astype(np.float32)
    assert _side_cells(top, quad, 63)[0] == 63  # every stretch of the top side, one bit each
    assert _side_cells(top, quad, 63).tolist() == reference_side_cells(top, quad, 63).tolist()
    with pytest.raises(ValueError):
        _side_cells(top, quad, 64)


def test_side_cells_without_numpy_2s_bit_count_are_the_reference(monkeypatch):
    import vision.quad_fit as quad_fit
    monkeypatch.setattr(quad_fit, "_BITWISE_COUNT", None)
    rng = np.random.default_rng(31)
    for quad in _quads(rng, 200):
        points = _outline(rng, quad)
        got, want = _side_cells(points, quad, 16), reference_side_cells(points, quad, 16)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
