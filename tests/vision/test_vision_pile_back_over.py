"""The draw pile's top card (a card's back) lying over a corner of the discard pile's top
card plays no card on it: the pile is judged again without the back, and the card under it
answers (RecognizerParams.backs_cover_no_card), where a field that cannot be read lying on
the pile makes "no card"."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.pile import rank_top_first
from vision.recognizer import CARD_BACK, Recognizer, RecognizerParams
from vision.synthetic import random_style, render_back
from test_vision_search_pile import lay


@pytest.fixture(scope="module")
def frame():
    table, _ = place(draw_card("green", "4"), angle=0, centre=(300, 260), scale=0.45)
    back, _ = render_back(random_style(np.random.default_rng(3)))
    return lay(table, back, angle=20, centre=(380, 160), scale=0.45)


def test_a_back_lying_over_the_top_cards_corner_lets_it_answer(frame):
    recognizer = Recognizer()
    top = rank_top_first(recognizer.candidates(frame), frame)[0]
    # The back is judged to lie on the card (it does), so it comes first.
    assert top.covers and recognizer.check(frame, top.candidate).reason == CARD_BACK
    assert recognizer.top_card(frame).label == "green-4"


def test_without_the_rule_the_back_on_the_card_makes_no_card(frame):
    recognizer = Recognizer(params=RecognizerParams(backs_cover_no_card=False))
    assert recognizer.top_card(frame).label is None
