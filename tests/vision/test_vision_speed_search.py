"""The search's cheaper forms give the answers of the plain ones they replaced: each is
checked here against a straightforward reference written the slow way (the same
arithmetic, one side or one channel at a time), on fixed-seed random inputs."""

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import fields
from vision.fields import in_frame, quad_shape_ok
from vision.geometry import (CardGeometry, flat_view, order_clockwise, portrait_order,
                             rotate_half_turn)
from vision.quad_fit import refine_quad, side_supports
from vision.masks import channel_extremes, dark_mask, whiteness
from vision.quads import QuadParams


def reference_refine_quad(contour: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """refine_quad one side at a time, as it was first written."""
    pts = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        length = float(np.hypot(*d))
        if length < 4:
            return quad
        u = d / length
        rx, ry = pts[:, 0] - a[0], pts[:, 1] - a[1]
        t = rx * u[0] + ry * u[1]
        dist = np.abs(ry * u[0] - rx * u[1])
        sel = pts[(t > 0.2 * length) & (t < 0.8 * length) & (dist < max(2.0, 0.06 * length))]
        if len(sel) < 3:
            return quad
        lines.append(cv2.fitLine(sel, cv2.DIST_HUBER, 0, 0.01, 0.01).reshape(4))
    corners = []
    for i in range(4):
        vx1, vy1, x1, y1 = lines[i - 1]
        vx2, vy2, x2, y2 = lines[i]
        det = vx1 * (-vy2) - vy1 * (-vx2)
        if abs(det) < 1e-6:
            return quad
        k = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
        p = np.array([x1 + k * vx1, y1 + k * vy1], dtype=np.float32)
        if np.hypot(*(p - quad[i])) > 0.25 * np.hypot(*(quad[i] - quad[i - 2])):
            return quad
        corners.append(p)
    return np.array(corners, dtype=np.float32)


def rounded_field(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The outline of a filled, rotated rounded rectangle (a field seen at 320 px) and a
    rough quad near its corners."""
    mask = np.zeros((240, 320), np.uint8)
    w, h = rng.uniform(30, 90), rng.uniform(50, 140)
    centre = rng.uniform(100, 220), rng.uniform(80, 160)
    box = cv2.boxPoints((centre, (w, h), rng.uniform(0, 180)))
    cv2.fillConvexPoly(mask, np.round(box).astype(np.int32), 255)
    mask = cv2.erode(mask, np.ones((5, 5), np.uint8))
    mask = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    quad = order_clockwise(box + rng.normal(0, 1.5, box.shape))
    return max(contours, key=len), quad


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_refine_quad_is_the_per_side_fit_to_the_last_bit(dtype):
    rng = np.random.default_rng(11)
    moved = 0
    for _ in range(60):
        contour, quad = rounded_field(rng)
        quad = quad.astype(dtype)
        got, want = refine_quad(contour, quad), reference_refine_quad(contour, quad)
        assert got.dtype == want.dtype and np.array_equal(got, want)
        moved += not np.array_equal(got, quad)
    assert moved > 40  # the fit did move the rough corners (not only "left as it was")


def test_refine_quad_leaves_a_quad_with_a_bare_side_alone():
    rng = np.random.default_rng(2)
    contour, quad = rounded_field(rng)
    half = contour[contour[:, 0, 1] < np.median(contour[:, 0, 1])]  # one long side gone
    assert np.array_equal(refine_quad(half, quad), reference_refine_quad(half, quad))


def referencein_frame(quad, size, grow, edge=3.0):
    margin = 1.0 + grow
    low, high = quad.min(axis=0), quad.max(axis=0)
    if not ((low >= -margin).all() and (high <= np.array(size, np.float32) - 1 + margin).all()):
        return False
    near = edge + grow
    for axis in (0, 1):
        at = quad[:, axis]
        if (np.count_nonzero(at <= near) >= 2
                or np.count_nonzero(at >= size[axis] - 1 - near) >= 2):
            return False
    return True


def test_in_frame_as_the_array_reference_at_the_frame_edges():
    rng = np.random.default_rng(4)
    answers = set()
    for k in range(3000):
        size = (320, 240) if k % 2 else (640, 480)
        # Corners on and around the edges, where the comparisons decide.
        quad = rng.choice(np.array([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 100, 200, 236, 237, 238,
                                    239, 240, 241, 315, 316, 317, 318, 319, 320, 321], np.float32),
                          (4, 2))
        quad += rng.choice(np.array([0.0, 0.25, -0.25], np.float32), (4, 2))
        grow = float(rng.choice([0.0, 1.0, 2.0]))
        want = referencein_frame(quad, size, grow)
        assert in_frame(quad, size, grow) == want
        answers.add(want)
    assert answers == {True, False}
    nan = np.array([[np.nan, 50], [100, 50], [100, 150], [10, 150]], np.float32)
    assert not in_frame(nan, (320, 240), 0.0)


def test_portrait_order_starts_on_the_upper_short_side():
    rng = np.random.default_rng(8)
    for _ in range(500):
        quad = cv2.boxPoints(((rng.uniform(100, 500), rng.uniform(100, 400)),
                              (rng.uniform(20, 60), rng.uniform(70, 120)), rng.uniform(-90, 90)))
        q = portrait_order(quad.astype(np.float32))
        sides = [math.dist(q[i], q[(i + 1) % 4]) for i in range(4)]
        assert sides[0] + sides[2] <= sides[1] + sides[3] + 1e-3
        assert q[0, 1] + q[1, 1] <= q[2, 1] + q[3, 1] + 1e-3
        assert {tuple(p) for p in q.tolist()} == {tuple(p) for p in quad.tolist()}


def test_side_supports_count_the_sides_an_outline_follows():
    rng = np.random.default_rng(6)
    contour, quad = rounded_field(rng)
    quad = refine_quad(contour, quad)
    assert min(side_supports(contour, quad)) > 0.6
    top = contour[contour[:, 0, 1] < np.percentile(contour[:, 0, 1], 30)]
    assert min(side_supports(top, quad)) < 0.3


@pytest.mark.parametrize("shape", [(1, 1, 3), (7, 13, 3), (240, 320, 3), (61, 97, 3)])
def test_channel_extremes_are_the_darkest_and_brightest_channel(shape):
    image = np.random.default_rng(shape[0]).integers(0, 256, shape, dtype=np.uint8)
    low, high = channel_extremes(image)
    assert low.shape == high.shape == shape[:2] and low.flags.c_contiguous
    assert np.array_equal(low, image.min(axis=2)) and np.array_equal(high, image.max(axis=2))
    assert np.array_equal(whiteness(image), image.min(axis=2))


def test_refine_quad_of_an_integer_quad_as_the_per_side_fit():
    rng = np.random.default_rng(13)
    for _ in range(20):
        contour, quad = rounded_field(rng)
        quad = np.round(quad).astype(np.int32)
        assert np.array_equal(refine_quad(contour, quad), reference_refine_quad(contour, quad))


def reference_quad_shape_ok(quad, geometry, params, size=None):
    """quad_shape_ok with its corners walked in a loop, as it was first written."""
    xy = np.asarray(quad, np.float64).reshape(4, 2).tolist()
    sides, turns = [], []
    for i in range(4):
        (x0, y0), (x1, y1), (x2, y2) = xy[i], xy[(i + 1) % 4], xy[(i + 2) % 4]
        sides.append(math.hypot(x1 - x0, y1 - y0))
        turns.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
    if not (all(t > 0 for t in turns) or all(t < 0 for t in turns)):
        return False
    if min(sides) < 4:
        return False
    for a, b in ((sides[0], sides[2]), (sides[1], sides[3])):
        if max(a, b) / min(a, b) > params.max_side_ratio:
            return False
    pair1, pair2 = sides[0] + sides[2], sides[1] + sides[3]
    aspect = min(pair1, pair2) / max(pair1, pair2)
    want = min(geometry.field_aspect, 1 / geometry.field_aspect)
    if abs(aspect / want - 1) <= params.aspect_tolerance:
        return True
    if size is None:
        return False
    flat = flat_view(quad, params.focal * size[0], (size[0] / 2, size[1] / 2))
    return (flat is not None and abs(flat.aspect / want - 1) <= params.aspect_tolerance
            and flat.tilt <= params.max_tilt and flat.skew <= params.max_skew)


def test_quad_shape_ok_as_the_corner_loop():
    rng = np.random.default_rng(12)
    geometry, params = CardGeometry(), QuadParams()
    answers = set()
    for k in range(3000):
        # Card-like boxes, jittered (some squarish, tilted or folded over), and small ones.
        w, h = rng.uniform(3, 80), rng.uniform(3, 120)
        box = cv2.boxPoints(((rng.uniform(0, 320), rng.uniform(0, 240)), (w, h), rng.uniform(0, 180)))
        quad = (box + rng.normal(0, rng.choice([0.5, 4.0, 15.0]), box.shape)).astype(np.float32)
        size = None if k % 3 == 0 else (320, 240)
        want = reference_quad_shape_ok(quad, geometry, params, size)
        assert quad_shape_ok(quad, geometry, params, size) == want
        answers.add(want)
    assert answers == {True, False}


def reference_order_clockwise(points):
    pts = np.asarray(points, dtype=np.float32).reshape(4, 2)
    xy = pts.tolist()
    cx, cy = sum(p[0] for p in xy) / 4, sum(p[1] for p in xy) / 4
    angle = [math.atan2(y - cy, x - cx) for x, y in xy]
    return pts[sorted(range(4), key=angle.__getitem__)]


def test_order_clockwise_as_the_generator_sums():
    rng = np.random.default_rng(13)
    for k in range(2000):
        quad = rng.uniform(-50, 700, (4, 2))
        if k % 2:
            quad = np.round(quad).astype(np.int32)
        got, want = order_clockwise(quad), reference_order_clockwise(quad)
        assert got.dtype == want.dtype == np.float32 and np.array_equal(got, want)


def test_piece_pairs_one_by_one_as_all_at_once():
    """A few pieces' pairs are judged one by one, many as arrays: the same pairs either way."""
    rng = np.random.default_rng(14)
    params, frame_area = QuadParams(), 320.0 * 240.0
    found = 0
    for _ in range(400):
        n = int(rng.integers(2, fields._FEW_PIECES + 1))
        pieces = []
        for _ in range(n):
            x, y = int(rng.integers(0, 300)), int(rng.integers(0, 220))
            w, h = int(rng.integers(3, 90)), int(rng.integers(3, 120))
            area = float(rng.uniform(0.2, 1.0) * w * h)
            pieces.append((None, area, (x, y, w, h), None, area))
        few = fields.piece_groups(pieces, params, frame_area)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(fields, "_FEW_PIECES", 1)
            assert fields.piece_groups(pieces, params, frame_area) == few
        found += sum(len(g) == 2 for g in few)
    assert found > 100  # pairs were found, not only none either way


def test_rotate_half_turn_is_the_roll_by_two_corners():
    rng = np.random.default_rng(15)
    for dtype in (np.float32, np.float64, np.int32):
        quad = rng.uniform(0, 640, (4, 2)).astype(dtype)
        turned = rotate_half_turn(quad)
        assert turned.dtype == dtype and np.array_equal(turned, np.roll(quad, -2, axis=0))
        assert np.array_equal(rotate_half_turn(turned), quad)
    assert np.array_equal(rotate_half_turn(quad.tolist()), np.roll(quad, -2, axis=0))


def reference_dark_mask(small_bgr, params):
    """The local mask with the ridge test as a top-hat and a second comparison, as first written."""
    white = whiteness(small_bgr, params.chroma_weight)
    h, w = white.shape
    tiny = cv2.resize(white, (max(4, w // 8), max(3, h // 8)), interpolation=cv2.INTER_AREA)
    tiny = cv2.blur(cv2.dilate(tiny, np.ones((5, 5), np.uint8)), (3, 3))
    local = cv2.resize(tiny, (w, h), interpolation=cv2.INTER_LINEAR)
    levels = cv2.multiply(cv2.max(np.arange(256, dtype=np.uint8).reshape(1, 256),
                                  params.white_floor), params.dark_ratio)
    dark = cv2.compare(white, cv2.LUT(local, levels), cv2.CMP_LT)
    if params.ridge_contrast > 0:
        k = np.ones((params.ridge_size, params.ridge_size), np.uint8)
        ridge = cv2.morphologyEx(white, cv2.MORPH_TOPHAT, k)
        dark = cv2.bitwise_and(dark, cv2.compare(ridge, params.ridge_contrast, cv2.CMP_LT))
    return dark


@pytest.mark.parametrize("contrast", [0, 10, 18, 250])
def test_dark_mask_bounds_the_level_by_the_opening_as_the_top_hat_did(contrast):
    rng = np.random.default_rng(contrast)
    params = replace(QuadParams(), ridge_contrast=contrast)
    dark = 0
    for k in range(12):
        # Bright frames too (whiteness near 255, where opening + contrast saturates).
        low = 0 if k % 2 else 180
        image = rng.integers(low, 256, (120, 160, 3), dtype=np.uint8)
        for _ in range(6):  # fields and marks darker than the paper round them
            cv2.circle(image, (int(rng.integers(0, 160)), int(rng.integers(0, 120))),
                       int(rng.integers(2, 25)), rng.integers(0, 200, 3).tolist(), -1)
        image = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.3, 3.0)))
        want = reference_dark_mask(image, params)
        assert np.array_equal(dark_mask(image, "local", params), want)
        dark += int(np.count_nonzero(want))
    assert dark > 0.02 * 12 * 120 * 160  # the masks are not all paper
