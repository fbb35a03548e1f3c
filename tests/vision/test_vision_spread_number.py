"""A spread dare read without its number takes the number its sharpened looks agree on
(vision.spread_number): 4 of the 5 looks must read it, and none another number or card.
Only all_cards asks: the top card is read as before."""

from dataclasses import replace

import numpy as np

from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams
from vision.spread_number import SpreadNumberParams, agreed_number, bare_dare, numbered_by_looks

from visionkit import dev_scene


def test_bare_dare_is_a_dare_label_without_number():
    assert bare_dare("green-dare") and bare_dare("wild-dare")
    assert not bare_dare("green-dare-12") and not bare_dare("green-5") and not bare_dare(None)


def test_agreed_number_needs_enough_looks_one_number_and_the_same_dare():
    assert agreed_number("red-dare", ["red-dare-4", "red-dare", "red-dare-4", None], 2) == "red-dare-4"
    assert agreed_number("red-dare", ["red-dare-4", "red-dare", None], 2) is None
    assert agreed_number("red-dare", ["red-dare-4", "red-dare-7", "red-dare-4"], 2) is None
    assert agreed_number("red-dare", ["blue-dare-4", "blue-dare-4"], 2) is None
    assert agreed_number("red-dare", ["red-dare-4", "red-5", "red-dare-4"], 2) is None
    assert agreed_number("red-dare", ["red-dare", "red-dare"], 1) is None
    assert agreed_number("wild-dare", ["wild-dare-13"] * 4, 4) == "wild-dare-13"


class _Candidate:
    card = np.array([[10, 10], [30, 10], [30, 40], [10, 40]], np.float32)


def _reading(label, confidence=0.95):
    return CardReading(_Candidate(), None, True, label, confidence, _Candidate.card, "")


def test_numbered_by_looks_answers_the_agreed_number_only():
    frame = np.zeros((60, 60, 3), np.uint8)
    params = SpreadNumberParams(looks=((1.0, 1.0), (1.0, 1.5), (2.0, 2.0)), agree=2)
    bare = _reading("red-dare")
    answers = iter(["red-dare-4", "red-dare", "red-dare-4"])
    assert numbered_by_looks(frame, bare, lambda f: _reading(next(answers)), params).label == "red-dare-4"
    answers = iter(["red-dare-4", "red-dare-8", "red-dare-4"])
    assert numbered_by_looks(frame, bare, lambda f: _reading(next(answers)), params) is bare
    # Looks short of sure do not count; agreeing no surer than one_sure is not enough.
    sure = iter([0.95, 0.5, 0.5])
    assert numbered_by_looks(frame, bare, lambda f: _reading("red-dare-4", next(sure)), params) is bare
    assert numbered_by_looks(frame, bare, lambda f: _reading("red-dare-4", 0.85), params) is bare
    # A card read with its number, or any other, is not looked at again.
    for checked in (_reading("red-dare-4"), _reading("red-5"), _reading(None)):
        assert numbered_by_looks(frame, checked, lambda f: _reading("red-dare-9"), params) is checked
    off = replace(params, looks=())
    assert numbered_by_looks(frame, bare, lambda f: _reading("red-dare-4"), off) is bare


def _labels(scene, params=RecognizerParams()):
    return [s.label for s in Recognizer(params=params).all_cards(scene.image)]


def test_a_blurred_spread_dare_takes_the_number_its_looks_agree_on():
    scene = dev_scene(1, 56)  # a spread of 4: the green dare 12 read without number
    truth = [label for label, _ in scene.cards]
    assert "green-dare-12" in truth
    off = replace(RecognizerParams(), spread_number=SpreadNumberParams(looks=()))
    assert "green-dare" in _labels(scene, off)
    labels = _labels(scene)
    assert "green-dare-12" in labels and "green-dare" not in labels
    assert all(label in truth for label in labels)


def test_a_number_only_three_looks_read_is_not_taken():
    scene = dev_scene(5, 1319)  # the blue dare 5: three looks read 6, two no number
    truth = [label for label, _ in scene.cards]
    assert "blue-dare-5" in truth
    labels = _labels(scene)
    assert "blue-dare" in labels and "blue-dare-6" not in labels
    three = replace(RecognizerParams(), spread_number=SpreadNumberParams(agree=3))
    assert "blue-dare-6" in _labels(scene, three)
