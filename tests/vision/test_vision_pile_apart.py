"""A whole card lying apart from the card read, that reads too, is its rival
(RecognizerParams.apart_rivals): the pile evidence picks the one lying on the pile's other
cards, or the answer is "no card"; which lies nearer the frame's centre tells nothing."""

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.pile import touching
from vision.recognizer import Recognizer, RecognizerParams

TABLE = (60, 90, 60)


def apart(pile_under_far: bool) -> np.ndarray:
    """A red 8 near the frame's centre and a green 4 further off, well apart; with
    ``pile_under_far`` two more cards lie under the green 4, sticking out round it (the
    pile's lower cards: the green 4 is its top card)."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    if pile_under_far:
        frame = lay(frame, draw_card("blue", "3"), 25, (505, 250))
        frame = lay(frame, draw_card("yellow", "6"), -25, (515, 225))
    frame = lay(frame, draw_card("red", "8"), 0, (300, 240))
    return lay(frame, draw_card("green", "4"), 0, (510, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def readable(recognizer, frame):
    return [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).label]


def test_two_whole_cards_apart_make_no_card(recognizer):
    frame = apart(pile_under_far=False)
    red, green = sorted(readable(recognizer, frame), key=lambda c: c.card[:, 0].mean())
    assert not touching(red, green)
    assert recognizer.top_card(frame).label is None
    # Without the rule the card nearer the frame's centre answers (a guess).
    blind = Recognizer(params=RecognizerParams(apart_rivals=False))
    assert blind.top_card(frame).label == "red-8"


def test_the_card_lying_on_the_pile_answers_over_one_lying_apart(recognizer):
    frame = apart(pile_under_far=True)
    assert {recognizer.read(frame, c).label for c in readable(recognizer, frame)} >= {"red-8", "green-4"}
    assert recognizer.top_card(frame).label == "green-4"
    blind = Recognizer(params=RecognizerParams(apart_rivals=False))
    assert blind.top_card(frame).label == "red-8"


def test_a_card_seen_much_smaller_is_no_rival_of_one_apart(recognizer):
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    frame = lay(frame, draw_card("red", "8"), 0, (300, 240))
    small = draw_card("green", "4")[::2, ::2].copy()
    frame = lay(frame, small, 0, (540, 120))
    assert recognizer.top_card(frame).label == "red-8"
