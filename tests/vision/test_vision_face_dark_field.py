"""A coloured card under dim light whose field falls below black's brightness (vision.face):
a dark green or blue still keeps its hue, and its middle is white paper, not a wild card's
four colours, so it is read as its colour; a wild card stays black."""

import numpy as np
import pytest

from visionkit import INKS, draw_card, read_drawn, wild_card
from vision.colour import BLACK
from vision.face import FaceParams

DARK = {"green": (45, 80, 50), "blue": (70, 55, 40)}


def dark_card(colour: str, digit: str = "8") -> np.ndarray:
    card = draw_card(colour, digit, width=448)
    card[(card == INKS[colour]).all(axis=2)] = DARK[colour]
    return card


@pytest.mark.parametrize("colour", ["green", "blue"])
def test_a_dark_field_with_a_white_centre_is_read_as_its_colour(colour):
    card = dark_card(colour)
    assert read_drawn(card, FaceParams(black_hue_saturation=0.0)).colour.name == BLACK
    face = read_drawn(card)
    assert face.colour.name == colour
    assert face.ink is not None and face.ink.any()


def test_a_wild_cards_black_stays_black():
    # A black tinted as green as a dark green card: read again as no black it is green.
    card = wild_card((35, 62, 30))
    assert read_drawn(card, FaceParams(wild_paint_share=1.01)).colour.name == "green"
    assert read_drawn(card).colour.name == BLACK
