"""A dare both of whose corners print the dare word above the same number (corner_words)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import templates
from vision.corner_words import dare_by_corner_words, word_above_index
from vision.profile import default_profile
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)
UNSURE = SymbolReading("1", None, False, 0.0, 0.5, 0.02)


def corner(number: str, word: str | None = "DARE", size=(60, 64)) -> np.ndarray:
    """A corner's white marks, upright: the small word (when given) above the index."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(number, STYLE, 22)
    if word:
        mark = templates.stack(templates.text(word, STYLE, 8), mark, 4)
    mh, mw = mark.shape
    window[4:4 + mh, 4:4 + mw] = mark[:h - 4, :w - 4]
    return window


def test_a_word_above_the_index_is_measured_only_there():
    assert word_above_index(corner("7"), BANKS, PARAMS) >= PARAMS.corner_word_score
    assert word_above_index(corner("7", word=None), BANKS, PARAMS) == -1.0  # one line: the index
    assert word_above_index(None, BANKS, PARAMS) == -1.0
    assert word_above_index(np.zeros((64, 60), np.uint8), BANKS, PARAMS) == -1.0


def test_both_corners_words_and_one_number_make_a_dare():
    found = dare_by_corner_words(UNSURE, (corner("7"), corner("7")), BANKS, PARAMS)
    assert found is not None and (found.symbol, found.number) == ("dare", 7)
    assert found.confidence == PARAMS.corner_agreed


def test_one_corner_or_two_numbers_or_no_word_is_no_dare():
    # A digit card's corners print no word: its two 7s are no dare 7.
    assert dare_by_corner_words(UNSURE, (corner("7", None), corner("7", None)), BANKS, PARAMS) is None
    # One corner's word is not enough (a scratch over one corner could look like it).
    assert dare_by_corner_words(UNSURE, (corner("7"), corner("7", None)), BANKS, PARAMS) is None
    assert dare_by_corner_words(UNSURE, (corner("7"), None), BANKS, PARAMS) is None
    # The corners disagree on the number.
    assert dare_by_corner_words(UNSURE, (corner("7"), corner("4")), BANKS, PARAMS) is None
    # Off.
    off = replace(PARAMS, corner_word_score=0.0)
    assert dare_by_corner_words(UNSURE, (corner("7"), corner("7")), BANKS, off) is None


@pytest.mark.parametrize("seed, index, label", [
    (6, 1210, "green-dare-8"),  # a highlight paled the centre's 8; both corners print "DARE!" over 8
    (3, 1650, "red-dare-8"),    # the whole centre glared white
])
def test_a_glared_dare_is_read_by_its_corner_words(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label and scene.conditions["glare"] == "card"
    assert Recognizer().top_card(scene.image).label == label
    off = replace(RecognizerParams(), symbols=replace(SymbolParams(), corner_word_score=0.0))
    assert Recognizer(params=off).top_card(scene.image).label is None
