"""A dare number in doubt for its other way up (vision.half_turns.turned_in_doubt): a 9
whose other way up reads a 4 likelier its template (a bold 4 turned round passes for a 9,
a 9 turned round reads a 6), and a 6 or a 9 under a close word whose corner indices lean,
however unsurely, to the other of the two. Either is a dare without its number: a wrong
number costs more than none."""

from dataclasses import replace

import pytest

import vision.half_turns as turns
from vision.bench import match_truth
from vision.half_turns import turned_in_doubt
from vision.indices import CornerIndices
from vision.recognizer import Recognizer, RecognizerParams
from vision.spread_number import SpreadNumberParams
from vision.symbol_params import SymbolParams
from visionkit import dev_scene

PARAMS = SymbolParams()
OFF = replace(PARAMS, four_likelier_doubts=False, half_turn_corner_lead=0.0)


def ways(word, number, sure, likeness, other_word, other, other_sure, other_likeness):
    """The two ways' readings, the chosen way first (word, number, how sure, likeness, turned)."""
    return [(word, number, sure, likeness, False), (other_word, other, other_sure, other_likeness, True)]


def corners_saying(monkeypatch, likeliest=(None, None), sure=()):
    """Corner indices whose likeliest readings are ``likeliest`` and sure ones ``sure``."""
    monkeypatch.setattr(turns, "likeliest", lambda corners, k: (likeliest[k], 0.1))
    monkeypatch.setattr(CornerIndices, "numbers", lambda self: set(sure))
    return CornerIndices((None, None), None, PARAMS)


@pytest.mark.parametrize("readings, doubt", [
    (ways(0.73, 9, 1.0, 0.83, 0.65, 4, 0.0, 0.95), True),   # dev 3:1992: the 4 likelier
    (ways(0.77, 9, 1.0, 0.87, 0.73, 4, 0.14, 0.89), True),  # dev 11:991 (a blurred 6)
    (ways(0.73, 9, 1.0, 0.85, 0.65, 4, 0.0, 0.83), False),  # the 9 likelier: a 9 it is
    (ways(0.73, 4, 1.0, 0.95, 0.65, 9, 1.0, 0.83), False),  # a 4 read: not asked
    (ways(0.73, 9, 1.0, 0.83, 0.65, 5, 0.0, 0.95), False),  # no 4 the other way
])
def test_a_nine_whose_other_way_reads_a_likelier_four_is_in_doubt(monkeypatch, readings, doubt):
    corners = corners_saying(monkeypatch)
    assert turned_in_doubt(readings, readings[0][1], False, corners, PARAMS) is doubt
    assert turned_in_doubt(readings, readings[0][1], False, None, PARAMS) is doubt
    assert turned_in_doubt(readings, readings[0][1], False, corners, OFF) is False


def test_a_corner_reading_the_nine_surely_keeps_it(monkeypatch):
    readings = ways(0.73, 9, 1.0, 0.83, 0.65, 4, 0.0, 0.95)
    assert turned_in_doubt(readings, 9, False, corners_saying(monkeypatch, sure={9}), PARAMS) is False
    assert turned_in_doubt(readings, 9, False, corners_saying(monkeypatch, sure={4}), PARAMS) is True


@pytest.mark.parametrize("readings, likeliest, doubt", [
    (ways(0.71, 9, 1.0, 0.89, 0.64, 6, 0.54, 0.90), (6, 4), True),     # dev 14:1875
    (ways(0.75, 6, 0.86, 0.89, 0.70, 9, 1.0, 0.88), (8, 9), True),     # dev 15:1114
    (ways(0.75, 6, 0.86, 0.89, 0.70, 9, 1.0, 0.88), (6, 9), False),    # a corner leans to this one too
    (ways(0.75, 6, 0.86, 0.89, 0.70, 9, 1.0, 0.88), (8, 3), False),    # no corner leans either way
    (ways(0.85, 6, 0.86, 0.89, 0.70, 9, 1.0, 0.88), (8, 9), False),    # the word leads by 0.15
    (ways(0.75, 6, 1.0, 0.89, 0.70, 9, 0.4, 0.88), (8, 9), False),     # the rival too faint
    (ways(0.75, 8, 1.0, 0.89, 0.70, 9, 1.0, 0.88), (8, 9), False),     # not a 6 and a 9
])
def test_a_six_or_nine_under_a_close_word_gives_way_to_corners_leaning_the_other_way(
        monkeypatch, readings, likeliest, doubt):
    corners = corners_saying(monkeypatch, likeliest)
    assert turned_in_doubt(readings, readings[0][1], False, corners, PARAMS) is doubt
    assert turned_in_doubt(readings, readings[0][1], False, None, PARAMS) is False
    assert turned_in_doubt(readings, readings[0][1], False, corners, OFF) is False


def test_only_the_chosen_way_is_asked(monkeypatch):
    readings = ways(0.71, 9, 1.0, 0.89, 0.64, 6, 0.54, 0.90)
    corners = corners_saying(monkeypatch, (6, 4))
    assert turned_in_doubt(readings, 9, True, corners, PARAMS) is False  # no 9 read turned round
    assert turned_in_doubt(readings, None, False, corners, PARAMS) is False


@pytest.mark.parametrize("seed, index, truth, before", [
    (3, 1992, "green-dare-4", "green-dare-9"),   # the other way's 4 likelier than the 9
    (14, 1875, "green-dare-6", "green-dare-9"),  # a corner leans to the 6
])
def test_dev_spread_cards_read_turned_round_are_left_unnumbered(seed, index, truth, before):
    scene = dev_scene(seed, index)
    cards = list(scene.cards)

    def label_of(recognizer):
        for sighting in recognizer.all_cards(scene.image):
            j = match_truth(sighting.corners, cards)
            if j is not None and cards[j][0] == truth:
                return sighting.label
        return None

    # The sharpened looks' number (vision.spread_number) off: with it, 3:1992's looks read the 4.
    looks_off = RecognizerParams(spread_number=SpreadNumberParams(looks=()))
    assert label_of(Recognizer(params=looks_off)) == truth[:truth.rindex("-")]
    assert label_of(Recognizer()) in (truth[:truth.rindex("-")], truth)
    assert label_of(Recognizer(params=RecognizerParams(symbols=OFF))) == before
