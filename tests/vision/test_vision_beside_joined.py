"""A card the first stage reads, lying on no other candidate, answers only after the local
mask at full width looked at a blob of a field's size that the 320 px mask could not take
apart and that meets it edge to edge by a corner or a short stretch
(RecognizerParams.beside_joined_gap, Recognizer.beside_joined): the pile's top card may lie
in that blob, its field run into a lower card's. The look is made over that blob's box only
(quads.search_near), with the full mask's answers there."""

import numpy as np
import pytest

from vision.quads import search, search_near
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene



@pytest.fixture(scope="module")
def blue_beside_green():
    # Dev seed 3, scene 1682: the blue dare 11 on top; its field and a green card's under it
    # run together at 320 px, and the green dare 16 at the pile's edge, corner to corner
    # with the blue, was found alone and answered.
    scene = dev_scene(3, 1682)
    assert scene.label == "blue-dare-11"
    return scene.image


def test_a_card_read_first_waits_for_the_full_width_look_beside_it(blue_beside_green):
    assert Recognizer().top_card(blue_beside_green).label == "blue-dare-11"
    off = Recognizer(params=RecognizerParams(beside_joined_gap=0.0))
    assert off.top_card(blue_beside_green).label == "green-dare-16"


def test_a_blob_met_along_a_long_stretch_is_a_lower_card_and_does_not_make_it_wait(blue_beside_green):
    # The same blob met along more than beside_touch of the card's width reads as a lower
    # card's field, stopped by the card's edge: no look, the old answer.
    short = Recognizer(params=RecognizerParams(beside_touch=0.01))
    assert short.top_card(blue_beside_green).label == "green-dare-16"


def test_the_look_in_a_box_finds_what_the_full_width_local_mask_finds_there(blue_beside_green):
    recognizer = Recognizer()
    boxes = []

    class Seen(Recognizer):
        def beside_joined(self, layer, joined):
            box = super().beside_joined(layer, joined)
            boxes.append(box)
            return box

    Seen().top_card(blue_beside_green)
    box = next(b for b in boxes if b is not None)
    geometry, params = recognizer.profile.geometry, recognizer.params.quads
    near = search_near(blue_beside_green, box, 640, geometry, params, {})
    full = search(blue_beside_green, "local", 640, geometry, params, {})
    assert near
    for candidate in near:
        assert any(np.array_equal(candidate.field, other.field) for other in full)
