"""A mark wider than tall (a bold slanted print, a flattening a little off) fits no template's
shape; read again at a digit's width it may be sure (vision.symbols)."""

import cv2
import numpy as np
import pytest

from visionkit import on_canvas
from vision import templates
from vision.mark_shape import squeezed
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import SymbolReading, read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
BOLD = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.17, True)


def _wide(digit: int, aspect: float = 1.3) -> np.ndarray:
    glyph = templates.blurred(templates.digit(digit, BOLD, 40), 0.04)
    wide = cv2.resize(glyph, (int(round(aspect * glyph.shape[0])), glyph.shape[0]),
                      interpolation=cv2.INTER_NEAREST)
    return on_canvas(wide)


@pytest.mark.parametrize("digit", [2, 3, 5, 8])
def test_a_digit_printed_wider_than_tall_reads(digit):
    reading = read_symbol(_wide(digit), BANKS, PARAMS)
    assert reading.symbol == str(digit) and reading.confidence >= 0.85


def test_only_a_mark_wider_than_tall_is_squeezed():
    narrow = on_canvas(templates.digit(5, BOLD, 40))
    assert squeezed(narrow) is None
    wide = _wide(5)
    narrow = squeezed(wide)
    x, y, w, h = cv2.boundingRect(narrow)
    assert (y, h) == cv2.boundingRect(wide)[1::2] and abs(w - 0.9 * h) <= 1


def test_a_nearly_sure_reading_the_squeezed_mark_contradicts_is_unsure(monkeypatch):
    import vision.symbol_ink as symbols

    readings = iter([SymbolReading("dare", None, False, 0.82), SymbolReading("5", None, False, 1.0)])
    monkeypatch.setattr(symbols, "_read_lines_too", lambda *a: next(readings))
    reading = read_symbol(_wide(5), BANKS, PARAMS)
    assert reading.confidence == 0.0
