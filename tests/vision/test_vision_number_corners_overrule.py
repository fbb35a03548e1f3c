"""Both corner indices agreeing surely, each read apart, overrule a centre dare number read
short of sure (SymbolParams.corners_overrule): blur or glare over the centre turns a 14's 4
into a 0 there, not in both corners."""

from dataclasses import replace

import numpy as np

from vision.marks import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def test_two_sure_corners_overrule_an_unsure_centre_number():
    seed, index = 6, 1191  # a wild dare 14: the centre reads 10 at 0.66, both corners 14 surely
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == "wild-dare-14"
    assert SymbolParams().corners_overrule
    assert Recognizer().top_card(scene.image).label == "wild-dare-14"
    off = RecognizerParams(symbols=replace(SymbolParams(), corners_overrule=False))
    assert Recognizer(params=off).top_card(scene.image).label == "wild-dare"
