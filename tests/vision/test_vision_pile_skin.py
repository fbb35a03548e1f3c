"""A finger across a card's white border (overlap.SKIN, told with tell_skin): every run of
colour across the ring is dull (short of a card's paint) and of skin's warm hue. It says
nothing of what lies under the card, so it does not make the card lie under another
(Recognizer.lies_crossed); another card's paint or a run of another hue still does."""

from test_vision_pile_crossed_hue import BORDER, BLACK, BLUE, GREEN, RED, SKIN, flat_card, side_over
from vision.overlap import ACROSS, PAINT
from vision.overlap import SKIN as SKIN_KIND
from vision.overlap import border_crossed
from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams

DULL_BLUE = (150, 125, 105)  # a washed blue: dull, but no skin's hue
DARK_THUMB = (50, 90, 150)


def test_a_finger_is_told_only_when_asked():
    for field in (BLUE, GREEN, BLACK):
        assert border_crossed(side_over(flat_card(field), SKIN), BORDER, tell_skin=True) == SKIN_KIND
        assert border_crossed(side_over(flat_card(field), SKIN), BORDER) == ACROSS
    assert border_crossed(side_over(flat_card(BLUE), DARK_THUMB), BORDER, tell_skin=True) == SKIN_KIND


def test_a_dull_run_of_another_hue_is_no_finger():
    assert border_crossed(side_over(flat_card(RED), DULL_BLUE), BORDER, tell_skin=True) == ACROSS


def test_paint_and_the_cards_own_hue_stay_what_they_were():
    assert border_crossed(side_over(flat_card(GREEN), RED), BORDER, tell_skin=True) == PAINT
    assert border_crossed(side_over(flat_card(RED), RED), BORDER, tell_skin=True) == ACROSS


class Crossing(Recognizer):
    """``crossed`` says what a test sets, whatever the face."""

    kind = ""

    def crossed(self, reading):
        return self.kind


def test_a_finger_does_not_make_a_card_lie_under():
    reading = CardReading(None, None, True, "red-7", 1.0, None, "")
    recognizer = Crossing(params=RecognizerParams())
    for kind, lies in (("", False), (SKIN_KIND, False), (ACROSS, True), (PAINT, True)):
        recognizer.kind = kind
        assert recognizer.lies_crossed(reading) is lies


def test_a_red_cards_paint_in_dim_light_is_no_finger():
    # Short of paint's saturation and chroma both, but not by far: a card, not skin.
    dim_red = (99, 86, 205)  # saturation 0.58, chroma 0.53 of the paper (225)
    assert border_crossed(side_over(flat_card(GREEN), dim_red), BORDER, tell_skin=True) == ACROSS
