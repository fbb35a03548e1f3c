"""Which way up, when the dare word reads alike both ways: the way whose number is read surely
and whose last digit is much likelier its template (vision.dare_number._way_up_by_likeness),
though the other way reads its own number short of sure (a 3 turned round reads a faint 1);
never the sure way when the other is the likelier (a 4 read unsurely, turned round a sure 9)."""

from vision.dare_number import _way_up_by_likeness
from vision.marks import SymbolParams

PARAMS = SymbolParams()


def reading(number, confidence, score, flipped):
    """A way up's reading: (word score, number, confidence, last digit's score, upside down)."""
    return (0.8, number, confidence, score, flipped)


def test_a_sure_number_much_likelier_than_the_other_ways_faint_one_says_which_way_up():
    three, one = reading(3, 1.0, 0.86, True), reading(1, 0.53, 0.74, False)
    assert _way_up_by_likeness([one, three], PARAMS) is three
    two, five = reading(2, 0.95, 0.89, True), reading(5, 0.54, 0.66, False)
    assert _way_up_by_likeness([five, two], PARAMS) is two


def test_the_likelier_way_read_short_of_sure_decides_nothing():
    nine, four = reading(9, 1.0, 0.82, True), reading(4, 0.77, 0.87, False)
    assert _way_up_by_likeness([four, nine], PARAMS) is None


def test_a_lead_short_of_the_turn_margin_or_a_six_and_a_nine_decide_nothing():
    seven, ten = reading(7, 1.0, 0.87, True), reading(10, 0.39, 0.8, False)
    assert _way_up_by_likeness([ten, seven], PARAMS) is None
    six, nine = reading(6, 1.0, 0.9, True), reading(9, 0.4, 0.6, False)
    assert _way_up_by_likeness([nine, six], PARAMS) is None


def test_both_ways_sure_the_likelier_still_decides():
    four, nine = reading(4, 1.0, 0.95, False), reading(9, 1.0, 0.8, True)
    assert _way_up_by_likeness([nine, four], PARAMS) is four
