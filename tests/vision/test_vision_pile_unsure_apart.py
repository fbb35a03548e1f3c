"""A card read unsurely (a mark in its centre, its symbol short of sure) lying apart from the
card that reads after it, the two of comparable size, makes the answer "no card"
(RecognizerParams.unsure_apart_rivals, vision.pile_doubts.unsure_apart): the unread card is
as uncovered as the one read, and which of the two lies on the pile the frame does not say."""

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.pile import touching
from vision.pile_doubts import unsure_apart
from vision.quads import Candidate
from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams

TABLE = (60, 90, 60)


def frame_with(unread: np.ndarray, centre=(300, 240)) -> np.ndarray:
    """``unread`` (a drawn card) near the frame's centre and a green 4 further off."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    frame = lay(frame, unread, 0, centre)
    return lay(frame, draw_card("green", "4"), 0, (510, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


@pytest.fixture(scope="module")
def blind(recognizer):
    return Recognizer(params=replace(recognizer.params, unsure_apart_rivals=False))


def test_an_unsure_card_apart_makes_no_card(recognizer, blind):
    # "%" is no symbol of the deck: the blue card is a card whose mark reads unsurely.
    frame = frame_with(draw_card("blue", "%"))
    readings = [recognizer.read(frame, c) for c in recognizer.candidates(frame)]
    unread = [r for r in readings if r.label is None]
    assert [r.label for r in readings if r.label] == ["green-4"]
    assert len(unread) == 1 and unread[0].is_card and unread[0].symbol is not None
    assert not touching(unread[0].candidate, readings[-1].candidate)
    assert recognizer.top_card(frame).label is None
    assert blind.top_card(frame).label == "green-4"


def test_a_blank_centre_apart_lets_the_card_read_answer(recognizer):
    # Nothing printed in its centre (as a card back reads): no ink cut, no mark read unsurely.
    frame = frame_with(draw_card("blue", ""))
    unread = [r for r in (recognizer.read(frame, c) for c in recognizer.candidates(frame))
              if r.label is None]
    assert len(unread) == 1 and unread[0].is_card and not unread[0].face.ink.any()
    assert recognizer.top_card(frame).label == "green-4"


def test_a_card_seen_much_smaller_is_no_doubt(recognizer, blind):
    # Under 0.7 of the card read's size: the size rule alone lets the green 4 answer.
    frame = frame_with(draw_card("blue", "%"))
    small = Recognizer(params=replace(recognizer.params, unsure_apart_size=1.01))
    assert recognizer.top_card(frame).label is None
    assert small.top_card(frame).label == "green-4"


def quad(x: float, y: float, w: float = 60, h: float = 93) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def card(corners: np.ndarray) -> Candidate:
    return Candidate(corners, corners)


def reading(corners: np.ndarray, label: str | None, symbol: object | None = "read",
            ink: bool = True) -> CardReading:
    face = SimpleNamespace(ink=np.full((8, 8), 255 if ink else 0, np.uint8))
    return CardReading(card(corners), face, True, label, 1.0 if label else 0.3, corners, "", symbol)


def test_unsure_apart_rules():
    read = reading(quad(400, 100), "green-4")
    apart = reading(quad(100, 100), None)
    assert unsure_apart(read, [apart], 0.7)
    assert not unsure_apart(read, [apart], 0.0)  # off
    assert not unsure_apart(read, [reading(quad(100, 100), None, symbol=None)], 0.7)  # no mark
    assert not unsure_apart(read, [reading(quad(100, 100), None, ink=False)], 0.7)  # no ink cut
    assert not unsure_apart(read, [reading(quad(455, 100), None)], 0.7)  # touching: a rival
    assert not unsure_apart(read, [reading(quad(100, 100, 40, 62), None)], 0.7)  # much smaller
    assert not unsure_apart(reading(quad(100, 100, 40, 62), "green-4"), [apart], 0.7)  # the read one smaller
    assert unsure_apart(read, [reading(quad(100, 100, 52, 80), None)], 0.7)  # 0.74 of it
    assert not unsure_apart(reading(quad(400, 100), None), [apart], 0.7)  # nothing read
