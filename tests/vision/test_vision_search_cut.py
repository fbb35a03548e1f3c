"""A field joined to a dark table through a thin border that motion blur smeared into a
faint ridge is cut free along its edges (vision.quads, kind "edges")."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, edge_cut, search


def smeared_card(length: int = 21):
    """A red card with a thin border on a dark table, the camera moving sideways while the
    shutter was open (a streak ``length`` px long)."""
    frame, corners = place(draw_card("red", "7", border=0.012), angle=10, scale=0.6,
                           background=(30, 25, 60))
    streak = np.zeros((length, length), np.float32)
    streak[length // 2, :] = 1 / length
    return cv2.filter2D(frame, -1, streak), corners


@pytest.mark.parametrize("width", [320, 640])
def test_a_field_run_into_the_table_by_motion_blur_is_cut_free_along_its_edges(width):
    frame, corners = smeared_card(15)
    geometry, params = CardGeometry(), QuadParams()
    assert search(frame, "local", width, geometry, params, {}) == []
    found = search(frame, "edges", width, geometry, params, {})
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.linalg.norm(found[0].card.mean(axis=0) - corners.mean(axis=0)) < 0.03 * size
    assert min(np.abs(np.roll(found[0].card, k, axis=0) - corners).max() for k in (0, 2)) < 0.06 * size


def test_the_edges_search_finds_a_field_the_eroded_search_cannot_take_apart():
    frame, corners = smeared_card(21)
    geometry, params = CardGeometry(), QuadParams()
    assert search(frame, "eroded", 640, geometry, params, {}) == []
    found = search(frame, "edges", 320, geometry, params, {})
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.linalg.norm(found[0].card.mean(axis=0) - corners.mean(axis=0)) < 0.03 * size


def test_the_cut_only_takes_pixels_off_the_mask_and_leaves_a_flat_image_alone():
    rng = np.random.default_rng(5)
    mask = np.where(rng.random((60, 80)) < 0.5, 255, 0).astype(np.uint8)
    flat = np.full((60, 80), 120, np.uint8)
    assert np.array_equal(edge_cut(mask, flat, QuadParams()), mask)
    white = np.full((60, 80), 40, np.uint8)
    white[:, 40:] = 220  # one straight edge down the middle
    cut = edge_cut(mask, white, QuadParams())
    assert not np.any(cut & ~mask)
    assert not cut[:, 39:41].any()
    assert np.array_equal(cut[:, :39], mask[:, :39]) and np.array_equal(cut[:, 41:], mask[:, 41:])
