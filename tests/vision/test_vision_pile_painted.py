"""With RecognizerParams.painted_no_card (on by default), a card
whose white border another card's paint lies across answers "no card": it lies under that
card, whether the search found that card or not (a finger over the pile's top card can hide
it; a card lying on it by a corner may not be found at all). A paler run across the border
(a finger) does not count."""

import numpy as np

from visionkit import draw_card, place
from vision.overlap import ACROSS, EDGE, PAINT, border_crossed
from vision.recognizer import Recognizer, RecognizerParams

SKIN = (150, 185, 230)  # BGR: a pale thumb


def crossed_card(colour, rows=slice(150, 200)) -> np.ndarray:
    """A blue 5 whose right border something of ``colour`` lies across (its field whole)."""
    card = draw_card("blue", "5")
    card[rows, card.shape[1] - 30:] = colour  # three border widths in
    return card


def test_another_cards_paint_across_the_border_is_paint_a_finger_is_not():
    red = crossed_card((40, 40, 200))
    skin = crossed_card(SKIN)
    border = 0.047 * red.shape[1]
    assert border_crossed(red, border) == PAINT
    assert border_crossed(skin, border) in (ACROSS, EDGE)
    assert border_crossed(crossed_card((200, 90, 30)), border) == ACROSS  # a blue card on it
    assert border_crossed(draw_card("blue", "5"), border) == ""


ON = RecognizerParams(painted_no_card=True)
OFF = RecognizerParams(painted_no_card=False)


def test_a_card_with_paint_across_its_border_answers_no_card():
    frame = place(crossed_card((40, 40, 200)), angle=15.0)[0]
    assert Recognizer(params=ON).top_card(frame).label is None
    assert Recognizer().top_card(frame).label is None  # the rule is on by default
    assert Recognizer(params=OFF).top_card(frame).label == "blue-5"


def test_a_finger_across_its_border_leaves_the_card_its_answer():
    frame = place(crossed_card(SKIN), angle=15.0)[0]
    assert Recognizer(params=ON).top_card(frame).label == "blue-5"
