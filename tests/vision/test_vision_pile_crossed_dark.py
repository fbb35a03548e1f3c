"""A black field across a card's white border (a wild card's, a card back's) makes the card
wait for the next search stages before it answers (vision.crossings.dark_across,
RecognizerParams.dark_across, Recognizer.seems_crossed): it has no chroma for
overlap.border_crossed's colour test and no thin lines for its edge test, yet it is far
darker than paper, which a shadow is not."""

import dataclasses

import pytest

from test_vision_pile_crossed_hue import BLACK, BLUE, BORDER, GREEN, RED, flat_card, side_over
from vision.crossings import dark_across
from vision.overlap import border_crossed
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene

SHADE = (110, 110, 112)  # paper (225) under a deep shadow: about half its white


def test_a_black_field_across_the_ring_is_dark_across():
    for field in (RED, BLUE, GREEN):
        crossed = side_over(flat_card(field), BLACK)
        assert dark_across(crossed, BORDER, 0.35)
        assert border_crossed(crossed, BORDER) == ""  # what the colour and edge tests miss
        assert not dark_across(crossed, BORDER, 0.0)  # off


def test_a_shadow_across_the_ring_is_not():
    for field in (RED, BLUE, GREEN):
        assert not dark_across(side_over(flat_card(field), SHADE), BORDER, 0.35)


def test_a_vivid_field_across_the_ring_is_not():
    # Its darkest channel is as low as black's; its brightest is not.
    assert not dark_across(side_over(flat_card(RED), BLUE), BORDER, 0.35)


def test_a_black_speck_shorter_than_a_border_is_not():
    # A run shorter than a border's width: dirt, a pen mark.
    assert not dark_across(side_over(flat_card(RED), BLACK, rows=slice(60, 63)), BORDER, 0.35)


def test_a_black_run_on_a_black_field_is_not():
    # A wild's own black field where blur or a quad a pixel too wide puts it in the ring
    # is told from no other black.
    assert not dark_across(side_over(flat_card(BLACK), BLACK), BORDER, 0.35)


def test_a_clean_ring_is_not():
    for field in (RED, BLUE, GREEN, BLACK):
        assert not dark_across(flat_card(field), BORDER, 0.35)


@pytest.fixture(scope="module")
def wild_over_green():
    # Dev seed 16, scene 32: a wild dare 15 lies on a green dare 1's corner; glare on the
    # wild hides it from the first two stages of the search, and the green dare, its
    # corner's border under the wild's black field, answered first.
    scene = dev_scene(16, 32)
    assert scene.label == "wild-dare-15"
    return scene.image


def test_the_black_field_across_the_corner_makes_the_search_look_on(wild_over_green):
    assert Recognizer().top_card(wild_over_green).label == "wild-dare-15"
    off = Recognizer(params=dataclasses.replace(RecognizerParams(), dark_across=0.0))
    assert off.top_card(wild_over_green).label == "green-dare-1"
