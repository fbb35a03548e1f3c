"""Two cards overlapping by a sliver no wider than the quads' own error are not ordered by
it (vision.pile.PileParams.min_overlap)."""

import cv2

from visionkit import draw_card, place
from vision.pile import PileParams, covered_flags
from test_vision_search_pile import card_candidate, lay


def test_a_sliver_of_overlap_orders_no_card():
    # The red card's corner tip lies over the blue card's corner.
    frame, _ = place(draw_card("blue", "3"), angle=0, centre=(250, 240), scale=0.5)
    frame = lay(frame, draw_card("red", "8"), angle=-30, centre=(390, 205))
    blue, red = card_candidate(0, (250, 240)), card_candidate(-30, (390, 205))
    inter, _ = cv2.intersectConvexConvex(blue.card, red.card)
    assert 0 < inter < PileParams().min_overlap * min(blue.area, red.area)
    assert covered_flags([blue, red], frame) == [False, False]
    assert covered_flags([blue, red], frame, PileParams(min_overlap=0.0)) == [True, False]
