"""A card partly out of the frame is no whole card: a field blob cut by the frame's edge
takes that edge for its side (vision.fields.in_frame), even when the cut runs just
along the field's own edge and only the border is out of view."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, find_candidates


def cut_at_bottom(past: float, angle: float = 0.0):
    """A blue card on a dark table whose field's bottom edge lies ``past`` px below the
    frame's last row (negative: inside), its border out of view below."""
    card = draw_card("blue", "4")
    scale = 0.6
    h, w = card.shape[:2]
    border_y = round(0.047 * w) * scale
    centre_y = 479 + past + border_y - h * scale / 2 + 0.5 * scale
    frame, corners = place(card, angle=angle, centre=(320, centre_y), scale=scale,
                           background=(40, 60, 90))
    return frame, corners


@pytest.mark.parametrize("past", [0.0, 1.0, 2.0])
def test_a_field_whose_side_lies_along_the_frames_edge_is_no_whole_card(past):
    frame, _ = cut_at_bottom(past)
    assert find_candidates(frame, CardGeometry(), QuadParams()) == []


def test_a_card_whose_border_shows_below_its_field_is_whole():
    frame, corners = cut_at_bottom(-14.0)
    found = find_candidates(frame, CardGeometry(), QuadParams())
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.abs(found[0].card.mean(axis=0) - corners.mean(axis=0)).max() < 0.05 * size
