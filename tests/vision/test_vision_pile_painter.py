"""Of cards the overlap cannot order, one whose border another card's paint lies across
lies under (crossed_lie_under); when none of the others touches it, the card whose paint
that is was not found (a finger over the pile's top card hides it from the search), so the
answer is "no card", not a card lying apart (RecognizerParams.painter_found)."""

from test_vision_pile_apart import apart
from test_vision_pile_rivals import side_by_side
from vision.overlap import PAINT
from vision.recognizer import Recognizer, RecognizerParams


class Painted(Recognizer):
    """Sees another card's paint across the border of the cards of one colour only."""

    colour = "red"

    def crossed(self, reading):
        face = reading.face
        return PAINT if face is not None and face.colour.name == self.colour else ""


def test_paint_from_a_card_not_found_makes_no_card():
    frame = apart(pile_under_far=False)  # a red 8 and a green 4 well apart
    assert Painted().top_card(frame).label is None
    # Without the rule the card lying apart answers for the painted one.
    blind = Painted(params=RecognizerParams(painter_found=False, painted_no_card=False))
    assert blind.top_card(frame).label == "green-4"


def test_paint_from_a_card_touching_it_lets_that_card_answer():
    frame = side_by_side(pile_under_left=False)  # a red 8 and a green 4 side by side
    painted = Painted()
    painted.colour = "green"
    assert painted.top_card(frame).label == "red-8"
