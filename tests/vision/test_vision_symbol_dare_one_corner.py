"""One corner index alone numbers a dare whose centre reads no number, when a centre cut
reads a dare fully surely (matching it at least SymbolParams.one_corner_dare), the corner's
number has two digits (10-16: only a dare carries one), the other corner says nothing
against it (reads no number surely, leans to no other) and no cut reads another number but
its last digit alone. A one-digit number, a corner against, or no sure dare in the centre
is not enough. (A wild card's own rule, with its centre as the check against a blurred bold
2 read a sure 7 in one corner: test_vision_symbol_wild_one_corner.)"""

import pytest

import vision.corner_leans as leans_module
from vision.indices import CornerIndices
from vision.marks import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from visionkit import dev_scene


@pytest.mark.parametrize("seed, index, label", [
    (1, 416, "red-dare-16"),    # motion blur: the colour cut reads a sure dare 6 (its 1 lost)
])
def test_a_sure_dare_takes_the_number_one_corner_reads(seed, index, label):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    off = RecognizerParams(symbols=SymbolParams(one_corner_dare=0.0))
    assert Recognizer(params=off).top_card(scene.image).label != label


def _dare(number=None, score=0.8, confidence=1.0, symbol="dare"):
    return (None, SymbolReading(symbol, number, False, confidence, score=score))


@pytest.mark.parametrize("readings, lean, reads, expected", [
    ([{14}, set()], (None, 0.0), [_dare()], 14),         # one corner 14, the other none, a sure dare: 14
    ([{16}, set()], (16, 0.1), [_dare(6)], 16),          # a cut that lost the 16's 1 reads 6: no vote against
    ([{14}, set()], (None, 0.0), [_dare(13)], None),     # a cut reading another number surely
    ([{9}, set()], (None, 0.0), [_dare()], None),        # one digit: a digit card's corner reads it too
    ([{14}, {13}], (13, 1.0), [_dare()], None),          # the other corner reads another number
    ([{15}, set()], (13, 0.3), [_dare()], None),         # ... or leans to another
    ([{14}, set()], (None, 0.0), [_dare(score=0.3)], None),       # a dare matched poorly
    ([{14}, set()], (None, 0.0), [_dare(confidence=0.5)], None),  # a dare read short of fully sure
    ([{14}, set()], (None, 0.0), [_dare(symbol="7")], None),      # no cut reads a dare
])
def test_one_corner_needs_a_sure_dare_and_no_vote_against(monkeypatch, readings, lean, reads, expected):
    monkeypatch.setattr(CornerIndices, "reading", lambda self, k: readings[k])
    monkeypatch.setattr(leans_module, "likeliest", lambda indices, k: lean)
    params = SymbolParams()
    got = leans_module.sure_dare_by_one_corner(reads, CornerIndices(((), ()), None, params), params)
    assert (None if got is None else got.number) == expected
    if got is not None:
        assert got.symbol == "dare" and got.confidence == params.corner_agreed
