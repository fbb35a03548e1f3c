"""DESIGN 3: one text form names a card everywhere."""

import pytest
from hypothesis import given, strategies as st

from companion.engine import Card, LabelError, all_labels


@pytest.mark.parametrize("label", ["red-7", "blue-0", "green-skip", "yellow-reverse",
                                   "red-dare-12", "wild-dare-5", "red-dare", "wild-dare"])
def test_labels_round_trip(label):
    assert Card.from_label(label).label == label


@pytest.mark.parametrize("label", ["red-10", "purple-3", "wild", "red-dare-17", "red-dare-0",
                                   "wild-dare-x", "blue-draw2", "red", "", "red-7-1", "wild-dare-"])
def test_bad_labels_are_refused(label):
    with pytest.raises(LabelError):
        Card.from_label(label)


@given(st.sampled_from(all_labels()))
def test_every_recognisable_label_parses(label):
    card = Card.from_label(label)
    assert card.label == label and card.points in range(0, 51)


def test_points_chart():
    """003 Scoring: numbers face value; Reverse, Skip, Dare 20; Wild Dare 50."""
    assert [Card.from_label(x).points for x in ("red-7", "red-skip", "red-reverse", "red-dare-3",
                                                 "wild-dare-1")] == [7, 20, 20, 20, 50]
