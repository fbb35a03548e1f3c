"""Glare over a card (a lamp's reflection) lifts its field's darkest channel towards the
white border's: the field's colour still tells it from paper, and the ``vivid`` search,
whose whiteness weighs chroma fully, finds it (vision.quads, vision.masks.whiteness)."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, find_candidates, search


def glared(colour: str, strength: float, sigma: float = 70.0):
    """A card on a green table with white light added round the middle of its left side
    (clipped as a camera clips it)."""
    frame, corners = place(draw_card(colour, "4"), angle=15, scale=0.55, background=(60, 90, 60))
    h, w = frame.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = (corners[0] + corners[3]) / 2
    light = strength * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma ** 2))
    return np.clip(frame + light[..., None], 0, 255).astype(np.uint8), corners


@pytest.mark.parametrize("colour,strength", [("red", 180), ("blue", 220), ("yellow", 220)])
def test_a_field_washed_by_glare_is_found_by_its_colour(colour, strength):
    frame, corners = glared(colour, strength)
    geometry = CardGeometry()
    plain = ((("local", 320),), (("split", 320), ("otsu", 320), ("local", 640)))
    assert find_candidates(frame, geometry, QuadParams(stages=plain)) == []
    assert len(search(frame, "vivid", 640, geometry, QuadParams(), {})) == 1
    found = find_candidates(frame, geometry, QuadParams())
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert min(np.abs(np.roll(found[0].card, k, axis=0) - corners).max() for k in (0, 2)) < 0.08 * size
