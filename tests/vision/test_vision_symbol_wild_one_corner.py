"""A wild card (a dare by its colours) whose centre no cut numbers takes the number one
corner index alone reads surely, the other corner reading none surely nor leaning to
another (SymbolParams.one_corner_wild), unless a way up of its centre reads another number
surely (a 6 the other way up of a 9 read too is the same print turned): a blurred bold 2
reads a sure 7 in one small corner index and leans to it in the other, while its centre
still reads the 2."""

import numpy as np
import pytest

import vision.corner_leans as leans_module
from vision.indices import CornerIndices
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from visionkit import dev_scene

OFF = RecognizerParams(symbols=SymbolParams(one_corner_wild=False))


@pytest.mark.parametrize("seed, index, label, before", [
    (1, 818, "wild-dare-6", "wild-dare"),  # its number unread in the centre; one corner reads 6
    (6, 854, "wild-dare-9", None),         # the white print reads 9 one way up, 6 the other
])
def test_a_wild_card_takes_the_number_one_corner_reads(seed, index, label, before):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    assert Recognizer(params=OFF).top_card(scene.image).label == before


def test_a_centre_reading_another_number_surely_keeps_the_corner_out():
    scene = dev_scene(5, 871)  # a blurred bold 2: one corner reads 7 surely, the other leans to 7
    assert scene.label == "wild-dare-2"
    assert Recognizer().top_card(scene.image).label is None


@pytest.mark.parametrize("readings, lean, centre, expected", [
    ([{7}, set()], (None, 0.0), [(None, 0.0)], 7),          # the centre reads no number
    ([{7}, set()], (7, 0.05), [(2, 1.0), (5, 0.2)], None),  # it reads a 2 surely
    ([{7}, set()], (None, 0.0), [(2, 0.6)], 7),             # ... only short of sure
    ([{15}, set()], (None, 0.0), [(5, 1.0)], 15),           # a 15 whose 1 the print lost
    ([{9}, set()], (None, 0.0), [(9, 1.0), (6, 1.0)], 9),   # a 9 read turned round too
    ([{9}, set()], (None, 0.0), [(6, 1.0)], None),          # a 6 alone
    ([{7}, set()], (2, 0.3), [(None, 0.0)], None),          # the other corner leans to a 2
    ([{7}, {2}], (2, 1.0), [(None, 0.0)], None),            # ... or reads it
])
def test_wild_one_corner_needs_no_vote_against(monkeypatch, readings, lean, centre, expected):
    monkeypatch.setattr(CornerIndices, "reading", lambda self, k: readings[k])
    monkeypatch.setattr(leans_module, "likeliest", lambda indices, k: lean)
    monkeypatch.setattr(leans_module, "centre_numbers", lambda mark, banks, params: centre)
    params = SymbolParams()
    reading = SymbolReading("dare", None, False, 0.0)
    marks = lambda: (np.ones((4, 4), np.uint8), None)
    got = leans_module.wild_by_one_corner(reading, marks, CornerIndices(((), ()), None, params), None, params)
    assert (None if got is None else got.number) == expected
    if got is not None:
        assert got.symbol == "dare" and got.confidence == params.corner_agreed


@pytest.mark.parametrize("seed, index", [
    (9, 594),   # a highlight over the centre's 3 fills its bays: it reads 9 one way up, 6 the other
    (12, 212),  # ... 9 one way up
])
def test_a_centre_reading_the_corners_number_with_its_bays_closed_is_no_vote_against(seed, index):
    scene = dev_scene(seed, index)
    assert scene.label == "wild-dare-3"
    assert Recognizer().top_card(scene.image).label == "wild-dare-3"
    off = RecognizerParams(symbols=SymbolParams(wild_closed_bays=False))
    assert Recognizer(params=off).top_card(scene.image).label in (None, "wild-dare")


@pytest.mark.parametrize("readings, centre, on, off", [
    ([{3}, set()], [(9, 1.0), (6, 1.0)], 3, None),  # a 3 whose bays a highlight filled
    ([{5}, set()], [(6, 1.0)], 5, None),            # a 5 whose lower bay closed
    ([{3}, set()], [(2, 1.0)], None, None),         # a 2 has bays of its own: a vote against
    ([{7}, set()], [(9, 1.0)], None, None),         # a 7 has no bay to close into a 9
    ([{9}, set()], [(3, 1.0)], None, None),         # light opens no bay: a 9 read 3 is against
])
def test_closed_bays_are_the_corners_own_print(monkeypatch, readings, centre, on, off):
    monkeypatch.setattr(CornerIndices, "reading", lambda self, k: readings[k])
    monkeypatch.setattr(leans_module, "likeliest", lambda indices, k: (None, 0.0))
    monkeypatch.setattr(leans_module, "centre_numbers", lambda mark, banks, params: centre)
    reading = SymbolReading("dare", None, False, 0.0)
    marks = lambda: (np.ones((4, 4), np.uint8), None)
    for params, expected in ((SymbolParams(), on), (SymbolParams(wild_closed_bays=False), off)):
        got = leans_module.wild_by_one_corner(reading, marks, CornerIndices(((), ()), None, params), None, params)
        assert (None if got is None else got.number) == expected
