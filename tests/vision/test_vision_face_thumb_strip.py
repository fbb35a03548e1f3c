"""A thumb over one of the field's two colour strips (vision.field_colour.vivid_strip): a
card held up to a webcam by the middle of an edge hides that strip under skin, which reads
as a dull red or orange. The other strip's colour is taken when its ink is far more vivid
and three of the field's corners show it; another card's field lying over the strip is as
vivid as the card's own ink, or leaves the corners short of the colour it brings."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.face import FaceParams

FACE = FaceParams()
#: A dull, darker skin (BGR): it reads as a red field, but far less saturated than a card's print.
SKIN = (85, 93, 140)


def thumb_over_top_strip(card: np.ndarray, colour=SKIN) -> np.ndarray:
    card = card.copy()
    w = card.shape[1]
    cv2.ellipse(card, (int(0.72 * w), 0), (int(0.26 * w), int(0.2 * w)), 0, 0, 360, colour, -1)
    return card


@pytest.mark.parametrize("colour", ["green", "blue", "yellow"])
def test_a_dull_thumb_over_one_strip_leaves_the_colour_of_the_other(colour):
    card = thumb_over_top_strip(draw_card(colour, "3", width=448))
    face = read_drawn(card, FACE)
    assert face.colour.name == colour and face.colour.confidence >= FACE.strip_sure
    assert face.edge_agreement >= FACE.min_edge_agreement
    # Without the rule the skin's red makes the strips disagree: no sure colour.
    off = read_drawn(card, replace(FACE, strip_dull_share=0.0))
    assert off.colour.name != colour or off.colour.confidence < FACE.strip_sure


def test_another_cards_vivid_field_over_one_strip_is_no_thumb():
    # A red card's field over a green card's top strip is as vivid as the green's ink.
    card = draw_card("green", "3", width=448)
    w = card.shape[1]
    card[: int(0.17 * w), int(0.4 * w):] = (40, 30, 215)
    face = read_drawn(card, FACE)
    assert face.colour.name != "red"
    assert face.colour.confidence < FACE.strip_sure


def test_a_more_vivid_card_over_a_strip_lacks_the_corners():
    # A blue card over a dull green field's top strip is the more vivid strip, but the
    # field's corners show green, not blue: the blue is not taken.
    card = draw_card("green", "3", width=448)
    w = card.shape[1]
    card[: int(0.17 * w), int(0.4 * w):] = (190, 110, 0)
    face = read_drawn(card, FACE)
    assert face.colour.name != "blue"
