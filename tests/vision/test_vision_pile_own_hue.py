"""Runs of a card's own hue alone across its white border (overlap.OWN: its own field where
blur or a quad a pixel too wide puts it in the ring, or a lower card of its colour seen past
its outline) do not make it lie under a card the borders alone judged under it by a sliver
(RecognizerParams.own_hue_no_sliver, Recognizer.sliver_under); an order by the outlines
alone gives way as before (a card of its colour may lie across it)."""

import dataclasses

import pytest

from test_vision_pile_crossed_hue import BLUE, BORDER, GREEN, RED, SKIN, flat_card, side_over
from vision.overlap import ACROSS, OWN, border_crossed
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene


def test_own_hue_alone_is_told_when_asked():
    for field in (RED, BLUE, GREEN):
        crossed = side_over(flat_card(field), field)
        assert border_crossed(crossed, BORDER, tell_own=True) == OWN
        assert border_crossed(crossed, BORDER) == ACROSS  # not asked: as before


def test_another_run_beside_it_is_across():
    # Its own hue on one side, a finger (a paler run of another hue) on the other.
    both = side_over(side_over(flat_card(BLUE), BLUE, rows=slice(20, 50)), SKIN, rows=slice(110, 150))
    assert border_crossed(both, BORDER, tell_own=True) == ACROSS


@pytest.fixture(scope="module")
def yellow_on_green():
    # Dev seed 14, scene 1304: a yellow dare 8 lies across a green dare's corner by a
    # sliver (2.6%), its border whole there and the green's gone under it (0.89 against
    # -0.30); motion blur puts the yellow field, and the yellow card under it, in its
    # ring: the green dare answered as the card the "crossed" yellow lay under.
    scene = dev_scene(14, 1304)
    assert scene.label == "yellow-dare-8"
    return scene.image


def test_the_card_on_the_sliver_answers(yellow_on_green):
    assert Recognizer().top_card(yellow_on_green).label == "yellow-dare-8"
    off = Recognizer(params=dataclasses.replace(RecognizerParams(), own_hue_no_sliver=False))
    assert off.top_card(yellow_on_green).label == "green-dare"


def test_an_order_by_the_outlines_alone_gives_way():
    # Dev seed 6, scene 349: a blue 7 lies across a blue dare 10 by a sliver (1.9%), both
    # borders as whole there (0.97, 0.99); the outlines put the dare on top. Its ring shows
    # only blue across it, the blue 7's field: the blue 7 answers.
    scene = dev_scene(6, 349)
    assert scene.label == "blue-7"
    assert Recognizer().top_card(scene.image).label == "blue-7"
