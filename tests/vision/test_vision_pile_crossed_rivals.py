"""Of whole readable cards side by side that the overlap cannot order, one whose white border
something lies across lies under the others (Recognizer.settle, crossed_lie_under): a pile's
top card lies whole; where it meets a lower card by a sliver, its edge or field crosses the
lower card's border."""

import pytest

from test_vision_pile_rivals import side_by_side
from visionkit import draw_card, place
from vision.overlap import EDGE
from vision.pile import Layer, PileParams
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams


class CrossedGreen(Recognizer):
    """Sees something across the green card's border (and only there)."""

    def crossed(self, reading):
        return EDGE if reading.face is not None and reading.face.colour.name == "green" else ""


class CrossedBoth(Recognizer):
    def crossed(self, reading):
        return EDGE if reading.face is not None else ""


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



class CrossedRed(Recognizer):
    def crossed(self, reading):
        return EDGE if reading.face is not None and reading.face.colour.name == "red" else ""


def found_layers(recognizer, frame):
    return [layer for batch in recognizer.candidate_passes(frame) for layer in batch]


def red_on_green(recognizer):
    """The side-by-side frame, the red 8's reading and the two layers as if the whole-border
    order had put the red 8 on the green 4 (they meet by a sliver)."""
    frame = side_by_side(pile_under_left=False)
    found = found_layers(recognizer, frame)
    red = next(l for l in found if recognizer.read(frame, l.candidate).label == "red-8")
    green = next(l for l in found if l is not red)
    layers = [Layer(red.candidate, covers=True), Layer(green.candidate, covered=True)]
    return frame, recognizer.read(frame, red.candidate), layers


def test_a_card_judged_under_a_crossed_one_by_a_sliver_is_its_rival():
    recognizer = CrossedRed()
    frame, reading, layers = red_on_green(recognizer)
    green = layers[1]
    under = recognizer.sliver_under(frame, reading, layers[0], layers)
    assert [r.candidate for r in under] == [green.candidate]
    assert recognizer.settle(frame, reading, layers[0], layers).label == "green-4"
    # Not when the red card's border is clean, nor with the rule off.
    assert Recognizer().sliver_under(frame, reading, layers[0], layers) == []
    off = CrossedRed(params=RecognizerParams(sliver_under_crossed=False))
    assert off.settle(frame, reading, layers[0], layers).label == "red-8"


def test_a_card_overlapping_more_than_a_sliver_stays_under():
    recognizer = CrossedRed(params=RecognizerParams(pile=PileParams(sliver=0.0)))
    frame, reading, layers = red_on_green(recognizer)
    assert recognizer.sliver_under(frame, reading, layers[0], layers) == []


class AlwaysCrossed(Recognizer):
    def seems_crossed(self, reading, layer, found, joined):
        return self.params.look_past_crossed


def test_a_crossed_card_found_in_a_later_stage_waits_for_the_next_stage_too(searches):
    # The first stage sees the frame too small to find the card; the second finds it.
    stages = ((("local", 40),), (("local", 320),), (("local", 640),), (("otsu", 640),))
    params = RecognizerParams(quads=QuadParams(stages=stages))
    frame = place(draw_card("blue", "5"), angle=15.0)[0]
    assert AlwaysCrossed(params=params).top_card(frame).label == "blue-5"
    assert searches == [("local", 40), ("local", 320), ("local", 640)]  # once a frame
