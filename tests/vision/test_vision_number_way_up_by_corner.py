"""Of two ways up of a dare's centre reading two numbers surely, one each way (a bold 4
turned round passes for a 9, as a 6 does for a 9), the one a corner index leans to at
least SymbolParams.corner_turn_min lies the right way up, while no corner leans to the
other and none reads another number surely (the index shows upright however the card lies:
vision.half_turns.way_up_by_a_faint_corner; SymbolParams.corner_turn_any, False: a 6 and a
9 only)."""

from dataclasses import replace

import pytest

import vision.half_turns as turns_module
from vision.indices import CornerIndices
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene

PARAMS = SymbolParams()


def test_a_blurred_dare_4_read_as_a_9_turned_lies_the_way_its_corner_leans():
    scene = dev_scene(9, 986)  # motion blur: the centre reads 4 one way up, 9 the other; a corner leans 4
    assert scene.label == "red-dare-4"
    assert Recognizer().top_card(scene.image).label == "red-dare-4"
    off = RecognizerParams(symbols=SymbolParams(corner_turn_any=False))
    assert Recognizer(params=off).top_card(scene.image).label == "red-dare"


def _ways(up, turned):
    return [(0.5, up, 1.0, 0.8, False), (0.4, turned, 0.9, 0.7, True)]


@pytest.mark.parametrize("ways, leans, sure, expected", [
    (_ways(4, 9), [(None, 0.0), (4, 0.89)], set(), 4),   # the corner leans to the 4
    (_ways(4, 9), [(9, 0.6), (None, 0.0)], set(), 9),    # ... or to the 9 (turned)
    (_ways(4, 9), [(9, 0.1), (4, 0.89)], set(), None),   # the other corner leans to the other
    (_ways(4, 9), [(None, 0.0), (4, 0.4)], set(), None),  # a lean short of corner_turn_min
    (_ways(4, 9), [(None, 0.0), (4, 0.9)], {7}, None),   # a corner reads another number surely
    (_ways(4, 4), [(None, 0.0), (4, 0.9)], set(), None),  # no two numbers to choose from
    (_ways(4, None), [(None, 0.0), (4, 0.9)], set(), None),
])
def test_a_corners_lean_picks_between_two_sure_ways(monkeypatch, ways, leans, sure, expected):
    monkeypatch.setattr(turns_module, "likeliest", lambda corners, k: leans[k])
    monkeypatch.setattr(CornerIndices, "numbers", lambda self: sure)
    corners = CornerIndices((None, None), None, PARAMS)
    got = turns_module.way_up_by_a_faint_corner(ways, corners, PARAMS)
    assert (None if got is None else got[1]) == expected
    off = replace(PARAMS, corner_turn_any=False)
    assert turns_module.way_up_by_a_faint_corner(ways, corners, off) is None
