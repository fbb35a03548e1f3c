"""A wild card's number read from its lines (vision.symbols, vision.dare_cues): the newer
design prints white letters on a four-colour disc, and the face's cut keeps the word's
letters as broken outlines that read as no word, while the number stands out whole. The
black field says dare, but so does a card's back's or a phone's: the number counts when the
mark is a dare's two lines (the number's and one of a word's shape) or a corner index reads
it too."""

import cv2
import numpy as np
import pytest
from visionkit import heavy, on_canvas

from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def wild_mark(number: str, word: bool = True) -> np.ndarray:
    """A wild dare's centre ink: ``number`` whole, over (``word``) the word DARE! cut as the
    broken outlines of its letters."""
    num = templates.crop(heavy(number, cv2.FONT_HERSHEY_DUPLEX, 2, 26))
    if not word:
        return on_canvas(num)
    letters = templates.text("DARE!", templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.17, False), 14)
    letters = cv2.morphologyEx(letters, cv2.MORPH_GRADIENT, np.ones((2, 2), np.uint8))
    letters[:, ::4] = 0
    w = max(letters.shape[1], num.shape[1]) + 4
    mark = np.zeros((num.shape[0] + letters.shape[0] + 10, w), np.uint8)
    x = (w - num.shape[1]) // 2
    mark[2:2 + num.shape[0], x:x + num.shape[1]] = num
    x = (w - letters.shape[1]) // 2
    mark[8 + num.shape[0]:8 + num.shape[0] + letters.shape[0], x:x + letters.shape[1]] = letters
    return on_canvas(mark)


@pytest.mark.parametrize("number, value", [("13", 13), ("#3", 3), ("12", 12)])
def test_a_wild_dares_number_over_a_broken_word_is_read(banks, number, value):
    reading = read_symbol(wild_mark(number), banks, PARAMS, wild=True, corners=(None, None))
    assert (reading.symbol, reading.number) == ("dare", value)
    assert reading.confidence >= PARAMS.number_min_confidence


@pytest.mark.parametrize("number", ["13", "#3", "12"])
def test_a_number_alone_on_a_black_field_is_no_wild_dare(banks, number):
    reading = read_symbol(wild_mark(number, word=False), banks, PARAMS, wild=True, corners=(None, None))
    assert reading.confidence < PARAMS.number_min_confidence
