"""A whole digit read short of sure between a 5 and a digit closed where the 5 opens (an 8,
a 0, a 9, a 6): the mark's bays decide (vision.symbols, vision.bays). A bold, blurred 5
correlates nearly as well with an 8, yet its bays cut deep."""

import cv2
import numpy as np
import pytest

from visionkit import on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.14, True)


def bold(label: str, k: int = 7) -> np.ndarray:
    """``label`` printed heavy: its strokes grown by ``k`` pixels."""
    glyph = np.pad(templates.text(label, STYLE, 48), 10)
    return on_canvas(cv2.dilate(glyph, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))))


@pytest.mark.parametrize("turned", [False, True])
def test_a_bold_five_whose_bays_open_reads_five(turned):
    ink = bold("5")
    if turned:
        ink = ink[::-1, ::-1].copy()
    reading = read_symbol(ink, BANKS, PARAMS)
    assert (reading.symbol, reading.flipped) == ("5", turned)
    assert reading.confidence >= PARAMS.number_min_confidence


@pytest.mark.parametrize("digit", ["8", "0", "6", "9", "3"])
def test_digits_closed_there_still_read_as_before(digit):
    reading = read_symbol(bold(digit, 5), BANKS, PARAMS)
    assert reading.symbol in (digit, None) or reading.confidence < PARAMS.number_min_confidence
    assert not (reading.symbol == "5" and reading.confidence >= PARAMS.number_min_confidence)
