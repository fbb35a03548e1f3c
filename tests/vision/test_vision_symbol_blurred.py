"""Blurred digit cards (vision.blurred_digits, vision.symbol_ink, vision.symbols): a bold print that blur
spread into a blob is read by three measures of it agreeing (the print's grey core surely,
the face's ink and a chroma cut leaning to the same digit), and a corner index blurred shut
into a 0 is no vote against a sure centre 5, 6, 8 or 9 (nor two centre cuts agreeing)."""

import cv2
import numpy as np
import pytest

import vision.blurred_digits as blurred
import vision.symbol_ink as symbol_ink
from vision.mark_grey import GreyParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

BANKS = Recognizer().profile.banks
PARAMS = SymbolParams()
GREY = GreyParams()
UNSURE = SymbolReading("1", None, False, 0.1, score=0.8)


def scene(seed: int, index: int):
    kind, label, extra = scene_plan(seed, 2000)[index]
    return make_scene(np.random.default_rng([seed, index]), kind, label=label, **extra)


def drawn(text: str, at=(0.5, 0.5), size=(112, 174), thick=7, sigma=1.6):
    """A card-sized white centre with ``text`` printed bold in blue and blurred, and the
    face's cut of it: everything darker than the paper, grown by two pixels (a blurred
    print's fringe), so a 2's bays close up."""
    w, h = size
    card = np.full((h, w, 3), 235, np.uint8)
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, 1.8, thick)
    org = (int(at[0] * w - tw / 2), int(at[1] * h + th / 2))
    cv2.putText(card, text, org, cv2.FONT_HERSHEY_DUPLEX, 1.8, (190, 70, 20), thick, cv2.LINE_AA)
    card = cv2.GaussianBlur(card, (0, 0), sigma)
    ink = (card.min(axis=2) < 215).astype(np.uint8) * 255
    ink = cv2.dilate(ink, np.ones((5, 5), np.uint8))
    return card, ink


def test_a_blurred_digit_three_measures_agree_on_is_read():
    card, ink = drawn("2")
    got = blurred.digit_by_measures(UNSURE, ink, card, [ink], None, BANKS, PARAMS, GREY)
    assert got is not None and got.symbol == "2" and got.confidence == PARAMS.corner_agreed


def test_a_chroma_cut_reading_another_digit_names_nothing():
    card, ink = drawn("2")
    other = drawn("7")[1]
    assert blurred.digit_by_measures(UNSURE, ink, card, [other], None, BANKS, PARAMS, GREY) is None
    assert blurred.digit_by_measures(UNSURE, ink, card, [], None, BANKS, PARAMS, GREY) is None


def test_a_corner_reading_another_digit_vetoes(monkeypatch):
    card, ink = drawn("2")
    monkeypatch.setattr(blurred, "corner_digits", lambda corners, banks, params: {"7"})
    assert blurred.digit_by_measures(UNSURE, ink, card, [ink], ((),), BANKS, PARAMS, GREY) is None
    monkeypatch.setattr(blurred, "corner_digits", lambda corners, banks, params: {"2"})
    assert blurred.digit_by_measures(UNSURE, ink, card, [ink], ((),), BANKS, PARAMS, GREY) is not None


def test_a_digit_off_the_cards_middle_is_a_dares_number_and_off_is_off():
    card, ink = drawn("2", at=(0.5, 0.3))
    assert blurred.digit_by_measures(UNSURE, ink, card, [ink], None, BANKS, PARAMS, GREY) is None
    card, ink = drawn("2")
    off = SymbolParams(measures_core_score=0.0)
    assert blurred.digit_by_measures(UNSURE, ink, card, [ink], None, BANKS, off, GREY) is None


def test_a_corners_zero_is_no_vote_against_a_sure_five_six_eight_or_nine(monkeypatch):
    a, b = np.zeros((4, 4), np.uint8), np.ones((4, 4), np.uint8)
    monkeypatch.setattr(symbol_ink, "index_digit", lambda marks, banks, params: {"0"})
    for digit in "5689":
        assert not symbol_ink._corners_read_another(digit, True, (a, b), BANKS, PARAMS)
    assert symbol_ink._corners_read_another("3", True, (a, b), BANKS, PARAMS)
    assert symbol_ink._corners_read_another("6", False, (a, b), BANKS, PARAMS)  # a barely sure 6: still
    off = SymbolParams(corner_zero_closes="")
    assert symbol_ink._corners_read_another("6", True, (a, b), BANKS, off)
    monkeypatch.setattr(symbol_ink, "index_digit", lambda marks, banks, params: {"5"})
    assert symbol_ink._corners_read_another("6", True, (a, b), BANKS, PARAMS)


@pytest.mark.parametrize("seed, index, label", [
    (11, 90, "yellow-6"),    # the centre's 6 at 0.93, lead 0.27; both blurred corners a ring: 0
    (15, 1520, "green-8"),
    (16, 1934, "red-5"),     # glare: the cuts by colour and by local chroma a 5 at 0.96, 0.92; a corner 0
])
def test_blurred_sixes_and_eights_against_corners_read_zero(seed, index, label):
    sc = scene(seed, index)
    assert sc.label == label
    assert Recognizer().top_card(sc.image).label == label
    off = RecognizerParams(symbols=SymbolParams(corner_zero_closes=""))
    assert Recognizer(params=off).top_card(sc.image).label is None


@pytest.mark.parametrize("seed, index, label", [
    (9, 622, "yellow-2"),    # motion blur: the face's ink a 1 at 0.80, the 2 at 0.79; the core a 2 at 0.95
    (14, 369, "green-5"),    # the face's 5 has a hole (an 8's); the core reads 5 by 0.12
])
def test_blurred_digit_cards_read_by_three_measures(seed, index, label):
    sc = scene(seed, index)
    assert sc.label == label
    assert Recognizer().top_card(sc.image).label == label
    off = RecognizerParams(symbols=SymbolParams(measures_core_score=0.0))
    assert Recognizer(params=off).top_card(sc.image).label is None
