"""Why a card was not named is said truly: `bench vision --explain` counts its misses by
these reasons, and a pale field must not pass for a symbol the reader could not read."""

from dataclasses import replace

import pytest

from visionkit import draw_card, place
from vision.recognizer import SYMBOL_UNREAD, Recognizer


@pytest.fixture(scope="module")
def checked():
    frame, _ = place(draw_card("blue", "7"), angle=10, centre=(320, 240), scale=0.45)
    recognizer = Recognizer()
    candidates = recognizer.candidates(frame)
    assert candidates
    reading = recognizer.check(frame, candidates[0])
    assert reading.reason == SYMBOL_UNREAD
    return recognizer, frame, reading


def with_colour_confidence(reading, confidence):
    face = replace(reading.face, colour=replace(reading.face.colour, confidence=confidence))
    return replace(reading, face=face)


def test_a_sure_symbol_on_an_unsure_colour_is_the_colours_miss(checked):
    recognizer, frame, reading = checked
    pale = with_colour_confidence(reading, 0.5)
    result = recognizer.read(frame, pale.candidate, pale)
    assert result.label is None
    assert result.symbol is not None and result.symbol.confidence >= recognizer.params.min_confidence
    assert result.reason == "the field's colour is unsure"


def test_a_sure_colour_and_symbol_name_the_card(checked):
    recognizer, frame, reading = checked
    result = recognizer.read(frame, reading.candidate, with_colour_confidence(reading, 0.95))
    assert (result.label, result.reason) == ("blue-7", "")
