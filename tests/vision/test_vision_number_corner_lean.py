"""One corner index reading another number surely does not veto a dare the centre's colour
cut reads fully surely with its number, when the other corner's likeliest reading is that
number too (SymbolParams.corner_lean): two readings of their own pixels against one."""

from dataclasses import replace

import numpy as np

from vision.marks import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def test_a_corner_leaning_to_the_centres_number_outvotes_the_other_corner():
    seed, index = 1, 984  # a red dare 12: the centre's colour cut reads 12, one corner 11, the other leans to 12
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == "red-dare-12"
    assert SymbolParams().corner_lean
    assert Recognizer().top_card(scene.image).label == "red-dare-12"
    off = RecognizerParams(symbols=replace(SymbolParams(), corner_lean=0.0))
    assert Recognizer(params=off).top_card(scene.image).label == "red-dare"
