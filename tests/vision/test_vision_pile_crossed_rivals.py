"""Of whole readable cards side by side that the overlap cannot order, one whose white border
something lies across lies under the others (Recognizer.settle, crossed_lie_under): a pile's
top card lies whole; where it meets a lower card by a sliver, its edge or field crosses the
lower card's border."""

import pytest

from test_vision_pile_rivals import side_by_side
from vision.recognizer import Recognizer, RecognizerParams


class CrossedGreen(Recognizer):
    """Sees something across the green card's border (and only there)."""

    def crossed(self, reading):
        return reading.face is not None and reading.face.colour.name == "green"


class CrossedBoth(Recognizer):
    def crossed(self, reading):
        return reading.face is not None


def test_the_uncrossed_one_of_two_lone_cards_side_by_side_is_the_top():
    frame = side_by_side(pile_under_left=False)
    assert Recognizer().top_card(frame).label is None  # nothing tells them apart
    assert CrossedGreen().top_card(frame).label == "red-8"


def test_without_the_rule_or_with_both_crossed_the_pile_evidence_decides():
    frame = side_by_side(pile_under_left=False)
    off = CrossedGreen(params=RecognizerParams(crossed_lie_under=False))
    assert off.top_card(frame).label is None
    assert CrossedBoth().top_card(frame).label is None


@pytest.mark.parametrize("cls", [Recognizer, CrossedBoth])
def test_the_card_on_the_pile_still_wins_when_the_borders_do_not_tell(cls):
    assert cls().top_card(side_by_side(pile_under_left=True)).label == "red-8"

