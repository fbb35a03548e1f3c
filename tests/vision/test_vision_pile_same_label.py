"""Cards side by side that nothing orders answer when they all read the same card
(RecognizerParams.same_label_answers, vision.same_label.one_label): whichever lies on top,
the answer is the same. Two different cards so still make "no card"."""

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.pile import touching
from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams
from vision.same_label import one_label

TABLE = (60, 90, 60)


def two_apart(left: tuple[str, str], right: tuple[str, str]) -> np.ndarray:
    """Two whole cards lying well apart on a plain table, neither on any other card."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    frame = lay(frame, draw_card(*left), 0, (300, 240))
    return lay(frame, draw_card(*right), 0, (510, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def test_two_of_the_same_card_apart_answer_it(recognizer):
    frame = two_apart(("red", "8"), ("red", "8"))
    read = [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).label]
    assert len(read) == 2 and not touching(*read)
    assert recognizer.top_card(frame).label == "red-8"
    # Without the rule the pair is undecided, as two different cards are.
    off = Recognizer(params=RecognizerParams(same_label_answers=False))
    assert off.top_card(frame).label is None


def test_two_different_cards_apart_still_make_no_card(recognizer):
    frame = two_apart(("red", "8"), ("green", "4"))
    assert recognizer.top_card(frame).label is None


def _reading(label):
    return CardReading(None, None, True, label, 1.0 if label else 0.0, None, "" if label else "unsure")


def test_one_label_needs_two_cards_all_read_alike():
    assert one_label([_reading("red-8"), _reading("red-8")]) == "red-8"
    assert one_label([_reading("red-8"), _reading("red-8"), _reading("red-8")]) == "red-8"
    assert one_label([_reading("red-8")]) is None
    assert one_label([_reading("red-8"), _reading("red-6")]) is None
    assert one_label([_reading("red-8"), _reading(None)]) is None
    assert one_label([_reading(None), _reading(None)]) is None
