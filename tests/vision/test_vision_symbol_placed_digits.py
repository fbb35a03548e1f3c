"""A digit read surely from a cut of the centre (or from the face's ink less its blobs along
the centre's outline) without a corner index's backing counts only standing at the middle
height of the card or of its white centre, where a digit card prints it
(GreyParams.placed_digits, on): a dare's number stands above or below its word, and a
highlight that hides the word leaves the number off the middle, read as a digit card's digit
(its corners carry the same number). A digit card whose quad reaches past the card stands
in its centre's middle still."""

from functools import partial

import vision.card_reader as card_reader_module
from vision.mark_grey import GreyParams
from vision.recognizer import Recognizer
from vision.symbols import read_symbol

from visionkit import dev_scene


def test_a_digit_off_the_cards_middle_is_no_digit_card(monkeypatch):
    # a green dare 1 whose word a highlight paled: the ink off the rim reads a sure 1, high
    seed, index, label, misread = 9, 919, "green-dare-1", "green-1"
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert GreyParams().placed_digits
    assert Recognizer().top_card(scene.image).label != misread
    monkeypatch.setattr(card_reader_module, "read_symbol",
                        partial(read_symbol, grey=GreyParams(placed_digits=False)))
    assert Recognizer().top_card(scene.image).label == misread


def test_a_digit_at_its_centres_middle_counts_on_a_quad_too_long():
    scene = dev_scene(10, 1647)  # a blue 3 under glare: its quad reaches past the card below
    assert scene.label == "blue-3"
    seen = []
    real = card_reader_module.read_symbol

    def spy(*args, **kwargs):
        seen.append(real(*args, **kwargs))
        return seen[-1]

    card_reader_module.read_symbol = spy
    try:
        Recognizer().top_card(scene.image)
    finally:
        card_reader_module.read_symbol = real
    assert any(r.symbol == "3" and r.confidence >= 0.8 for r in seen)
