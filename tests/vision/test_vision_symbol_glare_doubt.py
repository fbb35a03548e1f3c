"""A digit read short of a whole print's score where the face's ink runs along the white
centre's outline (vision.mark_shape.along_rim: a highlight over the centre) is unsure: a
highlight that paled the centre's far side cuts the centre short, and the mark's ink stops
at the cut (an 8 cut so reads a 9 or a 1 surely, a 4 a 7, a 0 a 9)."""

import cv2
import numpy as np
import pytest

from vision.mark_shape import along_rim
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol
from visionkit import centre_digit_ink as digit_ink, centre_oval as oval

PARAMS = SymbolParams()
W, H = 112, 174


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def cut_short(digit: str, at: int) -> tuple[np.ndarray, np.ndarray]:
    """The centre cut short along a slanted line ``at`` px right of the card's middle (a
    highlight paled its far side past the face's white), and the digit's ink within it (the
    face's one-pixel shave left out)."""
    yy, xx = np.mgrid[:H, :W]
    centre = oval() & ((xx - W // 2) + 0.5 * (yy - H // 2) < at)
    depth = cv2.distanceTransform(centre.astype(np.uint8), cv2.DIST_C, 3)
    ink = np.where((digit_ink(digit) > 0) & (depth > 1), 255, 0).astype(np.uint8)
    return ink, centre


def test_a_mark_in_the_middle_of_the_centre_does_not_run_along_its_outline():
    assert not along_rim(digit_ink("8"), oval())


def test_a_mark_the_centre_was_cut_short_across_runs_along_its_outline():
    ink, centre = cut_short("8", 5)
    assert along_rim(ink, centre)


@pytest.mark.parametrize("digit, at", [("8", 5), ("8", -1), ("4", -4), ("0", 5)])
def test_a_digit_the_centre_was_cut_short_across_is_no_sure_other_digit(banks, digit, at):
    ink, centre = cut_short(digit, at)
    alone = read_symbol(ink, banks, PARAMS)
    # The ink alone reads another digit surely (what the test is about) ...
    assert alone.symbol != digit and alone.confidence >= PARAMS.number_min_confidence
    # ... read with its centre, the reading is unsure.
    reading = read_symbol(ink, banks, PARAMS, centre=centre)
    assert reading.confidence < PARAMS.number_min_confidence


@pytest.mark.parametrize("digit", list("1234578"))
def test_whole_digits_in_the_centre_stay_sure(banks, digit):
    reading = read_symbol(digit_ink(digit), banks, PARAMS, centre=oval())
    assert (reading.symbol, reading.confidence >= PARAMS.number_min_confidence) == (digit, True)
