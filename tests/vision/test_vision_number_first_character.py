"""A dare's number read from one character lying wholly left of the word's middle is no number
(SymbolParams.first_character_alone): a dare prints "#8" centred over its word, its last digit
right of the middle; a washed-out print can leave only the "#", which reads as a sure 6."""

from dataclasses import replace

import numpy as np

from vision.dare_lines import first_character_alone
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene


def _mark(number_x: int) -> tuple[np.ndarray, tuple]:
    """A drawn mark: a word-like bar (rows 60-70, columns 30-82) under one character (rows 30-50)."""
    ink = np.zeros((112, 112), np.uint8)
    ink[60:70, 30:82] = 255
    ink[30:50, number_x:number_x + 10] = 255
    return ink, (0.9, [(30, 50), (60, 70)], 1)


def test_a_lone_character_left_of_the_word_middle_is_the_first_character():
    left, line = _mark(34)  # wholly left of the word's middle (column 56)
    assert first_character_alone(left, line, False)
    middle, line = _mark(50)  # a lone last digit stands over the middle
    assert not first_character_alone(middle, line, False)


def test_a_washed_out_dare_8_leaves_no_number_read_from_its_hash():
    # A green dare 8 under glare: the face's cut keeps only the "#" of "#8", which the grey
    # levels reread as a sure 6.
    scene = dev_scene(11, 1206)
    assert scene.label == "green-dare-8"
    assert SymbolParams().first_character_alone
    assert Recognizer().top_card(scene.image).label != "green-dare-6"
    off = RecognizerParams(symbols=replace(SymbolParams(), first_character_alone=False))
    assert Recognizer(params=off).top_card(scene.image).label == "green-dare-6"
