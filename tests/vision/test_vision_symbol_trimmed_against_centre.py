"""A digit read from the face's ink less its blobs along the centre's outline gives way to
the centre's cut by colour reading another symbol fully surely (GreyParams.trimmed_against_centre,
on): a highlight joined a dare's word to the rim, the trim left its number alone, while the
cut over the whole centre reads the word and the number."""

from functools import partial

import vision.card_reader as card_reader_module
from vision.mark_grey import GreyParams
from vision.recognizer import Recognizer
from vision.symbols import read_symbol

from visionkit import dev_scene


def test_a_trimmed_digit_gives_way_to_the_centre_reading_a_dare(monkeypatch):
    scene = dev_scene(15, 1354)  # a yellow dare 7, a highlight over its word's end
    assert scene.label == "yellow-dare-7"
    assert GreyParams().trimmed_against_centre
    assert Recognizer().top_card(scene.image).label == "yellow-dare-7"
    monkeypatch.setattr(card_reader_module, "read_symbol",
                        partial(read_symbol, grey=GreyParams(trimmed_against_centre=False)))
    assert Recognizer().top_card(scene.image).label == "yellow-7"
