"""A Wild Dare whose black field reads as no card colour (glare or a lamp lifts it to grey)
is read again as a wild's black when its centre shows all four inks
(vision.wild_looks.grey_wild, RecognizerParams.wild_four_colours), and answers only as a
sure dare's number; a pale coloured card, a grey card's back and a grey field whose
centre holds no print stay "no card"."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.reading import FIELD_NO_COLOUR
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.card import render_back, render_card
from vision.synthetic.style import CardStyle
from vision.wild_looks import four_colours, four_in_middle


def _regions(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """The field inside the border, and the centre oval (tilted as the default style's)."""
    field = np.zeros((h, w), bool)
    b = int(0.06 * w)
    field[b:h - b, b:w - b] = True
    oval = np.zeros((h, w), np.uint8)
    cv2.ellipse(oval, (w // 2, h // 2), (int(0.42 * w), int(0.34 * h)), 35, 0, 360, 1, -1)
    return field, oval > 0


def _on_table(face: np.ndarray, mask: np.ndarray) -> np.ndarray:
    h, w = face.shape[:2]
    frame = np.full((h + 120, w + 160, 3), (40, 60, 70), np.uint8)
    window = frame[60:60 + h, 80:80 + w]
    window[mask > 0] = face[mask > 0]
    return frame


def _greyed(face: np.ndarray, mask: np.ndarray, grey=(150, 155, 160)) -> np.ndarray:
    """The card with its black field (off the centre) lifted to ``grey`` (BGR)."""
    field, oval = _regions(*face.shape[:2])
    face = face.copy()
    face[(face.max(axis=2) < 70) & field & ~oval] = grey
    return _on_table(face, mask)


@pytest.mark.parametrize("label", ["wild-dare-6", "wild-dare-12"])
@pytest.mark.parametrize("grey", [(140, 140, 140), (130, 140, 150)])
def test_a_wild_whose_field_glare_greyed_is_read(label, grey):
    frame = _greyed(*render_card(label, CardStyle(), 224), grey)
    r = Recognizer()
    assert r.check(frame, r.candidates(frame)[0]).reason == FIELD_NO_COLOUR
    assert r.top_card(frame).label == label
    off = Recognizer(params=replace(RecognizerParams(), wild_four_colours=0.0))
    assert off.top_card(frame).label is None


def test_a_pale_coloured_dare_stays_no_card():
    face, mask = render_card("green-dare-12", CardStyle(), 224)
    field, oval = _regions(*face.shape[:2])
    f = face.astype(np.float32)
    washed = 0.15 * f + 0.85 * f.mean(axis=2, keepdims=True) + 40
    f[field & ~oval] = washed[field & ~oval]
    frame = _on_table(np.clip(f, 0, 255).astype(np.uint8), mask)
    r = Recognizer()
    assert r.check(frame, r.candidates(frame)[0]).reason == FIELD_NO_COLOUR
    assert r.top_card(frame).label is None


def test_a_greyed_card_back_stays_no_card():
    frame = _greyed(*render_back(CardStyle(), 224))
    assert Recognizer().top_card(frame).label is None


def test_a_greyed_wild_without_print_stays_no_card():
    face, mask = render_card("wild-dare-6", CardStyle(), 224)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    field, oval = _regions(*face.shape[:2])
    print_px = field & oval & (hsv[..., 1] < 90)
    wiped = cv2.inpaint(face, print_px.astype(np.uint8) * 255, 7, cv2.INPAINT_TELEA)
    frame = _greyed(wiped, mask)
    assert Recognizer().top_card(frame).label is None


def test_four_colours_tells_a_wild_centre_from_a_coloured_one_and_a_back():
    r = Recognizer()
    p, hues = r.params, r.profile.hues

    def face_of(frame):
        return r.check(frame, r.candidates(frame)[0]).face

    wild = face_of(_on_table(*render_card("wild-dare-6", CardStyle(), 224)))
    assert four_colours(wild, hues, p.wild_paint_saturation) >= p.wild_four_colours
    red = face_of(_on_table(*render_card("red-dare-6", CardStyle(), 224)))
    assert four_colours(red, hues, p.wild_paint_saturation) < p.wild_four_colours
    assert four_colours(replace(wild, centre=None), hues, p.wild_paint_saturation) == 0.0
    assert four_in_middle(wild.card, hues, p.wild_paint_saturation) >= p.wild_four_colours / 2
    assert four_in_middle(red.card, hues, p.wild_paint_saturation) < p.wild_four_colours / 2
