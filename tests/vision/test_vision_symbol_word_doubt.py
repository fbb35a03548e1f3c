"""A digit read while a line of its mark reads faintly as the dare word is doubted (it may be
a dare whose word is faint), but a digit's own bar is no word: a 9's underline or a 1's
foot, however the word templates score it, leaves the digit sure (vision.symbols)."""

import cv2
import numpy as np
import pytest

from visionkit import on_canvas
from vision import templates
from vision.dare_number import both_ways
from vision.mark_shape import without_bars
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
FAINT = (PARAMS.word_doubt + PARAMS.word_score) / 2


def _faint_word_on_lower_line(monkeypatch):
    """both_ways as it is, but the mark's lower line read faintly as the word both ways up,
    as a blurred underline was (seed-1 spread scene 778)."""
    import vision.symbol_ink as symbols

    def faint(ink, banks, params):
        ways = both_ways(ink, banks, params)
        return [(FAINT, rows, min(range(len(rows)), key=lambda i: rows[i][1] - rows[i][0]))
                for _, rows, _ in ways]

    monkeypatch.setattr(symbols, "both_ways", faint)


def _nine_with_bar(height: int) -> np.ndarray:
    glyph = templates.text("9", STYLE, 48)
    bar = np.full((height, int(glyph.shape[1] * 0.85)), 255, np.uint8)
    return on_canvas(templates.stack(glyph, bar, 5))


@pytest.mark.parametrize("turned", [False, True])
def test_an_underline_read_faintly_as_the_word_leaves_the_digit_sure(monkeypatch, turned):
    ink = _nine_with_bar(8)
    if turned:
        ink = ink[::-1, ::-1].copy()
    _faint_word_on_lower_line(monkeypatch)
    reading = read_symbol(ink, BANKS, PARAMS)
    assert reading.symbol == "9" and reading.confidence >= 0.8


def test_a_word_read_faintly_under_a_digit_still_doubts_it(monkeypatch):
    word = templates.text("DARE", STYLE, 24)
    ink = on_canvas(templates.stack(templates.text("9", STYLE, 48), word, 5))
    _faint_word_on_lower_line(monkeypatch)
    reading = read_symbol(ink, BANKS, PARAMS)
    assert not (reading.symbol == "9" and reading.confidence >= 0.8)


def test_a_bar_is_no_word_but_a_tall_or_notched_line_is():
    rows = [(0, 48), (53, 61)]
    view = np.zeros((61, 40), np.uint8)
    view[53:61, 3:37] = 255
    assert without_bars(view, (0.5, rows, 1)) == (-1.0, rows, -1)  # a solid bar under the digit
    view[53:61, 18:21] = 0
    view[53:57, 10:12] = 0
    assert without_bars(view, (0.5, rows, 1)) == (0.5, rows, 1)  # two blobs: letters
    tall = [(0, 48), (53, 75)]
    view = np.zeros((75, 40), np.uint8)
    view[53:75, 3:37] = 255
    view[53:66, 12:16] = 0  # half the digit's height, notched between letters: a word's
    assert without_bars(view, (0.5, tall, 1)) == (0.5, tall, 1)
    assert without_bars(view, (-1.0, tall, -1)) == (-1.0, tall, -1)


@pytest.mark.parametrize("digit", [2, 3, 5, 7])
@pytest.mark.parametrize("bar_height", [14, 18])
def test_a_solid_bar_under_a_digit_makes_no_dare(digit, bar_height):
    """A glare streak under a digit reads as well as the word against the word's templates
    (0.75-0.8), and digit over bar looks like a dare's number over its word: both read a
    sure dare of that number before (its corners read the digit too)."""
    from visionkit import corner_window

    glyph = templates.text(str(digit), STYLE, 48)
    bar = np.full((bar_height, int(glyph.shape[1] * 1.4) + 20), 255, np.uint8)
    ink = on_canvas(templates.stack(glyph, bar, 6))
    corners = (corner_window(str(digit), STYLE), corner_window(str(digit), STYLE))
    reading = read_symbol(ink, BANKS, PARAMS, corners=corners)
    assert not (reading.symbol == "dare" and reading.confidence >= 0.8)


def test_a_word_is_no_bar_but_a_solid_line_is():
    from vision.mark_shape import is_bar, without_bars

    word = templates.text("DARE", STYLE, 18)
    blurred = templates.blurred(word, 0.25)  # blurred into one blob, notched still
    assert not is_bar(np.pad(word, 2), 0.97) and not is_bar(np.pad(blurred, 2), 0.97)
    bar = np.pad(np.full((14, 80), 255, np.uint8), 2)
    assert is_bar(bar, 0.97)
    assert without_bars(bar, (0.78, [(0, 18)], 0)) == (-1.0, [(0, 18)], -1)
    assert without_bars(np.pad(word, 2), (0.9, [(0, 22)], 0)) == (0.9, [(0, 22)], 0)
