"""A 6 blurred bold reads as a 4 (its bowl fills into a 4's triangle): a dare number 14
whose 4 leads a 6 narrowly needs a corner index (SymbolParams.four_six_lead). Development
scenes where the rule decides, each checked with it off (the wrong answer it stops)."""

from dataclasses import replace

import numpy as np
import pytest

from vision.number_rows import filled_six
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan


def _scene(seed: int, index: int):
    kind, label, extra = scene_plan(seed, index + 1)[index]
    return kind, make_scene(np.random.default_rng([seed, index]), kind, label=label, **extra)


def _with(**changes) -> Recognizer:
    base = RecognizerParams()
    return Recognizer(params=replace(base, symbols=replace(base.symbols, **changes)))


@pytest.mark.parametrize("seed, index, label", [
    (13, 1812, "yellow-dare-16"),  # a single card
    (12, 642, "green-dare-10"),    # a pile's top card
])
def test_a_narrow_4_without_a_corner_leaves_the_dare_unnumbered(seed, index, label):
    _, scene = _scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label.rsplit("-", 1)[0]
    assert _with(four_six_lead=0.0).top_card(scene.image).label == label.rsplit("-", 1)[0] + "-14"


def test_a_spread_10_read_14_is_left_unnumbered():
    kind, scene = _scene(11, 1201)
    assert kind == "spread"
    answers = sorted(str(s.label) for s in Recognizer().all_cards(scene.image))
    assert answers == ["green-dare", "yellow-dare-13"]
    unguarded = _with(four_six_lead=0.0)
    assert "green-dare-14" in {s.label for s in unguarded.all_cards(scene.image)}


def test_filled_six_asks_the_last_characters_lead_over_a_6():
    params = SymbolParams()
    narrow = {"scores": [{"1": 0.9}, {"4": 0.85, "6": 0.8}]}
    clear = {"scores": [{"1": 0.9}, {"4": 0.9, "6": 0.7}]}
    assert filled_six(14, narrow, params)
    assert not filled_six(4, {"scores": [{"4": 0.85, "6": 0.8}]}, params)  # a one-digit 4 is not asked
    assert not filled_six(14, clear, params)
    assert not filled_six(16, narrow, params)  # only a 14 is asked
    assert not filled_six(14, {}, params)  # characters not all scored: nothing to ask
    assert not filled_six(14, narrow, replace(params, four_six_lead=0.0))
