"""A digit card whose centre a highlight left unsure is the digit both corner indices read
on their own, when the centre's mark (one line in the card's middle) matches that digit as
well as anything and no mark is likelier a dare (vision.corner_ties): the corners choose
between the centre's closest symbols, never against the centre, and never alone."""

import cv2
import numpy as np
import pytest

import vision.corner_ties as ties
from vision.glare_digit import GlareDigitParams
from vision.glare_glyph import GlareGlyphParams
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.synthetic.scene import make_scene, scene_plan

BANKS = Recognizer().profile.banks
PARAMS = SymbolParams()
UNSURE = SymbolReading("7", None, False, 0.0, score=0.5)


def mark(text: str, at=(0.5, 0.5), size=(112, 174)) -> np.ndarray:
    """``text`` drawn white on black, its box centred at ``at`` (shares of the width, height)."""
    w, h = size
    out = np.zeros((h, w), np.uint8)
    scale, thick = 1.6, 5
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, thick)
    x, y = int(at[0] * w - tw / 2), int(at[1] * h + th / 2)
    cv2.putText(out, text, (x, y), cv2.FONT_HERSHEY_DUPLEX, scale, 255, thick, cv2.LINE_AA)
    return (out > 127).astype(np.uint8) * 255


def corners_reading(monkeypatch, first: set, second: set):
    """Two corners whose indices read ``first`` and ``second``."""
    a, b = np.zeros((4, 4), np.uint8), np.ones((4, 4), np.uint8)
    monkeypatch.setattr(ties, "index_digit", lambda marks, banks, params: first if marks is a else second)
    return a, b


def test_both_corners_choose_the_centres_digit(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, {"2"})
    got = ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05)
    assert got is not None and got.symbol == "2" and got.confidence == PARAMS.corner_agreed


@pytest.mark.parametrize("first, second", [({"2"}, set()), (set(), {"2"}), ({"2"}, {"7"})])
def test_one_corner_or_corners_apart_name_nothing(monkeypatch, first, second):
    corners = corners_reading(monkeypatch, first, second)
    both_only = SymbolParams(corner_tie_one_score=0.0)
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, both_only, 0.05) is None


def test_the_corners_never_overrule_a_centre_reading_another_symbol(monkeypatch):
    corners = corners_reading(monkeypatch, {"5"}, {"5"})
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05) is None


def test_corners_reading_two_digits_name_nothing(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, {"7"})
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05) is None


def test_a_digit_off_the_cards_middle_is_a_dares_number(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, {"2"})
    assert ties.digit_by_corners(UNSURE, [mark("2", at=(0.5, 0.3))], corners, BANKS, PARAMS, 0.05) is None


def test_a_mark_likelier_a_dare_vetoes(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, {"2"})
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05) is not None
    monkeypatch.setattr(ties, "scores_both_ways", lambda m, banks, params: {("2", False): 0.8, ("dare", False): 0.81}
                        if m is word else {("2", False): 0.8, ("dare", False): 0.3})
    word = mark("DARE")
    assert ties.digit_by_corners(UNSURE, [mark("2"), word], corners, BANKS, PARAMS, 0.05) is None


def test_off_with_no_score(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, {"2"})
    off = SymbolParams(corner_tie_score=0.0)
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, off, 0.05) is None


@pytest.mark.parametrize("seed, index, label", [
    (12, 755, "red-2"),    # glare took the 2's foot: the face reads a 7 at 0.53, the 2 at 0.50
    (3, 746, "green-2"),   # glare over the centre: a 9, a 7 and a 2 within 0.05
    (16, 289, "green-6"),  # the 6's underline lost: a bare 6 or 9; both corners read 6
])
def test_glared_digit_cards_read_by_both_corners(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # Off, with the corner glyph's fit at the centre and the glare spot's cut off too (each
    # reads 12:755 on its own).
    off = RecognizerParams(symbols=SymbolParams(corner_tie_score=0.0),
                           glare_glyph=GlareGlyphParams(enabled=False),
                           glare_digit=GlareDigitParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


def test_one_corner_needs_the_centres_best_and_a_good_match(monkeypatch):
    corners = corners_reading(monkeypatch, {"2"}, set())
    got = ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05)
    assert got is not None and got.symbol == "2"
    strict = SymbolParams(corner_tie_one_score=0.999)
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, strict, 0.05) is None
    off = SymbolParams(corner_tie_one_score=0.0)
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, off, 0.05) is None
    # the mark's best is another symbol, within the two-corner gap: one corner does not choose
    monkeypatch.setattr(ties, "scores_both_ways", lambda m, banks, params: {("2", False): 0.79, ("7", False): 0.8})
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05) is None
    corners = corners_reading(monkeypatch, {"2"}, {"2"})
    assert ties.digit_by_corners(UNSURE, [mark("2")], corners, BANKS, PARAMS, 0.05) is not None


