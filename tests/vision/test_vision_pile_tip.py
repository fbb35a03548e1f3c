"""Two cards overlapping by a corner's tip only (less than PileParams.min_overlap of a card),
left unordered by the pile's layers, are ordered when the settling judges them as rivals and
their borders there differ by PileParams.tip_difference: the top card's ring whole, the lower
card's ring gone and its field's rim turned to paper (the top card's border lies across its
field), which no quad's error makes; or, with PileParams.tip_lean, when the borders lean by
min_difference and the outlines say the same by edge_contrast (two cues agreeing)."""

import dataclasses

import numpy as np
import pytest

from vision.pile import PileParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


@pytest.fixture(scope="module")
def scene():
    # Development seed 5, scene 1439: a green 0 lying on a green card's corner by 0.9 % of a card.
    kind, label, extra = scene_plan(5, 2000)[1439]
    return make_scene(np.random.default_rng([5, 1439]), kind, label=label, **extra)


def test_a_card_on_a_corners_tip_lies_on_it(scene):
    assert scene.label == "green-0"
    assert Recognizer().top_card(scene.image).label == "green-0"


def test_without_the_rule_the_two_stay_unordered(scene):
    off = RecognizerParams(pile=dataclasses.replace(PileParams(), tip_difference=0.0))
    assert Recognizer(params=off).top_card(scene.image).label is None


@pytest.fixture(scope="module")
def leaning_tip():
    # Development seed 15, scene 170: a blue 6 lying on a wild dare's corner by 1.0 % of a card
    # (under min_overlap); the borders lean to the blue (0.89 vs 0.77, short of
    # tip_difference) and its outline is the sharper by far (25.8 vs -7.0 grey levels).
    kind, label, extra = scene_plan(15, 2000)[170]
    return make_scene(np.random.default_rng([15, 170]), kind, label=label, **extra)


def test_a_tip_whose_borders_and_outlines_lean_alike_is_ordered(leaning_tip):
    assert leaning_tip.label == "blue-6"
    assert Recognizer().top_card(leaning_tip.image).label == "blue-6"


def test_without_tip_lean_the_wild_under_the_tip_answers(leaning_tip):
    off = RecognizerParams(pile=dataclasses.replace(PileParams(), tip_lean=False))
    assert Recognizer(params=off).top_card(leaning_tip.image).label == "wild-dare-13"
