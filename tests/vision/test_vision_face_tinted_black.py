"""A wild card's black under a tinted lamp (vision.face, vision.field_colour.dim_black): the
field reads as brown (no colour) or as a dim slate blue, yet the card's middle holds the
wild's four colours, so it is black; a dim coloured card as little coloured, with its white
centre and a mark in its own ink, keeps its colour."""

import pytest

from visionkit import INKS, draw_card, read_drawn, wild_card
from vision.colour import BLACK
from vision.face import FaceParams

#: The black field as a warm lamp leaves it (brown: reads as no colour) and as a cold one
#: does (slate: reads as a dim blue), both dark and of little chroma against the white border.
TINTED = {"brown": (80, 88, 98), "slate": (106, 97, 85)}


@pytest.mark.parametrize("tint", sorted(TINTED))
def test_a_tinted_black_with_the_wild_centre_is_black(tint):
    card = wild_card(TINTED[tint])
    off = read_drawn(card, FaceParams(dim_black_chroma=0.0)).colour
    assert off.name != BLACK
    face = read_drawn(card)
    assert face.colour.name == BLACK and face.colour.confidence >= 0.9
    assert face.centre_share >= FaceParams().min_centre_share


def test_a_dim_coloured_card_keeps_its_colour():
    card = draw_card("green", "8", width=448)
    card[(card == INKS["green"]).all(axis=2)] = (82, 100, 80)
    face = read_drawn(card)
    assert face.colour.name == "green"
    assert face.colour.value < 0.5 and face.colour.saturation * face.colour.value < FaceParams().dim_black_chroma


def test_a_bright_field_is_never_taken_for_black():
    # Brighter than any black seen through haze: the rule does not look at its middle.
    card = wild_card((150, 160, 175))
    assert read_drawn(card).colour.name != BLACK
