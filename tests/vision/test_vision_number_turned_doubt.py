"""A 6 and a 9 are each other turned round: when the dare word says which way up by under
SymbolParams.half_turn_lead, its way reads its 6 or 9 short of half_turn_sure, and the other
way up reads the other of the two more surely and at least half_turn_rival surely, with no
corner index backing the word's way, the dare's number is left unread (vision.dare_ways.half_turn_in_doubt): a wrong number costs more than none."""

from dataclasses import replace

import pytest

from vision.bench import match_truth
from vision.corner_cuts import CornerCutParams
from vision.dare_ways import half_turn_in_doubt
from vision.indices import CornerIndices
from vision.recognizer import Recognizer, RecognizerParams
from vision.spread_number import SpreadNumberParams
from vision.symbol_params import SymbolParams
from visionkit import dev_scene

PARAMS = SymbolParams(half_turn_lead=0.1)  # off by default (see SymbolParams.half_turn_lead)


def ways(word, number, other_word, other, other_sure, sure=1.0):
    """The two ways' readings, the word's better way first (word, number, how sure, likeness, turned)."""
    return [(word, number, sure, 0.9, False), (other_word, other, other_sure, 0.9, True)]


@pytest.mark.parametrize("readings, doubt", [
    (ways(0.75, 6, 0.70, 9, 1.0, 0.86), True),   # a lead of 0.05, the 6 less sure (dev 15:1114)
    (ways(0.75, 6, 0.70, 9, 0.95, 0.86), True),
    (ways(0.75, 6, 0.70, 9, 1.0, 1.0), False),   # both sure: the word's way is mostly right
    (ways(0.75, 6, 0.70, 9, 0.8, 0.86), False),  # the other way no surer
    (ways(0.86, 6, 0.70, 9, 1.0, 0.86), False),  # the word leads by 0.16: it says which way up
    (ways(0.75, 6, 0.70, 9, 0.4, 0.3), False),   # the rival too faint to count
    (ways(0.75, 9, 0.70, 4, 1.0, 0.86), False),  # not a 6 and a 9
    (ways(0.75, 8, 0.70, 8, 1.0, 0.86), False),  # the same number both ways up
    (ways(0.75, 6, 0.70, None, 0.0, 0.86), False),  # the other way reads nothing
])
def test_a_six_against_a_nine_under_a_narrow_word_lead_is_in_doubt(readings, doubt):
    assert half_turn_in_doubt(readings, None, PARAMS) is doubt
    assert half_turn_in_doubt(readings, None, replace(PARAMS, half_turn_lead=0.0)) is False


def test_a_corner_reading_the_words_number_settles_it(monkeypatch):
    readings = ways(0.75, 9, 0.70, 6, 1.0, 0.86)
    corners = CornerIndices((None, None), None, PARAMS)
    monkeypatch.setattr(CornerIndices, "numbers", lambda self: {9})
    assert half_turn_in_doubt(readings, corners, PARAMS) is False
    monkeypatch.setattr(CornerIndices, "numbers", lambda self: {6})
    import vision.half_turns as turns
    monkeypatch.setattr(turns, "likeliest", lambda corners, k: (None, 0.0))
    assert half_turn_in_doubt(readings, corners, PARAMS) is True


@pytest.mark.parametrize("seed, index, truth, turned", [
    (15, 1114, "blue-dare-9", "blue-dare-6"),  # word 0.75 / 0.70, 6 at 0.86 and 9 at 1.0
])
def test_a_dev_spread_six_or_nine_read_turned_round_is_left_unnumbered(seed, index, truth, turned):
    scene = dev_scene(seed, index)
    cards = list(scene.cards)

    def label_of(recognizer):
        for sighting in recognizer.all_cards(scene.image):
            j = match_truth(sighting.corners, cards)
            if j is not None and cards[j][0] == truth:
                return sighting.label
        return None

    # The face's reading alone (the recut corners' reread off: with it, a recut corner
    # reads the 9 and the card is numbered right).
    # (And the sharpened looks' number off: they read the 9 too, vision.spread_number.)
    on = RecognizerParams(symbols=PARAMS, corner_cuts=CornerCutParams(reread_levels=()),
                          spread_number=SpreadNumberParams(looks=()))
    assert label_of(Recognizer(params=on)) == truth[:truth.rindex("-")]
    assert label_of(Recognizer(params=RecognizerParams(symbols=PARAMS))) == truth
    # half_turn_lead is off by default; turned_in_doubt (a corner's likeliest reading is the
    # 9) leaves the face's 6 unread by default, and the recut corners' reread reads the 9.
    off = replace(SymbolParams(), half_turn_corner_lead=0.0)
    assert label_of(Recognizer(params=RecognizerParams(symbols=off))) == turned
    assert label_of(Recognizer()) == truth


def test_a_sure_number_whose_other_way_reads_the_corners_number_gives_way():
    """Spread dev 11:574: a yellow dare-8 whose word's way reads a 9 at 0.99, the other way
    an 8 at 0.28 that a corner index reads surely; the 9 is no number, and the reread reads
    the 8 (SymbolParams.corner_rival_min; 0: off, the 9 as before)."""
    scene = dev_scene(11, 574)
    cards = list(scene.cards)

    def label_of(recognizer):
        for sighting in recognizer.all_cards(scene.image):
            j = match_truth(sighting.corners, cards)
            if j is not None and cards[j][0] == "yellow-dare-8":
                return sighting.label
        return None

    assert label_of(Recognizer()) == "yellow-dare-8"
    off = RecognizerParams(symbols=SymbolParams(corner_rival_min=0.0))
    assert label_of(Recognizer(params=off)) == "yellow-dare-9"
