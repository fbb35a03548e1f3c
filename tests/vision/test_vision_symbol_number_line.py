"""A dare whose word glare took (or whose mark a wedge of glare spoils) is still told by its
number line: "#7", "13" and "#13" are printed on dares only, and a corner index reading the
same number is a second reading of other pixels (vision.symbols)."""

import cv2
import numpy as np
import pytest

from visionkit import corner_window, on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.dare_cues import dare_by_its_lines
from vision.symbols import SymbolReading, read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
BLANK = np.zeros((52, 48), np.uint8)


def _wedge(ink: np.ndarray) -> np.ndarray:
    """A wedge of glare's leftovers under the number, as the field's colour leaves it."""
    out = ink.copy()
    h, w = out.shape
    cv2.fillPoly(out, [np.array([(w - 10, h - 40), (w - 40, h - 8), (w - 8, h - 6)], np.int32)], 255)
    return out


@pytest.mark.parametrize("text, number", [("13", 13), ("#7", 7), ("16", 16), ("#12", 12)])
@pytest.mark.parametrize("turned", [False, True])
def test_a_number_only_a_dare_prints_makes_a_dare_when_a_corner_reads_it(text, number, turned):
    ink = _wedge(on_canvas(templates.text(text, STYLE, 40)))
    if turned:
        ink = ink[::-1, ::-1].copy()
    alone = read_symbol(ink, BANKS, PARAMS, corners=(BLANK, BLANK))
    assert alone.confidence < 0.8  # no word, no corner: no card
    backed = read_symbol(ink, BANKS, PARAMS, corners=(corner_window(text, STYLE), BLANK))
    assert (backed.symbol, backed.number, backed.flipped) == ("dare", number, turned)
    assert backed.confidence >= 0.8


def test_a_corner_reading_another_number_makes_no_dare():
    ink = _wedge(on_canvas(templates.text("13", STYLE, 40)))
    reading = read_symbol(ink, BANKS, PARAMS, corners=(corner_window("3", STYLE), corner_window("3", STYLE)))
    assert not (reading.symbol == "3" and reading.confidence >= 0.8)
    assert not (reading.symbol == "dare" and reading.confidence >= 0.8)


def test_a_digit_card_with_a_sliver_beside_its_digit_is_no_dare():
    """A 3 with a bar of glare's leftovers before it reads "13" as a line; its corners
    read 3, not 13: no dare."""
    ink = on_canvas(templates.digit(3, STYLE))
    ys, xs = np.nonzero(ink)
    ink[ys.min():ys.max() + 1, xs.min() - 14:xs.min() - 8] = 255
    reading = read_symbol(ink, BANKS, PARAMS, corners=(corner_window("3", STYLE), corner_window("3", STYLE)))
    assert reading.symbol != "dare" or reading.confidence < 0.8


def test_a_digit_read_nearly_surely_against_a_dare_number_is_unsure(monkeypatch):
    """Two cues that disagree (a 7 read at 0.82, a "13" a corner reads too): no answer."""
    import vision.symbol_ink as symbols

    monkeypatch.setattr(symbols, "read_mark", lambda *a, **k: SymbolReading("7", None, False, 0.82, 0.7, 0.1))
    ink = _wedge(on_canvas(templates.text("13", STYLE, 40)))
    reading = read_symbol(ink, BANKS, PARAMS, corners=(corner_window("13", STYLE), BLANK))
    assert reading.symbol == "7" and reading.confidence == 0.0


@pytest.mark.parametrize("turned", [False, True])
def test_the_word_alone_makes_a_dare_numbered_by_both_corners(turned):
    """Glare took the number, the word is left: a dare when both corner indices, read
    apart, agree on a number (one corner alone does not: the word's templates alone take
    an arrow's shaft for the word)."""
    ink = on_canvas(templates.text("DARE", STYLE, 18))
    if turned:
        ink = ink[::-1, ::-1].copy()
    six = corner_window("6", STYLE)
    reading = read_symbol(ink, BANKS, PARAMS, corners=(six, six))
    assert (reading.symbol, reading.number, reading.flipped) == ("dare", 6, turned)
    assert reading.confidence >= 0.8
    one = read_symbol(ink, BANKS, PARAMS, corners=(six, BLANK))
    assert one.confidence < 0.8


