"""A card whose border ring another card's corner crosses for a few pixels (a side of the ring
still 0.98 paper) counts as crossed (RecognizerParams.crossed_side_white 0.99): where the
pile's top card lies on a lower card by a corner, the lower card's ring loses that little."""

from types import SimpleNamespace

from test_vision_pile_crossed import BORDER, flat_card
from vision.overlap import border_crossed
from vision.recognizer import Recognizer, RecognizerParams


def cornered(side_white: float):
    card = flat_card()
    card[0:int(BORDER) + 2, 40:52] = (200, 90, 30)  # a blue card's corner over the top side
    return SimpleNamespace(face=SimpleNamespace(card=card, ring_side_white=side_white))


def test_a_ring_side_98_percent_paper_with_a_corner_across_is_crossed():
    reading = cornered(0.985)
    assert border_crossed(reading.face.card, BORDER)
    assert Recognizer().crossed(reading)
    assert not Recognizer(params=RecognizerParams(crossed_side_white=0.97)).crossed(reading)


def test_an_all_paper_ring_is_not_looked_at():
    assert not Recognizer().crossed(cornered(1.0))
