"""Dare numbers read in doubt: slashed zeros, and which way up when the word cannot say."""

from dataclasses import replace

import cv2
import numpy as np
import pytest
from visionkit import corner_window, on_canvas

from vision import templates
from vision.marks import feature
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.dare_number import both_ways, read_dare_number
from vision.indices import read_number_row

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.12, False)


def corner(text):
    """A corner's white marks: the index, upright."""
    return corner_window(text, STYLE)


@pytest.mark.parametrize("font", [cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX])
def test_a_blurred_slashed_zero_reads_zero_not_eight(font):
    # A plain oval's templates score this 0 and 8 alike.
    style = templates.TemplateStyle(font, 0.13, False)
    slashed = templates.blurred(templates.text("0", style, 32), 0.06)
    scores = BANKS.digit.scores_by_label(feature(slashed, PARAMS.digit_box, PARAMS.digit_blur))
    assert max(scores, key=scores.get) == "0" and scores["0"] - scores["8"] > 0.05
    row = templates.blurred(templates.text("10", style, 30), 0.05)
    number, confidence = read_number_row(np.pad(row, 3), BANKS.digit, PARAMS)
    assert number == 10 and confidence >= PARAMS.number_min_confidence


def test_when_the_word_reads_alike_both_ways_a_corner_says_which_way_up():
    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("9", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    assert read_dare_number(views, BANKS, PARAMS, lines)[:2] == (9, False)
    alike = replace(PARAMS, word_score=0.0, word_margin=2.0)  # the word tells no way up
    assert read_dare_number(views, BANKS, alike, lines)[0] is None
    nines = (corner("9"), np.zeros((52, 48), np.uint8))
    assert read_dare_number(views, BANKS, alike, lines, nines)[:2] == (9, False)
    sixes = (corner("6"), corner("6"))
    assert read_dare_number(views, BANKS, alike, lines, sixes)[:2] == (6, True)
    # Corners that read both numbers, or another, decide nothing.
    both = (corner("9"), corner("6"))
    assert read_dare_number(views, BANKS, alike, lines, both)[0] is None
    other = (corner("12"), corner("12"))
    assert read_dare_number(views, BANKS, alike, lines, other)[0] is None


def test_a_number_under_a_faint_word_counts_only_when_a_corner_reads_it():
    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("12", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    faint = replace(PARAMS, word_score=1.5, word_doubt=0.0)  # the word never reads surely
    # The number read surely one way up and not at all the other says which way up; both
    # corners reading another number say otherwise.
    assert read_dare_number(views, BANKS, faint, lines)[:2] == (12, False)
    assert read_dare_number(views, BANKS, faint, lines, (corner("13"), corner("13")))[0] is None
    faint = replace(faint, faint_sure=2.0)  # without that, only a corner index backs it
    assert read_dare_number(views, BANKS, faint, lines)[0] is None
    one = (corner("12"), np.zeros((52, 48), np.uint8))
    assert read_dare_number(views, BANKS, faint, lines, one)[:2] == (12, False)
    other = (corner("13"), corner("13"))
    assert read_dare_number(views, BANKS, faint, lines, other)[0] is None
    # Below word_doubt both ways up, no number at all.
    gone = replace(faint, word_doubt=1.2)
    assert read_dare_number(views, BANKS, gone, lines, one)[0] is None


def test_when_the_word_reads_alike_both_ways_a_sure_number_beats_no_number():
    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("13", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    alike = replace(PARAMS, word_score=0.0, word_margin=2.0)  # the word tells no way up
    assert read_dare_number(views, BANKS, alike, lines)[:2] == (13, False)
    # Both corners reading another number still outvote it.
    other = (corner("12"), corner("12"))
    assert read_dare_number(views, BANKS, alike, lines, other)[0] is None