@pytest.mark.parametrize("tilt", [0.0, 45.0])
def test_an_arrow_glare_left_is_no_dare(tilt):
    """The classic reverse with glare over its lower half leaves one arrow's shaft, which
    reads about as well as the word (0.7) against the word's templates: no dare without a
    number both corners read."""
    ink = on_canvas(templates.blurred(templates.reverse_loop(0.09, tilt, 56), 0.03))
    ys = np.flatnonzero(ink.any(axis=1))
    ink[ys[0] + (ys[-1] + 1 - ys[0]) // 3:] = 0
    for view in (ink, ink[::-1, ::-1].copy()):
        reading = read_symbol(view, BANKS, PARAMS, corners=(BLANK, BLANK))
        assert not (reading.symbol == "dare" and reading.confidence >= 0.8)


def test_a_wide_mark_that_is_no_word_makes_no_dare():
    ink = on_canvas(templates.text("4", STYLE, 40))
    ink = cv2.resize(ink, None, fx=2.0, fy=1.0, interpolation=cv2.INTER_NEAREST)[:, 56:168]
    six = corner_window("6", STYLE)
    assert dare_by_its_lines(ink, BANKS, PARAMS, (six, six)) is None
    word = on_canvas(templates.text("DARE", STYLE, 18))
    assert dare_by_its_lines(word, BANKS, PARAMS, (six, six))[0] == 6


@pytest.mark.parametrize("font", templates.FONTS[1:])
@pytest.mark.parametrize("turned", [False, True])
def test_a_digit_glare_cut_is_no_dare(font, turned):
    """Glare across the top of a serif 1 leaves its stem over its foot, two lines that look
    as much like a dare's as anything: with no line reading as the word, and none as a
    number, that likeness alone makes no dare (a sure `red-dare` before)."""
    style = templates.TemplateStyle(font, 0.1, False)
    ink = on_canvas(templates.blurred(templates.digit(1, style, 48), 0.03))
    ys = np.flatnonzero(ink.any(axis=1))
    ink[ys[0]:ys[0] + (ys[-1] + 1 - ys[0]) // 4] = 0
    if turned:
        ink = ink[::-1, ::-1].copy()
    reading = read_symbol(ink, BANKS, PARAMS, corners=(BLANK, BLANK))
    assert not (reading.symbol == "dare" and reading.confidence >= 0.8)


@pytest.mark.parametrize("word", ["ARE", "DA"])
def test_a_dare_only_number_under_a_whole_mark_surely_a_dare_needs_no_corner(word):
    """A thumb took the D of the word (seed-1 held scene 56): the word reads faintly, the
    corners not at all; the whole mark is surely a dare's and its "#12" is a number only a
    dare prints: two cues that agree."""
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.14, True)
    ink = on_canvas(templates.stack(templates.text("#12", style, 30), templates.text(word, style, 16), 5))
    reading = read_symbol(ink, BANKS, PARAMS, corners=(BLANK, BLANK))
    assert (reading.symbol, reading.number) == ("dare", 12) and reading.confidence >= 0.8


def test_a_black_field_with_no_word_and_no_number_is_no_wild_dare():
    """A card's back (a tilted oval, a logo) or a phone's screen passes for a wild card's
    black field: with no line reading as the word and none as a number, its mark makes no
    wild dare (bench held seed 2 scenes 299 and 382 read wild-dare before)."""
    ink = np.zeros((174, 112), np.uint8)
    cv2.ellipse(ink, (56, 87), (40, 60), 30, 0, 360, 255, 7)
    cv2.putText(ink, "UNO", (30, 95), cv2.FONT_HERSHEY_DUPLEX, 0.9, 255, 2)
    reading = read_symbol(ink, BANKS, PARAMS, wild=True, corners=(BLANK, BLANK))
    assert reading.confidence < 0.8
    word = on_canvas(templates.stack(templates.text("DARE", STYLE, 16), templates.text("7", STYLE, 30), 5))
    wild = read_symbol(word, BANKS, PARAMS, wild=True, corners=(BLANK, BLANK))
    assert (wild.symbol, wild.number) == ("dare", 7) and wild.confidence >= 0.8
