"""A dare whose face glare or blur left unread is still read when both corner indices read
the same number surely and the card is a dare by another cue: a wild card's colours, or a
number of two digits (no digit card, skip or reverse carries one) under a face whose ink is
likest a dare's (SymbolParams.corner_dare_likeness). One corner is not enough, nor a
one-digit number on a coloured card."""

import numpy as np
import pytest

import vision.symbols as symbols_module
from vision.corner_cuts import CornerCutParams
from vision.glare_dare import GlareDareParams
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.synthetic.scene import make_scene, scene_plan


@pytest.mark.parametrize("seed, index, label", [
    (3, 1743, "green-dare-12"),  # a small card, blurred, glare on the table: the face reads "dare" at 0.51
    (5, 1250, "wild-dare-14"),   # a wild card glare paled: no white print read, both corners 14
])
def test_a_dare_the_face_left_unnumbered_reads_by_both_corners(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # corners_overrule off too: it reads 3:1743 by another way (the centre's unsure number
    # under two sure corners); this checks the rule that reads a face left unnumbered (the
    # corner recut, a later fallback that reads 5:1250's corners 14 as well, off too; and
    # the glare cut, last of all, which reads 3:1743 too; and vision.glare_dare, whose
    # corners and centre's fit read 3:1743's 12 as well)
    off = RecognizerParams(symbols=SymbolParams(corner_dare_likeness=0.0, corners_overrule=False, glare_lifts=()),
                           corner_cuts=CornerCutParams(enabled=False), glare_dare=GlareDareParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


@pytest.mark.parametrize("apart, symbol, score, wild, expected", [
    (14, "dare", 0.5, False, 14),   # both corners 14 under a face likest a dare: dare 14
    (9, "dare", 0.5, False, None),  # one digit: a digit card's corners read it too
    (None, "dare", 0.5, False, None),  # one corner alone, or the corners disagree
    (14, "dare", 0.3, False, None),  # a face hardly like a dare at all
    (14, "7", 0.5, False, None),    # a face likest a digit
    (9, None, 0.0, True, 9),        # a wild card is a dare by its colours: any number
])
def test_both_corners_and_a_second_cue_are_needed(monkeypatch, apart, symbol, score, wild, expected):
    monkeypatch.setattr(symbols_module.CornerIndices, "apart", lambda self: apart)
    params = SymbolParams()
    reading = SymbolReading(symbol, None, False, 0.0, score=score)
    got = symbols_module._a_dare_by_its_corner(reading, None, params, ((), ()), wild)
    assert (None if got is None else got.number) == expected
    if got is not None:
        assert got.symbol == "dare" and got.confidence == params.corner_agreed
