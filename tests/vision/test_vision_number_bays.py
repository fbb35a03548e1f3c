"""Bays: a digit's outline opens where other digits are closed, in any font, weight or blur;
a dare number's last digit is then weighed only against the digits its bays allow."""

from dataclasses import replace

import cv2
import numpy as np

from vision import templates
from vision.bays import bay_depths, bay_misfits
from vision.indices import number_row
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks


def bold(mask: np.ndarray, pixels: int) -> np.ndarray:
    """``mask`` with strokes ``pixels`` wider (a heavier print of the same face)."""
    if pixels <= 0:
        return mask
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (pixels + 1, pixels + 1))
    return cv2.dilate(np.pad(mask, pixels), disc)


def test_no_digit_rules_itself_out_in_any_face_weight_slant_or_blur():
    fonts = templates.FONTS + (cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX)
    for font in fonts:
        for stroke in (0.06, 0.15, 0.25):
            for italic in (False, True):
                style = templates.TemplateStyle(font, stroke, italic)
                for digit in "0123456789":
                    mask = bold(templates.text(digit, style, 40), int(round(40 * stroke)) - 2)
                    for sigma in (0.0, 0.08):
                        mark = templates.blurred(mask, sigma) if sigma else mask
                        assert digit not in bay_misfits(mark, PARAMS), (font, stroke, italic, digit, sigma)


def test_a_bold_five_opens_right_above_and_left_below():
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.15, False)
    five = bold(templates.text("5", style, 40), 2)
    right, left = bay_depths(five, PARAMS.bay_reach)
    assert right >= PARAMS.bay_depth and left >= PARAMS.bay_depth
    assert bay_misfits(five, PARAMS) == frozenset({"0", "6", "8", "9"})
    # Blur closes the bay under the bowl first; the one above stays.
    assert bay_misfits(templates.blurred(five, 0.04), PARAMS) == frozenset({"0", "8", "9"})
    eight = bold(templates.text("8", style, 40), 2)
    assert bay_misfits(eight, PARAMS) == frozenset()
    assert bay_depths(np.zeros((5, 5), np.uint8), 0.4) == (0.0, 0.0)


def test_a_five_the_templates_find_as_like_an_eight_reads_surely_by_its_bays():
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.12, True)
    five = np.pad(bold(templates.text("5", style, 30), 2), 3)
    number, before, _ = number_row(five, BANKS.digit, replace(PARAMS, bay_depth=2.0))
    assert number == 5 and before < PARAMS.number_min_confidence
    number, after, _ = number_row(five, BANKS.digit, PARAMS)
    assert number == 5 and after >= PARAMS.number_min_confidence
    # A corner's index is read without them.
    assert number_row(five, BANKS.digit, PARAMS, bays=False)[1] == before