@pytest.mark.parametrize("seed, index, label", [
    (10, 610, "red-2"),    # one corner reads 2, the other nothing; a re-cut reads the 2 at 0.78
    (6, 281, "green-0"),
])
def test_glared_digit_cards_read_by_one_corner(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # Off, with the glare spot's cut off too (it reads 10:610 on its own: one corner reads 2,
    # the other leans to no other number).
    off = RecognizerParams(symbols=SymbolParams(corner_tie_one_score=0.0),
                           glare_digit=GlareDigitParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


def skip_mark(size=(112, 174), at=(0.5, 0.5), r=22) -> np.ndarray:
    """A skip's ring and slash drawn white on black, centred at ``at``."""
    w, h = size
    out = np.zeros((h, w), np.uint8)
    c = (int(at[0] * w), int(at[1] * h))
    cv2.circle(out, c, r, 255, 6)
    cv2.line(out, (c[0] - r + 6, c[1] + r - 6), (c[0] + r - 6, c[1] - r + 6), 255, 6)
    return out


def test_corner_action_reads_a_skips_index_and_not_a_digits():
    corner = np.zeros((60, 40), np.uint8)
    corner[10:50, 2:38] = skip_mark((36, 40), r=15)[0:40, 0:36]
    assert ties.corner_action(corner, BANKS, PARAMS)[0] == "skip"
    digit = mark("4", size=(40, 60))
    assert ties.corner_action(digit, BANKS, PARAMS) is None


def action_corners(monkeypatch, first, second):
    a, b = np.zeros((4, 4), np.uint8), np.ones((4, 4), np.uint8)
    monkeypatch.setattr(ties, "corner_action", lambda marks, banks, params: first if marks is a else second)
    return a, b


def test_both_corners_choose_the_centres_action(monkeypatch):
    corners = action_corners(monkeypatch, ("skip", 0.9), ("skip", 0.6))
    got = ties.action_by_corners(UNSURE, [skip_mark()], corners, BANKS, PARAMS, 0.05)
    assert got is not None and got.symbol == "skip" and got.confidence == PARAMS.corner_agreed


@pytest.mark.parametrize("first, second", [
    (("skip", 0.9), None),               # one corner alone
    (("skip", 0.9), ("reverse", 0.9)),   # corners apart
    (("skip", 0.65), ("skip", 0.6)),     # neither corner sure enough
])
def test_action_corners_must_agree_and_one_be_sure(monkeypatch, first, second):
    corners = action_corners(monkeypatch, first, second)
    assert ties.action_by_corners(UNSURE, [skip_mark()], corners, BANKS, PARAMS, 0.05) is None


def test_action_corners_never_overrule_the_centre(monkeypatch):
    corners = action_corners(monkeypatch, ("reverse", 0.9), ("reverse", 0.9))
    assert ties.action_by_corners(UNSURE, [skip_mark()], corners, BANKS, PARAMS, 0.05) is None
    corners = action_corners(monkeypatch, ("skip", 0.9), ("skip", 0.9))
    assert ties.action_by_corners(UNSURE, [skip_mark(at=(0.5, 0.25))], corners, BANKS, PARAMS, 0.05) is None


@pytest.mark.parametrize("seed, index, label", [
    (10, 1377, "green-skip"),   # glare over the centre: skip 0.59, both corners' skip 0.95
    (15, 873, "red-reverse"),   # the centre's cuts read a reverse at 0.78, the corners 0.85 and 0.61
])
def test_glared_action_cards_read_by_their_corners(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    off = RecognizerParams(symbols=SymbolParams(corner_action_score=0.0))
    assert Recognizer(params=off).top_card(scene.image).label is None
