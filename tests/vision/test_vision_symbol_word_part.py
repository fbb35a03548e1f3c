"""A dare told by what is left of its word (vision.dare_cues.dare_by_a_word_part): glare or a
pale print took one end of the word ("ARE!", "DAR"), the number beside it reads surely and a
corner index reads the same number; a digit with a line of blobs beside it is no dare."""

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
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
BLANK = np.zeros((52, 48), np.uint8)
SURE = PARAMS.number_min_confidence


def corner_window(text: str, size=(48, 52)) -> np.ndarray:
    """A corner's white marks, upright: its index."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(text, STYLE, 20)
    mh, mw = mark.shape
    window[4:4 + mh, 4:4 + mw] = mark[:h - 4, :w - 4]
    return window


def number_over(digit: str, line: np.ndarray) -> np.ndarray:
    """A centre mark: ``digit`` with ``line`` under it."""
    return on_canvas(templates.stack(templates.text(digit, STYLE, 48), line, 5))


@pytest.mark.parametrize("part", ["ARE!", "DAR", "ARE"])
@pytest.mark.parametrize("digit", ["2", "7"])
def test_what_is_left_of_the_word_makes_a_dare_with_the_corners_number(part, digit):
    ink = number_over(digit, templates.text(part, STYLE, 20))
    corners = (corner_window(digit), corner_window(digit))
    upright = read_symbol(ink, BANKS, PARAMS, corners=corners)
    assert (upright.symbol, upright.number, upright.flipped) == ("dare", int(digit), False)
    assert upright.confidence >= SURE
    turned = read_symbol(ink[::-1, ::-1].copy(), BANKS, PARAMS, corners=corners)
    assert (turned.symbol, turned.number, turned.flipped) == ("dare", int(digit), True)
    assert turned.confidence >= SURE


@pytest.mark.parametrize("corners", [(BLANK, BLANK), None, "5"])
def test_a_word_part_needs_a_corner_reading_the_same_number(corners):
    if corners == "5":
        corners = (corner_window("5"), corner_window("5"))
    ink = number_over("2", templates.text("ARE!", STYLE, 20))
    reading = read_symbol(ink, BANKS, PARAMS, corners=corners)
    assert reading.confidence < SURE


def test_a_line_of_blobs_beside_a_digit_is_no_word():
    blobs = np.zeros((20, 50), np.uint8)
    cv2.circle(blobs, (10, 10), 8, 255, -1)
    cv2.circle(blobs, (38, 10), 8, 255, -1)
    ink = number_over("2", blobs)
    reading = read_symbol(ink, BANKS, PARAMS, corners=(corner_window("2"), corner_window("2")))
    assert not (reading.symbol == "dare" and reading.confidence >= SURE)


def test_word_parts_are_runs_of_three_letters_of_the_words():
    parts = templates.word_parts()
    assert {"DAR", "ARE", "ARE!", "RE!"} <= set(parts)
    assert all(len(p) >= 3 and any(p in w and p != w for w in templates.DARE_WORDS) for p in parts)


@pytest.mark.parametrize("number", ["#12", "13", "#7"])
def test_a_word_part_beside_a_number_only_a_dare_prints_needs_no_corner(number):
    ink = on_canvas(templates.stack(templates.text(number, STYLE, 40), templates.text("ARE!", STYLE, 20), 5))
    reading = read_symbol(ink, BANKS, PARAMS, corners=(BLANK, BLANK))
    assert (reading.symbol, reading.number) == ("dare", int(number.lstrip("#")))
    assert reading.confidence >= SURE
    # Off the card's middle the number may be what glare left of a longer one ("#1" of "#13").
    shifted = np.zeros_like(ink)
    shifted[:, 30:] = ink[:, :-30]
    assert read_symbol(shifted, BANKS, PARAMS, corners=(BLANK, BLANK)).confidence < SURE


def test_a_word_part_beside_one_digit_needs_a_corner():
    ink = on_canvas(templates.stack(templates.text("7", STYLE, 40), templates.text("ARE!", STYLE, 20), 5))
    assert read_symbol(ink, BANKS, PARAMS, corners=(BLANK, BLANK)).confidence < SURE
