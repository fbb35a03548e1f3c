"""A coloured card whose centre is read short of sure is a dare when both recut corners read
the same number of two digits (corner_cuts.two_digit_dare_by_recut); one digit is not enough."""

from dataclasses import replace

import numpy as np
import pytest

from vision.corner_cuts import CornerCutParams, two_digit_dare_by_recut
from vision.glare_dare import GlareDareParams
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.synthetic.scene import make_scene, scene_plan

# vision.glare_dare reads 14:1551's 16 by its corners too: off with the recut.
OFF = replace(RecognizerParams(), corner_cuts=CornerCutParams(unsure_two_digits=False),
              glare_dare=GlareDareParams(enabled=False))


def _scene(seed: int, index: int):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    return make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)


@pytest.mark.parametrize("seed, index, label", [
    (14, 662, "red-dare-11"),     # a highlight over the centre; both corners recut read 11
    (14, 1551, "yellow-dare-16"),
])
def test_an_unsure_centre_with_two_recut_corners_reading_two_digits_is_that_dare(seed, index, label):
    scene = _scene(seed, index)
    assert scene.label == label and scene.conditions["glare"] == "card"
    assert Recognizer().top_card(scene.image).label == label
    assert Recognizer(params=OFF).top_card(scene.image).label is None


@pytest.mark.parametrize("seed, index, label", [
    (9, 43, "yellow-2"),       # a digit card: both corners read 2, its centre glared
    (13, 1375, "red-dare-2"),  # a dare: both corners read 2 too
])
def test_a_one_digit_number_both_corners_read_names_no_card(seed, index, label):
    scene = _scene(seed, index)
    assert scene.label == label
    recognizer = Recognizer()
    face = recognizer.check(scene.image, recognizer.candidates(scene.image)[0]).face
    unsure = SymbolReading("7", None, False, 0.0, 0.5, 0.02)
    p = recognizer.params
    assert two_digit_dare_by_recut(unsure, face.card, face.centre, face.ink, recognizer.profile.geometry,
                                   recognizer.profile.banks, p.symbols, p.corner_cuts) is None
    # The dare stays unread; the digit card is read only by its corner glyph's size and
    # place at the centre (vision.glare_glyph), not by its corners' number.
    assert recognizer.top_card(scene.image).label == (None if "dare" in label else label)
    off = replace(p, glare_glyph=replace(p.glare_glyph, enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None
