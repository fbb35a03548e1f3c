"""A dare whose centre reads no number takes the one a corner index reads surely when the
other corner's likeliest reading is the same, at least half surely (SymbolParams.corner_second):
glare over the print left the centre's number unread, blur the second corner half sure."""

from dataclasses import replace

import numpy as np

from vision.marks import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def test_a_half_sure_corner_seconds_the_other_corners_sure_number():
    seed, index = 3, 105  # a green dare 8 under glare: the centre reads no number, the corners 8 (1.0 and 0.77)
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == "green-dare-8"
    assert SymbolParams().corner_second
    assert Recognizer().top_card(scene.image).label == "green-dare-8"
    off = RecognizerParams(symbols=replace(SymbolParams(), corner_second=0.0))
    assert Recognizer(params=off).top_card(scene.image).label == "green-dare"
