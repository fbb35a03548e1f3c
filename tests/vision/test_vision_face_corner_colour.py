"""A thumb over one corner of a card held up puts skin into the strip the field's colour is
read from there (vision.face): the colour is as sure as the strips read it away from that
corner, and only the colour the whole strips read is made surer."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.face import FaceParams

FACE = FaceParams()
SKIN = (120, 150, 210)


def thumbed(colour: str, corner: int) -> np.ndarray:
    """A card with a thumb over its top-right (1) or bottom-left (3) corner, where the
    strips run into the corners."""
    card = draw_card(colour, "5", width=448)
    h, w = card.shape[:2]
    x, y = (w, 0) if corner == 1 else (0, h)
    cv2.ellipse(card, (x, y), (int(0.25 * w), int(0.15 * w)), -55, 0, 360, SKIN, -1)
    return card


# Red is left out: skin reads as a red field's colour anyway.
@pytest.mark.parametrize("colour", ["green", "blue", "yellow"])
@pytest.mark.parametrize("corner", [1, 3])
def test_a_thumb_over_a_corner_leaves_the_colour_sure(colour, corner):
    face = read_drawn(thumbed(colour, corner), FACE)
    assert face.corner_shares[corner] < FACE.min_edge_agreement
    assert face.colour.name == colour
    assert face.colour.confidence >= 0.95


def test_without_the_rule_the_thumb_leaves_the_colour_unsure():
    # The same card read with the rule off: the skin in the strip makes it unsure (the
    # test above asserts something that could fail).
    off = FaceParams(covered_corner_reach=0.0)
    face = read_drawn(thumbed("green", 1), off)
    assert face.colour.name == "green" and face.colour.confidence < 0.95


def test_a_corner_short_while_another_is_too_changes_nothing():
    # Two corners covered: no one corner under a thumb; the colour stays as the strips read it.
    card = thumbed("blue", 1)
    h, w = card.shape[:2]
    cv2.ellipse(card, (0, h), (int(0.25 * w), int(0.15 * w)), -55, 0, 360, SKIN, -1)
    face = read_drawn(card, FACE)
    off = read_drawn(card, FaceParams(covered_corner_reach=0.0))
    assert face.colour == off.colour
