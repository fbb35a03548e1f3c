"""Sharpening a field found at low resolution onto its real edges (vision.quad_fit.refine_edges)."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quad_fit import refine_edges
from vision.quads import Candidate, sharpened

WIDTH = 224
BORDER_PX = round(0.047 * WIDTH)


def true_field(angle: float, scale: float = 0.6, centre=(320, 240)):
    """A drawn card on a table, and its field's corners in the frame (clockwise from the
    card's top-left)."""
    card = draw_card("blue", "4", width=WIDTH)
    frame, _ = place(card, angle=angle, scale=scale, centre=centre)
    h, w = card.shape[:2]
    b = BORDER_PX
    field = np.array([[b, b], [w - b, b], [w - b, h - b], [b, h - b]], np.float32)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[:, 2] += np.array(centre, float) - np.array([w / 2, h / 2])
    return frame, (np.hstack([field, np.ones((4, 1), np.float32)]) @ m.T).astype(np.float32)


@pytest.mark.parametrize("angle", [0, 17, 63, 110])
def test_a_field_two_pixels_off_is_moved_onto_its_edges(angle):
    frame, field = true_field(angle)
    rng = np.random.default_rng(3)
    rough = field + rng.uniform(-2.0, 2.0, field.shape).astype(np.float32)
    fixed = refine_edges(frame, rough, BORDER_PX * 0.6)
    assert np.abs(rough - field).max() > 1.0
    assert np.abs(fixed - field).max() < 0.8


def test_a_plain_table_leaves_the_quad_where_it_was():
    frame = np.full((480, 640, 3), 90, np.uint8)
    quad = np.array([[200, 100], [300, 100], [300, 250], [200, 250]], np.float32)
    assert np.array_equal(refine_edges(frame, quad, 5.0), quad)


def test_sharpened_candidate_keeps_its_card_outline_around_the_field():
    frame, field = true_field(25)
    geometry = CardGeometry()
    rough = field + 1.5
    from vision.geometry import card_from_field
    cand = Candidate(rough, card_from_field(rough, geometry), 1.0, {"support": 1.0})
    out = sharpened(frame, cand, geometry)
    assert np.abs(out.field - field).max() < 0.8
    assert np.allclose(out.card, card_from_field(out.field, geometry), atol=1e-3)
