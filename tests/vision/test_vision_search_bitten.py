"""A glare spot that washes a corner of a card's field (and the border beside it) as white
as paper leaves a blob with a bite out of it: the ``bitten`` search still finds the field
by the sides its outline follows (vision.bitten.bitten_fields, vision.quad_fit.side_supports)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quad_fit import side_supports
from vision.quads import QuadParams, search


def bitten(corner: int, radius: float = 0.25, seed: int = 4):
    """A green card on a wooden-brown table with a white glare spot, clipped as a camera
    clips it, over one corner of its field; and the card's corners."""
    frame, corners = place(draw_card("green", "4"), angle=18, scale=0.55, background=(40, 70, 120))
    side = float(np.linalg.norm(corners[0] - corners[1]))
    centre = corners[corner] + 0.25 * (corners.mean(axis=0) - corners[corner])
    h, w = frame.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    glow = 400.0 * np.exp(-((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * (radius * side) ** 2))
    noise = np.random.default_rng(seed).normal(0, 2.0, frame.shape)
    return np.clip(frame + glow[..., None] + noise, 0, 255).astype(np.uint8), corners


@pytest.mark.parametrize("corner", [0, 1, 2, 3])
def test_a_field_with_a_corner_washed_out_by_glare_is_found_by_its_other_sides(corner):
    frame, corners = bitten(corner)
    geometry, params = CardGeometry(), QuadParams()
    masks: dict = {}
    assert search(frame, "local", 640, geometry, params, masks) == []
    found = search(frame, "bitten", 640, geometry, params, masks)
    assert len(found) == 1 and found[0].extra["bitten"]
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert min(np.abs(np.roll(found[0].card, k, axis=0) - corners).max() for k in (0, 2)) < 0.08 * size


def test_a_blob_following_too_few_sides_of_its_box_is_no_bitten_field():
    # An L-shaped blob of a field's size: it follows two sides of its box, not a third.
    mask = np.zeros((480, 640), np.uint8)
    cv2.rectangle(mask, (200, 100), (230, 300), 255, -1)
    cv2.rectangle(mask, (200, 270), (330, 300), 255, -1)
    frame = np.where(mask[..., None] > 0, 40, 230).astype(np.uint8).repeat(3, axis=2)
    assert search(frame, "bitten", 640, CardGeometry(), QuadParams(), {}) == []


def test_side_supports_tells_each_side_of_an_outline():
    quad = np.array([[10, 10], [110, 10], [110, 160], [10, 160]], np.float32)
    top = np.stack([np.linspace(10, 110, 50), np.full(50, 10)], axis=1)
    right = np.stack([np.full(50, 110), np.linspace(10, 160, 50)], axis=1)
    left_half = np.stack([np.full(25, 10), np.linspace(85, 160, 25)], axis=1)
    sides = side_supports(np.vstack([top, right, left_half]), quad)
    assert sides[0] == 1.0 and sides[1] == 1.0 and sides[2] <= 0.1  # only its corner point
    assert 0.4 <= sides[3] <= 0.6


def test_a_card_lying_across_a_corner_of_another_is_no_bite():
    # The lower card's field, its corner covered by the top card: its outline follows two
    # sides of its box and most of a third, but the top card's field reaches into the box.
    lower, lower_corners = place(draw_card("blue", "8"), angle=5, centre=(280, 220), scale=0.6,
                                 background=(40, 70, 120))
    top, top_corners = place(draw_card("red", "3"), angle=-30, centre=(380, 330), scale=0.6,
                             background=(0, 0, 0))
    card = cv2.warpAffine(np.full((348, 224), 255, np.uint8), cv2.getRotationMatrix2D(
        (112, 174), -30, 0.6) + [[0, 0, 380 - 112], [0, 0, 330 - 174]], (640, 480))
    frame = np.where(card[..., None] > 127, top, lower)
    geometry, params = CardGeometry(), QuadParams()
    masks: dict = {}
    plain = search(frame, "local", 640, geometry, params, masks)
    assert len(plain) == 1  # the top card
    size = float(np.linalg.norm(top_corners[0] - top_corners[1]))
    assert np.linalg.norm(plain[0].card.mean(axis=0) - top_corners.mean(axis=0)) < 0.05 * size
    # It finds the top card again (a whole field is no less whole), not the lower one.
    found = search(frame, "bitten", 640, geometry, params, masks)
    assert all(np.linalg.norm(c.card.mean(axis=0) - top_corners.mean(axis=0)) < 0.05 * size
               for c in found)
    allowing = replace(params, bite_foreign=0.5)
    assert any(np.linalg.norm(c.card.mean(axis=0) - lower_corners.mean(axis=0)) < 0.05 * size
               for c in search(frame, "bitten", 640, geometry, allowing, {}))
