"""A line no wider than the one-character line above it is no dare word (vision.mark_shape.
without_bars): a 6's or 9's underline, notched by its drop shadow so that it fills its hull
too little to pass for a bar, still reads about as well as the word against the word's
templates; a dare's word of four letters half a digit's height is about twice as wide as
that digit."""

import cv2
import numpy as np

from vision import templates
from vision.mark_shape import without_bars

STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.17, False)


def two_lines(top: np.ndarray, bottom: np.ndarray, gap: int = 4) -> tuple[np.ndarray, list]:
    """The two masks one above the other, centred, and their rows."""
    view = templates.stack(top, bottom, gap)
    return view, [(0, top.shape[0]), (top.shape[0] + gap, view.shape[0])]


def notched_bar(width: int, height: int = 10) -> np.ndarray:
    """An underline and its drop shadow cut as one blob: the shadow's step at its left
    end, the bar's end above the shadow's at its right, a notch along its top (it fills
    less than 0.8 of its hull: no bar by its solidity)."""
    bar = np.full((height, width), 255, np.uint8)
    bar[:height // 2, :width // 4] = 0
    bar[height // 2:, 3 * width // 4:] = 0
    bar[:height // 2, width // 2 - 1:width // 2 + 2] = 0
    return bar


def test_an_underline_as_wide_as_its_digit_is_no_word():
    six = templates.crop(templates.text("6", STYLE, 40))
    view, rows = two_lines(six, notched_bar(six.shape[1]))
    assert without_bars(view, (0.64, rows, 1))[2] == -1


def test_a_dares_word_under_one_digit_stays_a_word():
    seven = templates.crop(templates.text("7", STYLE, 40))
    word = templates.crop(templates.text("DARE", STYLE, 20))
    view, rows = two_lines(seven, word)
    assert without_bars(view, (0.8, rows, 1))[2] == 1


def test_a_dares_word_under_two_digits_stays_a_word():
    number = templates.crop(templates.text("16", STYLE, 40))
    word = templates.crop(templates.text("DARE", STYLE, 20))
    view, rows = two_lines(number, word)
    assert without_bars(view, (0.8, rows, 1))[2] == 1
