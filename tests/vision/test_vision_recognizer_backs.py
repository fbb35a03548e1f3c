"""A card's back (black field, red oval, "UNO") beside the discard pile is no card: it is
never the pile's top card, so it is no rival of the card it touches."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.recognizer import CARD_BACK, Recognizer, RecognizerParams
from vision.synthetic import random_style, render_back
from test_vision_search_pile import lay


@pytest.fixture(scope="module")
def frame():
    back, _ = render_back(random_style(np.random.default_rng(3)))
    table, _ = place(back, angle=0, centre=(420, 240), scale=0.45)
    return lay(table, draw_card("green", "4"), angle=0, centre=(318, 240), scale=0.45)


def test_a_cards_back_touching_the_top_card_lets_it_answer(frame):
    recognizer = Recognizer()
    readings = [recognizer.check(frame, c) for c in recognizer.candidates(frame)]
    assert CARD_BACK in [r.reason for r in readings if not r.is_card]
    assert recognizer.top_card(frame).label == "green-4"


def test_taken_for_a_card_the_back_is_a_rival(frame):
    recognizer = Recognizer(params=RecognizerParams(backs_are_no_cards=False))
    assert recognizer.top_card(frame).label is None
