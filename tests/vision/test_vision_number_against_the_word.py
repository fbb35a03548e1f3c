"""Against a word read a little better the wrong way up: a sure 4 the other way, likelier
its template than the word's way's 9, that a corner index reads surely (a bold 4 turned
round passes for a 9, a 9 turned round reads 6: vision.half_turns.four_against_the_word;
SymbolParams.four_misled)."""

from dataclasses import replace

import pytest

import vision.half_turns as turns_module
from vision.indices import CornerIndices
from vision.corner_cuts import CornerCutParams
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene

PARAMS = SymbolParams()


def _corners(monkeypatch, leans, sure):
    monkeypatch.setattr(turns_module, "likeliest", lambda corners, k: leans[k])
    monkeypatch.setattr(CornerIndices, "numbers", lambda self: sure)
    return CornerIndices((None, None), None, PARAMS)


@pytest.mark.parametrize("word_way, other, sure, expected", [
    ((0.72, 9, 1.0, 0.77, True), (0.64, 4, 1.0, 0.92, False), {4}, True),    # dev 11:1300
    ((0.72, 9, 1.0, 0.92, True), (0.64, 4, 1.0, 0.77, False), {4}, False),   # the 9 likelier
    ((0.72, 4, 1.0, 0.77, True), (0.64, 9, 1.0, 0.92, False), {9}, False),   # a 9 against a 4
    ((0.72, 9, 1.0, 0.77, True), (0.64, 4, 1.0, 0.92, False), {4, 7}, False),  # a corner reads another
    ((0.72, 3, 1.0, 0.77, True), (0.64, 4, 1.0, 0.92, False), {4}, False),   # not a lookalike pair
])
def test_a_sure_four_a_corner_reads_outweighs_the_words_nine(monkeypatch, word_way, other, sure, expected):
    corners = _corners(monkeypatch, [(None, 0.0), (None, 0.0)], sure)
    assert turns_module.four_against_the_word(word_way, other, corners, PARAMS) is expected
    assert not turns_module.four_against_the_word(word_way, other, corners, replace(PARAMS, four_misled=False))


@pytest.mark.parametrize("seed, index, label, switch", [
    (11, 1300, "red-dare-4", "four_misled"),        # the word 0.72 the 9 way, a corner reads 4 surely
])
def test_a_dev_dare_read_against_its_word(seed, index, label, switch):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # The coloured dares' corner recut off too: it numbers 11:1300 rightly by itself.
    off = RecognizerParams(symbols=SymbolParams(**{switch: False}), corner_cuts=CornerCutParams(coloured_dares=False))
    assert Recognizer(params=off).top_card(scene.image).label == label[:label.rindex("-")]
