"""A lone cut's dare number with a digit a closed bay makes (0 6 8 9) counts when the
face's own ink, cut by another measure, reads a number ending in that digit the same way
up and no way up of it reads another (vision.symbols._closed_unless_the_face_agrees)."""

from dataclasses import replace

import cv2
import numpy as np

from visionkit import on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import read_ink
from vision.numbered_dares import closed_unless_the_face_agrees as _closed_unless_the_face_agrees

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
BLANK = np.zeros((52, 48), np.uint8)
CLOSED = "0689"


def _dare(number: str) -> tuple[np.ndarray, object]:
    ink = on_canvas(templates.stack(templates.text(number, STYLE, 30), templates.text("DARE", STYLE, 16), 5))
    return ink, read_ink(ink, BANKS, PARAMS, False, (BLANK, BLANK))


def test_the_face_reading_the_closed_digit_the_same_way_up_lets_it_count():
    for number in ("16", "10"):
        ink, reading = _dare(number)
        assert (reading.symbol, reading.number) == ("dare", int(number))
        assert _closed_unless_the_face_agrees(reading, ink, BANKS, PARAMS) == ""


def test_a_face_ending_in_another_digit_or_read_the_other_way_up_does_not():
    ink16, reading16 = _dare("16")
    ink15, _ = _dare("15")
    assert _closed_unless_the_face_agrees(reading16, ink15, BANKS, PARAMS) == CLOSED
    turned = replace(reading16, flipped=not reading16.flipped)
    assert _closed_unless_the_face_agrees(turned, ink16, BANKS, PARAMS) == CLOSED


def test_a_face_reading_another_number_the_other_way_up_is_a_rival():
    """A 9 turned round reads a 6 as surely: the face agrees with both, so with neither."""
    ink, reading = _dare("9")
    assert reading.number == 9
    assert _closed_unless_the_face_agrees(reading, ink, BANKS, PARAMS) == CLOSED


def test_off_keeps_the_closed_digits():
    ink, reading = _dare("16")
    off = replace(PARAMS, closed_face_agrees=False)
    assert _closed_unless_the_face_agrees(reading, ink, BANKS, off) == CLOSED


def test_an_8_counts_only_when_the_face_reads_8_the_other_way_up_too():
    """An 8 is its own print turned round; a "#2" or a 3 whose bays blur closed is not
    (dev 10:1361: a "#2" read 8 one way up, 8 at 0.0 the other)."""
    ink, reading = _dare("8")
    assert reading.number == 8
    assert _closed_unless_the_face_agrees(reading, ink, BANKS, PARAMS) == ""
    hashed, _ = _dare("#8")  # turned round, "8#" reads no sure 8
    assert _closed_unless_the_face_agrees(reading, hashed, BANKS, PARAMS) == CLOSED
