"""Reading a face under lights that tint or wash part of it (vision.face, vision.border): a
warm lamp that clips the border's red and green leaves the centre's paper tinted against it;
a highlight that whitens part of the field's strips without clipping them, or lifts a black
field to grey over a corner, hides the field's colour there but not the card's own edge
between its border and its field. A corner under another card or paper stays covered."""

import cv2
import numpy as np
import pytest

from visionkit import INKS, draw_card, read_drawn
from vision.colour import ColourParams
from vision.face import FaceParams

PARAMS = ColourParams()
LIFT = 70
FACE = FaceParams()


def read(card: np.ndarray):
    return read_drawn(card, FACE, PARAMS)


def spot(card: np.ndarray, centre: tuple[float, float], radius: float) -> np.ndarray:
    """A soft round weight (0..1) over the card; ``centre`` and ``radius`` in shares of its width."""
    h, w = card.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = (xs - centre[0] * w) ** 2 + (ys - centre[1] * w) ** 2
    return np.exp(-r2 / (2 * (radius * w) ** 2))[..., None]


def warm_lamp(card: np.ndarray, centre_dim: float) -> np.ndarray:
    """A warm light bright enough to clip the red and green of the border (its white
    reference keeps only the blue's tint) and the red of the centre, which lies in a shadow."""
    lit = card.astype(np.float32) * np.array([0.8, 1.3, 1.7], np.float32)
    h, w = card.shape[:2]
    shade = np.ones((h, w), np.float32)
    cv2.circle(shade, (w // 2, h // 2), int(0.4 * w), centre_dim, -1)
    shade = cv2.GaussianBlur(shade, (0, 0), 6)
    return np.clip(lit * shade[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_a_warm_lamp_clipping_the_border_leaves_the_centre_found(colour):
    card = draw_card(colour, "4", width=448)
    clean = read(card)
    face = read(warm_lamp(card, 0.62))
    assert face.colour.name == colour
    assert face.centre_share >= FACE.min_centre_share
    assert face.centre_share == pytest.approx(clean.centre_share, rel=0.15)
    assert face.ink is not None and np.count_nonzero(face.ink) >= 0.8 * np.count_nonzero(clean.ink)


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
def test_a_whitening_highlight_over_one_strip_leaves_the_fields_colour(colour):
    # The top strip (the field's top-right) washed nearly to white, as bright as the border
    # and not clipped: the bottom strip still shows the ink.
    card = draw_card(colour, "8", width=448)
    weight = 0.97 * spot(card, (0.8, 0.05), 0.35)
    whitened = (card * (1 - weight) + 245 * weight).astype(np.uint8)
    assert whitened.max() < FACE.sensor_clip
    assert read(whitened).colour.name == colour


def test_a_highlight_lifting_a_black_strip_to_grey_leaves_it_black():
    # A bluish black ink (printed black is rarely neutral), a highlight lifting the bottom
    # strip to pale grey.
    card = draw_card("black", "", width=448)
    card[np.all(card == INKS["black"], axis=2)] = (42, 30, 26)
    h = card.shape[0]
    weight = 0.95 * spot(card, (0.25, (h - 20) / 448), 0.45)
    lifted = (card * (1 - weight) + 235 * weight).astype(np.uint8)
    assert read(lifted).colour.name == "black"


def test_a_highlight_over_a_black_corner_leaves_the_card_whole():
    # A dim room (the border at 0.7 of full white) and a highlight over the top-right corner
    # adding light that lifts the black field there to mid grey, clipping nothing: the border
    # beside it is lit as much, so the card's own edge is still seen.
    card = (draw_card("black", "5", width=448) * 0.7).astype(np.uint8)
    light = (LIFT * spot(card, (0.9, 0.1), 0.2)).astype(np.uint8)
    lit = cv2.add(card, cv2.merge([light[..., 0]] * 3))
    assert lit.max() < FACE.sensor_clip
    face = read(lit)
    assert face.colour.name == "black"
    assert face.edge_agreement >= FACE.min_edge_agreement


@pytest.mark.parametrize("cover", [(246, 246, 246), (190, 110, 0), (0, 210, 250)])
def test_a_black_corner_under_another_card_is_still_covered(cover):
    # The top-right corner under another card's white border, blue field or yellow field,
    # with the same highlight as above: nothing of the covered card's edge is seen there.
    card = (draw_card("black", "5", width=448) * 0.7).astype(np.uint8)
    h, w = card.shape[:2]
    card[: int(0.2 * h), -int(0.3 * w):] = (np.array(cover) * 0.7).astype(np.uint8)
    light = (LIFT * spot(card, (0.9, 0.1), 0.2)).astype(np.uint8)
    lit = cv2.add(card, cv2.merge([light[..., 0]] * 3))
    assert read(lit).edge_agreement < FACE.min_edge_agreement


def test_a_highlights_soft_rim_over_a_black_strip_leaves_it_surely_black():
    # A highlight over the bottom strip whose soft rim lifts the black to every grey between
    # the ink and pale grey: the greys are the highlight's, not a field of another colour.
    card = draw_card("black", "", width=448)
    h = card.shape[0]
    weight = 0.9 * spot(card, (0.3, (h - 20) / 448), 0.3)
    lifted = (card * (1 - weight) + 235 * weight).astype(np.uint8)
    colour = read(lifted).colour
    assert colour.name == "black" and colour.confidence >= 0.9
