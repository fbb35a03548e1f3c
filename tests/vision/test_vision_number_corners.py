"""A card's corner indices read once each (CornerIndices) say what the plain readings say."""

import cv2
import numpy as np

from visionkit import corner_window
from vision import templates
from vision.indices import CornerIndices, corner_numbers, corner_readings, corners_agree
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)
BLANK = np.zeros((52, 48), np.uint8)


def test_corner_indices_read_once_agree_with_the_plain_readings():
    marks = {"12": corner_window("12", STYLE), "13": corner_window("13", STYLE),
             "#7": corner_window("#7", STYLE), "": BLANK}
    for a in marks:
        for b in marks:
            pair = (marks[a], marks[b])
            once = CornerIndices(pair, BANKS, PARAMS)
            assert once.numbers() == corner_numbers(pair, BANKS, PARAMS)
            both = corner_readings(pair, BANKS, PARAMS)
            agreed = both[0] & both[1]
            assert once.apart() == (next(iter(agreed)) if len(agreed) == 1 else None)
            every = corners_agree(pair, BANKS, PARAMS)
            for number in (7, 12, 13):
                veto = bool(every) and number not in every
                assert CornerIndices(pair, BANKS, PARAMS).all_read_another(number) == veto
    assert CornerIndices((marks["12"], marks["12"]), BANKS, PARAMS).apart() == 12
    assert CornerIndices((marks["12"], marks["13"]), BANKS, PARAMS).apart() is None
    assert CornerIndices((marks["12"], None), BANKS, PARAMS).numbers() == {12}


def test_a_corner_is_read_only_when_asked():
    pair = (BLANK, corner_window("12", STYLE))
    once = CornerIndices(pair, BANKS, PARAMS)
    assert not once.all_read_another(12)  # the first corner reads nothing: the second is not read
    assert once._read[1] is None
    assert once.numbers() == {12} and once._read[1] == {12}
    # One corner reading only the centre's number: the other cannot make the two agree on
    # another, so it is not read.
    same = CornerIndices((corner_window("12", STYLE), corner_window("13", STYLE)), BANKS, PARAMS)
    assert not same.all_read_another(12) and same._read[1] is None
