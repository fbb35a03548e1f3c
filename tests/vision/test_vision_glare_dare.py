"""A glared coloured dare numbered by one corner's two-digit index (vision.glare_dare)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import templates
from vision.glare_cut import GlareCutParams, glare_spot
from vision.glare_dare import (GlareDareParams, dare_by_glare_corner, line_fit, number_line_glyph,
                               one_two_digit_number)
from vision.indices import CornerIndices
from vision.profile import default_profile
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

PARAMS = SymbolParams()
BANKS = default_profile().banks
GLARE = GlareDareParams()
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)
UNSURE = SymbolReading("3", None, False, 0.0, 0.45, 0.02)
H, W = 348, 224
PAPER = 200


def corner(number: str, size=(70, 64)) -> np.ndarray:
    """A corner's white marks, upright: the index alone."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    if number:
        mark = templates.text(number, STYLE, 22)
        window[4:4 + mark.shape[0], 4:4 + mark.shape[1]] = mark
    return window


def paste(canvas: np.ndarray, mark: np.ndarray, centre: tuple) -> None:
    y0, x0 = int(centre[1] - mark.shape[0] / 2), int(centre[0] - mark.shape[1] / 2)
    canvas[y0:y0 + mark.shape[0], x0:x0 + mark.shape[1]] |= mark


def card(number: str, print_number: bool = True, glare_at=(W // 2, int(H / 2 + 0.07 * H)), glare_r=30):
    """A green dare's BGR, centre and ink: its number (2 times the corner's line) above the
    middle, its word below, a glare spot washing the word white (lost to the face's ink).
    Without ``print_number`` the centre shows a digit card's big 8 at the middle instead."""
    bgr = np.zeros((H, W, 3), np.uint8)
    bgr[:] = (60, 170, 40)
    centre = np.zeros((H, W), np.uint8)
    cv2.ellipse(centre, (W // 2, H // 2), (95, 150), 0, 0, 360, 255, -1)
    bgr[centre > 0] = PAPER
    ink = np.zeros((H, W), np.uint8)
    if print_number:
        line = number_line_glyph(corner(number))
        big = cv2.resize(line, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
        paste(ink, np.where(big > 127, 255, 0).astype(np.uint8), (W / 2, H / 2 - 0.08 * H))
        word = cv2.dilate(templates.text("DARE", STYLE, 22), np.ones((3, 3), np.uint8))
        paste(ink, word, (W / 2, H / 2 + 0.07 * H))
    else:
        big = cv2.resize(templates.text("8", STYLE, 22), None, fx=3.0, fy=3.0, interpolation=cv2.INTER_LINEAR)
        paste(ink, np.where(big > 127, 255, 0).astype(np.uint8), (W / 2, H / 2))
    spot = np.zeros((H, W), np.uint8)
    cv2.circle(spot, glare_at, glare_r, 255, -1)
    spot &= centre
    bgr[spot > 0] = 255
    ink[spot > 0] = 0
    bgr[ink > 0] = (60, 170, 40)
    return bgr, centre, ink


def test_the_corners_one_two_digit_number_and_whether_the_other_backs_it():
    read = lambda a, b: one_two_digit_number(CornerIndices((corner(a), corner(b)), BANKS, PARAMS), GLARE)
    assert read("12", "12") == (12, 0, True)
    assert read("", "13") == (13, 1, False)  # the other corner shows no index
    assert read("12", "13") is None  # two numbers
    assert read("7", "7") is None  # one digit: a digit card's corners print it too
    assert read("12", "7") is None  # the other corner reads another number surely


def test_a_glared_dare_is_numbered_by_one_corner_and_its_centres_print():
    bgr, centre, ink = card("12")
    spot = glare_spot(bgr, centre, GlareCutParams(lift=GLARE.lift))
    assert line_fit(bgr, centre, ink, spot, number_line_glyph(corner("12")), GLARE).score > 0.9
    found = dare_by_glare_corner(UNSURE, bgr, centre, ink, (corner("12"), corner("")), BANKS, PARAMS, GLARE)
    assert found is not None and (found.symbol, found.number) == ("dare", 12)
    assert found.confidence == PARAMS.corner_agreed
    # Both corners reading it: the second corner is the second cue.
    found = dare_by_glare_corner(UNSURE, bgr, centre, ink, (corner("12"), corner("12")), BANKS, PARAMS, GLARE)
    assert found is not None and found.number == 12


def test_one_corner_alone_or_no_glare_or_off_is_no_dare():
    corners = (corner("12"), corner(""))
    # The centre shows no number at a dare's place: one corner alone does not answer.
    bgr, centre, ink = card("12", print_number=False)
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    spot = glare_spot(bgr, centre, GlareCutParams(lift=GLARE.lift))
    assert line_fit(bgr, centre, ink, spot, number_line_glyph(corners[0]), GLARE).score < 0.3
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS,
                                replace(GLARE, min_fit=0.0, min_seen=0.0)) is not None
    # No glare spot: the centre's reading stands as it is.
    bgr, centre, ink = card("12", glare_r=0)
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    bgr, centre, ink = card("12")
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS,
                                replace(GLARE, enabled=False)) is None
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, (corner("12"), corner("13")), BANKS, PARAMS,
                                GLARE) is None


def test_the_rule_has_its_params_in_the_recognisers():
    assert RecognizerParams().glare_dare == GlareDareParams()


@pytest.mark.parametrize("seed, index, label", [
    (13, 1389, "yellow-dare-13"),  # one corner reads 13; the centre's unglared print fits it (0.78)
    (10, 1489, "blue-dare-14"),  # both corners read 14; the face's ink likest a 9
])
def test_a_glared_dare_in_a_scene_is_numbered_by_its_corner(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label and scene.conditions["glare"] == "card"
    assert Recognizer().top_card(scene.image).label == label
    off = replace(RecognizerParams(), glare_dare=replace(GlareDareParams(), enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


def test_two_corners_leaning_to_one_number_need_the_centres_fit():
    # This drawn 16 reads likeliest 16 at 0.71, short of sure, in either corner.
    indices = CornerIndices((corner("16"), corner("16")), BANKS, PARAMS)
    assert not indices.numbers()
    found = one_two_digit_number(indices, GLARE)
    assert found is not None and found[0] == 16 and not found[2]
    assert one_two_digit_number(CornerIndices((corner("16"), corner("")), BANKS, PARAMS), GLARE) is None
    bgr, centre, ink = card("16")
    found = dare_by_glare_corner(UNSURE, bgr, centre, ink, (corner("16"), corner("16")), BANKS, PARAMS, GLARE)
    assert found is not None and found.number == 16
    bgr, centre, ink = card("16", print_number=False)
    assert dare_by_glare_corner(UNSURE, bgr, centre, ink, (corner("16"), corner("16")), BANKS, PARAMS,
                                GLARE) is None
    assert one_two_digit_number(indices, replace(GLARE, both_lean=0.0)) is None
    # Leaning too faintly is no cue (a blurred 13 leaning 11 at 0.05): here 0.71 short of 0.8.
    assert one_two_digit_number(indices, replace(GLARE, both_lean=0.8)) is None
