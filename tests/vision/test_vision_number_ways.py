"""Which way up a dare's number reads: the word, the other way's reading, the corner indices."""

from dataclasses import replace

import cv2
import numpy as np
from visionkit import on_canvas

from vision import templates
from vision.dare_number import both_ways, read_dare_number
from vision.indices import corner_readings
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.12, False)
NO_CORNER = np.zeros((52, 48), np.uint8)


def corner_window(text: str, shape: bool = False, size=(48, 52)) -> np.ndarray:
    """A corner's white marks, upright: the index, and a small colour-blind diamond below."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(text, STYLE, 20)
    mh, mw = mark.shape
    window[4:4 + mh, 4:4 + mw] = mark[:h - 4, :w - 4]
    if shape:
        diamond = np.array([[3, 0], [5, 3], [3, 5], [0, 3]], np.int32) + (2 + mw // 2, 8 + mh)
        cv2.fillConvexPoly(window, diamond, 255)
    return window


def dare_ink(number: str):
    """A dare's centre: the word above the number; both views and both ways' lines."""
    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text(number, STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    return views, both_ways(ink, BANKS, PARAMS)


def test_a_shape_below_the_corner_index_is_not_read_as_a_number():
    # A small diamond, taken for a line of digits, reads as a 4 (a circle as a 6 or 9).
    for text in ("3", "#3", "12"):
        window = corner_window(text, shape=True)
        assert corner_readings((window,), BANKS, PARAMS) == [{int(text.lstrip("#"))}]


def test_a_way_up_just_short_of_the_word_bar_is_still_about_as_like_the_word():
    views, lines = dare_ink("9")
    up, turned = lines[0][0], lines[1][0]
    assert up > turned
    # One way up clears the bar, the other misses it by a hair: no way up is told.
    close = replace(PARAMS, word_score=(up + turned) / 2, word_margin=up - turned + 0.01)
    assert read_dare_number(views, BANKS, close, lines)[0] is None
    # ... and the corners still say which.
    nines = (corner_window("9"), NO_CORNER)
    assert read_dare_number(views, BANKS, close, lines, nines)[:2] == (9, False)


def test_a_corner_reading_the_other_ways_number_overrules_the_word():
    views, lines = dare_ink("9")
    assert read_dare_number(views, BANKS, PARAMS, lines)[:2] == (9, False)
    sixes = (corner_window("6"), NO_CORNER)
    assert read_dare_number(views, BANKS, PARAMS, lines, sixes)[0] is None
    nines = (corner_window("9"), NO_CORNER)
    assert read_dare_number(views, BANKS, PARAMS, lines, nines)[:2] == (9, False)


def test_under_a_faint_word_the_way_up_reading_it_worse_counts_too():
    views, lines = dare_ink("12")
    # Glare took half the word: the true way up reads it worse than the turned one.
    (up, up_rows, up_w), (turned, turned_rows, turned_w) = lines
    swapped = [(0.3, up_rows, up_w), (0.5, turned_rows, turned_w)]
    # (faint_sure off: a number read surely one way up and not the other would say it.)
    faint = replace(PARAMS, word_score=0.6, word_doubt=0.45, faint_sure=2.0)
    assert read_dare_number(views, BANKS, faint, swapped)[0] is None
    twelves = (corner_window("12"), NO_CORNER)
    assert read_dare_number(views, BANKS, faint, swapped, twelves)[:2] == (12, False)
    assert read_dare_number(views, BANKS, replace(faint, faint_sure=0.9), swapped)[:2] == (12, False)


def test_a_wild_card_with_no_word_line_takes_the_number_its_corners_back():
    # Glare took the word: one line left, no line reads as the word.
    ink = on_canvas(templates.text("12", STYLE, 30))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    one = (corner_window("12"), NO_CORNER)
    assert read_dare_number(views, BANKS, PARAMS, lines, one, wild=True)[0] == 12
    # A coloured card might be no dare at all; with no corner nothing backs it, and both
    # corners reading another number contradict it.
    assert read_dare_number(views, BANKS, PARAMS, lines, one)[0] is None
    assert read_dare_number(views, BANKS, PARAMS, lines, (NO_CORNER, NO_CORNER), wild=True)[0] is None
    other = (corner_window("13"), corner_window("13"))
    assert read_dare_number(views, BANKS, PARAMS, lines, other, wild=True)[0] is None
    # With nothing left in the centre, both corners must agree.
    blank = np.zeros_like(ink)
    empty = (blank, blank)
    nothing = both_ways(blank, BANKS, PARAMS)
    both = (corner_window("12"), corner_window("12"))
    assert read_dare_number(empty, BANKS, PARAMS, nothing, both, wild=True)[0] == 12
    assert read_dare_number(empty, BANKS, PARAMS, nothing, one, wild=True)[0] is None
    apart = (corner_window("12"), corner_window("13"))
    assert read_dare_number(empty, BANKS, PARAMS, nothing, apart, wild=True)[0] is None


def test_when_the_word_reads_alike_both_ways_the_likelier_digit_says_which_way_up():
    # A bold, blurred 4 turned round passes for a 9 (sure among the digits a dare can
    # carry), but looks far less like one than the 4 like a 4.
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.2, True)
    alike = replace(PARAMS, word_score=0.0, word_margin=2.0)  # the word tells no way up
    unlike = replace(alike, turn_margin=1.0, four_turned_nine=False)  # no margin met, a 4 and a 9 too
    for digit, expected in (("4", 4), ("6", None), ("9", None)):
        word = templates.text("DARE", style, 16)
        ink = on_canvas(templates.stack(word, templates.blurred(templates.text(digit, style, 30), 0.06), 5))
        views = (ink, ink[::-1, ::-1].copy())
        lines = both_ways(ink, BANKS, PARAMS)
        assert read_dare_number(views, BANKS, alike, lines)[0] == expected
        assert read_dare_number(views, BANKS, unlike, lines)[0] is None


def test_a_wild_cards_number_under_a_word_too_faint_to_count_needs_one_corner():
    views, lines = dare_ink("12")
    # The white word on black is all but lost: it reads below word_doubt both ways up.
    faint = [(0.2, rows, w) for _, rows, w in lines]
    twelves = (corner_window("12"), NO_CORNER)
    assert read_dare_number(views, BANKS, PARAMS, faint, twelves, wild=True)[:2] == (12, False)
    assert read_dare_number(views, BANKS, PARAMS, faint, twelves)[0] is None
    assert read_dare_number(views, BANKS, PARAMS, faint, (NO_CORNER, NO_CORNER), wild=True)[0] is None


def test_both_corners_and_the_other_way_up_outvote_the_word_for_a_two_digit_number():
    views, lines = dare_ink("12")
    (up, up_rows, up_w), (turned, turned_rows, turned_w) = lines
    # A blurred word read better turned round: its number line then reads nothing surely.
    misled = [(0.5, up_rows, up_w), (0.7, turned_rows, turned_w)]
    twelves = (corner_window("12"), corner_window("12"))
    number, flipped, _ = read_dare_number(views, BANKS, PARAMS, misled, twelves)
    assert (number, flipped) == (12, False)
    # One corner alone, or none, while the word's way reads nothing: no number turned round
    # reads as one of 10-16 surely, so the 12 counts
    # (vision.dare_ways.two_digits_against_the_word); not when a corner reads another number.
    assert read_dare_number(views, BANKS, PARAMS, misled, (corner_window("12"), NO_CORNER))[0] == 12
    assert read_dare_number(views, BANKS, PARAMS, misled, (corner_window("15"), NO_CORNER))[0] is None
    # A one-digit number may be a digit card's 6 or 9 whose bar passed for the word.
    views9, lines9 = dare_ink("9")
    misled9 = [(0.5, lines9[0][1], lines9[0][2]), (0.7, lines9[1][1], lines9[1][2])]
    nines = (corner_window("9"), corner_window("9"))
    assert read_dare_number(views9, BANKS, PARAMS, misled9, nines)[0] is None


def test_a_corner_index_read_half_surely_says_which_way_up_a_6_or_a_9_lies():
    # The word reads alike both ways up (or only faintly): the centre reads a sure 6 one
    # way and a sure 9 the other. No corner reads surely (corner_min_confidence past 1, as
    # for a small blurred index), but one's likeliest number is a 6: the card's 6 or 9
    # shows upright in its corners however it lies.
    views, lines = dare_ink("6")
    half = replace(PARAMS, corner_min_confidence=1.01)
    for words in (replace(half, word_score=0.0, word_margin=2.0),      # alike both ways
                  replace(half, word_score=2.0, word_doubt=0.0)):      # faint both ways
        sixes = (corner_window("6"), NO_CORNER)
        assert read_dare_number(views, BANKS, words, lines, sixes)[:2] == (6, False)
        nines = (NO_CORNER, corner_window("9"))
        assert read_dare_number(views, BANKS, words, lines, nines)[:2] == (9, True)
        # Off, no corner index, or corners reading both: no way up is told.
        assert read_dare_number(views, BANKS, replace(words, corner_turn_min=0.0), lines, sixes)[0] is None
        assert read_dare_number(views, BANKS, words, lines, (NO_CORNER, NO_CORNER))[0] is None
        both = (corner_window("6"), corner_window("9"))
        assert read_dare_number(views, BANKS, words, lines, both)[0] is None
