"""A centre cut reading a dare without its number does not veto two cuts agreeing on the
dare and its number (GreyParams.unnumbered_agrees, on): under blur or glare one measure of
the print loses the number's strokes into the word, the other two still read them."""

from functools import partial

import numpy as np

import vision.card_reader as card_reader_module
from vision.mark_grey import GreyParams
from vision.recognizer import Recognizer
from vision.symbols import read_symbol
from vision.synthetic.scene import make_scene, scene_plan


def test_two_cuts_reading_the_dare_and_its_number_outweigh_one_without_it(monkeypatch):
    seed, index = 3, 739  # a yellow dare 12: one cut reads "dare" alone, two read dare 12
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == "yellow-dare-12"
    assert GreyParams().unnumbered_agrees
    assert Recognizer().top_card(scene.image).label == "yellow-dare-12"
    monkeypatch.setattr(card_reader_module, "read_symbol",
                        partial(read_symbol, grey=GreyParams(unnumbered_agrees=False)))
    assert Recognizer().top_card(scene.image).label is None
