"""A dare a strict centre cut reads with a one-digit number, backed by a corner index reading
that number, counts only when the face's ink is likest a dare too (GreyParams.digit_dare_face):
a digit card's index reads its digit as a dare's reads its number, so the corner backs the
number, not the dare; a highlight that flattened a 3's top leaves a bar the cut reads as the word."""

from functools import partial

import vision.card_reader as card_reader_module
from vision.grey_params import GreyParams
from vision.recognizer import Recognizer
from vision.symbols import read_symbol

from visionkit import dev_scene


def test_a_glared_3_a_cut_reads_as_dare_3_is_no_dare(monkeypatch):
    scene = dev_scene(10, 1404)  # a green 3 whose top a highlight flattened into a bar
    assert scene.label == "green-3"
    assert GreyParams().digit_dare_face
    assert Recognizer().top_card(scene.image).label != "green-dare-3"
    monkeypatch.setattr(card_reader_module, "read_symbol", partial(read_symbol, grey=GreyParams(digit_dare_face=False)))
    assert Recognizer().top_card(scene.image).label == "green-dare-3"
