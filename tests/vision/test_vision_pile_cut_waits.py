"""A card read whose white centre lies off its face's middle (its quad stops where a card
lying across it begins) waits for the whole next stage of the search before it answers, as
a card whose border something crosses does (RecognizerParams.look_past_cut,
Settling.seems_crossed)."""

from types import SimpleNamespace

import numpy as np

from test_vision_pile_centre_cut import face_with_centre
from test_vision_recognizer_rivals import card_at
from vision.pile import Layer
from vision.recognizer import Recognizer, RecognizerParams


def reading_with_centre(dx: float, candidate):
    face = face_with_centre(dx)
    face.ring_side_white = 1.0  # nothing crosses its border
    return SimpleNamespace(face=face, candidate=candidate)


def waits(params: RecognizerParams, dx: float, others: bool = True, joined: bool = False) -> bool:
    card = card_at(100, 100, 120, 180)
    found = [Layer(card)] + ([Layer(card_at(222, 110, 115, 175))] if others else [])
    blobs = [np.array([[400, 300], [500, 300], [500, 400]], np.float32)] if joined else []
    return Recognizer(params=params).seems_crossed(reading_with_centre(dx, card), found[0], found, blobs)


def test_an_off_centre_card_waits_when_something_lies_near():
    assert waits(RecognizerParams(), 0.07)
    assert waits(RecognizerParams(), 0.07, others=False, joined=True)
    assert not waits(RecognizerParams(), 0.005)  # a whole card: its centre in the middle


def test_an_off_centre_card_alone_answers_at_once():
    # Nothing the search left unexplained: no card can lie on it (glare shifts centres too).
    assert not waits(RecognizerParams(), 0.07, others=False)


def test_the_rule_can_be_switched_off():
    assert not waits(RecognizerParams(look_past_cut=False), 0.07)
    assert not waits(RecognizerParams(centre_cut=0.0), 0.07)
    assert not waits(RecognizerParams(look_past_crossed=False), 0.07)
