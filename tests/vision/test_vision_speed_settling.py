"""The settling's cheaper forms give the values of the plain ones they replaced: reach.reach_into
and reach.own_piece draw a blob and a quad each in its own box, no longer both in one window
holding the two; checked here against that window form, on fixed-seed random blobs (float
and on the search's even pixel grid, reaching past the frame's top left, near and apart)."""

import cv2
import numpy as np

from vision.pile import PileParams
from vision.reach import own_piece, reach_into
from vision.quads import Candidate
from vision.centre_offsets import centre_offset


def window_reach_into(outline: np.ndarray, card: Candidate, params: PileParams) -> float:
    """reach_into as first written: both drawn in one window holding the blob and the card."""
    centre = card.card.mean(axis=0)
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), (float(centre[0]), float(centre[1])), False) >= 0:
        return 0.0
    inner = centre + (1 - params.intrusion_depth) * (card.card - centre)
    points = outline.reshape(-1, 2)
    low, high = points.min(axis=0), points.max(axis=0)
    x0, y0 = np.floor(inner.min(axis=0)).astype(int)
    x1, y1 = np.ceil(inner.max(axis=0)).astype(int) + 1
    if x1 - x0 < 2 or y1 - y0 < 2:
        return 0.0
    if low[0] > x1 + 1 or low[1] > y1 + 1 or high[0] < x0 - 1 or high[1] < y0 - 1:
        return 0.0
    wx0, wy0 = np.floor(np.minimum(low, (x0, y0))).astype(int) - 1
    wx1, wy1 = np.ceil(np.maximum(high, (x1, y1))).astype(int) + 2
    offset = np.array([wx0, wy0], np.float32)
    inside = np.zeros((wy1 - wy0, wx1 - wx0), np.uint8)
    blob = np.zeros_like(inside)
    cv2.fillConvexPoly(inside, np.round(inner - offset).astype(np.int32), 1)
    cv2.fillPoly(blob, [np.round(points - offset).astype(np.int32)], 1)
    return float(cv2.countNonZero(blob & inside)) / max(1, cv2.countNonZero(inside))


def window_own_piece(outline: np.ndarray, card: Candidate, params: PileParams) -> bool:
    """own_piece as first written: both drawn in one window holding the blob and the field."""
    points = outline.reshape(-1, 2)
    field_centre = card.field.mean(axis=0)
    field = field_centre + (1 + params.own_margin) * (card.field - field_centre)
    low = np.minimum(points.min(axis=0), field.min(axis=0))
    high = np.maximum(points.max(axis=0), field.max(axis=0))
    wx0, wy0 = np.floor(low).astype(int) - 1
    wx1, wy1 = np.ceil(high).astype(int) + 2
    offset = np.array([wx0, wy0], np.float32)
    blob = np.zeros((wy1 - wy0, wx1 - wx0), np.uint8)
    within = np.zeros_like(blob)
    cv2.fillPoly(blob, [np.round(points - offset).astype(np.int32)], 1)
    cv2.fillConvexPoly(within, np.round(field - offset).astype(np.int32), 1)
    return cv2.countNonZero(blob & within) >= params.own_share * max(1, cv2.countNonZero(blob))


def random_case(rng: np.random.Generator) -> tuple[np.ndarray, Candidate]:
    """A tilted card anywhere in (and a little past) a 640x480 frame and a star-shaped blob
    round a point near it; every other blob on the even grid of the search's 320 px outlines."""
    centre = rng.uniform(-40, 680, 2)
    angle = rng.uniform(0, np.pi)
    axes = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    size = rng.uniform(15, 120)
    corners = np.array([[-1, -1.4], [1, -1.4], [1, 1.4], [-1, 1.4]])
    card = Candidate((centre + 0.8 * size * corners @ axes).astype(np.float32),
                     (centre + size * corners @ axes).astype(np.float32), 1.0, {"support": 1.0})
    at = centre + rng.normal(0, 1.2 * size, 2)
    angles = np.sort(rng.uniform(0, 2 * np.pi, int(rng.integers(3, 300))))
    radii = rng.uniform(5, 1.5 * size) * rng.uniform(0.3, 1.0, angles.size)
    outline = at + np.stack([radii * np.cos(angles), radii * np.sin(angles)], 1)
    if rng.random() < 0.5:
        outline = 2 * np.round(outline / 2)
    return outline.astype(np.float32), card


def test_reach_into_and_own_piece_equal_their_window_forms():
    rng = np.random.default_rng(9)
    params = PileParams()
    reaching = owned = 0
    for _ in range(1500):
        outline, card = random_case(rng)
        share = reach_into(outline, card, params)
        assert share == window_reach_into(outline, card, params)
        own = own_piece(outline, card, params)
        assert own == window_own_piece(outline, card, params)
        reaching += share > 0
        owned += own
    assert reaching > 300 and owned > 20  # the cases reach into the card and lie within its field


def test_bounding_rect_floors_both_ends():
    # reach._floor_box relies on it: the box's x is floor(least x), x + width - 1 floor(greatest x).
    rng = np.random.default_rng(12)
    for _ in range(2000):
        points = rng.normal(0, 200, (int(rng.integers(1, 40)), 2)).astype(np.float32)
        if rng.random() < 0.3:
            points = np.round(points * 2) / 2
        x, y, w, h = cv2.boundingRect(points)
        assert (x, y) == tuple(np.floor(points.min(axis=0)).astype(int))
        assert (x + w - 1, y + h - 1) == tuple(np.floor(points.max(axis=0)).astype(int))


def test_a_blob_touching_the_card_by_a_strip_counts_the_strip():
    card = Candidate(np.float32([[110, 110], [190, 110], [190, 250], [110, 250]]),
                     np.float32([[100, 100], [200, 100], [200, 260], [100, 260]]), 1.0, {"support": 1.0})
    beside = np.float32([[200, 120], [300, 120], [300, 240], [200, 240]])  # its left side on the card's
    apart = beside + np.float32([3, 0])
    share = reach_into(beside, card)
    assert share == window_reach_into(beside, card, PileParams())
    assert share == 121 / (101 * 161)  # the one column of pixels both fill, rows 120-240
    assert reach_into(apart, card) == 0.0


def moments_centre_offset(centre: np.ndarray) -> float | None:
    """settling.centre_offset as first written: by cv2.moments."""
    m = cv2.moments(centre.astype(np.uint8), True)
    if m["m00"] <= 0:
        return None
    h, w = centre.shape[:2]
    return max(abs(m["m10"] / m["m00"] / w - 0.5), abs(m["m01"] / m["m00"] / h - 0.5))


class _Face:
    def __init__(self, centre):
        self.centre = centre


def test_centre_offset_equals_its_moments_form():
    rng = np.random.default_rng(4)
    for k in range(300):
        h, w = int(rng.integers(20, 320)), int(rng.integers(20, 220))
        centre = np.zeros((h, w), np.uint8)
        if k % 10:  # an ellipse off the middle, some noise round it
            cv2.ellipse(centre, (int(rng.integers(0, w)), int(rng.integers(0, h))),
                        (int(rng.integers(1, w)), int(rng.integers(1, h))), float(rng.uniform(0, 180)),
                        0, 360, 1, -1)
            centre |= (rng.random((h, w)) < 0.02).astype(np.uint8)
        mask = centre.astype(bool) if k % 3 else centre * 255
        if k % 7 == 0:
            mask = mask[:, ::-1]  # not contiguous
        assert centre_offset(_Face(mask)) == moments_centre_offset(mask)
    assert centre_offset(_Face(np.zeros((30, 20), bool))) is None
    assert centre_offset(None) is None
