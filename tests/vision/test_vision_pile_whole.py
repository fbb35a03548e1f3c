"""overlap.whole_within with OpenCV's channel minimum and a histogram's percentile gives what
numpy's plain forms give."""

import cv2
import numpy as np

from vision.overlap import whole_within
from vision.quads import Candidate


def plain_whole_within(frame_bgr, card, region):
    """whole_within as first written: numpy's min over the channels and its percentile."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(np.maximum(card.card.min(axis=0), 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(card.card.max(axis=0) + 1, (w, h))).astype(int)
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
    whiteness = frame_bgr[y0:y1, x0:x1].min(axis=2)
    white = whiteness >= 0.7 * float(np.percentile(whiteness[ring], 90))
    ring_part, rim_part = ring & (within > 0), rim & (within > 0)
    if ring_part.sum() < 6:
        return None
    score = float(np.mean(white[ring_part]))
    if rim_part.sum() >= 6:
        score -= float(np.mean(white[rim_part]))
    return score


def quad(centre, half_w, half_h, angle):
    c, s = np.cos(angle), np.sin(angle)
    corners = np.array([[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]])
    return (np.asarray(centre) + corners @ np.array([[c, s], [-s, c]])).astype(np.float32)


def test_whole_within_is_the_plain_forms_value():
    rng = np.random.default_rng(5)
    compared = 0
    for _ in range(60):
        frame = rng.integers(0, 256, (240, 320, 3), dtype=np.uint8)
        frame = cv2.GaussianBlur(frame, (5, 5), 0)  # some texture, not pure noise
        centre, angle = rng.uniform(60, 260, 2), rng.uniform(0, np.pi)
        card = Candidate(quad(centre, 40, 60, angle), quad(centre, 44, 66, angle), 1.0, {"support": 1.0})
        other = quad(centre + rng.uniform(-70, 70, 2), 44, 66, rng.uniform(0, np.pi))
        expected = plain_whole_within(frame, card, other)
        assert whole_within(frame, card, other) == expected
        compared += expected is not None
    assert compared > 20
