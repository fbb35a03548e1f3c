"""A wild card whose print the face's cut left out (a shadow over its centre makes the
print greyer than the border's white: "no mark in the centre") is read from its white
print cut within the centre (vision.reading.unmarked_wild); a card's back, a coloured
card and a wild with nothing printed stay unread."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.mark_grey import GreyParams
from vision.reading import NO_MARK
from vision.wild_looks import unmarked_wild
from vision.recognizer import Recognizer
from vision.synthetic.card import render_back, render_card
from vision.synthetic.style import CardStyle


def _shaded(face: np.ndarray, mask: np.ndarray, light: float) -> np.ndarray:
    """``face`` (a rendered card) with an oval shadow ``light`` times as bright over its
    centre, lying on a dark table."""
    h, w = face.shape[:2]
    shade = np.ones((h, w), np.float32)
    cv2.ellipse(shade, (w // 2, h // 2), (int(0.36 * w), int(0.3 * h)), 0, 0, 360, light, -1)
    shade = cv2.GaussianBlur(shade, (0, 0), 3)
    face = (face * shade[..., None]).astype(np.uint8)
    frame = np.full((h + 120, w + 160, 3), (40, 60, 70), np.uint8)
    window = frame[60:60 + h, 80:80 + w]
    window[mask > 0] = face[mask > 0]
    return frame


def _wild(label: str, light: float) -> np.ndarray:
    return _shaded(*render_card(label, CardStyle(), 224), light)


@pytest.mark.parametrize("label", ["wild-dare-7", "wild-dare-12"])
def test_a_wild_whose_print_the_shadow_greyed_is_read(label):
    frame = _wild(label, 0.6)
    r = Recognizer()
    candidate = r.candidates(frame)[0]
    # The face's own cut finds no print: it is the white-print reading that answers.
    assert r.check(frame, candidate).reason == NO_MARK
    assert r.read(frame, candidate).label == label
    assert r.top_card(frame).label == label


def test_a_wild_in_full_light_is_read_as_before():
    frame = _wild("wild-dare-7", 1.0)
    r = Recognizer()
    assert r.check(frame, r.candidates(frame)[0]).reason != NO_MARK
    assert r.top_card(frame).label == "wild-dare-7"


def test_a_wild_with_its_print_wiped_stays_unread():
    # The same card with its print painted over in the colours beside it: four colours,
    # nothing to read.
    face, mask = render_card("wild-dare-7", CardStyle(), 224)
    blank, _ = render_card("wild-dare-7", CardStyle(), 224)
    h, w = face.shape[:2]
    hsv = cv2.cvtColor(blank, cv2.COLOR_BGR2HSV)
    middle = np.zeros((h, w), np.uint8)
    cv2.ellipse(middle, (w // 2, h // 2), (int(0.3 * w), int(0.22 * h)), 0, 0, 360, 255, -1)
    print_px = (middle > 0) & (hsv[..., 1] < 90)
    painted = cv2.inpaint(blank, print_px.astype(np.uint8) * 255, 5, cv2.INPAINT_TELEA)
    frame = _shaded(painted, mask, 0.6)
    r = Recognizer()
    reading = r.read(frame, r.candidates(frame)[0])
    assert reading.label is None
    assert r.top_card(frame).label is None


def test_a_card_back_in_the_same_shadow_is_no_card():
    frame = _shaded(*render_back(CardStyle(), 224), 0.6)
    assert Recognizer().top_card(frame).label is None


def test_unmarked_wild_leaves_a_coloured_card_and_a_face_without_centre():
    frame = _shaded(*render_card("red-7", CardStyle(), 224), 0.6)
    r = Recognizer()
    face = r.check(frame, r.candidates(frame)[0]).face
    assert not face.is_wild
    assert unmarked_wild(face, r.profile.banks, r.params.symbols, GreyParams()) is None
    wild = r.check(_wild("wild-dare-7", 0.6), r.candidates(_wild("wild-dare-7", 0.6))[0]).face
    assert unmarked_wild(wild, r.profile.banks, r.params.symbols, GreyParams()).number == 7
    assert unmarked_wild(replace(wild, centre=None), r.profile.banks, r.params.symbols, GreyParams()) is None
