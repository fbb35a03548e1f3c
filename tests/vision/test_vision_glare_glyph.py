"""A glared digit card read by its corner glyph at the centre's size and place (vision.glare_glyph)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import templates
from vision.glare_glyph import GlareGlyphParams, corner_glyph, digit_by_glare_glyph, glyph_fit
from vision.profile import default_profile
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

PARAMS = SymbolParams()
BANKS = default_profile().banks
GLARE = GlareGlyphParams()
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)
UNSURE = SymbolReading("7", None, False, 0.0, 0.5, 0.02)
H, W = 348, 224
PAPER = 200


def corner(digit: str, size=(60, 64)) -> np.ndarray:
    """A corner's white marks, upright: the index alone (a digit card's corner)."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(digit, STYLE, 22)
    window[4:4 + mark.shape[0], 4:4 + mark.shape[1]] = mark
    return window


def paste(canvas: np.ndarray, mark: np.ndarray, centre: tuple) -> None:
    y0, x0 = int(centre[1] - mark.shape[0] / 2), int(centre[0] - mark.shape[1] / 2)
    canvas[y0:y0 + mark.shape[0], x0:x0 + mark.shape[1]] |= mark


def card(digit: str, dare: bool, glare_at=(140, 150), glare_r=20):
    """A yellow card's BGR, centre and ink: a digit card's big digit at the middle (3.1
    times the corner's glyph), or a dare's smaller number (2 times) above the middle with
    its word below; a glare spot washes the centre white at ``glare_at``, and the strokes
    under it are lost to the face's ink."""
    bgr = np.zeros((H, W, 3), np.uint8)
    bgr[:] = (0, 200, 230)
    centre = np.zeros((H, W), np.uint8)
    cv2.ellipse(centre, (W // 2, H // 2), (95, 150), 0, 0, 360, 255, -1)
    bgr[centre > 0] = PAPER
    glyph = corner_glyph(corner(digit))
    ink = np.zeros((H, W), np.uint8)
    if dare:
        number = cv2.resize(glyph, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
        paste(ink, np.where(number > 127, 255, 0).astype(np.uint8), (W / 2, H / 2 - 0.08 * H))
        word = cv2.dilate(templates.text("DARE", STYLE, 22), np.ones((3, 3), np.uint8))
        paste(ink, word, (W / 2, H / 2 + 0.07 * H))
    else:
        big = cv2.resize(glyph, None, fx=3.1, fy=3.1, interpolation=cv2.INTER_LINEAR)
        paste(ink, np.where(big > 127, 255, 0).astype(np.uint8), (W / 2 + 3, H / 2 + 4))
    spot = np.zeros((H, W), np.uint8)
    cv2.circle(spot, glare_at, glare_r, 255, -1)
    spot &= centre
    bgr[spot > 0] = 255
    ink[spot > 0] = 0
    bgr[ink > 0] = (0, 200, 230)
    return bgr, centre, ink


def test_the_glyph_fits_at_its_own_size_and_place_only():
    glyph = corner_glyph(corner("2"))
    ink = np.zeros((H, W), bool)
    paste_at = cv2.resize(glyph, None, fx=3.0, fy=3.0) > 127
    y0, x0 = H // 2 - paste_at.shape[0] // 2, W // 2 - paste_at.shape[1] // 2
    ink[y0:y0 + paste_at.shape[0], x0:x0 + paste_at.shape[1]] = paste_at
    seen = np.ones((H, W), bool)
    shifts = np.arange(-0.03, 0.031, 0.01)
    at_scale = glyph_fit(ink, seen, glyph, np.array([3.0]), shifts, shifts, False)
    too_small = glyph_fit(ink, seen, glyph, np.array([2.0]), shifts, shifts, False)
    off_middle = glyph_fit(ink, seen, glyph, np.array([3.0]), np.array([0.12]), np.array([0.0]), False)
    assert at_scale.score > 0.9 and at_scale.seen == 1.0  # the 1%-of-height grid misses by a pixel
    assert too_small.score < 0.85 and off_middle.score < 0.5
    # Only the seen pixels vote: half the card hidden, the fit stays whole, half the glyph seen.
    seen[:H // 2] = False
    half = glyph_fit(ink, seen, glyph, np.array([3.0]), shifts, shifts, False)
    assert half.score > 0.9 and 0.3 < half.seen < 0.7


def test_a_glared_digit_card_reads_its_corners_digit():
    bgr, centre, ink = card("2", dare=False)
    found = digit_by_glare_glyph(UNSURE, bgr, centre, ink, (corner("2"), corner("2")), BANKS, PARAMS, GLARE)
    assert found is not None and (found.symbol, found.number, found.flipped) == ("2", None, False)
    assert found.confidence == PARAMS.corner_agreed


def test_a_glared_dare_or_one_corner_or_no_glare_is_no_digit():
    corners = (corner("2"), corner("2"))
    # A dare's smaller number above the middle, its word below: the digit card's fit trails.
    bgr, centre, ink = card("2", dare=True)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    # The dare with its word glared away still has its number at a dare's size and place.
    bgr, centre, ink = card("2", dare=True, glare_at=(W // 2, int(H / 2 + 0.09 * H)), glare_r=24)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    bgr, centre, ink = card("2", dare=False)
    # One corner alone, or the corners disagreeing.
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, (corner("2"), None), BANKS, PARAMS, GLARE) is None
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, (corner("2"), corner("3")), BANKS, PARAMS,
                                GLARE) is None
    # Too little of the glyph unglared to judge.
    bgr, centre, ink = card("2", dare=False, glare_at=(W // 2, H // 2), glare_r=60)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    # A spot off most of the mark (the digit's glyph 86% seen): the glare did not leave it unread.
    bgr, centre, ink = card("2", dare=False, glare_at=(150, 110), glare_r=38)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS,
                                replace(GLARE, max_seen=1.0)) is not None
    # No glare spot: the centre's reading stands as it is.
    bgr, centre, ink = card("2", dare=False, glare_r=0)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, GLARE) is None
    # Off.
    bgr, centre, ink = card("2", dare=False)
    off = replace(GLARE, enabled=False)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, corners, BANKS, PARAMS, off) is None


@pytest.mark.parametrize("seed, index, label", [
    (9, 43, "yellow-2"),   # a highlight over the 2's middle; both corners read 2
    (11, 1178, "blue-3"),  # a highlight over the 3's left half
])
def test_a_glared_digit_card_is_read_by_its_corner_glyph(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label and scene.conditions["glare"] == "card"
    assert Recognizer().top_card(scene.image).label == label
    off = replace(RecognizerParams(), glare_glyph=replace(GlareGlyphParams(), enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


def test_a_blurred_card_the_glare_missed_is_not_read_by_its_corner_blobs():
    # Fresh seed 19: a small blurred yellow 5 in a spread, no glare on it; its corners' blobs
    # read 0 and the 0's blob fits the centre's blurred 5 at 0.90, with 97% of it "seen"
    # beside a faint spot: the glare is not over the mark (and a 0 never counts).
    kind, plan_label, extra = scene_plan(19, 2000)[531]
    scene = make_scene(np.random.default_rng([19, 531]), kind, label=plan_label, **extra)
    assert "yellow-5" in [label for label, _ in scene.cards]
    labels = [s.label for s in Recognizer().all_cards(scene.image)]
    assert "yellow-0" not in labels


def test_a_zero_is_never_read_by_its_corner_glyph():
    # A small card's blurred corner mark of any kind closes into a blob that reads 0.
    bgr, centre, ink = card("0", dare=False)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, (corner("0"), corner("0")), BANKS, PARAMS, GLARE) is None
    bgr, centre, ink = card("6", dare=False)
    assert digit_by_glare_glyph(UNSURE, bgr, centre, ink, (corner("6"), corner("6")), BANKS, PARAMS,
                                GLARE) is not None
