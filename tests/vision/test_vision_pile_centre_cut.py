"""Of two whole readable cards side by side that neither the overlap nor the pile evidence
orders, the one whose white centre lies in the middle of its face is the top card when the
other one's lies off it (Recognizer.only_whole): a card another lies across is found only
up to that card's edge, and its centre shows shifted towards the cut."""

from types import SimpleNamespace

import numpy as np

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.pile import PileParams, likelier_top, table_mask, pile_evidence
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.centre_offsets import centre_offset


def face_with_centre(dx: float = 0.0, dy: float = 0.0, w: int = 100, h: int = 156):
    """A face whose white centre (a disc) sits off the middle by dx, dy of its size."""
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = w * (0.5 + dx), h * (0.5 + dy)
    return SimpleNamespace(centre=(xx - cx) ** 2 + (yy - cy) ** 2 <= (0.3 * w) ** 2)


def test_the_centres_offset_is_its_larger_shift_as_a_share_of_the_face():
    assert centre_offset(face_with_centre()) < 0.01
    assert abs(centre_offset(face_with_centre(0.0, 0.08)) - 0.08) < 0.01
    assert abs(centre_offset(face_with_centre(-0.06, 0.02)) - 0.06) < 0.01
    assert centre_offset(SimpleNamespace(centre=None)) is None
    assert centre_offset(None) is None


def test_only_the_one_whole_card_among_cut_ones_is_picked():
    rec = Recognizer(params=RecognizerParams(centre_cut=0.04))
    card = lambda dx, dy=0.0: SimpleNamespace(face=face_with_centre(dx, dy))  # noqa: E731
    assert rec.only_whole([card(0.0), card(0.0, 0.07)]) == 0
    assert rec.only_whole([card(0.08), card(0.005)]) == 1
    assert rec.only_whole([card(0.0), card(0.01)]) is None  # neither cut
    assert rec.only_whole([card(0.0), card(0.03)]) is None  # the other not cut surely
    assert rec.only_whole([card(0.06), card(0.07)]) is None  # both cut
    assert rec.only_whole([card(0.0), SimpleNamespace(face=None)]) is None


def red_lying_across_green(over: int = 20) -> np.ndarray:
    """A green 4 with a red 8 lying across its left side by ``over`` px: the green card is
    found only up to the red card's edge, the two quads touch, the table all round."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = (60, 90, 60)
    frame = lay(frame, draw_card("green", "4"), 0, (372, 240))
    return lay(frame, draw_card("red", "8"), 0, (270 + over, 240))


def test_the_card_lying_across_the_other_answers_by_its_centre():
    frame = red_lying_across_green()
    rec = Recognizer(params=RecognizerParams(centre_cut=0.04))
    labels = sorted(rec.read(frame, c).label for c in rec.candidates(frame))
    assert labels == ["green-4", "red-8"]  # both read: the overlap and the evidence cannot tell
    assert Recognizer(params=RecognizerParams(centre_cut=0.0)).top_card(frame).label is None
    assert rec.top_card(frame).label == "red-8"


def test_the_pile_evidence_needs_the_winner_to_lie_on_something():
    frame = red_lying_across_green()
    rec = Recognizer()
    cards = rec.candidates(frame)
    table, scale = table_mask(frame, QuadParams())
    evidence = [pile_evidence(table, scale, cards, k) for k in range(2)]
    assert max(evidence) < 0.3  # the table all round both
    lenient = PileParams(evidence_margin=0.0, min_evidence=0.0)
    assert likelier_top(frame, cards, QuadParams(), lenient) is not None
    assert likelier_top(frame, cards, QuadParams(), PileParams(evidence_margin=0.0, min_evidence=0.3)) is None
