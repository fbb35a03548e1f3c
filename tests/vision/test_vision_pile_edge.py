"""Where two overlapping cards' borders both look whole (white paper on white paper), the
card whose own outline shows as a dark line inside the other's lies on top: its cut edge
and the thin shadow it casts (vision.pile.outline_edge)."""

import cv2
import numpy as np

from vision.overlap import outline_edge
from vision.pile import PileParams, covered_flags
from vision.quads import Candidate


def card(x0, y0, width=100, height=155, border=12):
    outline = np.float32([[x0, y0], [x0 + width, y0], [x0 + width, y0 + height], [x0, y0 + height]])
    inner = outline + np.float32([[border, border], [-border, border], [-border, -border], [border, -border]])
    return Candidate(inner, outline, 1.0, {"support": 1.0})


def test_the_card_whose_outline_shows_lies_on_top():
    frame = np.full((480, 640, 3), 60, np.uint8)                    # a dark table
    under, top = card(200, 150), card(294, 170)    # overlapping by 6 px: paper on paper
    for c in (under, top):
        cv2.fillConvexPoly(frame, np.round(c.card).astype(np.int32), (235, 235, 235))
    for c, ink in ((under, (40, 40, 200)), (top, (200, 80, 40))):
        cv2.fillConvexPoly(frame, np.round(c.field).astype(np.int32), ink)
    # The top card drawn last: its paper hides the lower card's edge; its own edge casts
    # a thin shadow line.
    cv2.fillConvexPoly(frame, np.round(top.card).astype(np.int32), (235, 235, 235))
    cv2.fillConvexPoly(frame, np.round(top.field).astype(np.int32), (200, 80, 40))
    cv2.polylines(frame, [np.round(top.card).astype(np.int32)], True, (150, 150, 150), 2)
    frame = cv2.GaussianBlur(frame, (3, 3), 0)
    assert outline_edge(frame, top, under.card) > outline_edge(frame, under, top.card) + 30
    assert covered_flags([under, top], frame) == [True, False]
    assert covered_flags([under, top], frame, PileParams(edge_contrast=0.0)) == [False, False]


def test_borders_and_outline_lines_at_odds_leave_a_pair_unordered(monkeypatch):
    frame = np.full((480, 640, 3), 60, np.uint8)
    under, top = card(200, 150), card(294, 170)
    for c in (under, top):
        cv2.fillConvexPoly(frame, np.round(c.card).astype(np.int32), (235, 235, 235))
        cv2.fillConvexPoly(frame, np.round(c.field).astype(np.int32), (200, 80, 40))
    cv2.polylines(frame, [np.round(top.card).astype(np.int32)], True, (150, 150, 150), 2)
    frame = cv2.GaussianBlur(frame, (3, 3), 0)
    # The borders say the other way round (as a quad a pixel or two off can make them).
    import vision.pile as pile
    monkeypatch.setattr(pile, "whole_within", lambda f, c, region: 1.0 if c is under else 0.0)
    assert covered_flags([under, top], frame) == [False, False]
    assert covered_flags([under, top], frame, PileParams(edge_veto=False)) == [False, True]
