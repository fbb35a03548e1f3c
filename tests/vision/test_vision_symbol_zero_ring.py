"""A 0 whose centre reads unsure is a 0 when a corner reads 0 and a re-cut of the centre's
mark is a 0's ring (vision.zero_ring): one closed ring taller than wide, its one big hole
in its middle, at a full digit's height in the card's middle. A corner's 0 alone is no
card (a blurred small 6, 8 or 9 closes into a ring), nor a ring alone."""

import cv2
import numpy as np
import pytest

import vision.zero_ring as zr
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

BANKS = Recognizer().profile.banks
PARAMS = SymbolParams()
UNSURE = SymbolReading("reverse", None, False, 0.4, score=0.6)
H, W = 174, 112


def ring(at=(0.5, 0.5), axes=(17, 22), thick=6) -> np.ndarray:
    """An upright oval ring (a 0), white on black, centred at ``at``."""
    out = np.zeros((H, W), np.uint8)
    cv2.ellipse(out, (int(at[0] * W), int(at[1] * H)), axes, 0, 0, 360, 255, thick)
    return out


def text(s: str) -> np.ndarray:
    out = np.zeros((H, W), np.uint8)
    (tw, th), _ = cv2.getTextSize(s, cv2.FONT_HERSHEY_DUPLEX, 1.6, 5)
    cv2.putText(out, s, (W // 2 - tw // 2, H // 2 + th // 2), cv2.FONT_HERSHEY_DUPLEX, 1.6, 255, 5, cv2.LINE_AA)
    return (out > 127).astype(np.uint8) * 255


def skip() -> np.ndarray:
    out = np.zeros((H, W), np.uint8)
    c, r = (W // 2, H // 2), 22
    cv2.circle(out, c, r, 255, 6)
    cv2.line(out, (c[0] - r + 6, c[1] + r - 6), (c[0] + r - 6, c[1] - r + 6), 255, 6)
    return out


def test_a_zeros_ring_is_one():
    assert zr.zero_ring(ring())


@pytest.mark.parametrize("mark", [
    text("6"), text("8"), text("9"),          # a loop at one end, or two small holes
    skip(),                                    # its slash halves the hole; as wide as tall
    ring(axes=(20, 20)),                       # a round ring: a skip's without its slash
    ring(axes=(9, 12), thick=4),               # a loop half a digit tall (a 9 glare left tailless)
    ring(axes=(17, 22), thick=16),             # a hole too small for a 0
], ids=["6", "8", "9", "skip", "round", "small", "filled"])
def test_other_marks_are_no_zeros_ring(mark):
    assert not zr.zero_ring(mark)


def test_a_tail_out_of_the_ring_is_no_zero():
    mark = ring()
    cv2.line(mark, (W // 2 + 15, H // 2 - 10), (W // 2 + 32, H // 2 - 45), 255, 6)
    assert not zr.zero_ring(mark)


def corners_reading(monkeypatch, first: set, second: set):
    a, b = np.zeros((4, 4), np.uint8), np.ones((4, 4), np.uint8)
    monkeypatch.setattr(zr, "index_digit", lambda marks, banks, params: first if marks is a else second)
    return a, b


@pytest.mark.parametrize("first, second", [({"0"}, set()), (set(), {"0"}), ({"0"}, {"0"})])
def test_a_corners_zero_and_a_centred_ring_name_a_zero(monkeypatch, first, second):
    corners = corners_reading(monkeypatch, first, second)
    got = zr.zero_by_ring(UNSURE, [text("7"), ring()], corners, BANKS, PARAMS, 0.05)
    assert got is not None and got.symbol == "0" and got.number is None
    assert got.confidence == PARAMS.corner_agreed


@pytest.mark.parametrize("first, second", [(set(), set()), ({"0"}, {"6"}), ({"8"}, {"8"})])
def test_without_a_corners_lone_zero_a_ring_names_nothing(monkeypatch, first, second):
    corners = corners_reading(monkeypatch, first, second)
    assert zr.zero_by_ring(UNSURE, [ring()], corners, BANKS, PARAMS, 0.05) is None


def test_a_corners_zero_needs_a_ring_in_the_middle(monkeypatch):
    corners = corners_reading(monkeypatch, {"0"}, set())
    assert zr.zero_by_ring(UNSURE, [text("6"), text("8")], corners, BANKS, PARAMS, 0.05) is None
    assert zr.zero_by_ring(UNSURE, [ring(at=(0.5, 0.35))], corners, BANKS, PARAMS, 0.05) is None
    off = SymbolParams(zero_ring_hole=0.0)
    assert zr.zero_by_ring(UNSURE, [ring()], corners, BANKS, off, 0.05) is None


@pytest.mark.parametrize("seed, index, label, off", [
    (9, 604, "red-0", SymbolParams(zero_ring_hole=0.0)),     # glare: the face reads a reverse; one corner 0
    (6, 602, "green-0", SymbolParams(zero_ring_hole=0.0)),   # the colour cut's ring; one corner 0
])
def test_scenes(seed, index, label, off):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    assert Recognizer(params=RecognizerParams(symbols=off)).top_card(scene.image).label is None
