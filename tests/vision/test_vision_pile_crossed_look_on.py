"""A card read with confidence whose border something lies across waits for the whole next
stage of the search (Recognizer.seems_crossed), and on through the stages after it but
the last, as long as none finds a candidate touching it (look_on_past_crossed): the card
lying on it may be found only two stages later (glare on it, a finger joining its field
to the table's)."""

from test_vision_pile_crossed_rivals import AlwaysCrossed
from visionkit import draw_card, place
from vision.quads import QuadParams
from vision.recognizer import RecognizerParams

STAGES = ((("local", 40),), (("local", 320),), (("local", 640),), (("otsu", 640),),
          (("split", 640),))


def test_a_crossed_card_waits_through_every_stage_but_the_last(searches):
    # The first stage sees the frame too small to find the card; the second finds it.
    params = RecognizerParams(quads=QuadParams(stages=STAGES))
    frame = place(draw_card("blue", "5"), angle=15.0)[0]
    assert AlwaysCrossed(params=params).top_card(frame).label == "blue-5"
    assert searches == [("local", 40), ("local", 320), ("local", 640), ("otsu", 640)]


def test_without_the_rule_it_waits_for_one_stage(searches):
    params = RecognizerParams(quads=QuadParams(stages=STAGES), look_on_past_crossed=False)
    frame = place(draw_card("blue", "5"), angle=15.0)[0]
    assert AlwaysCrossed(params=params).top_card(frame).label == "blue-5"
    assert searches == [("local", 40), ("local", 320), ("local", 640)]
