"""A 6 and a 9 are told apart only by their underline: a 6 upright is a 9 upside down. One
whose underline is lost (glare, a thin bar eaten by the ink cut) is neither (vision.symbols,
vision.templates.BARE)."""

import cv2
import numpy as np
import pytest

from visionkit import corner_window, on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
BLANK = np.zeros((52, 48), np.uint8)


@pytest.mark.parametrize("font", templates.FONTS)
@pytest.mark.parametrize("italic", [False, True])
@pytest.mark.parametrize("digit", [6, 9])
def test_a_six_or_nine_without_its_underline_is_unsure(font, italic, digit):
    style = templates.TemplateStyle(font, 0.14, italic)
    ink = on_canvas(templates.blurred(templates.text(str(digit), style, 48), 0.03))
    for view in (ink, ink[::-1, ::-1].copy()):
        reading = read_symbol(view, BANKS, PARAMS, corners=(BLANK, BLANK))
        assert reading.confidence < 0.8, reading


@pytest.mark.parametrize("digit", [6, 9])
def test_an_underlined_six_or_nine_still_reads_either_way_up(digit):
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.14, True)
    ink = on_canvas(templates.digit(digit, style))
    upright = read_symbol(ink, BANKS, PARAMS, corners=(corner_window(str(digit), style), BLANK))
    turned = read_symbol(ink[::-1, ::-1].copy(), BANKS, PARAMS)
    assert (upright.symbol, upright.flipped) == (str(digit), False) and upright.confidence >= 0.8
    assert (turned.symbol, turned.flipped) == (str(digit), True) and turned.confidence >= 0.8


def test_the_bare_shapes_are_no_card_symbol():
    labels = {label for label, _ in templates.symbol_masks()}
    assert set(templates.BARE.values()) <= labels
    assert not set(templates.BARE.values()) & {str(n) for n in range(10)}
