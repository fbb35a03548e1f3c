"""A card-shaped quad refused only for its field's colour (warm light or glare turned the top
card's colour) that touches the card read is its rival (RecognizerParams.colourless_rivals):
the card under it must not answer for the pile's top card."""

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import INKS, draw_card
from vision.reading import FIELD_NO_COLOUR
from vision.recognizer import Recognizer, RecognizerParams

TABLE = (60, 90, 60)
#: A field no card has (purple): what the camera made of the top card.
NO_CARD_COLOUR = (150, 60, 150)


def colourless(digit: str = "5") -> np.ndarray:
    card = draw_card("red", digit)
    card[(card == INKS["red"]).all(axis=2)] = NO_CARD_COLOUR
    return card


def lying_across(top: np.ndarray) -> np.ndarray:
    """A green 4 with ``top`` lying across its right side, the table all round."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    frame = lay(frame, draw_card("green", "4"), 0, (270, 240))
    return lay(frame, top, 0, (352, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def test_a_colourless_card_lying_across_keeps_the_card_under_it_from_answering(recognizer):
    frame = lying_across(colourless())
    readings = [recognizer.read(frame, c) for c in recognizer.candidates(frame)]
    assert FIELD_NO_COLOUR in [r.reason for r in readings]
    assert "green-4" in [r.label for r in readings]
    assert recognizer.top_card(frame).label is None
    blind = Recognizer(params=RecognizerParams(colourless_rivals=False))
    assert blind.top_card(frame).label == "green-4"


def test_a_coloured_block_without_a_white_ring_is_not_card_shaped(recognizer):
    # A purple box the size of a card lying across the card: refused for its colour, and
    # no white ring brighter than its field makes it no card lying there.
    frame = lying_across(np.full((348, 224, 3), NO_CARD_COLOUR, np.uint8))
    refused = [r for r in (recognizer.check(frame, c) for c in recognizer.candidates(frame))
               if r.reason == FIELD_NO_COLOUR]
    assert refused and not any(recognizer.colourless_card(r) for r in refused)


def test_the_card_shaped_test_asks_for_the_ring(recognizer):
    frame = lying_across(colourless())
    refused = [r for r in (recognizer.check(frame, c) for c in recognizer.candidates(frame))
               if r.reason == FIELD_NO_COLOUR]
    assert refused and all(recognizer.colourless_card(r) for r in refused)
    read = [r for r in (recognizer.check(frame, c) for c in recognizer.candidates(frame)) if r.is_card]
    assert read and not any(recognizer.colourless_card(r) for r in read)
