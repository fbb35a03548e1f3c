"""A dare whose word reads only faintly both ways up (glare, blur): the number says which way
up when one way reads it surely and the other way reads none, and only when its line is
centred on the card (glare that took the end of "#13" leaves "#1", read surely, off centre)."""

from dataclasses import replace

import cv2
import numpy as np

from visionkit import on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)
# Every line reads below word_score as the word (yet above word_doubt): a faint word.
FAINT = replace(PARAMS, word_score=0.99, word_margin=0.0)


def dare_ink(number: str) -> np.ndarray:
    return on_canvas(templates.stack(templates.text(number, STYLE, 30), templates.text("DARE", STYLE, 16), 5))


def test_a_faint_word_over_a_number_read_surely_one_way_up_gives_the_number():
    ink = dare_ink("#13")
    off = read_symbol(ink, BANKS, replace(FAINT, faint_sure=2.0))
    assert (off.symbol, off.number) == ("dare", None)  # before: a corner index had to back it
    reading = read_symbol(ink, BANKS, FAINT)
    assert (reading.symbol, reading.number, reading.flipped) == ("dare", 13, False)
    turned = read_symbol(np.ascontiguousarray(ink[::-1, ::-1]), BANKS, FAINT)
    assert (turned.number, turned.flipped) == (13, True)


def test_a_number_off_the_cards_middle_needs_a_corner_under_a_faint_word():
    ink = dare_ink("#13")
    lines = np.flatnonzero(np.diff(ink.any(axis=1).astype(np.int8)))
    top, bottom = lines[0] + 1, lines[1] + 1  # the number's line
    xs = np.flatnonzero(ink[top:bottom].any(axis=0))
    ink[top:bottom, xs[0] + (xs[-1] - xs[0]) * 2 // 3:] = 0  # glare took the 3: "#1" is left
    anywhere = read_symbol(ink, BANKS, replace(FAINT, number_centred=1.0))
    assert anywhere.number == 1  # read surely, yet not the card's number
    assert read_symbol(ink, BANKS, FAINT).number is None


def test_both_ways_reading_a_number_under_a_faint_word_stays_unread():
    ink = dare_ink("6")  # a 6 turned round is a 9: no way up is told by the number
    reading = read_symbol(ink, BANKS, FAINT)
    assert reading.number is None


def test_a_number_reading_the_same_both_ways_up_under_a_faint_word_is_read():
    ink = dare_ink("8")
    assert read_symbol(ink, BANKS, replace(FAINT, faint_sure=2.0)).number is None
    reading = read_symbol(ink, BANKS, FAINT)
    assert (reading.symbol, reading.number) == ("dare", 8)
