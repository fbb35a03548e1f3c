"""A field whose white border has gaps (motion blur smears a thin border into the table on
both sides, a shadow darkens it) runs into the table: the eroded search takes it apart
(vision.quads, kind "eroded")."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, find_candidates


def blobs_only(**changes) -> QuadParams:
    """QuadParams without the last stage's search by straight sides (it finds fields the
    blob searches cannot take apart; this test is about what they do)."""
    stages = tuple(tuple(k for k in stage if k[0] != "sides") for stage in QuadParams().stages)
    return QuadParams(stages=tuple(s for s in stages if s), **changes)


def gappy_border_card(background, gaps: int, seed: int = 3):
    """A card on a plain table with ``gaps`` short stretches of its border painted over
    in the table's colour, joining field and table."""
    frame, corners = place(draw_card("blue", "6"), angle=12, scale=0.55, background=background)
    rng = np.random.default_rng(seed)
    centre = corners.mean(axis=0)
    for k in range(gaps):
        side = k % 4
        a, b = corners[side], corners[(side + 1) % 4]
        p = a + (b - a) * rng.uniform(0.25, 0.75)
        inward = (centre - p) / np.linalg.norm(centre - p)
        q0, q1 = p - 4 * inward, p + 14 * inward
        cv2.line(frame, tuple(int(v) for v in q0), tuple(int(v) for v in q1), background, 2)
    return frame, corners


@pytest.mark.parametrize("gaps", [2, 4])
def test_a_field_run_into_the_table_through_gaps_in_its_border_is_found(gaps):
    background = (110, 60, 20)
    frame, corners = gappy_border_card(background, gaps)
    geometry = CardGeometry()
    assert find_candidates(frame, geometry, blobs_only(erode=0)) == []
    found = find_candidates(frame, geometry, QuadParams())
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.linalg.norm(found[0].card.mean(axis=0) - corners.mean(axis=0)) < 0.05 * size
    assert min(np.abs(np.roll(found[0].card, k, axis=0) - corners).max() for k in (0, 2)) < 0.08 * size


def test_a_thin_border_smeared_by_motion_blur_is_kept_by_the_faint_search():
    import cv2

    from vision.quads import search

    frame, corners = place(draw_card("red", "7", border=0.012), angle=10, scale=0.6,
                           background=(30, 25, 60))
    streak = np.zeros((15, 15), np.float32)
    streak[7, :] = 1 / 15  # the camera moved sideways while the shutter was open
    frame = cv2.filter2D(frame, -1, streak)
    geometry, params = CardGeometry(), QuadParams()
    assert search(frame, "local", 320, geometry, params, {}) == []
    found = search(frame, "faint", 320, geometry, params, {})
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.linalg.norm(found[0].card.mean(axis=0) - corners.mean(axis=0)) < 0.05 * size
