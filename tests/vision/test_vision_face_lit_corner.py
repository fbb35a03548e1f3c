"""A highlight over one corner of the field is no card lying there (vision.border.lit_corner):
a glossy card under a lamp whitens a broad blob of field, border and all, where a card lying
over the corner whitens only a strip its border's width (its field beyond), and a thumb is skin."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import INKS, draw_card, glare, read_drawn
from vision.face import FaceParams

FACE = FaceParams()
OFF = replace(FACE, lit_corner_reach=0.0)
# The field's corners in the quad's order (top-left, top-right, bottom-right, bottom-left),
# as shares of the card's width and height.
CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))


def lit_at(card: np.ndarray, corner: int, radius: float = 0.3, strength: float = 1.2) -> np.ndarray:
    h, w = card.shape[:2]
    x, y = CORNERS[corner]
    # A highlight centred a little inside the corner (glare() takes shares of the width).
    cx = 0.12 + 0.76 * x
    cy = (0.12 * w + (h - 0.24 * w) * y) / w
    return glare(card, (cx, cy), radius, strength)


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
@pytest.mark.parametrize("corner", [1, 3])
def test_a_highlight_over_one_corner_leaves_it_whole(colour, corner):
    card = lit_at(draw_card(colour, "5", width=448, design="oval"), corner)
    without = read_drawn(card, OFF)
    # The highlight makes the corner look covered (the test's premise) ...
    assert without.corner_shares[corner] < FACE.min_edge_agreement
    face = read_drawn(card, FACE)
    # ... and the rule sees it is light, not something lying there.
    assert face.colour.name == colour
    assert face.edge_agreement >= FACE.min_edge_agreement


@pytest.mark.parametrize("corner", [1, 3])
def test_another_cards_corner_lying_there_still_covers_it(corner):
    card = draw_card("blue", "6", width=448)
    h, w = card.shape[:2]
    # A card lying over the corner: its white border, then its (red) field.
    x, y = int(CORNERS[corner][0] * w), int(CORNERS[corner][1] * h)
    over = np.zeros(card.shape[:2], np.uint8)
    box = cv2.boxPoints(((x, y), (0.8 * w, 0.6 * w), 35.0 if corner == 1 else -35.0))
    cv2.fillPoly(over, [np.round(box).astype(np.int32)], 255)
    inner = cv2.erode(over, np.ones((2 * int(0.05 * w) + 1,) * 2, np.uint8))
    card[over > 0] = 246
    card[inner > 0] = INKS["red"]
    face = read_drawn(card, FACE)
    assert face.corner_shares[corner] < FACE.min_edge_agreement


@pytest.mark.parametrize("corner", [1, 3])
def test_a_thumb_over_a_lit_corner_still_covers_it(corner):
    card = lit_at(draw_card("green", "2", width=448, design="oval"), corner, strength=0.9)
    h, w = card.shape[:2]
    x, y = int(CORNERS[corner][0] * w), int(CORNERS[corner][1] * h)
    cv2.ellipse(card, (x, y), (int(0.5 * w), int(0.3 * w)), -55, 0, 360, (120, 150, 210), -1)  # skin
    face = read_drawn(card, FACE)
    assert face.corner_shares[corner] < FACE.min_edge_agreement


def test_a_highlight_over_two_corners_is_left_to_verify():
    # Only one short corner with the other three whole is judged again.
    card = lit_at(lit_at(draw_card("red", "8", width=448, design="oval"), 1), 3)
    assert read_drawn(card, FACE).corner_shares == read_drawn(card, OFF).corner_shares
