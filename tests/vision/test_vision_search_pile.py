"""Which candidate lies on top of a pile (vision.pile) and what top_card answers from them."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, lay, place
from vision.geometry import CardGeometry, card_from_field
from vision.pile import PileParams, covered_flags, rank_top_first, touching
from vision.quads import Candidate
from vision.recognizer import Recognizer


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def card_candidate(angle: float, centre, scale: float = 0.5, width: int = 224) -> Candidate:
    """The candidate a perfect search would give for a card laid by :func:`lay`."""
    geometry = CardGeometry()
    height = round(width * 87 / 56)
    m = cv2.getRotationMatrix2D((width / 2, height / 2), angle, scale)
    m[:, 2] += np.array(centre, float) - np.array([width / 2, height / 2])
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    card = (np.hstack([corners, np.ones((4, 1), np.float32)]) @ m.T).astype(np.float32)
    bx, by = geometry.border, geometry.border_y
    unit = np.array([[bx, by], [1 - bx, by], [1 - bx, 1 - by], [bx, 1 - by]], np.float32)
    to_card = cv2.getPerspectiveTransform(np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32), card)
    field = cv2.perspectiveTransform(unit.reshape(-1, 1, 2), to_card).reshape(4, 2)
    return Candidate(field, card, 1.0, {"support": 1.0})


@pytest.mark.parametrize("offset", [(70, 30), (40, 90), (-60, 50)])
def test_the_card_lying_across_another_covers_it(offset):
    under_pose = (10, (300, 240))
    top_pose = (-25, (300 + offset[0], 240 + offset[1]))
    frame, _ = place(draw_card("blue", "3"), angle=under_pose[0], centre=under_pose[1], scale=0.5)
    frame = lay(frame, draw_card("red", "8"), *top_pose)
    under, top = card_candidate(*under_pose), card_candidate(*top_pose)
    assert covered_flags([under, top], frame) == [True, False]
    assert covered_flags([top, under], frame) == [False, True]
    first = rank_top_first([under, top], frame)[0]
    assert first.candidate is top and first.covers and not first.covered


def test_the_top_card_of_a_drawn_pile_is_read(recognizer):
    frame, _ = place(draw_card("blue", "3"), angle=10, centre=(300, 240), scale=0.5)
    frame = lay(frame, draw_card("red", "8"), angle=-25, centre=(360, 260))
    assert recognizer.top_card(frame).label == "red-8"


def test_two_cards_apart_are_both_uncovered(recognizer):
    frame, _ = place(draw_card("blue", "2"), angle=0, centre=(170, 240), scale=0.45)
    frame = lay(frame, draw_card("red", "5"), angle=0, centre=(470, 240), scale=0.45)
    candidates = [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).label]
    assert len(candidates) == 2
    assert covered_flags(candidates, frame) == [False, False]


def test_a_candidate_holding_a_smaller_one_wholly_is_not_a_card():
    geometry = CardGeometry()
    frame = np.full((480, 640, 3), 80, np.uint8)

    def candidate(x0, y0, x1, y1):
        field = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
        return Candidate(field, card_from_field(field, geometry), 1.0, {"support": 1.0})

    small = candidate(200, 150, 280, 270)
    big = candidate(190, 140, 330, 330)
    ranked = rank_top_first([big, small], frame, PileParams())
    assert ranked[0].candidate is small and not ranked[0].covered
    assert ranked[1].candidate is big and ranked[1].covered


def test_an_unreadable_card_beside_the_pile_does_not_hide_a_readable_one(recognizer):
    # A card with nothing in its centre (as a card back reads) lies nearest the middle.
    frame, _ = place(draw_card("red", ""), angle=5, centre=(330, 240), scale=0.45)
    frame = lay(frame, draw_card("green", "4"), angle=-10, centre=(540, 250), scale=0.45)
    first = recognizer.read(frame, recognizer.candidates(frame)[0])
    assert first.is_card and first.label is None
    assert recognizer.top_card(frame).label == "green-4"


def test_an_unreadable_card_touching_a_readable_one_makes_no_card(recognizer):
    # The unreadable one may be the pile's top card: the one it touches may lie under it.
    frame, _ = place(draw_card("red", ""), angle=0, centre=(320, 240), scale=0.45)
    frame = lay(frame, draw_card("green", "4"), angle=0, centre=(426, 250), scale=0.45)
    cards = [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).is_card]
    assert len(cards) == 2
    assert touching(cards[0], cards[1])
    assert recognizer.top_card(frame).label is None
