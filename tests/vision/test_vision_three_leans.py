"""A dare's number the centre reads short of sure, counted when both corner indices lean to
it (vision.corner_leans.three_leans, ``SymbolParams.corner_both_lean``): three readings of
their own pixels, each half sure, agreeing; or, the centre over half sure, when one corner
leans to it and the other to no other number (one_lean, ``centre_one_lean``; not for a
closed bay's digit). The rules' refusals as pure functions, and the dev scenes each numbers
with it on and not with it off (the face's corners, and the recut corners of
vision.recut_reread)."""

from dataclasses import replace

import numpy as np
import pytest

from vision.corner_leans import one_lean, three_leans
from vision.deblur import DeblurParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.spread_number import SpreadNumberParams
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan


class _Corners:
    """A stand-in for CornerIndices whose likeliest readings must never be asked."""

    def __init__(self, sure=()):
        self.corners = (object(), object())
        self._sure = set(sure)

    def numbers(self):
        return set(self._sure)


# (word, number, how sure, likeness, turned): the word leads by 0.2 on the number's way up.
LED = [(0.8, 12, 0.6, 0.8, False), (0.6, None, 0.0, -1.0, True)]


@pytest.mark.parametrize("readings, confidence, corners, params", [
    (LED, 0.6, _Corners(), replace(SymbolParams(), corner_both_lean=0.0)),           # off
    (LED, 0.2, _Corners(), SymbolParams()),                                            # centre too unsure
    (LED, 0.6, None, SymbolParams()),                                                   # no corners
    (LED, 0.6, _Corners(sure={12}), SymbolParams()),                                    # a corner reads surely: other rules' say
    (LED, 0.6, _Corners(sure={13}), SymbolParams()),                                    # a corner reads another surely
    ([LED[0], (0.6, 13, 0.4, 0.8, True)], 0.6, _Corners(), SymbolParams()),           # the other way up reads 13 as surely as the lean
    ([LED[0], (0.78, None, 0.0, -1.0, True)], 0.6, _Corners(), SymbolParams()),       # the word leads by less than word_margin
    ([(0.8, 13, 0.6, 0.8, False), LED[1]], 0.6, _Corners(), SymbolParams()),          # the word's way reads another number
])
def test_three_leans_refuses_before_asking_the_corners(readings, confidence, corners, params):
    # _Corners has no marks: a refusal that reached the corners' likeliest readings would raise.
    assert three_leans(12, confidence, readings, corners, params) is False


def _scene(seed, index):
    kind, label, extra = scene_plan(seed, 2000)[index]
    return make_scene(np.random.default_rng([seed, index]), kind, label=label, **extra)


def _off(**switches):
    switches = switches or {"corner_both_lean": 0.0, "centre_one_lean": 0.0}
    # The deblurred second reading (vision.deblur) off too: it numbers 3:1503's blurred 7 as well;
    # and the spread's sharpened looks' number (vision.spread_number): they read 3:1556's 15.
    return Recognizer(params=RecognizerParams(symbols=replace(SymbolParams(), **switches),
                                              deblur=DeblurParams(enabled=False),
                                              spread_number=SpreadNumberParams(looks=())))


def test_a_small_red_dare_2_is_numbered_by_its_centre_and_both_corners_leaning():
    # dev 6:545: the top card's centre cut reads 2 at 0.5 under a word leading 0.58 to 0.44
    # (the other way no number), and both corners lean to 2; with the rule off, no card.
    scene = _scene(6, 545)
    assert scene.label == "red-dare-2"
    assert SymbolParams().corner_both_lean == pytest.approx(0.3)
    assert Recognizer().top_card(scene.image).label == "red-dare-2"
    assert _off().top_card(scene.image).label != "red-dare-2"


def test_the_recut_corners_leaning_both_back_a_blue_dare_15():
    # dev 3:1556 (a spread): the face leaves the blue dare 15 unnumbered (centre 15 at 0.48);
    # the corners recut at 0.75 both lean to 15 (0.84, 0.71) and back the centre's reread.
    scene = _scene(3, 1556)
    on = sorted(str(s.label) for s in Recognizer().all_cards(scene.image))
    off = sorted(str(s.label) for s in _off().all_cards(scene.image))
    assert "blue-dare-15" in on and "blue-dare" not in on
    assert "blue-dare" in off and "blue-dare-15" not in off


@pytest.mark.parametrize("number, confidence, readings", [
    (12, 0.35, LED),                                                            # centre under centre_one_lean
    (16, 0.6, [(0.8, 16, 0.6, 0.8, False), LED[1]]),                            # a closed bay's digit (6)
    (10, 0.6, [(0.8, 10, 0.6, 0.8, False), LED[1]]),                            # a closed bay's digit (0)
    (12, 0.6, [LED[0], (0.6, 13, 0.4, 0.8, True)]),                            # the other way up reads 13
])
def test_one_lean_refuses_before_asking_the_corners(number, confidence, readings):
    assert one_lean(number, confidence, readings, _Corners(), SymbolParams(centre_one_lean=0.4)) is False


def test_one_lean_is_off_by_default():
    # On seed 8 it named a blurred blue dare 15 a 14 by its centre and one corner's lean.
    assert SymbolParams().centre_one_lean == 0.0
    assert one_lean(11, 0.79, LED, _Corners(), SymbolParams()) is False


@pytest.mark.parametrize("seed, index, label", [
    (3, 638, "blue-dare-11"),   # centre 11 at 0.79 (the word leading), one corner 11 at 0.73, the other silent
    (9, 1373, "green-dare-5"),  # centre 5 over half sure, one corner leaning to 5
    (3, 1503, "red-dare-7"),    # centre 7 at 0.4-0.5 (centre_one_lean 0.4), one corner 7 at 0.86
])
def test_one_corner_leaning_numbers_a_centre_read_over_half_surely(seed, index, label):
    # With one_lean switched on (centre_one_lean 0.4); by default it is off.
    scene = _scene(seed, index)
    assert scene.label == label
    assert _off(centre_one_lean=0.4).top_card(scene.image).label == label
    # Off as by default (the deblurred second reading off too: it numbers 3:1503 and 9:1373 right).
    assert _off(centre_one_lean=0.0).top_card(scene.image).label == label.rsplit("-", 1)[0]
