"""A coloured dare's number whose last digit stands short of its line's tallest character is no
number unless a corner index reads it (SymbolParams.short_last_digit): a number's characters
are printed alike, and glare, which only pales a coloured print, that took a 6's loop leaves
its head, a sure 4. Asked of the chosen number only (a rival way up keeps its say), and not
on a wild card, whose white print a highlight joins and heightens."""

from dataclasses import replace

import numpy as np

from vision.dare_lines import last_digit_short
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene

_OFF = RecognizerParams(symbols=replace(SymbolParams(), short_last_digit=0))


def _mark(last_height: int) -> tuple[np.ndarray, tuple]:
    """A drawn mark: "1" then a last character (rows 30-50 for a whole one) over a word-like bar."""
    ink = np.zeros((112, 112), np.uint8)
    ink[70:80, 30:82] = 255
    ink[30:50, 44:48] = 255
    ink[30:30 + last_height, 54:66] = 255
    return ink, (0.9, [(30, 50), (70, 80)], 1)


def test_a_last_digit_short_of_the_line_is_found():
    share = SymbolParams().short_last_digit
    short, line = _mark(10)
    assert last_digit_short(short, line, False, share)
    whole, line = _mark(20)
    assert not last_digit_short(whole, line, False, share)
    blurred, line = _mark(16)  # 0.8 of the 1: a whole digit's stature varies with blur and font
    assert not last_digit_short(blurred, line, False, share)


def test_a_glared_dare_16_is_not_read_as_14():
    scene = dev_scene(9, 1079)  # glare took the 6's loop; its head reads a sure 4
    assert scene.label == "green-dare-16"
    assert SymbolParams().short_last_digit
    assert Recognizer().top_card(scene.image).label != "green-dare-14"
    assert Recognizer(params=_OFF).top_card(scene.image).label == "green-dare-14"


def test_a_dare_15_whose_5_glare_cut_short_reads_right():
    scene = dev_scene(12, 1664)  # "#15", the 5 cut to half its height, read as a sure 10
    assert scene.label == "blue-dare-15"
    assert Recognizer().top_card(scene.image).label == "blue-dare-15"
    assert Recognizer(params=_OFF).top_card(scene.image).label == "blue-dare-10"


def test_a_wild_whose_highlight_heightens_a_character_keeps_its_number():
    scene = dev_scene(10, 1095)  # a highlight joined to the 1 of "10" stands taller than the 0
    assert scene.label == "wild-dare-10"
    assert Recognizer().top_card(scene.image).label == "wild-dare-10"
