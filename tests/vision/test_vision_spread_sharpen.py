"""A spread hand's card its own read leaves unread (blur) is read again with its print
sharpened, at several strengths; it answers only when every strength that reads agrees
(vision.spread_sharpen). Only all_cards asks: the top card is read as before."""

from dataclasses import replace

import cv2
import numpy as np

from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams
from vision.spread_sharpen import SpreadSharpenParams, agreed_label, new_fields, sharpened, sharpened_reading

from visionkit import dev_scene


def test_agreed_label_needs_enough_looks_and_no_other_label():
    assert agreed_label(["red-5", None, "red-5"], 2) == "red-5"
    assert agreed_label(["red-5", None, None], 2) is None
    assert agreed_label(["red-5", "red-6", "red-5"], 2) is None
    assert agreed_label([None, None], 1) is None


def test_agreed_label_takes_a_dare_number_over_its_unnumbered_reads_but_not_two_numbers():
    assert agreed_label(["blue-dare", "blue-dare-2", "blue-dare-2"], 2) == "blue-dare-2"
    assert agreed_label(["blue-dare", "blue-dare-2", None], 2) is None
    assert agreed_label(["blue-dare-2", "blue-dare-4", "blue-dare-2"], 2) is None
    assert agreed_label(["blue-dare", "blue-dare"], 2) == "blue-dare"
    assert agreed_label(["blue-dare-2", "green-dare", "blue-dare-2"], 2) is None
    assert agreed_label(["wild-dare-13", "wild-dare", "wild-dare-13"], 2) == "wild-dare-13"


def test_sharpened_works_on_the_box_round_the_quad_only():
    frame = np.full((60, 80, 3), 100, np.uint8)
    cv2.rectangle(frame, (20, 20), (40, 40), (200, 200, 200), -1)
    frame = cv2.GaussianBlur(frame, (0, 0), 2.0)
    quad = np.array([[20, 20], [40, 20], [40, 40], [20, 40]], np.float32)
    out = sharpened(frame, quad, 2.0, 2.0, 4)
    assert out is not frame and (out[:, 46:] == frame[:, 46:]).all()
    # The edge's contrast rises: darker just outside, brighter just inside.
    assert int(out[30, 17, 0]) < int(frame[30, 17, 0])
    assert int(out[30, 22, 0]) > int(frame[30, 22, 0])


class _Candidate:
    card = np.array([[10, 10], [30, 10], [30, 40], [10, 40]], np.float32)


def _reading(label, confidence=0.95, is_card=True):
    return CardReading(_Candidate(), None, is_card, label, confidence, _Candidate.card, "" if label else "unsure")


def test_sharpened_reading_answers_the_agreed_label_only():
    frame = np.zeros((60, 60, 3), np.uint8)
    unread = _reading(None)
    params = SpreadSharpenParams(looks=((1.0, 1.0), (1.0, 1.5), (2.0, 2.0)), agree=2)
    answers = iter(["red-5", None, "red-5"])
    assert sharpened_reading(frame, unread, lambda f: _reading(next(answers)), params).label == "red-5"
    answers = iter(["red-5", "red-6", "red-5"])
    assert sharpened_reading(frame, unread, lambda f: _reading(next(answers)), params) is unread
    # A read short of sure is no read.
    sure = iter([0.95, 0.5, 0.95])
    assert sharpened_reading(frame, unread, lambda f: _reading("red-5", next(sure)), params).label == "red-5"
    sure = iter([0.95, 0.5, 0.5])
    assert sharpened_reading(frame, unread, lambda f: _reading("red-5", next(sure)), params) is unread
    # Agreeing only as surely as a cut a corner index backs (0.85) is not enough.
    assert sharpened_reading(frame, unread, lambda f: _reading("red-5", 0.85), params) is unread
    # A card read already, or no card, is not looked at again.
    read = _reading("red-5")
    assert sharpened_reading(frame, read, lambda f: _reading("red-6"), params) is read
    back = _reading(None, 0.0, is_card=False)
    assert sharpened_reading(frame, back, lambda f: _reading("red-6"), params) is back
    off = replace(params, looks=())
    assert sharpened_reading(frame, unread, lambda f: _reading("red-6"), off) is unread


def test_a_blurred_spread_card_reads_sharpened():
    scene = dev_scene(1, 476)  # a spread of 3, motion blur: the yellow dare 11 read unsure
    truth = [label for label, _ in scene.cards]
    assert "yellow-dare-11" in truth
    plain = Recognizer(params=replace(RecognizerParams(), spread_sharpen=SpreadSharpenParams(looks=())))
    assert "yellow-dare-11" not in [s.label for s in plain.all_cards(scene.image)]
    labels = [s.label for s in Recognizer().all_cards(scene.image)]
    assert "yellow-dare-11" in labels
    assert all(label in truth for label in labels)


class _Quad:
    def __init__(self, x, y, w=10, h=14):
        self.card = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def test_new_fields_are_those_whose_centre_lies_in_no_field_found():
    found = [_Quad(0, 0)]
    same, beside, beside_again = _Quad(1, 1), _Quad(30, 0), _Quad(31, 1)
    assert new_fields(found, [same, beside, beside_again]) == [beside]
    assert new_fields([], [same]) == [same]


def test_a_blurred_spread_card_the_search_missed_is_found_on_the_frame_sharpened():
    scene = dev_scene(6, 1715)  # a spread of 7, gauss blur: the red dare 8 no field found
    truth = [label for label, _ in scene.cards]
    assert "red-dare-8" in truth
    once = Recognizer(params=replace(RecognizerParams(),
                                     spread_sharpen=replace(SpreadSharpenParams(), search=None)))
    assert "red-dare-8" not in [s.label for s in once.all_cards(scene.image)]
    labels = [s.label for s in Recognizer().all_cards(scene.image)]
    assert "red-dare-8" in labels
    assert all(label in truth for label in labels) and len(set(labels)) == len(labels)


def test_a_field_only_the_sharpened_search_found_answers_only_when_plain_and_looks_agree():
    frame = np.zeros((60, 60, 3), np.uint8)
    params = SpreadSharpenParams(looks=((1.0, 1.0), (1.0, 1.5)), agree=2)
    plain = _reading("red-2", 0.97)
    answers = iter(["red-2", "red-1"])
    out = sharpened_reading(frame, plain, lambda f: _reading(next(answers)), params, sharpened_search=True)
    assert out.label is None and out.is_card
    answers = iter(["red-2", None])
    assert sharpened_reading(frame, plain, lambda f: _reading(next(answers)), params,
                             sharpened_search=True).label == "red-2"
    # A dare the plain read left unnumbered takes the number the looks agree on.
    bare = _reading("red-dare", 0.99)
    assert sharpened_reading(frame, bare, lambda f: _reading("red-dare-4"), params,
                             sharpened_search=True).label == "red-dare-4"
    # The first search's fields keep their plain read.
    assert sharpened_reading(frame, plain, lambda f: _reading("red-1"), params) is plain
