"""A dare's number read fully surely by the colour's cut over the whole centre counts
without a corner index's backing when the corners read no number at all (small cards whose
~10 px indices read nothing), never when a corner reads another number (vision.symbols)."""

import cv2
import numpy as np

from visionkit import corner_window, on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import read_ink
from vision.symbols import _a_numbered_dare

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
BLANK = np.zeros((52, 48), np.uint8)


def _dare(number: str) -> tuple[np.ndarray, object]:
    ink = on_canvas(templates.stack(templates.text(number, STYLE, 30), templates.text("DARE", STYLE, 16), 5))
    return ink, read_ink(ink, BANKS, PARAMS, False, (BLANK, BLANK))


def test_a_sure_numbered_dare_counts_alone_only_when_the_corners_read_no_number():
    ink, reading = _dare("13")
    assert (reading.symbol, reading.number) == ("dare", 13) and reading.confidence >= 1.0
    blank = (BLANK, BLANK)
    assert not _a_numbered_dare(reading, ink, BANKS, PARAMS, blank, backed=True)
    assert _a_numbered_dare(reading, ink, BANKS, PARAMS, blank, backed=True, lone=True)
    other = (corner_window("7", STYLE), BLANK)
    assert not _a_numbered_dare(reading, ink, BANKS, PARAMS, other, backed=True, lone=True)
    same = (corner_window("13", STYLE), BLANK)
    assert _a_numbered_dare(reading, ink, BANKS, PARAMS, same, backed=True, lone=True)


def test_a_lone_number_with_a_digit_a_closed_bay_makes_needs_a_corner():
    """A blurred 5 closes into a 9 or an 8, a "#2" into an 8: such a number counts only
    with a corner index reading it."""
    ink, reading = _dare("9")
    assert (reading.symbol, reading.number) == ("dare", 9) and reading.confidence >= 1.0
    assert not _a_numbered_dare(reading, ink, BANKS, PARAMS, (BLANK, BLANK), backed=True, lone=True)
    assert _a_numbered_dare(reading, ink, BANKS, PARAMS, (corner_window("9", STYLE), BLANK), backed=True, lone=True)
